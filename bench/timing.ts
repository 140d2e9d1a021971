import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { openDatabase } from '../server/startup';

/** What a bench row needs of the app: one request at a time, like `app.request`. */
type Requester = { request(url: string, init?: RequestInit): Response | Promise<Response> };

/**
 * Sends each GET `runs` times through the real app (with the session cookie) and prints its median
 * and p95 and the rows of the last reply; a non-zero status stops the bench.
 */
export async function timeRequests(app: Requester, cookie: string, cases: Array<[name: string, path: string]>, runs: number) {
  console.log(`\n${'request'.padEnd(34)} ${'median'.padStart(9)} ${'p95'.padStart(9)}  rows`);
  for (const [name, path] of cases) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const res = await app.request(`http://localhost${path}`, { headers: { cookie } });
      const body = await res.json();
      times.push(performance.now() - start);
      if (body.status !== 0) throw new Error(`${path}: ${JSON.stringify(body)}`);
      rows = Array.isArray(body.data) ? body.data.length : Array.isArray(body.data?.list) ? body.data.list.length : 1;
    }
    console.log(`${name.padEnd(34)} ${formatTimes(times)}  ${rows}`);
  }
}

/** `median p95` of a set of times in milliseconds, aligned for the table. */
export function formatTimes(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
  return `${at(0.5).toFixed(1).padStart(7)}ms ${at(0.95).toFixed(1).padStart(7)}ms`;
}

/**
 * A fresh database for a bench: PGlite in memory, or a throw-away schema on BENCH_DATABASE_URL
 * (dropped on close unless BENCH_KEEP is set, for looking at plans afterwards).
 */
export async function openBenchDatabase() {
  process.env.CMS_ADMIN_PASSWORD ||= 'Bench#Admin-2026';
  const url = process.env.BENCH_DATABASE_URL;
  const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  // BENCH_DATA_DIR: PGlite on a folder, as `next start` runs it (memory by default).
  const dir = process.env.BENCH_DATA_DIR ? await mkdtemp(path.join(os.tmpdir(), 'cms-bench-')) : undefined;
  const handle = await openDatabase(url ? { url, pgSchema: schema, quiet: true } : { dataDir: dir ?? 'memory', quiet: true });
  return {
    handle,
    db: handle.db,
    async close() {
      await handle.close();
      if (dir) await rm(dir, { recursive: true, force: true });
      if (!url || !schema) return;
      if (process.env.BENCH_KEEP) return console.log(`kept schema ${schema}`);
      const pool = new Pool({ connectionString: url, max: 1 });
      await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
      await pool.end();
    },
  };
}

/** Signs the bench's administrator in; returns the Cookie header. */
export async function benchCookie(app: Requester): Promise<string> {
  const res = await app.request('http://localhost/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: process.env.CMS_ADMIN_PASSWORD }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
