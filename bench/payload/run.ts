/**
 * The Payload CMS side of `npm run bench` (../lists.ts, ../articles.ts, ../media.ts): the same
 * volumes and the same list workloads (admin lists, the article list, the picture library),
 * through Payload 3's local API on PostgreSQL.
 *
 *   npm ci --prefix bench/payload
 *   cd bench/payload && npx tsx run.ts
 *
 * Creates a throw-away database `bench_payload_<random>` on the server of BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), lets Payload create its tables there (dev-mode
 * schema push), fills them with bulk SQL (generate_series, the same rows as ours), ANALYZEs,
 * then times each `payload.find(...)` BENCH_RUNS times and prints median and p95. The database is
 * dropped at the end, also when something fails.
 *
 * Knobs (same defaults as ../lists.ts, ../articles.ts, ../media.ts): BENCH_USERS=100000
 * BENCH_LOGS=1000000 BENCH_ARTICLES=1000000 BENCH_PICTURES=1000000 BENCH_RUNS=30.
 * BENCH_PARTS=lists,articles,media picks the parts (all by default; users and departments are
 * always filled: articles and pictures point at them).
 * BENCH_COMPOUND_INDEXES=1 adds (column, createdAt) compound indexes (see payload.config.ts).
 * BENCH_EXPLAIN=1 prints the plans (EXPLAIN ANALYZE) of the slow article and library queries, written
 * as Payload sends them (BENCH_SQL_LOG=1 shows them), after the timing.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { getPayload, type Payload, type Where } from 'payload';

const USERS = Number(process.env.BENCH_USERS || 100_000);
const LOGS = Number(process.env.BENCH_LOGS || 1_000_000);
const ARTICLES = Number(process.env.BENCH_ARTICLES || 1_000_000);
const PICTURES = Number(process.env.BENCH_PICTURES || 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS || 30);
const PARTS = new Set((process.env.BENCH_PARTS || 'lists,articles,media').split(',').map((p) => p.trim()));

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
  if (PARTS.has('lists')) await fillLogs(pool);
  if (PARTS.has('articles')) await fillArticles(pool);
  if (PARTS.has('media')) await fillPictures(pool);
  await pool.query('ANALYZE');
}

async function fillLogs(pool: pg.Pool) {
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
}

/**
 * Runs `load` with the tables' secondary indexes dropped and builds them again after it, as
 * ../articles.ts and ../media.ts do for ours (a dump is loaded that way), then VACUUM (ANALYZE)s
 * them as ours does (visibility map for index-only scans).
 */
async function bulkLoad(pool: pg.Pool, tables: string[], load: () => Promise<void>) {
  const { rows: defs } = await pool.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = ANY($1) AND schemaname = current_schema()
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype IN ('p', 'u'))`,
    [tables],
  );
  for (const d of defs) await pool.query(`DROP INDEX "${d.indexname}"`);
  await load();
  for (const d of defs) await pool.query(d.indexdef);
  for (const t of tables) await pool.query(`VACUUM (ANALYZE) "${t}"`);
}

/** Words and the two keywords of ../articles.ts. */
const WORDS = [
  '解放',
  '东风',
  '重汽',
  '陕汽',
  '福田',
  '江淮',
  '红岩',
  '乘龙',
  '牵引车',
  '载货车',
  '自卸车',
  '冷藏车',
  '轻卡',
  '新能源',
  '换电',
  '氢燃料',
  '国六',
  '油耗',
  '运价',
  '车队',
  '司机',
  '物流',
  '试驾',
  '评测',
  '上市',
  '销量',
  '市场',
  '政策',
  '高速',
  '保养',
];
const COMMON = '牵引车';
const RARE = '磁悬浮';
const sqlArray = (words: string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(',')}]`;

