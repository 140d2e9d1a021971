/**
 * Payload's side of `npm run bench:front` (issue 17): the same three measurements, by the same code
 * (../front-measure.ts), against Payload 3's own admin served by `next start`.
 *
 *   npm ci                                    # the repository root: Playwright, tsx
 *   npm ci --prefix bench/payload-admin       # Payload, Next and React of this folder only
 *   npm --prefix bench/payload-admin run front
 *
 * 1. Creates the throw-away database `bench_payload_admin` on PostgreSQL (FRONT_DATABASE_URL's
 *    server, default postgres://postgres@127.0.0.1:5432/postgres; dropped at the end, also when
 *    something fails), lets Payload create its tables and fills them through its local API
 *    (./seed.ts: the administrator, 10 categories, 200 articles).
 * 2. `next build` (FRONT_BUILD=0 reuses an existing build), then `next start` on 127.0.0.1:3610
 *    (FRONT_PORT) in its own process group, NEXT_TELEMETRY_DISABLED=1; signs in through
 *    `POST /api/users/login` (Payload's `payload-token` cookie).
 * 3. Bytes per screen (cold visit, as sent, with the 12 largest scripts of each), the time from
 *    navigation to a typed character in a new article's Lexical body (cold and warm), and requests
 *    per second of `GET /api/articles?limit=10&depth=0` (and `depth=1`, the category filled in as our
 *    list joins its name) and `GET /api/users/me`, signed, against the floor of an empty custom
 *    endpoint inside Payload's REST route (`GET /api/ping`, no cookie, first and last); a bare Next
 *    route handler without Payload (`GET /ping`) is shown beside it.
 * 4. Stops the server by its process group and checks that the port is free.
 *
 * Settings as ../front.ts: FRONT_SECONDS (5), FRONT_CONCURRENCY (10), FRONT_RUNS (3), CHROMIUM_PATH.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  bytesPerScreen,
  cookiesOf,
  launchChromium,
  lexicalBody,
  lexicalReady,
  loadavg,
  requestsPerSecond,
  timeToTyping,
  type Cookie,
  type Screen,
  type Target,
} from '../front-measure';

const DIR = path.dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.FRONT_PORT || 3610);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.FRONT_SECONDS || 5);
const CONCURRENCY = Number(process.env.FRONT_CONCURRENCY || 10);
const RUNS = Number(process.env.FRONT_RUNS || 3);
const ADMIN = { email: 'admin@example.com', password: 'Front#Bench-2026' };
const DB_NAME = 'bench_payload_admin';
const serverUrl = process.env.FRONT_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${DB_NAME}` }).toString();
const NEXT_BIN = path.join(DIR, 'node_modules/next/dist/bin/next');
const TSX_BIN = path.join(DIR, 'node_modules/tsx/dist/cli.mjs');

/** Payload's screens beside ours: its article list, its dashboard, its login page and a new article. */
const SCREENS: Screen[] = [
  { name: '文章列表 (articles list)', path: '/admin/collections/articles', signedIn: true },
  { name: '工作台 (dashboard)', path: '/admin', signedIn: true },
  { name: '登录 (login)', path: '/admin/login', signedIn: false },
  { name: '写文章 (new article)', path: '/admin/collections/articles/create', signedIn: true, editor: true },
];

