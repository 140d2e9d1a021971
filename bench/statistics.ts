/**
 * `npm run bench` (fourth part): statistics (issue 9, DESIGN §11) with three years of rows for 200
 * editors in 20 departments (≈ 220 000 rows), through the real Hono app with a session: the KPI sum,
 * the charts, the list per day and per editor (filters, ranges up to a year) and the details.
 * PGlite in memory by default, BENCH_DATABASE_URL for PostgreSQL (a throw-away schema).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { addDays, chinaDate } from '../lib/resources/statistics';
import { refreshPublications } from '../server/content/statistics';
import { benchCookie, formatTimes, openBenchDatabase, timeRequests } from './timing';

const EDITORS = Number(process.env.BENCH_EDITORS || 200);
const DAYS = Number(process.env.BENCH_DAYS || 3 * 365);
const RUNS = Number(process.env.BENCH_RUNS || 30);

async function main() {
  const bench = await openBenchDatabase();
  const { db, handle } = bench;
  const t0 = performance.now();
  const today = chinaDate();
  await db.execute(sql`INSERT INTO departments (name, sort) SELECT '部门' || g, g FROM generate_series(1, 20) g`);
  await db.execute(sql`
    INSERT INTO users (username, name, password_hash, department_id, enabled)
    SELECT 'editor' || g, '编辑' || g, 'x', (SELECT min(id) FROM departments) + g % 20, true FROM generate_series(1, ${EDITORS}) g`);
  await db.execute(sql`
    INSERT INTO statistics (date, user_id, department_id, articles, videos, pv, uv)
    SELECT ${today}::date - d, u.id, u.department_id, (d + u.id) % 7, (d * u.id) % 3, 500 + (d * 37 + u.id * 11) % 4000, 100 + (d * 13 + u.id * 7) % 900
    FROM generate_series(0, ${DAYS - 1}) d CROSS JOIN (SELECT id, department_id FROM users WHERE username LIKE 'editor%') u`);
  await db.execute(sql`VACUUM (ANALYZE)`);
  const [{ n }] = ((await db.execute(sql`SELECT count(*)::int AS n FROM statistics`)) as unknown as { rows: Array<{ n: number }> }).rows;
  console.log(`filled ${n} statistics rows (${EDITORS} editors × ${DAYS} days) in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${handle.kind}`);

  const ids = (
    (await db.execute(sql`SELECT min(u.id) AS editor, min(u.department_id) AS dept FROM users u WHERE u.username LIKE 'editor%'`)) as unknown as {
      rows: Array<{ editor: number; dept: number }>;
    }
  ).rows[0];
  const app = createApp({ getDb: async () => db, peer: () => ({ ip: '10.250.0.3', tls: false }), contentService: {} });
  const cookie = await benchCookie(app);
  const month = `from=${addDays(today, -29)}&to=${today}`;
  const year = `from=${addDays(today, -365)}&to=${today}`;
  const cases: Array<[string, string]> = [
    ['sum (KPIs)', '/api/statistics/sum'],
    ['chart, 30 days', `/api/statistics/chart?${month}`],
    ['chart, a year', `/api/statistics/chart?${year}`],
    ['chart, a year, one department', `/api/statistics/chart?${year}&departmentId=${ids.dept}`],
    ['list per day, 30 days', `/api/statistics/list?view=day&${month}`],
    ['list per day, a year, page 10', `/api/statistics/list?view=day&${year}&page=10`],
    ['list per editor, 30 days', `/api/statistics/list?view=editor&${month}`],
    ['list per editor, a year', `/api/statistics/list?view=editor&${year}`],
    ['list per editor, year, by pv', `/api/statistics/list?view=editor&${year}&sort=pv`],
    ['list per day, one department', `/api/statistics/list?view=day&${year}&departmentId=${ids.dept}`],
    ['list per day, one editor', `/api/statistics/list?view=day&${year}&userId=${ids.editor}`],
    ['detail, one editor, a year', `/api/statistics/detail?userId=${ids.editor}&${year}`],
    ['detail, one day', `/api/statistics/detail?date=${addDays(today, -100)}`],
  ];
  await timeRequests(app, cookie, cases, RUNS);

  // The writes, which keep the rollups (migration 0020) in their own statements.
  const send = async (method: string, path: string, body: unknown) => {
    const res = await app.request(`http://localhost${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify(body),
    });
    const reply = await res.json();
    if (reply.status !== 0) throw new Error(`${path}: ${JSON.stringify(reply).slice(0, 300)}`);
  };
  const timed = async (name: string, runs: number, step: (i: number) => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await step(i);
      times.push(performance.now() - start);
    }
    console.log(`${name.padEnd(34)} ${formatTimes(times)}  ${runs}×`);
  };
  await timed('correction (PUT edit)', RUNS, (i) =>
    send('PUT', '/api/statistics/edit', { date: addDays(today, -(i * 7) % 300), userId: ids.editor + (i % 50), pv: 1000 + i, uv: 10 + i, reason: '基准测试' }),
  );
  await timed('publication recount', RUNS, (i) => refreshPublications(db, ids.editor + (i % 50), new Date(Date.now() - i * 86_400_000)));
  const names = (
    (await db.execute(sql`SELECT username FROM users WHERE username LIKE 'editor%' ORDER BY id`)) as unknown as { rows: Array<{ username: string }> }
  ).rows.map((r) => r.username);
  await timed('import, 6 000 rows (30 days × 200)', 3, (run) =>
    send('POST', '/api/statistics/import', {
      apply: true,
      rows: Array.from({ length: 30 }, (_, d) =>
        names.map((username, u) => ({ date: addDays(today, -40 - d), username, pv: 2000 + run + u, uv: 100 + d })),
      ).flat(),
    }),
  );
  await bench.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
