/**
 * `npm run bench:front` (issue 17): what a person waits for, against a production build served by
 * `next start` on its own port and its own fresh PGlite folder, signed in as the administrator.
 *
 * 1. Bytes per screen as a browser receives them: a cold visit (a new browser context, empty cache)
 *    of 文章列表, 部门与员工, 工作台, the login page and 写文章 in Debian's Chromium; every response
 *    until the network is idle, by type (JS, CSS, HTML document), counted as sent (compressed:
 *    Chromium's encoded body size), with the number of files. Beside the JS: the first-load JS
 *    the build manifests name for the route (bench/bundle-size.ts, what the CI budget reads).
 * 2. 写文章 time-to-typing: from `page.goto` until TinyMCE's body has taken a typed character, cold
 *    (a new context) and warm (the same context a second time: the browser cache filled).
 * 3. Requests per second with 10 connections (HTTP keep-alive, the load generator of front-measure.ts) for
 *    the empty handler (`GET /api/ping`, no cookie), the session alone (`GET /api/login_info`),
 *    and the signed small lists the screens call: 部门 (`/api/departments?page=1&pageSize=10` and
 *    the tree the 部门与员工 screen reads) and 文章 (`/api/articles?page=1&pageSize=10`).
 *
 * `--bundle` (`npm run bench:bundle`): part 1 only, with the largest files of each screen.
 * `--rps`: part 3 only.
 *
 * Builds first when there is no build (`.next/BUILD_ID`) or FRONT_BUILD=1. Settings: FRONT_PORT
 * (3250), FRONT_SECONDS (5 per list), FRONT_CONCURRENCY (10), FRONT_RUNS (3 editor runs),
 * CHROMIUM_PATH (/usr/bin/chromium), FRONT_KEEP=1 keeps the data folder. The machine's load average
 * is printed with the figures: compare figures taken at the same load only.
 * FRONT_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres): the server and its seed on
 * PostgreSQL instead, in a throw-away database `bench_front_<pid>` created on that server and dropped
 * at the end (as Payload's side, bench/payload-admin/front.ts, runs); the default stays PGlite.
 *
 * The measuring code is bench/front-measure.ts, shared with Payload's side (bench/payload-admin/front.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import pg from 'pg';
import { firstLoadJs, formatKiB } from '../scripts/bundle-size';
import { commit, ensureBuild, ROOT, seed, signIn, startServer, stopServer } from './front-server';
import {
  bytesPerScreen,
  launchChromium,
  loadavg,
  requestsPerSecond,
  timeToTyping,
  tinymceBody,
  tinymceReady,
  type Cookie,
  type Load,
  type Screen,
  type Target,
} from './front-measure';

const PORT = Number(process.env.FRONT_PORT || 3250);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.FRONT_SECONDS || 5);
const CONCURRENCY = Number(process.env.FRONT_CONCURRENCY || 10);
const RUNS = Number(process.env.FRONT_RUNS || 3);
const BUNDLE_ONLY = process.argv.includes('--bundle');
/** `--rps`: part 3 only (no browser). */
const RPS_ONLY = process.argv.includes('--rps');
/** FRONT_DATABASE_URL: PostgreSQL, a throw-away database on that server (the default: a fresh PGlite folder). */
const PG_SERVER = process.env.FRONT_DATABASE_URL;
const PG_DB = `bench_front_${process.pid}`;
const PG_URL = PG_SERVER ? Object.assign(new URL(PG_SERVER), { pathname: `/${PG_DB}` }).toString() : undefined;

async function pgAdmin(statement: string) {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The screens of the table. `signedIn: false` visits without a session. */
const SCREENS: Screen[] = [
  { name: '文章列表', path: '/article/list', signedIn: true },
  { name: '部门与员工', path: '/department', signedIn: true },
  { name: '工作台', path: '/', signedIn: true },
  { name: '登录', path: '/login', signedIn: false },
  { name: '写文章', path: '/article/addArticle', signedIn: true, editor: true },
];

async function main() {
  console.log(`bench/front.ts at ${commit()}, ${os.cpus().length} cores, load average ${loadavg()}`);
  ensureBuild();

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cms-front-'));
  if (PG_URL) {
    await pgAdmin(`CREATE DATABASE ${PG_DB}`);
    console.log(`database: PostgreSQL, throw-away database ${PG_DB}`);
  }
  await seed({ dataDir, pgUrl: PG_URL });
  const server = await startServer(PORT, { dataDir, pgUrl: PG_URL });
  let browser: Browser | undefined;
  try {
    const cookies = await signIn(ORIGIN);
    if (RPS_ONLY) return await rps(cookies);
    const target: Target = { origin: ORIGIN, cookies, editorBody: tinymceBody, editorReady: tinymceReady };
    browser = await launchChromium();
    await bytesPerScreen(browser, target, SCREENS, {
      largest: BUNDLE_ONLY ? 12 : 0,
      extraColumn: {
        header: 'first-load JS by the build manifests, gzip (files)',
        cell: (screen) => {
          const manifest = firstLoadJs(ROOT, screen.path);
          return manifest ? `${formatKiB(manifest.gzipBytes)} in ${manifest.files.length}` : '–';
        },
      },
    });
    if (!BUNDLE_ONLY) {
      await timeToTyping(browser, target, {
        editorPath: '/article/addArticle',
        fromPath: '/article/list',
        runs: RUNS,
        title: "写文章 from navigation to a typed character in TinyMCE's body",
        // The menu's 写文章 on 文章列表: a client-side navigation, as a person starts an article.
        click: (page) => page.getByRole('menuitem', { name: '写文章' }).first(),
      });
      await browser.close();
      browser = undefined;
      await rps(cookies);
    }
  } finally {
    await browser?.close();
    await stopServer(server);
    if (PG_URL) await pgAdmin(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
    if (!process.env.FRONT_KEEP) await rm(dataDir, { recursive: true, force: true });
    else console.log(`kept ${dataDir}`);
  }
}

/* ---- Requests per second ---- */

async function rps(cookies: Cookie[]) {
  const lists: Load[] = [
    ['empty handler `GET /api/ping` (no cookie)', '/api/ping', false],
    ['session alone `GET /api/login_info`', '/api/login_info', true],
    ['部门 `GET /api/departments?page=1&pageSize=10`', '/api/departments?page=1&pageSize=10', true],
    ['部门 tree `GET /api/departments/tree`', '/api/departments/tree', true],
    ['文章 `GET /api/articles?page=1&pageSize=10`', '/api/articles?page=1&pageSize=10', true],
  ];
  // FRONT_ONLY=articles: only the requests whose path holds it (and the empty handler).
  if (process.env.FRONT_ONLY) lists.splice(1, lists.length, ...lists.slice(1).filter(([, p]) => p.includes(process.env.FRONT_ONLY!)));
  await requestsPerSecond(ORIGIN, cookies, lists, {
    seconds: SECONDS,
    concurrency: CONCURRENCY,
    // A build from before /api/ping answers it with the 404 envelope: the same middleware, no route.
    accept: (p, status) => p === '/api/ping' && status === 404,
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
