/**
 * The Payload CMS side of `npm run bench` (../lists.ts): the same volumes and the same admin list
 * workloads, through Payload 3's local API on PostgreSQL.
 *
 *   npm ci --prefix bench/payload
 *   cd bench/payload && npx tsx run.ts
 *
 * Creates a throw-away database `bench_payload_<random>` on the server of BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), lets Payload create its tables there (dev-mode
 * schema push), fills them with bulk SQL (generate_series, the same rows as ../lists.ts), ANALYZEs,
 * then times each `payload.find(...)` BENCH_RUNS times and prints median and p95. The database is
 * dropped at the end, also when something fails.
 *
 * Knobs (same defaults as ../lists.ts): BENCH_USERS=100000 BENCH_LOGS=1000000 BENCH_RUNS=30.
 * BENCH_COMPOUND_INDEXES=1 adds (column, createdAt) compound indexes (see payload.config.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { getPayload, type Payload, type Where } from 'payload';

const USERS = Number(process.env.BENCH_USERS || 100_000);
const LOGS = Number(process.env.BENCH_LOGS || 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS || 30);

const baseUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `bench_payload_${randomBytes(4).toString('hex')}`;
const benchUrl = new URL(baseUrl);
benchUrl.pathname = `/${dbName}`;

/** One timed list request: a label and the arguments given to payload.find. */
type Case = [string, Parameters<Payload['find']>[0]];

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The same rows as ../lists.ts, into the tables Payload's schema push created. */
async function fill(pool: pg.Pool) {
  await pool.query(`INSERT INTO departments (name, sort) SELECT '部门' || g, g FROM generate_series(1, 200) g`);
  await pool.query(`INSERT INTO roles (name, routes, level) SELECT '角色' || g, '["/article/list"]'::jsonb, 1 + g % 3 FROM generate_series(1, 50) g`);
  // Payload sorts lists by createdAt, so every user gets its own (ours sorts users by id).
  // hash/salt are dummies: nobody logs in here, only lists are read.
  await pool.query(
    `INSERT INTO users (username, name, department_id, role_id, phone, email, hash, salt, created_at, updated_at)
     SELECT 'user' || g, '员工' || g, 1 + g % 200, 1 + g % 50, '1380000' || lpad((g % 10000)::text, 4, '0'), 'u' || g || '@example.com',
            'x', 'x', now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
     FROM generate_series(1, $1::int) g`,
    [USERS],
  );
  await pool.query(
    `INSERT INTO login_logs (username, user_id, ip, user_agent, success, reason, created_at, updated_at)
     SELECT 'user' || (g % $1::int), g % $1::int, '10.' || (g % 250) || '.' || (g % 200) || '.1', 'Mozilla/5.0', g % 7 <> 0,
            CASE WHEN g % 7 = 0 THEN 'bad_password' ELSE 'ok' END, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
     FROM generate_series(1, $2::int) g`,
    [USERS, LOGS],
  );
  // `type` is a select field, which Payload stores as a PostgreSQL enum.
  await pool.query(
    `INSERT INTO operation_logs (user_id, username, type, resource, resource_id, summary, before, after, ip, created_at, updated_at)
     SELECT g % $1::int, 'user' || (g % $1::int), ((ARRAY['create','update','delete','sort'])[1 + g % 4])::enum_operation_logs_type,
            (ARRAY['users','roles','departments'])[1 + g % 3], (g % 5000)::text, '修改记录 ' || g, '{"name":"旧"}'::jsonb, '{"name":"新"}'::jsonb,
            '10.0.0.1', now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
     FROM generate_series(1, $2::int) g`,
    [USERS, LOGS],
  );
  await pool.query('ANALYZE');
}

