/**
 * `npm run bench`: the admin list endpoints at newsroom scale, through the real Hono app.
 * Fills a fresh database (PGlite in memory, or BENCH_DATABASE_URL in a throw-away schema) with
 * 100k users and 1M login-log and 1M operation-log rows, then times each list request.
 * Prints the median and p95 of N runs plus the query plan's top node for each list query.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { benchCookie, openBenchDatabase, timeRequests } from './timing';

const USERS = Number(process.env.BENCH_USERS || 100_000);
const LOGS = Number(process.env.BENCH_LOGS || 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS || 30);

async function main() {
  const bench = await openBenchDatabase();
  const { db, handle } = bench;
  const t0 = performance.now();
  await db.execute(sql`INSERT INTO departments (name, parent_id, sort) SELECT '部门' || g, NULL, g FROM generate_series(1, 200) g`);
  await db.execute(sql`INSERT INTO roles (name, routes, level) SELECT '角色' || g, '["/article/list"]'::jsonb, 1 + g % 3 FROM generate_series(1, 50) g`);
  await db.execute(sql`
    INSERT INTO users (username, name, password_hash, department_id, role_id, phone, email)
    SELECT 'user' || g, '员工' || g, 'x', 1 + g % 200, 1 + g % 50, '1380000' || lpad((g % 10000)::text, 4, '0'), 'u' || g || '@example.com'
    FROM generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    INSERT INTO login_logs (username, user_id, ip, user_agent, success, reason, created_at)
    SELECT 'user' || (g % ${USERS}), g % ${USERS}, '10.' || (g % 250) || '.' || (g % 200) || '.1', 'Mozilla/5.0', g % 7 <> 0,
           CASE WHEN g % 7 = 0 THEN 'bad_password' ELSE 'ok' END, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${LOGS}) g`);
  await db.execute(sql`
    INSERT INTO operation_logs (user_id, username, type, resource, resource_id, summary, before, after, ip, created_at)
    SELECT g % ${USERS}, 'user' || (g % ${USERS}), (ARRAY['create','update','delete','sort'])[1 + g % 4], (ARRAY['users','roles','departments'])[1 + g % 3],
           (g % 5000)::text, '修改记录 ' || g, '{"name":"旧"}'::jsonb, '{"name":"新"}'::jsonb, '10.0.0.1', now() - (g || ' seconds')::interval
    FROM generate_series(1, ${LOGS}) g`);
  await db.execute(sql`ANALYZE`);
  console.log(`filled ${USERS} users, ${LOGS} + ${LOGS} log rows in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${handle.kind}`);

  const app = createApp({ getDb: async () => db, peer: () => ({ ip: '10.250.0.1', tls: false }) });
  const cookie = await benchCookie(app);

  const cases: Array<[string, string]> = [
    ['users page 1', '/api/users?page=1&pageSize=20'],
    ['users by department', '/api/users?departmentId=17&pageSize=20'],
    ['users keyword', '/api/users?keyword=员工4242&pageSize=20'],
    ['users page 200', '/api/users?page=200&pageSize=20'],
    ['login log page 1', '/api/log/login?pageSize=20'],
    ['login log by user', '/api/log/login?username=user4242&pageSize=20'],
    ['login log by part of a name', '/api/log/login?username=er4242&pageSize=20'],
    ['login log by subnet', '/api/log/login?ip=10.42.&pageSize=20'],
    ['login log failures, last hour', `/api/log/login?success=false&from=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}`],
    ['login log page 100', '/api/log/login?page=100&pageSize=100'],
    ['operation log page 1', '/api/log/operation?pageSize=20'],
    ['operation log by type', '/api/log/operation?type=delete&pageSize=20'],
    ['operation log by user', '/api/log/operation?username=user4242&pageSize=20'],
    ['operation log by part of a name', '/api/log/operation?username=er4242&pageSize=20'],
    ['departments tree', '/api/departments/tree'],
    ['roles page 1', '/api/roles?pageSize=20'],
  ];
  await timeRequests(app, cookie, cases, RUNS);

  await bench.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
