/**
 * `npm run bench:path` (issue 17): where a signed list request spends its time, in process, through
 * the real Hono app (no Next.js, no HTTP). A fresh database (PGlite in memory, or
 * BENCH_DATABASE_URL in a throw-away schema) with a newsroom's small lists: 20 departments,
 * BENCH_PATH_ARTICLES articles (default 200). Prints:
 * - per request, the database time of each statement the request sent (session lookup, page,
 *   count, scheduled jobs …) and the rest (routing, validation, building the SQL, JSON), from a
 *   wrapper around the driver's `query` that times every statement;
 * - requests per second with 10 requests in flight (`app.request`), for the empty handler
 *   (`GET /api/ping`, no cookie), the session alone (`GET /api/login_info`), 部门 and 文章 lists.
 * HTTP through `next start` is bench/front.ts; these figures leave Next.js out.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { loadSessionUser } from '../server/auth/session';
import { benchCookie, openBenchDatabase } from './timing';

const ARTICLES = Number(process.env.BENCH_PATH_ARTICLES || 200);
const RUNS = Number(process.env.BENCH_RUNS || 400);
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 10);

type Stmt = { text: string; start: number; end: number; ms: number };

/** Times every statement the driver runs (PGlite's `query` / `exec`, pg's Pool `query`). */
function instrument(client: any, into: () => Stmt[] | null) {
  for (const method of ['query', 'exec'] as const) {
    const original = client[method]?.bind(client);
    if (!original) continue;
    client[method] = async (...args: any[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '');
      const start = performance.now();
      try {
        return await original(...args);
      } finally {
        const end = performance.now();
        into()?.push({ text, start, end, ms: end - start });
      }
    };
  }
}

/** Which part of the request a statement is. */
function kindOf(text: string): string {
  const t = text.toLowerCase();
  if (t.includes('"sessions"')) return 'session';
  if (t.includes('session_generation')) return 'session check';
  if (t.includes('user_counts')) return 'tree';
  if (t.includes('count(') && t.includes('scheduled_jobs')) return 'page+total+schedules';
  if (t.includes('count(') && /^select .*from "(articles|departments)"/.test(t) && t.includes('limit') && t.includes('capped')) return 'page+total';
  if (t.includes('scheduled_jobs')) return 'schedules';
  if (t.includes('count(')) return 'count';
  if (t.includes('from "articles"') || t.includes('from "departments"')) return 'page';
  return 'other';
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

async function main() {
  const bench = await openBenchDatabase();
  const { db, handle } = bench;
  await db.execute(
    sql`INSERT INTO departments (name, parent_id, sort) SELECT '部门' || g, CASE WHEN g > 5 THEN 1 + g % 5 END, g FROM generate_series(1, 20) g`,
  );
  await db.execute(sql`INSERT INTO categories (type_id, name, sort) SELECT 1, '分类' || g, g FROM generate_series(1, 10) g`);
  await db.execute(sql`
    INSERT INTO articles (kind, title, summary, content, category_id, editor_id, department_id, status, version, created_at, updated_at)
    SELECT 'article', '卡车新闻 ' || g, '摘要', '<p>正文</p>', 1 + g % 10, 1, 1 + g % 20, (g % 6)::smallint, 1, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    FROM generate_series(1, ${ARTICLES}) g`);
  await db.execute(sql`ANALYZE`);

  let current: Stmt[] | null = null;
  instrument((db as any).$client, () => current);

  const app = createApp({ getDb: async () => db, peer: () => ({ ip: '10.250.0.3', tls: false }) });
  const cookie = await benchCookie(app);
  const token = decodeURIComponent(/cms_session=([^;]+)/.exec(cookie)?.[1] ?? '');
  const cases: Array<[string, string, boolean]> = [
    ['empty handler (/api/ping, no cookie)', '/api/ping', false],
    ['session alone (/api/login_info)', '/api/login_info', true],
    ['部门 list (/api/departments?page=1&pageSize=10)', '/api/departments?page=1&pageSize=10', true],
    ['部门 tree (/api/departments/tree)', '/api/departments/tree', true],
    ['文章 list (/api/articles?page=1&pageSize=10)', '/api/articles?page=1&pageSize=10', true],
  ];

  console.log(`\n${handle.kind}, ${ARTICLES} articles, ${RUNS} sequential runs each (after 50 warm-up); load average ${loadavg()}`);
  console.log(
    `${'request'.padEnd(48)} ${'total'.padStart(8)}  median ms per part: each kind of statement (its own time, overlaps removed) and the rest (routing, validation, SQL building, JSON)`,
  );
  for (const [name, path, signed] of cases) {
    const totals: number[] = [];
    const byKind = new Map<string, number[]>();
    for (let i = 0; i < RUNS + 50; i++) {
      const stmts: Stmt[] = [];
      current = stmts;
      const start = performance.now();
      const res = await app.request(`http://localhost${path}`, { headers: signed ? { cookie } : {} });
      await res.text();
      const total = performance.now() - start;
      current = null;
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      if (i < 50) continue;
      totals.push(total);
      // Statements sent together (Promise.all) overlap: on PGlite the second waits for the first.
      // Each is counted from the later of its start and the previous statement's end.
      const sums = new Map<string, number>();
      let lastEnd = 0;
      let dbTime = 0;
      for (const s of [...stmts].sort((a, b) => a.end - b.end)) {
        const own = s.end - Math.max(s.start, lastEnd);
        lastEnd = s.end;
        dbTime += own;
        sums.set(kindOf(s.text), (sums.get(kindOf(s.text)) ?? 0) + own);
      }
      sums.set('rest', total - dbTime);
      for (const [k, v] of sums) byKind.set(k, [...(byKind.get(k) ?? []), v]);
    }
    const parts = [...byKind].map(([k, v]) => `${k} ${median(v).toFixed(3)}`).join(', ');
    console.log(`${name.padEnd(48)} ${median(totals).toFixed(3).padStart(7)}ms  ${parts}`);
  }

  // The session lookup alone, outside the app (the hash and the query).
  const direct: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await loadSessionUser(db, token, { now: new Date(), idleMinutes: 120 });
    direct.push(performance.now() - start);
  }
  console.log(`${'loadSessionUser() alone'.padEnd(48)} ${median(direct).toFixed(3).padStart(7)}ms`);

  console.log(`\nrequests per second, ${CONCURRENCY} in flight, ${SECONDS} s each (in process, app.request)`);
  const floor = await throughput(app, '/api/ping', undefined);
  console.log(`${'empty handler'.padEnd(48)} ${floor.toFixed(0).padStart(7)}/s`);
  for (const [name, path, signed] of cases.slice(1)) {
    const rps = await throughput(app, path, signed ? cookie : undefined);
    console.log(`${name.padEnd(48)} ${rps.toFixed(0).padStart(7)}/s  ${((rps / floor) * 100).toFixed(0)} % of the empty handler`);
  }
  console.log(`load average after: ${loadavg()}`);
  await bench.close();
}

async function throughput(app: ReturnType<typeof createApp>, path: string, cookie: string | undefined): Promise<number> {
  const end = performance.now() + SECONDS * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const res = await app.request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      done++;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / ((performance.now() - start) / 1000);
}

export function loadavg(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:os')
    .loadavg()
    .map((n: number) => n.toFixed(2))
    .join(' ');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