function cases(): Case[] {
  const hourAgo = new Date(Date.now() - 3600_000).toISOString();
  const newest = { sort: '-createdAt' } as const;
  // depth 1 fills in department and role (ours joins their names); logs have no relationships.
  const usersList = { collection: 'users', depth: 1, limit: 20, ...newest } as const;
  const loginList = { collection: 'login-logs', depth: 0, limit: 20, ...newest } as const;
  const opList = { collection: 'operation-logs', depth: 0, limit: 20, ...newest } as const;
  const keyword = '员工4242';
  const keywordWhere: Where = {
    or: [{ username: { like: keyword } }, { name: { like: keyword } }, { phone: { like: keyword } }],
  };
  const failures: Where = { and: [{ success: { equals: false } }, { createdAt: { greater_than_equal: hourAgo } }] };

  const logCases: Case[] = [
    ['login log page 1', { ...loginList }],
    ['login log by user', { ...loginList, where: { username: { equals: 'user4242' } } }],
    ['login log failures, last hour', { ...loginList, where: failures }],
    ['login log page 100', { ...loginList, limit: 100, page: 100 }],
    ['operation log page 1', { ...opList }],
    ['operation log by type', { ...opList, where: { type: { equals: 'delete' } } }],
    ['operation log by user', { ...opList, where: { username: { equals: 'user4242' } } }],
  ];
  return [
    ['users page 1', { ...usersList, page: 1 }],
    ['users by department', { ...usersList, where: { department: { equals: 17 } } }],
    ['users keyword', { ...usersList, where: keywordWhere }],
    ['users page 200', { ...usersList, page: 200 }],
    ...logCases,
    // Payload's find answers totalDocs/totalPages with an exact COUNT unless told not to.
    ...logCases.map(([name, args]): Case => [`${name} (pagination: false)`, { ...args, pagination: false }]),
    // Leaving out the before/after JSON, as our list does.
    ['operation log page 1 (select, no JSON)', { ...opList, select: { before: false, after: false } }],
  ];
}

async function main() {
  const payloadVersion = JSON.parse(readFileSync(new URL('./node_modules/payload/package.json', import.meta.url), 'utf8')).version;
  await admin(`CREATE DATABASE "${dbName}"`);
  let payload: Payload | undefined;
  try {
    // The config reads the URL when it is imported, so set it first.
    process.env.PAYLOAD_BENCH_DATABASE_URL = benchUrl.toString();
    const config = (await import('./payload.config.ts')).default;
    payload = await getPayload({ config });

    const pool = new pg.Pool({ connectionString: benchUrl.toString(), max: 1 });
    const t0 = performance.now();
    await fill(pool);
    const { rows } = await pool.query('SHOW server_version');
    await pool.end();
    console.log(
      `filled ${USERS} users, ${LOGS} + ${LOGS} log rows in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
        `(Payload ${payloadVersion}, PostgreSQL ${rows[0].server_version}, Node ${process.version}, database ${dbName})`,
    );

    console.log(`\n${'request'.padEnd(50)} ${'median'.padStart(9)} ${'p95'.padStart(9)}  rows  totalDocs`);
    for (const [name, args] of cases()) {
      const times: number[] = [];
      let docs = 0;
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const result = await payload.find(args);
        times.push(performance.now() - start);
        docs = result.docs.length;
        total = result.totalDocs;
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      const p95 = times[Math.floor(times.length * 0.95)];
      const totalText = args.pagination === false ? '-' : String(total);
      console.log(`${name.padEnd(50)} ${median.toFixed(1).padStart(7)}ms ${p95.toFixed(1).padStart(7)}ms  ${String(docs).padStart(4)}  ${totalText}`);
    }
  } finally {
    await payload?.destroy();
    // destroy() leaves the adapter's pg pool open, and Payload keeps one client of it checked out
    // for good (its reconnect watch), so pool.end() would wait forever. The FORCE drop below ends
    // those connections instead; ignore the errors that reports on the pool.
    (payload?.db as unknown as { pool?: pg.Pool } | undefined)?.pool?.on('error', () => {});
    await dropDatabase();
  }
}

/** DROP … WITH (FORCE) (PostgreSQL 13+) also ends the connections Payload still holds. */
async function dropDatabase() {
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  console.log(`\ndropped ${dbName}`);
}

// Ctrl-C during the fill or the timing: still drop the throw-away database.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    dropDatabase().finally(() => process.exit(130));
  });
}

main()
  .then(() => process.exit(0)) // Payload may leave timers behind; do not wait for them.
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