const version = (pkg: string) => JSON.parse(readFileSync(path.join(DIR, 'node_modules', pkg, 'package.json'), 'utf8')).version;
const uptime = () => execFileSync('uptime').toString().trim();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main() {
  console.log(
    `bench/payload-admin/front.ts: payload ${version('payload')}, @payloadcms/next ${version('@payloadcms/next')}, next ${version('next')}, react ${version('react')}, ` +
      `Node ${process.version}, ${os.cpus().length} cores, load average ${loadavg()}`,
  );
  const { cookies, stop } = await servePayload();
  try {
    const target: Target = { origin: ORIGIN, cookies, editorBody: lexicalBody, editorReady: lexicalReady };
    const browser = await launchChromium();
    try {
      console.log(`\n[bytes: ${uptime()}]`);
      await bytesPerScreen(browser, target, SCREENS, { largest: 12 });
      console.log(`\n[typing: ${uptime()}]`);
      await timeToTyping(browser, target, {
        editorPath: '/admin/collections/articles/create',
        fromPath: '/admin/collections/articles',
        runs: RUNS,
        title: "写文章 from navigation to a typed character in Lexical's body (Payload, a new article)",
        // The list's own "create new" link (Payload's admin in Chinese), a client-side navigation.
        click: (page) => page.locator('a[href$="/admin/collections/articles/create"]').first(),
      });
    } finally {
      await browser.close();
    }
    console.log(`\n[requests per second: ${uptime()}]`);
    await requestsPerSecond(
      ORIGIN,
      cookies,
      [
        ['empty handler: a Payload custom endpoint `GET /api/ping` (no cookie)', '/api/ping', false],
        ['bare Next.js route handler, no Payload `GET /ping` (no cookie)', '/ping', false],
        ['session alone `GET /api/users/me`', '/api/users/me', true],
        ['文章 `GET /api/articles?limit=10&depth=0`', '/api/articles?limit=10&depth=0', true],
        ['文章 with the category filled in `GET /api/articles?limit=10&depth=1`', '/api/articles?limit=10&depth=1', true],
      ],
      { seconds: SECONDS, concurrency: CONCURRENCY },
    );
    console.log(`\n[end: ${uptime()}]`);
  } finally {
    await stop();
  }
}

/**
 * Payload's admin ready to measure: the throw-away database created and seeded, built unless
 * FRONT_BUILD=0 (or, with `build: 'if-missing'`, unless a build is there), `next start` answering,
 * signed in. `stop()` stops the server and drops the database. Shared with ../lighthouse.ts, which
 * throws its error when this folder is not installed or PostgreSQL does not answer.
 */
export async function servePayload({ build = 'unless-0' }: { build?: 'unless-0' | 'if-missing' } = {}) {
  if (!existsSync(NEXT_BIN)) throw new Error('bench/payload-admin is not installed (npm ci --prefix bench/payload-admin)');
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server) await stopServer(server);
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    console.log(`port ${PORT} ${(await portTaken()) ? 'STILL TAKEN' : 'free'}; database ${DB_NAME} dropped`);
  };
  try {
    let t0 = performance.now();
    execFileSync(process.execPath, [TSX_BIN, 'seed.ts'], {
      cwd: DIR,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: dbUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    });
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await client.query('ANALYZE');
    const { rows } = await client.query('SELECT (SELECT count(*) FROM articles) AS articles, (SELECT count(*) FROM categories) AS categories');
    await client.end();
    console.log(`seeded ${rows[0].articles} articles, ${rows[0].categories} categories in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const built = existsSync(path.join(DIR, '.next/BUILD_ID'));
    if (build === 'if-missing' ? !built : process.env.FRONT_BUILD !== '0') {
      console.log(`building (next build) … [${uptime()}]`);
      t0 = performance.now();
      execFileSync(process.execPath, [NEXT_BIN, 'build'], {
        cwd: DIR,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL: dbUrl },
      });
      console.log(`built in ${((performance.now() - t0) / 1000).toFixed(0)} s [${uptime()}]`);
    }
    console.log(`build ${readFileSync(path.join(DIR, '.next/BUILD_ID'), 'utf8').trim()}`);

    server = await startServer();
    const cookies = await signIn();
    // The list screen, signed in, shows the seeded rows (not the login form).
    const list = await fetch(`${ORIGIN}/admin/collections/articles`, { headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } });
    const rowsShown = (await list.text()).match(/卡车新闻 \d+/g)?.length ?? 0;
    if (list.status !== 200 || rowsShown === 0) throw new Error(`the signed-in list shows no article (HTTP ${list.status})`);
    console.log(`signed in (${cookies.map((c) => c.name).join(', ')}); the list screen's HTML names ${rowsShown} article titles`);
    return { origin: ORIGIN, cookies, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

const portTaken = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: PORT });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function startServer(): Promise<ChildProcess> {
  if (await portTaken()) throw new Error(`port ${PORT} is taken (FRONT_PORT picks another)`);
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '-p', String(PORT), '-H', '127.0.0.1'], {
    cwd: DIR,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL: dbUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stopped with everything it started, and nothing else.
    detached: true,
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${log}`);
    try {
      const res = await fetch(`${ORIGIN}/admin/login`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`next start did not answer in 120 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`next start (pid ${child.pid}, its own process group) answers on ${ORIGIN}`);
  return child;
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
}

async function signIn(): Promise<Cookie[]> {
  const res = await fetch(`${ORIGIN}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return cookiesOf(res);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
