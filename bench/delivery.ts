/**
 * `npm run bench:delivery` (issue 24): the delivery side on PostgreSQL, with Payload's REST `find`
 * of published posts beside it in the same run.
 *
 * 1. Makes the throw-away database `bench_delivery` on BENCH_PG_URL's server (default
 *    postgres://postgres@127.0.0.1:5432/postgres; dropped at the end, also when something fails),
 *    migrates it and fills it with SQL `generate_series`: 40 categories and BENCH_ARTICLES
 *    (1 000 000) published articles, each with a body of a few paragraphs (no custom blocks).
 * 2. (b) An uncached article page in process (`app.request` on the delivery app, no HTTP): BENCH_RUNS
 *    requests of `articles/{id}` for random ids (each answer read from the database, never from the
 *    answer cache), and of the first list page and one category's first page with the cache emptied
 *    before each; median and p95. Goal: p95 ≤ 10 ms.
 * 3. (c) Commit → webhook received: a receiver on 127.0.0.1 (tests/api/webhook-receiver.ts, which
 *    verifies each signature with `standardwebhooks`) subscribed through the staff API, the webhook
 *    worker running in this process as the scheduler runs it, and BENCH_PUBLISH_RATE (20)
 *    publications a second for BENCH_PUBLISH_SECONDS (15) through the staff route
 *    `PUT /api/articles/publish/{id}`, each sent on its own schedule (not after the previous one's
 *    answer). Per publication: from the request's start (its commit is before its answer) to the
 *    verified `article.published` at the receiver; p50, p95, p99, max. Goal: p99 ≤ 1 s.
 * 4. (a) HTTP at BENCH_CONNECTIONS (50) keep-alive connections, autocannon, BENCH_SECONDS (10) each,
 *    against `npm run start:delivery` (server/scripts/serve-delivery.ts, `@hono/node-server`) started on
 *    127.0.0.1:BENCH_PORT (3500) in its own process group: its empty handler `GET /healthz` (first
 *    and last; the floor is their mean), a cached list page, the same with `If-None-Match` (304),
 *    a cached article. Goal: cached answers and 304s ≥ 70 % of the floor.
 * 5. Payload 3.90.2's REST `find` of published posts (bench/payload-admin: its Next admin + REST app,
 *    `next build` if it has no build yet, `next start` on 127.0.0.1:BENCH_PAYLOAD_PORT (3510), its
 *    own 200 articles on the same PostgreSQL) by the same autocannon settings, against Payload's own
 *    empty custom endpoint `GET /api/ping`. Skipped (and said) when that folder is not installed, or
 *    with BENCH_PAYLOAD=0.
 *
 * The machine's load average is printed at each step: compare only figures of one run.
 * BENCH_PARTS=b,c,a,payload runs some parts only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { createApp } from '../server/app';
import { createDeliveryApp } from '../server/delivery/app';
import { newKey } from '../server/delivery/keys';
import { createWebhookWorker } from '../server/delivery/webhooks/worker';
import { apiKeys } from '../server/db/schema';
import { openDatabase } from '../server/startup';
import { STATUS } from '../lib/resources/publishing';
import { startReceiver } from '../tests/api/webhook-receiver';
import { benchCookie, formatTimes } from './timing';

const ARTICLES = Number(process.env.BENCH_ARTICLES || 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS || 400);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const PUBLISH_RATE = Number(process.env.BENCH_PUBLISH_RATE || 20);
const PUBLISH_SECONDS = Number(process.env.BENCH_PUBLISH_SECONDS || 15);
const PORT = Number(process.env.BENCH_PORT || 3500);
const PAYLOAD_PORT = Number(process.env.BENCH_PAYLOAD_PORT || 3510);
const PARTS = new Set((process.env.BENCH_PARTS || 'b,c,a,payload').split(','));
const DB_NAME = 'bench_delivery';
const serverUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${DB_NAME}` }).toString();
const ROOT = path.resolve(__dirname, '..');

const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function admin(statement: string) {
  const pool = new Pool({ connectionString: serverUrl, max: 1 });
  try {
    await pool.query(statement);
  } finally {
    await pool.end();
  }
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

async function main() {
  process.env.CMS_ADMIN_PASSWORD ||= 'Bench#Admin-2026';
  console.log(
    `bench:delivery — Node ${process.version}, ${os.cpus().length} cores, load average ${loadavg()} (other sessions may be building on this machine)`,
  );
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
  const handle = await openDatabase({ url: dbUrl, quiet: true, poolMax: 10 });
  let server: ChildProcess | undefined;
  try {
    const db = handle.db;
    const t0 = performance.now();
    await fill(db);
    console.log(`filled ${ARTICLES} published articles in ${((performance.now() - t0) / 1000).toFixed(1)} s (load average ${loadavg()})`);

    const { key, hash, prefix } = newKey();
    await db.insert(apiKeys).values({ name: 'bench', keyHash: hash, prefix, families: [] });
    const auth = { authorization: `Bearer ${key}` };
    const delivery = createDeliveryApp({ getDb: async () => db, ratePerMinute: 1_000_000 });

    if (PARTS.has('b')) {
      console.log(`\n(b) uncached answers in process (app.request, no HTTP), ${RUNS} runs each after 30 warm-up; load average ${loadavg()}`);
      console.log(`${'request'.padEnd(44)} ${'median'.padStart(9)} ${'p95'.padStart(9)}`);
      const cases: Array<[string, () => string, boolean]> = [
        ['articles/{id}, a random article', () => `/content-api/v1/articles/${1 + Math.floor(Math.random() * ARTICLES)}`, false],
        ['articles?limit=20 (first page), cache emptied', () => '/content-api/v1/articles?limit=20', true],
        ['articles?categoryId=…&limit=20, cache emptied', () => `/content-api/v1/articles?categoryId=${1 + Math.floor(Math.random() * 40)}&limit=20`, true],
      ];
      for (const [name, url, clear] of cases) {
        const times: number[] = [];
        for (let i = 0; i < RUNS + 30; i++) {
          if (clear) delivery.answerCache.clear();
          const start = performance.now();
          const res = await delivery.request(`http://localhost${url()}`, { headers: auth });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${url()}: ${res.status}`);
          if (i >= 30) times.push(performance.now() - start);
        }
        console.log(`${name.padEnd(44)} ${formatTimes(times)}`);
      }
    }

    if (PARTS.has('c')) await webhooks(db);

    if (PARTS.has('a')) {
      server = await startDelivery();
      const article = `/content-api/v1/articles/${Math.floor(ARTICLES / 2)}`;
      const list = '/content-api/v1/articles?limit=20';
      const etag = (await fetch(`http://127.0.0.1:${PORT}${list}`, { headers: auth })).headers.get('etag') ?? '';
      const articleTag = (await fetch(`http://127.0.0.1:${PORT}${article}`, { headers: auth })).headers.get('etag') ?? '';
      await httpRates(`npm run start:delivery (@hono/node-server) on 127.0.0.1:${PORT}`, PORT, [
        ['empty handler `GET /healthz`', '/healthz', {}, 200],
        ['cached list page `articles?limit=20`', list, auth, 200],
        ['the same with If-None-Match (304)', list, { ...auth, 'if-none-match': etag }, 304],
        [`cached article \`articles/${Math.floor(ARTICLES / 2)}\``, article, auth, 200],
        ['the same with If-None-Match (304)', article, { ...auth, 'if-none-match': articleTag }, 304],
      ]);
      await stop(server);
      server = undefined;
      console.log(`port ${PORT} ${(await portTaken(PORT)) ? 'STILL TAKEN' : 'free'}`);
    }
  } finally {
    if (server) await stop(server);
    await handle.close();
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    console.log(`database ${DB_NAME} dropped`);
  }

  if (PARTS.has('payload')) await payloadRest();
  console.log(`\nload average at the end: ${loadavg()}`);
}

/** 40 categories and ARTICLES published articles, indexes made after the rows (as bench/articles.ts). */
async function fill(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const defs = (
    (await db.execute(
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'articles' AND indexname NOT LIKE '%_pkey' AND schemaname = current_schema()`,
    )) as unknown as { rows: Array<{ indexname: string; indexdef: string }> }
  ).rows;
  for (const d of defs) await db.execute(sql.raw(`DROP INDEX "${d.indexname}"`));
  await db.execute(sql`INSERT INTO categories (type_id, name, sort) SELECT 1, '分类' || g, g FROM generate_series(1, 40) g`);
  await db.execute(sql`
    INSERT INTO articles (kind, title, summary, content, category_id, tag_ids, editor_id, status, version, author, source, created_at, updated_at, published_at)
    SELECT 'article', '卡车新闻 ' || g, '解放、东风、重汽的最新消息 ' || g,
           '<p>第 ' || g || ' 篇：牵引车市场本月销量继续回升，国六车型占比超过九成。</p><p>多家车队表示，新能源换电重卡在港口短倒场景的运营成本已接近柴油车。</p>'
             || '<p>业内人士认为，运价低位运行仍是司机面临的主要压力，保养与油耗成为选车时最看重的两项。</p><h2>试驾</h2><p>这款车的驾驶室空间宽敞，高速巡航时噪音控制良好。</p>',
           1 + g % 40, ARRAY[1 + g % 500], 1, ${STATUS.published}, 1, '本站记者', '卡车之家', ts, ts, ts
    FROM (SELECT g, now() - (g || ' seconds')::interval AS ts FROM generate_series(1, ${ARTICLES}) g) x`);
  for (const d of defs) await db.execute(sql.raw(d.indexdef));
  await db.execute(sql`VACUUM (ANALYZE) articles`);
}

/** (c): commit → verified webhook at the receiver, at PUBLISH_RATE publications a second. */
async function webhooks(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const app = createApp({ getDb: async () => db, peer: () => ({ ip: '10.250.0.4', tls: false }), contentService: {} });
  const cookie = await benchCookie(app);
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await app.request(`http://localhost${url}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (res.status !== 200 || json.status !== 0) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const total = PUBLISH_RATE * PUBLISH_SECONDS;
  const ids: number[] = [];
  for (let i = 0; i < total; i++) ids.push((await call('POST', '/api/articles', { title: `待发布 ${i}`, content: `<p>第 ${i} 篇待发布的正文</p>` })).id);
  const rx = await startReceiver();
  rx.secret = (await call('POST', '/api/webhooks', { name: '官网', url: rx.url, events: ['article.published'] })).secret;
  const worker = createWebhookWorker({ db, log: () => {} });
  worker.start();
  try {
    console.log(`\n(c) ${total} publications at ${PUBLISH_RATE}/s through PUT /api/articles/publish/{id}; load average ${loadavg()}`);
    const asked = new Map<number, number>();
    const answered = new Map<number, number>();
    const start = performance.now() + 100;
    await Promise.all(
      ids.map(async (id, i) => {
        await new Promise((r) => setTimeout(r, Math.max(0, start + (i * 1000) / PUBLISH_RATE - performance.now())));
        asked.set(id, Date.now());
        await call('PUT', `/api/articles/publish/${id}`, {});
        answered.set(id, Date.now());
      }),
    );
    const publishSpan = (performance.now() - start) / 1000;
    await rx.waitFor(total, 60_000);
    const received = new Map<number, number>();
    for (const r of rx.received) if (r.verified && !received.has(r.body.data.id)) received.set(r.body.data.id, r.at);
    const fromAsk = ids.map((id) => received.get(id)! - asked.get(id)!).sort((a, b) => a - b);
    const fromAnswer = ids.map((id) => received.get(id)! - answered.get(id)!).sort((a, b) => a - b);
    const answer = ids.map((id) => answered.get(id)! - asked.get(id)!).sort((a, b) => a - b);
    const row = (name: string, xs: number[]) =>
      `${name.padEnd(52)} p50 ${percentile(xs, 0.5)} ms, p95 ${percentile(xs, 0.95)} ms, p99 ${percentile(xs, 0.99)} ms, max ${xs.at(-1)} ms`;
    console.log(`published ${total} in ${publishSpan.toFixed(1)} s; ${rx.received.filter((r) => r.verified).length} verified requests received`);
    console.log(row('publish request → its answer (the commit is inside)', answer));
    console.log(row('publish request → webhook received (goal p99 ≤ 1 s)', fromAsk));
    console.log(row('publish answer → webhook received', fromAnswer));
  } finally {
    await worker.stop();
    await rx.close();
  }
}

type Case = [name: string, path: string, headers: Record<string, string>, status: number];

/** Requests per second of each case by autocannon; the first case (the empty handler) first and last, their mean the floor. */
async function httpRates(title: string, port: number, cases: Case[]) {
  const run = async ([name, p, headers, status]: Case, seconds: number) => {
    const result = await autocannon({ url: `http://127.0.0.1:${port}${p}`, connections: CONNECTIONS, duration: seconds, headers, timeout: 30 });
    // Answers with another status stop the bench; requests that got no answer (timeouts on a loaded machine) are counted and shown.
    const wrong = result.requests.total - result[`${Math.floor(status / 100)}xx` as '2xx' | '3xx'];
    if (wrong > 0) throw new Error(`${name}: ${wrong} answers other than ${status}`);
    return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors };
  };
  for (const c of cases) await run(c, 2); // warm-up
  const results = [];
  for (const c of [...cases, cases[0]]) results.push(await run(c, SECONDS));
  const floor = (results[0].rps + results.at(-1)!.rps) / 2;
  console.log(`\n(a) ${title}: ${CONNECTIONS} keep-alive connections, autocannon, ${SECONDS} s each; load average ${loadavg()}`);
  console.log('| request | req/s | p50 | p99 | of the empty handler (mean of first and last) | no answer |');
  console.log('|---|---:|---:|---:|---:|---:|');
  results.forEach((r, i) =>
    console.log(
      `| ${r.name}${i === 0 ? ' (first)' : i === results.length - 1 ? ' (last)' : ''} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${((r.rps / floor) * 100).toFixed(0)} % | ${r.errors} |`,
    ),
  );
}

const portTaken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** `npm run start:delivery` on the bench's database, in its own process group. */
async function startDelivery(): Promise<ChildProcess> {
  if (await portTaken(PORT)) throw new Error(`port ${PORT} is taken (BENCH_PORT picks another)`);
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=react-server', path.join(ROOT, 'server/scripts/serve-delivery.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl,
      DELIVERY_PORT: String(PORT),
      DELIVERY_HOST: '127.0.0.1',
      // The key's rate would stop the load generator: far above what it sends.
      DELIVERY_RATE_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`start:delivery exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`start:delivery did not answer in 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  console.log(`start:delivery (pid ${child.pid}, its own process group): ${log.trim()}`);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
}

/** Payload's REST `find` of published posts, by the same load generator, beside its own empty endpoint. */
async function payloadRest() {
  if (process.env.BENCH_PAYLOAD === '0') return console.log('\nPayload not measured (BENCH_PAYLOAD=0)');
  if (!existsSync(path.join(ROOT, 'bench/payload-admin/node_modules/payload'))) {
    return console.log('\nPayload not measured: bench/payload-admin is not installed (npm ci --prefix bench/payload-admin)');
  }
  process.env.FRONT_PORT = String(PAYLOAD_PORT);
  const { servePayload } = await import('./payload-admin/front');
  console.log(`\nPayload 3 (bench/payload-admin: next start on 127.0.0.1:${PAYLOAD_PORT}, PostgreSQL); load average ${loadavg()}`);
  const payload = await servePayload({ build: 'if-missing' });
  try {
    const cookie = { cookie: payload.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
    const published = '/api/articles?where[status][equals]=published&limit=20&depth=0';
    const first = await fetch(`${payload.origin}${published}`, { headers: cookie });
    const body = await first.json();
    console.log(
      `Payload's find of published posts: HTTP ${first.status}, ${body.docs?.length} of ${body.totalDocs} docs; ETag: ${first.headers.get('etag') ?? 'none'}`,
    );
    await httpRates(`Payload 3.90.2 REST through next start on 127.0.0.1:${PAYLOAD_PORT}`, PAYLOAD_PORT, [
      ['empty handler: Payload custom endpoint `GET /api/ping`', '/api/ping', {}, 200],
      ['find of published posts `GET /api/articles?where[status][equals]=published&limit=20&depth=0`', published, cookie, 200],
    ]);
  } finally {
    await payload.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
