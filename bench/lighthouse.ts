/**
 * `npm run bench:lighthouse` (issue 25): Lighthouse 12.2.3 (pinned; the last release that runs on
 * Node 20) on every screen of the menu (lib/routes.ts, as lib/menu.ts builds it for the
 * administrator) plus /login and 写文章, each on the desktop and the mobile profile, against a
 * production build served by `next start` on its own port and its own fresh PGlite folder with the
 * bench's seeded newsroom (bench/front-server.ts, the same as `npm run bench:front`).
 *
 * - Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) started by chrome-launcher, headless;
 *   nothing is downloaded. One browser for the whole run.
 * - Signed in by cookie: the administrator's session cookies are set in the browser before the first
 *   run (Lighthouse resets storage between runs but keeps cookies); a screen that ended on /login
 *   is reported as such instead of scored.
 * - Profiles: Lighthouse's default (mobile: a mid-range phone, slow 4G, simulated throttling) and its
 *   desktop config. Categories: performance, accessibility, best-practices.
 * - Payload 3's admin list and create screens (bench/payload-admin) by the same code in the same run
 *   when that folder is installed (`npm ci --prefix bench/payload-admin`) and PostgreSQL answers
 *   (FRONT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); it builds Payload
 *   when there is no build there. Otherwise the run says why Payload was skipped.
 *
 * Prints one table (score, LCP, TBT, CLS, accessibility, best-practices and accessibility failures)
 * and writes it between the markers in docs/bench.md (LIGHTHOUSE_WRITE=0: print only).
 * Settings: LIGHTHOUSE_PORT (3260), LIGHTHOUSE_SCREENS (comma-separated paths: only these),
 * LIGHTHOUSE_PROFILES (mobile,desktop), LIGHTHOUSE_PAYLOAD=0 (skip Payload), FRONT_BUILD=1 (rebuild),
 * LIGHTHOUSE_REPORTS (a folder: each run's whole JSON report is written there).
 * About 10 minutes on two cores; not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROUTES } from '../lib/routes';
import { loadavg, type Cookie } from './front-measure';
import { commit, ensureBuild, ROOT, seed, signIn, startServer, stopServer } from './front-server';

const PORT = Number(process.env.LIGHTHOUSE_PORT || 3260);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PROFILES = (process.env.LIGHTHOUSE_PROFILES || 'mobile,desktop').split(',') as Profile[];
const ONLY = process.env.LIGHTHOUSE_SCREENS?.split(',').filter(Boolean);
const CHROME_PATH = (process.env.CHROME_PATH ||= '/usr/bin/chromium');
const BENCH_MD = path.join(ROOT, 'docs/bench.md');
const BEGIN = '<!-- bench:lighthouse begin -->';
const END = '<!-- bench:lighthouse end -->';

type Profile = 'mobile' | 'desktop';
type Screen = { name: string; path: string; origin: string; signedIn: boolean; who: 'ours' | 'Payload 3' };
type Row = Screen & {
  profile: Profile;
  score?: number;
  lcp?: number;
  tbt?: number;
  cls?: number;
  a11y?: number;
  bestPractices?: string[];
  a11yFailures?: string[];
  error?: string;
  seconds: number;
};

/** The administrator's menu (every route in a group, or top level, not hidden), then /login. */
export function menuScreens(): Array<{ name: string; path: string; signedIn: boolean }> {
  const menu = ROUTES.filter((r) => r.layout === 'default' && !r.ignore).map((r) => ({ name: r.name, path: r.path, signedIn: true }));
  return [...menu, { name: '登录', path: '/login', signedIn: false }];
}