/** The articles of ../articles.ts: same titles, kinds, statuses, categories, editors, departments, tag, dates. */
async function fillArticles(pool: pg.Pool) {
  const words = sqlArray(WORDS);
  await pool.query(`INSERT INTO categories (name, sort) SELECT '分类' || g, g FROM generate_series(1, 40) g`);
  await pool.query(`INSERT INTO tags (name) SELECT '标签' || g FROM generate_series(1, 500) g`);
  await bulkLoad(pool, ['articles', 'articles_rels'], async () => {
    await pool.query(
      `INSERT INTO articles (id, kind, title, summary, content, status, category_id, editor_id, department_id, published_at, created_at, updated_at)
       SELECT g, k::enum_articles_kind, title, summary, '<p>' || body || '</p>',
              (ARRAY['draft','pending','rejected','published','scheduled','offline'])[1 + g % 6]::enum_articles_status,
              1 + g % 40, 1 + g % 200, 1 + g % 20, CASE WHEN g % 6 = 3 THEN ts END, ts, ts
       FROM (
         SELECT g, (ARRAY['article','gallery','video'])[1 + g % 3] AS k,
                CASE WHEN g % 10000 = 7 THEN '${RARE}' || '卡车首发' WHEN g % 10 = 0 THEN '${COMMON}' || (${words})[1 + g % 30] || '新闻' || g ELSE (${words})[1 + g % 30] || (${words})[1 + (g / 30) % 30] || '报道' || g END AS title,
                (${words})[1 + (g / 7) % 30] || (${words})[1 + (g / 11) % 30] || '的最新消息' AS summary,
                (${words})[1 + g % 30] || ' ' || (${words})[1 + (g / 3) % 30] || ' ' || (${words})[1 + (g / 5) % 30] || ' ' || (${words})[1 + (g / 13) % 30] || ' 卡车 行业 发展' AS body,
                now() - (g || ' seconds')::interval AS ts
         FROM generate_series(1, $1::int) g
       ) x`,
      [ARTICLES],
    );
    await pool.query(`SELECT setval(pg_get_serial_sequence('articles', 'id'), $1::int)`, [ARTICLES]);
    // Ours: tag_ids = ARRAY[1 + g % 500]; Payload keeps a hasMany relationship as rows.
    await pool.query(`INSERT INTO articles_rels ("order", parent_id, path, tags_id) SELECT 1, g, 'tags', 1 + g % 500 FROM generate_series(1, $1::int) g`, [
      ARTICLES,
    ]);
  });
}

