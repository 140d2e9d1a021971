/**
 * `npm run bench` (third part): the article list and search at a million articles (issue 7), through
 * the real Hono app with a session. Titles, summaries and bodies are made of real truck-news words;
 * the search vector is built in SQL the way the app builds it (title/summary bigrams, body words),
 * so the fill takes minutes, not the hours segmenting a million bodies in Node would take.
 * PGlite in memory by default, BENCH_DATABASE_URL for PostgreSQL (a throw-away schema).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { defaultKinds } from '../server/storage/config';
import { benchCookie, formatTimes, openBenchDatabase, timeRequests } from './timing';

const ARTICLES = Number(process.env.BENCH_ARTICLES || 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS || 30);

/** Common words (most titles hold some) and one rare word held by 0.01 % of articles. */
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
const COMMON = '牵引车'; // in about a tenth of the titles
const RARE = '磁悬浮'; // in 0.01 %

async function main() {
  const bench = await openBenchDatabase();
  const { db, handle } = bench;
  const t0 = performance.now();
  const words = sql.raw(`ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`);
  const defs = (
    (await db.execute(
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'articles' AND indexname NOT LIKE '%_pkey' AND schemaname = current_schema()`,
    )) as unknown as { rows: Array<{ indexname: string; indexdef: string }> }
  ).rows;
  for (const d of defs) await db.execute(sql.raw(`DROP INDEX "${d.indexname}"`));
  await db.execute(sql`INSERT INTO categories (type_id, name, sort) SELECT 1, '分类' || g, g FROM generate_series(1, 40) g`);
  await db.execute(sql`
    INSERT INTO articles (kind, title, summary, content, category_id, tag_ids, editor_id, department_id, status, version, search, created_at, updated_at, published_at)
    SELECT k, title, summary, '<p>' || body || '</p>', 1 + g % 40, ARRAY[1 + g % 500], 1 + g % 200, 1 + g % 20, (g % 6)::smallint, 1,
           setweight(to_tsvector('simple', array_to_string(cms_bigrams(title || ' ' || summary), ' ')), 'A') || setweight(to_tsvector('simple', body), 'B'),
           ts, ts, CASE WHEN g % 6 = 3 THEN ts END
    FROM (
      SELECT g, (ARRAY['article','gallery','video'])[1 + g % 3] AS k,
             CASE WHEN g % 10000 = 7 THEN ${RARE} || '卡车首发' WHEN g % 10 = 0 THEN ${COMMON} || (${words})[1 + g % 30] || '新闻' || g ELSE (${words})[1 + g % 30] || (${words})[1 + (g / 30) % 30] || '报道' || g END AS title,
             (${words})[1 + (g / 7) % 30] || (${words})[1 + (g / 11) % 30] || '的最新消息' AS summary,
             (${words})[1 + g % 30] || ' ' || (${words})[1 + (g / 3) % 30] || ' ' || (${words})[1 + (g / 5) % 30] || ' ' || (${words})[1 + (g / 13) % 30] || ' 卡车 行业 发展' AS body,
             now() - (g || ' seconds')::interval AS ts
      FROM generate_series(1, ${ARTICLES}) g
    ) x`);
  for (const d of defs) await db.execute(sql.raw(d.indexdef));
  // VACUUM sets the visibility map (index-only scans), as autovacuum does after a bulk load on
  // PostgreSQL and the app's daily maintenance does on PGlite (server/jobs/maintenance.ts).
  await db.execute(sql`VACUUM (ANALYZE) articles`);
  console.log(`filled ${ARTICLES} articles in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${handle.kind}`);

  const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'cms-bench-articles-'));
  const app = createApp({
    getDb: async () => db,
    peer: () => ({ ip: '10.250.0.2', tls: false }),
    storage: { driver: 'local', uploadsDir, kinds: defaultKinds(), ticketMinutes: 60 },
    contentService: {},
  });
  const cookie = await benchCookie(app);
  const q = encodeURIComponent;
  const get = async (path: string) => (await app.request(`http://localhost${path}`, { headers: { cookie } })).json();
  // The screen pages forwards with the cursor of the page before: page 2500's URL as the screen sends it.
  const page2499 = await get('/api/articles?page=2499&pageSize=20');
  const cursor2500 = page2499.data.nextCursor as string;
  const cases: Array<[string, string]> = [
    ['list page 1, newest first', '/api/articles?pageSize=20'],
    ['list by status and category', '/api/articles?status=3&categoryId=8&pageSize=20'],
    ['list page 2500 (cursor)', `/api/articles?page=2500&pageSize=20&cursor=${q(cursor2500)}`],
    ['list page 2500 (jump, no cursor)', '/api/articles?page=2500&pageSize=20'],
    [`keyword, 2 characters, 0.01 % (${RARE.slice(0, 2)})`, `/api/articles?keyword=${q(RARE.slice(0, 2))}&pageSize=20`],
    [`keyword, 10 % (${COMMON})`, `/api/articles?keyword=${q(COMMON)}&pageSize=20`],
    ['open one article', `/api/articles/${Math.floor(ARTICLES / 2)}`],
    ['list by editor', '/api/articles?editorId=17&pageSize=20'],
    ['list by department', '/api/articles?departmentId=5&pageSize=20'],
    ['list by status, sorted by published', '/api/articles?status=3&sort=publishedAt&order=descend&pageSize=20'],
    ['list by tag', '/api/articles?tagId=42&pageSize=20'],
    ['list by category, updated this week', `/api/articles?categoryId=8&updatedFrom=${q(new Date(Date.now() - 7 * 86400_000).toISOString())}&pageSize=20`],
  ];
  await timeRequests(app, cookie, cases, RUNS);
  if (process.env.BENCH_EXPLAIN) await explain(db);

  // The CSV export: a filtered export, and every article (streamed; the bytes are counted, not kept).
  for (const [name, path] of [
    ['export CSV, status and category', '/api/articles/export.csv?status=3&categoryId=8'],
    ['export CSV, all articles', '/api/articles/export.csv'],
  ] as const) {
    const start = performance.now();
    const res = await app.request(`http://localhost${path}`, { headers: { cookie } });
    let bytes = 0;
    let lines = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const b of value) if (b === 10) lines++;
    }
    console.log(`${name.padEnd(34)} ${((performance.now() - start) / 1000).toFixed(2).padStart(7)} s  ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB`);
  }

  // Saving: sanitize, check, version, search terms, usage, log.
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const id = Math.floor(ARTICLES / 2) + 1 + i;
    const current = await (await app.request(`http://localhost/api/articles/${id}`, { headers: { cookie } })).json();
    const body = JSON.stringify({
      version: current.data.version,
      title: `${current.data.title}（改）`,
      content: `<p>${'解放J6P 牵引车在高速上的油耗表现。'.repeat(60)}</p>`,
    });
    const start = performance.now();
    const res = await app.request(`http://localhost/api/articles/${id}`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body });
    if (res.status !== 200) throw new Error(`save: ${await res.text()}`);
    times.push(performance.now() - start);
  }
  console.log(`${'save an article (2 000 characters)'.padEnd(34)} ${formatTimes(times)}  ${RUNS} saves`);

  await rm(uploadsDir, { recursive: true, force: true });
  await bench.close();
}