async function main() {
  console.log(`bench/lighthouse.ts at ${commit()}, Node ${process.version}, ${os.cpus().length} cores, load average ${loadavg()}`);
  const started = performance.now();
  ensureBuild();
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const puppeteer = await import('puppeteer-core');
  const lighthouseVersion = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version;

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cms-lighthouse-'));
  await seed({ dataDir });
  const server = await startServer(PORT, { dataDir });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-component-update'],
  });
  let payload: { origin: string; cookies: Cookie[]; stop(): Promise<void> } | undefined;
  const rows: Row[] = [];
  const cleanUp = async () => {
    await payload?.stop();
    chrome.kill();
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  // Under heavy load Lighthouse 12.2.3 can reject a protocol timeout outside the run's own promise
  // (seen once: PROTOCOL_TIMEOUT of Runtime.evaluate in its quiet-window check): say so and go on.
  process.on('unhandledRejection', (err) => console.error(`Lighthouse, outside a run: ${(err as Error)?.message ?? err}`));
  // chrome-launcher starts Chromium in its own process group: an interrupted run stops it (and the server) too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const setCookies = async (origin: string, cookies: Cookie[]) => {
      const page = await browser.newPage();
      await page.setCookie(...cookies.map((c) => ({ ...c, url: origin })));
      await page.close();
    };
    const ourCookies = await signIn(ORIGIN);
    await setCookies(ORIGIN, ourCookies);
    /** A signed-out screen (/login) is measured without the cookies: signed in, it sends the browser on to 工作台. */
    const signOut = async () => {
      const page = await browser.newPage();
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCookies');
      await page.close();
    };
    const screens: Screen[] = menuScreens()
      .filter((s) => !ONLY || ONLY.includes(s.path))
      .map((s) => ({ ...s, origin: ORIGIN, who: 'ours' }));

    let skipped = '';
    if (process.env.LIGHTHOUSE_PAYLOAD !== '0' && !ONLY) {
      try {
        if (!existsSync(path.join(ROOT, 'bench/payload-admin/node_modules/payload')))
          throw new Error('bench/payload-admin is not installed (npm ci --prefix bench/payload-admin)');
        const { servePayload } = await import('./payload-admin/front');
        payload = await servePayload({ build: 'if-missing' });
        await setCookies(payload.origin, payload.cookies);
        screens.push(
          { name: 'Payload: articles list', path: '/admin/collections/articles', origin: payload.origin, signedIn: true, who: 'Payload 3' },
          { name: 'Payload: new article', path: '/admin/collections/articles/create', origin: payload.origin, signedIn: true, who: 'Payload 3' },
        );
      } catch (err) {
        skipped = (err as Error).message.split('\n')[0];
        console.log(`Payload 3's admin not measured: ${skipped}`);
      }
    }

    for (const screen of screens) {
      for (const profile of PROFILES) {
        const t0 = performance.now();
        const row: Row = { ...screen, profile, seconds: 0 };
        try {
          if (!screen.signedIn) await signOut();
          const result = await lighthouse(
            screen.origin + screen.path,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
            profile === 'desktop' ? desktopConfig : undefined,
          );
          const lhr = result!.lhr;
          // LIGHTHOUSE_REPORTS=<folder>: each run's whole report (which scripts took the main thread, long tasks …).
          if (process.env.LIGHTHOUSE_REPORTS) {
            const slug = screen.path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root';
            writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${slug}-${profile}.json`), JSON.stringify(lhr));
          }
          const landed = new URL(lhr.finalDisplayedUrl).pathname;
          if (screen.signedIn && /\/login$/.test(landed)) throw new Error(`ended on ${landed}: not signed in`);
          if (!screen.signedIn && landed !== screen.path) throw new Error(`ended on ${landed}, not ${screen.path}`);
          if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
          const failures = (category: string) =>
            lhr.categories[category].auditRefs
              .map((ref) => lhr.audits[ref.id])
              .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
              .map((a) => a.id);
          Object.assign(row, {
            score: Math.round((lhr.categories.performance.score ?? 0) * 100),
            lcp: lhr.audits['largest-contentful-paint'].numericValue,
            tbt: lhr.audits['total-blocking-time'].numericValue,
            cls: lhr.audits['cumulative-layout-shift'].numericValue,
            a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
            bestPractices: failures('best-practices'),
            a11yFailures: failures('accessibility'),
          });
        } catch (err) {
          row.error = (err as Error).message.split('\n')[0];
        } finally {
          // Every cookie went with the signed-out screen: ours and Payload's come back for the next.
          if (!screen.signedIn) {
            await setCookies(ORIGIN, ourCookies);
            if (payload) await setCookies(payload.origin, payload.cookies);
          }
        }
        row.seconds = (performance.now() - t0) / 1000;
        rows.push(row);
        console.log(line(row));
      }
    }
    await browser.disconnect();

    const minutes = ((performance.now() - started) / 60000).toFixed(1);
    const header =
      `\`npm run bench:lighthouse\` at ${commit()}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ` +
      `Lighthouse ${lighthouseVersion}, ${path.basename(CHROME_PATH)} ${chromeVersion(CHROME_PATH)}, Node ${process.version}, ` +
      `${os.cpus().length} cores, load average ${loadavg()} at the end, ${minutes} min. ` +
      (payload ? "Payload 3's admin measured in the same run (bench/payload-admin, PostgreSQL)." : skipped ? `Payload 3 not measured: ${skipped}.` : '');
    const text = `${header}\n\n${table(rows)}`;
    console.log(`\n${text}`);
    if (process.env.LIGHTHOUSE_WRITE !== '0' && !ONLY) writeBench(text);
  } finally {
    await cleanUp();
  }
}

function chromeVersion(bin: string): string {
  try {
    return execFileSync(bin, ['--version']).toString().trim().split(' ').pop() ?? '';
  } catch {
    return '';
  }
}

const ms = (n?: number) => (n === undefined ? '–' : n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`);
const cls = (n?: number) => (n === undefined ? '–' : n.toFixed(3));

function line(r: Row): string {
  if (r.error) return `${r.who} ${r.path} ${r.profile}: ERROR ${r.error}`;
  return (
    `${r.who} ${r.path} ${r.profile}: ${r.score} LCP ${ms(r.lcp)} TBT ${ms(r.tbt)} CLS ${cls(r.cls)} a11y ${r.a11y}` +
    `${r.bestPractices!.length ? ` best-practices: ${r.bestPractices!.join(', ')}` : ''}${r.a11yFailures!.length ? ` a11y: ${r.a11yFailures!.join(', ')}` : ''} (${r.seconds.toFixed(0)} s)`
  );
}

/** One row per screen: both profiles side by side. */
export function table(rows: Row[]): string {
  const out = [
    '| screen | desktop | mobile | mobile LCP | mobile TBT | mobile CLS | desktop LCP / TBT / CLS | accessibility (d / m) | failures (best practices; accessibility) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const keys = [...new Set(rows.map((r) => `${r.origin}${r.path}`))];
  for (const key of keys) {
    const d = rows.find((r) => `${r.origin}${r.path}` === key && r.profile === 'desktop');
    const m = rows.find((r) => `${r.origin}${r.path}` === key && r.profile === 'mobile');
    const any = (d ?? m)!;
    const errors = [d?.error && `desktop: ${d.error}`, m?.error && `mobile: ${m.error}`].filter(Boolean).join('; ');
    const bp = [...new Set([...(d?.bestPractices ?? []), ...(m?.bestPractices ?? [])])];
    const a11y = [...new Set([...(d?.a11yFailures ?? []), ...(m?.a11yFailures ?? [])])];
    const failures = errors || [bp.join(', ') || 'none', a11y.join(', ') || 'none'].join('; ');
    out.push(
      `| ${any.name} \`${any.path}\` | ${d?.score ?? '–'} | ${m?.score ?? '–'} | ${ms(m?.lcp)} | ${ms(m?.tbt)} | ${cls(m?.cls)} | ` +
        `${ms(d?.lcp)} / ${ms(d?.tbt)} / ${cls(d?.cls)} | ${d?.a11y ?? '–'} / ${m?.a11y ?? '–'} | ${failures} |`,
    );
  }
  return out.join('\n');
}

/** Replaces the table between the markers in docs/bench.md (added under the title the first time). */
function writeBench(text: string) {
  const md = readFileSync(BENCH_MD, 'utf8');
  const block = `${BEGIN}\n${text}\n${END}`;
  const next = md.includes(BEGIN)
    ? md.slice(0, md.indexOf(BEGIN)) + block + md.slice(md.indexOf(END) + END.length)
    : md.replace(/\n## /, `\n## Lighthouse, every screen (issue 25, \`npm run bench:lighthouse\`)\n\n${block}\n\n## `);
  writeFileSync(BENCH_MD, next);
  console.log(`written to ${path.relative(ROOT, BENCH_MD)}`);
}

if (existsSync(BENCH_MD) && process.argv[1] && /lighthouse\.ts$/.test(process.argv[1])) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