/** The pictures of ../media.ts: same titles, 0–3 of 500 tags (tag 1 on a tenth), dates, check status. */
async function fillPictures(pool: pg.Pool) {
  const words = [
    '解放',
    '东风',
    '重汽',
    '陕汽',
    '福田',
    '江淮',
    '大运',
    '红岩',
    '乘龙',
    '豪沃',
    '天龙',
    '德龙',
    '欧曼',
    '牵引车',
    '载货车',
    '自卸车',
    '冷藏车',
    '轻卡',
    '重卡',
    '车展',
    '试驾',
    '外观',
    '内饰',
    '驾驶室',
    '发动机',
    '底盘',
  ];
  const w = sqlArray(words);
  const n = words.length;
  await pool.query(`INSERT INTO picture_tags (name, sort) SELECT '图片标签' || g, g FROM generate_series(1, 500) g`);
  await bulkLoad(pool, ['pictures', 'pictures_rels'], async () => {
    await pool.query(
      `INSERT INTO pictures (id, title, uploader_id, check_status, sha256, url, thumbnail_u_r_l, filename, mime_type, filesize, width, height,
                             sizes_thumbnail_url, sizes_thumbnail_width, sizes_thumbnail_height, sizes_thumbnail_mime_type, sizes_thumbnail_filesize, sizes_thumbnail_filename,
                             created_at, updated_at)
       SELECT g, (${w})[1 + g % ${n}] || ' ' || (${w})[1 + (g / 7) % ${n}] || ' 图' || g, 1,
              (ARRAY['unchecked','pass','suspect','block'])[1 + g % 4]::enum_pictures_check_status, md5(g::text) || md5((g + 1)::text),
              NULL, NULL, md5(g::text) || '.jpg', 'image/jpeg', 200000 + g % 5000000, 1920, 1080,
              NULL, 320, 180, 'image/webp', 9000, md5(g::text) || '-320x180.webp',
              now() - (g || ' seconds')::interval, now()
       FROM generate_series(1, $1::int) g`,
      [PICTURES],
    );
    await pool.query(`SELECT setval(pg_get_serial_sequence('pictures', 'id'), $1::int)`, [PICTURES]);
    await pool.query(
      `INSERT INTO pictures_rels ("order", parent_id, path, picture_tags_id)
       SELECT o, g, 'tags', t
       FROM generate_series(1, $1::int) g,
            unnest(CASE WHEN g % 10 = 0 THEN ARRAY[1, 2 + g % 499] WHEN g % 3 = 0 THEN ARRAY[2 + g % 499, 2 + (g / 3) % 499] ELSE ARRAY[2 + g % 499] END) WITH ORDINALITY AS x(t, o)`,
      [PICTURES],
    );
  });
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
  if (!PARTS.has('lists')) return [];
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

/**
 * The article list of ../articles.ts. The page shows title, kind, cover, category and editor
 * names, status and the two dates: `select` those, and `depth: 1` with `populate` limited to the
 * category's and the editor's name (the lean way Payload 3 offers to fill in relationships).
 */
function articleCases(): Case[] {
  if (!PARTS.has('articles')) return [];
  const list = {
    collection: 'articles',
    depth: 1,
    limit: 20,
    sort: '-updatedAt',
    select: { title: true, kind: true, cover: true, category: true, editor: true, status: true, updatedAt: true, publishedAt: true },
    populate: { categories: { name: true }, users: { name: true } },
  } as const;
  const rare = RARE.slice(0, 2);
  const base: Case[] = [
    ['articles: list page 1, newest first', { ...list }],
    ['articles: by status and category', { ...list, where: { status: { equals: 'published' }, category: { equals: 8 } } }],
    ['articles: page 2500 (OFFSET)', { ...list, page: 2500 }],
    [`articles: keyword ${rare} (2 chars, 0.01 %), like`, { ...list, where: { title: { like: rare } } }],
    [`articles: keyword ${rare}, contains`, { ...list, where: { title: { contains: rare } } }],
    [`articles: keyword ${COMMON} (10 %), like`, { ...list, where: { title: { like: COMMON } } }],
    [`articles: keyword ${COMMON}, contains`, { ...list, where: { title: { contains: COMMON } } }],
    ['articles: by tag', { ...list, where: { tags: { equals: 42 } } }],
  ];
  return [...base, ...base.map(([name, args]): Case => [`${name} (pagination: false)`, { ...args, pagination: false }])];
}

/**
 * The picture library of ../media.ts: 40 per page, newest first; `depth: 1` fills in the uploader's
 * name and the tags' names (populate limited to those), as the grid shows them.
 */
function mediaCases(): Case[] {
  if (!PARTS.has('media')) return [];
  const list = {
    collection: 'pictures',
    depth: 1,
    limit: 40,
    sort: '-createdAt',
    populate: { users: { name: true }, 'picture-tags': { name: true } },
  } as const;
  const base: Case[] = [
    ['library: page 1 (40)', { ...list }],
    ['library: by tag (a tenth)', { ...list, where: { tags: { equals: 1 } } }],
    ['library: by tag (rare)', { ...list, where: { tags: { equals: 377 } } }],
    ['library: keyword 牵引车 豪沃, like', { ...list, where: { title: { like: '牵引车 豪沃' } } }],
    ['library: keyword 外观 (2 chars), like', { ...list, where: { title: { like: '外观' } } }],
    ['library: page 100', { ...list, page: 100 }],
  ];
  return [...base, ...base.map(([name, args]): Case => [`${name} (pagination: false)`, { ...args, pagination: false }])];
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
    const filled = [
      `${USERS} users`,
      PARTS.has('lists') && `${LOGS} + ${LOGS} log rows`,
      PARTS.has('articles') && `${ARTICLES} articles`,
      PARTS.has('media') && `${PICTURES} pictures`,
    ]
      .filter(Boolean)
      .join(', ');
    console.log(
      `filled ${filled} in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
        `(Payload ${payloadVersion}, PostgreSQL ${rows[0].server_version}, Node ${process.version}, database ${dbName})`,
    );

    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    console.log(`load average before timing: ${load()}`);
    console.log(`\n${'request'.padEnd(56)} ${'median'.padStart(9)} ${'p95'.padStart(9)}  rows  totalDocs`);
    for (const [name, args] of [...cases(), ...articleCases(), ...mediaCases()]) {
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
      console.log(`${name.padEnd(56)} ${median.toFixed(1).padStart(7)}ms ${p95.toFixed(1).padStart(7)}ms  ${String(docs).padStart(4)}  ${totalText}`);
    }
    console.log(`\nload average after timing: ${load()}`);
    if (process.env.BENCH_EXPLAIN === '1') await explain();
  } finally {
    await payload?.destroy();
    // destroy() leaves the adapter's pg pool open, and Payload keeps one client of it checked out
    // for good (its reconnect watch), so pool.end() would wait forever. The FORCE drop below ends
    // those connections instead; ignore the errors that reports on the pool.
    (payload?.db as unknown as { pool?: pg.Pool } | undefined)?.pool?.on('error', () => {});
    await dropDatabase();
  }
}

/** The plans of the queries behind the slow rows (copied from BENCH_SQL_LOG=1, aliases shortened). */
async function explain() {
  const byTag = (table: string, tagColumn: string, tag: number) =>
    `FROM "${table}" p LEFT JOIN "${table}_rels" r ON (p.id = r.parent_id AND r.path LIKE 'tags') WHERE r.${tagColumn} = ${tag}`;
  const articleOrder = 'ORDER BY p.updated_at DESC, p.created_at DESC';
  const statements: Array<[string, string]> = [];
  if (PARTS.has('articles')) {
    statements.push(
      ['articles: count, no filter', `SELECT count(*) FROM articles`],
      [
        'articles: page 2500',
        `SELECT id, title, kind, cover, status, category_id, editor_id, published_at, updated_at FROM articles p ${articleOrder} LIMIT 20 OFFSET 49980`,
      ],
      [
        'articles: keyword 磁悬, page',
        `SELECT id, title, kind, cover, status, category_id, editor_id, published_at, updated_at FROM articles p WHERE p.title ILIKE '%磁悬%' ${articleOrder} LIMIT 20`,
      ],
      ['articles: keyword 磁悬, count', `SELECT count(*) FROM articles WHERE title ILIKE '%磁悬%'`],
      ['articles: keyword 牵引车, count', `SELECT count(*) FROM articles WHERE title ILIKE '%牵引车%'`],
      ['articles: by tag, page ids', `SELECT DISTINCT p.id, p.updated_at, p.created_at ${byTag('articles', 'tags_id', 42)} ${articleOrder} LIMIT 20`],
      ['articles: by tag, count', `SELECT COUNT(1) OVER() ${byTag('articles', 'tags_id', 42)} GROUP BY p.id LIMIT 1`],
    );
  }
  if (PARTS.has('media')) {
    statements.push(
      [
        'library: by tag (rare), page ids',
        `SELECT DISTINCT p.id, p.created_at ${byTag('pictures', 'picture_tags_id', 377)} ORDER BY p.created_at DESC LIMIT 40`,
      ],
      ['library: by tag (a tenth), count', `SELECT COUNT(1) OVER() ${byTag('pictures', 'picture_tags_id', 1)} GROUP BY p.id LIMIT 1`],
      ['library: keyword 外观, count', `SELECT count(*) FROM pictures WHERE title ILIKE '%外观%'`],
    );
  }
  const pool = new pg.Pool({ connectionString: benchUrl.toString(), max: 1 });
  try {
    for (const [name, statement] of statements) {
      const { rows } = await pool.query(`EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${statement}`);
      console.log(`\n-- ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  } finally {
    await pool.end();
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