/**
 * BENCH_EXPLAIN=1: the plans of the list's queries (written out as the app sends them: page query
 * and the capped count), on whichever engine the bench runs.
 */
async function explain(db: Awaited<ReturnType<typeof openBenchDatabase>>['db']) {
  const cols = `a.id, a.kind, a.title, a.cover, a.category_id, c.name, a.editor_id, u.name, a.status, a.updated_at, a.published_at, a.version, a.updated_at::text`;
  const from = `articles a LEFT JOIN categories c ON c.id = a.category_id LEFT JOIN users u ON u.id = a.editor_id`;
  const kw = (w: string) => `a.search @@ to_tsquery('simple', '(${w}) | (${w})')`;
  const queries: Array<[string, string]> = [
    ['page 1', `SELECT ${cols} FROM ${from} ORDER BY a.updated_at DESC, a.id DESC LIMIT 20`],
    ['count, no filter', `SELECT count(*) FROM (SELECT 1 FROM articles a LIMIT 1001) x`],
    ['status + category', `SELECT ${cols} FROM ${from} WHERE a.status = 3 AND a.category_id = 8 ORDER BY a.updated_at DESC, a.id DESC LIMIT 20`],
    ['count status + category', `SELECT count(*) FROM (SELECT 1 FROM articles a WHERE a.status = 3 AND a.category_id = 8 LIMIT 1001) x`],
    [
      'page 2500 by cursor',
      `SELECT ${cols} FROM ${from} WHERE (a.updated_at, a.id) < ((SELECT updated_at FROM articles WHERE id = 49980), 49980) ORDER BY a.updated_at DESC, a.id DESC LIMIT 20`,
    ],
    [
      'page 2500 jump',
      `SELECT ${cols} FROM ${from} WHERE a.id IN (SELECT id FROM articles ORDER BY updated_at DESC, id DESC LIMIT 20 OFFSET 49980) ORDER BY a.updated_at DESC, a.id DESC`,
    ],
    ['keyword rare', `SELECT ${cols} FROM ${from} WHERE ${kw(RARE.slice(0, 2))} ORDER BY a.updated_at DESC, a.id DESC LIMIT 20`],
    ['keyword 10 %', `SELECT ${cols} FROM ${from} WHERE ${kw('牵引 & 引车')} ORDER BY a.updated_at DESC, a.id DESC LIMIT 20`],
    ['count keyword 10 %', `SELECT count(*) FROM (SELECT 1 FROM articles a WHERE ${kw('牵引 & 引车')} LIMIT 1001) x`],
    ['status, by published', `SELECT ${cols} FROM ${from} WHERE a.status = 3 ORDER BY a.published_at DESC NULLS LAST, a.id DESC LIMIT 20`],
  ];
  // The rare word as the app runs it: plain index scans off for that transaction (article-list.ts).
  queries.push(['keyword rare, as the app runs it (enable_indexscan off)', `SET LOCAL enable_indexscan = off; ${queries[6][1]}`]);
  for (const [name, query] of queries) {
    const [setting, statement] = query.startsWith('SET LOCAL') ? [query.slice(0, query.indexOf(';')), query.slice(query.indexOf(';') + 1)] : [null, query];
    const result = (await db.transaction(async (tx) => {
      if (setting) await tx.execute(sql.raw(setting));
      return tx.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS OFF, COSTS OFF) ${statement}`));
    })) as unknown as { rows: Array<Record<string, string>> };
    console.log(`\n-- ${name}\n${result.rows.map((r) => Object.values(r)[0]).join('\n')}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
