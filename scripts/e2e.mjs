#!/usr/bin/env node
/**
 * The end-to-end suite in E2E_SHARDS Playwright processes at once (default 2; 1 runs it as one).
 * Each shard is a whole Playwright run of its share of the spec files against its own
 * `next start`, its own stand-in DingTalk and its own fresh PGlite folder, so the shards share
 * nothing but the build: each file still builds on the state it creates, exactly as in one run,
 * and runs in name order within its shard (0-statistics first). Files are dealt by length, the
 * longest first to the lightest shard (a journey's length is a fair guess at its time; Playwright's
 * own `--shard` counts tests and left one shard 3 minutes behind). Most of a journey is waiting
 * (the browser, the server, a 10 s autosave): on two cores two shards keep them 83 % busy and end
 * in about two thirds of one run's time. Lines are prefixed with the shard; the exit code is the
 * first failing shard's. Arguments (a file, `-g …`) run as one Playwright run.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import readline from 'node:readline';

const extra = process.argv.slice(2).filter((a) => a !== '--');
const shards = extra.length ? 1 : Math.max(1, Number(process.env.E2E_SHARDS || 2));
const basePort = Number(process.env.E2E_PORT || 3100);

/** Spec files dealt to `shards` bins by line count (longest first, each to the lightest bin). */
function deal() {
  const files = readdirSync('e2e')
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => ({ file: `e2e/${f}`, weight: readFileSync(`e2e/${f}`, 'utf8').split('\n').length }))
    .sort((a, b) => b.weight - a.weight);
  const bins = Array.from({ length: shards }, () => ({ weight: 0, files: [] }));
  for (const f of files) {
    const bin = bins.reduce((a, b) => (b.weight < a.weight ? b : a));
    bin.files.push(f.file);
    bin.weight += f.weight;
  }
  return bins.map((b) => b.files.sort());
}
const shares = shards > 1 ? deal() : [extra];

const runs = Array.from({ length: shards }, (_, i) => {
  const port = basePort + i * 10;
  const args = ['playwright', 'test', ...shares[i]];
  const env = {
    ...process.env,
    E2E_PORT: String(port),
    E2E_DINGTALK_PORT: String(Number(process.env.E2E_DINGTALK_PORT || basePort + 1000) + i * 10),
    E2E_DATA_DIR: shards > 1 ? `.data-e2e-${i + 1}` : '.data-e2e',
    E2E_OUTPUT_DIR: shards > 1 ? `test-results/shard-${i + 1}` : 'test-results',
  };
  const child = spawn('npx', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tag = shards > 1 ? `[${i + 1}/${shards}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${tag}${line}\n`));
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
});

const codes = await Promise.all(runs);
const failed = codes.findIndex((c) => c !== 0);
if (shards > 1) console.log(`e2e: ${codes.map((c, i) => `shard ${i + 1} ${c === 0 ? 'passed' : `failed (${c})`}`).join(', ')}`);
process.exit(failed === -1 ? 0 : codes[failed]);
