/**
 * `npm run bench` (second part): the libraries and the tag picker at newsroom scale, through the
 * real Hono app with a session (issue 6). Fills 1 000 000 pictures (titles, 0–3 library tags each,
 * one tag on a tenth of them) and 100 000 taxonomy tags, then times each request; and times a
 * 10 MB picture going through the local driver (ticket → upload → register with its thumbnail).
 * PGlite in memory by default, BENCH_DATABASE_URL for PostgreSQL (a throw-away schema).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { defaultKinds } from '../server/storage/config';
import { benchCookie, formatTimes, openBenchDatabase, timeRequests } from './timing';

const PICTURES = Number(process.env.BENCH_PICTURES || 1_000_000);
const TAGS = Number(process.env.BENCH_TAGS || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 30);

async function main() {
  const bench = await openBenchDatabase();
  const { db, handle } = bench;
  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const res = (await db.execute(query)) as unknown as { rows: T[] };
    return res.rows;
  };

  const t0 = performance.now();
  // Indexes are dropped for the bulk fill and built again after it, as one would load a dump.
  const defs = await rows<{ indexname: string; indexdef: string }>(
    sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('pic_stores', 'tags') AND indexname NOT LIKE '%_pkey' AND schemaname = current_schema()`,
  );
  for (const d of defs) await db.execute(sql.raw(`DROP INDEX "${d.indexname}"`));
  await db.execute(sql`INSERT INTO pic_store_tags (name, sort) SELECT '图片标签' || g, g FROM generate_series(1, 500) g`);
  await db.execute(sql`INSERT INTO tag_types (name, sort) SELECT '标签类型' || g, g FROM generate_series(1, 20) g`);
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
  const wordArray = sql.raw(`ARRAY[${words.map((w) => `'${w}'`).join(',')}]`);
  await db.execute(sql`
    INSERT INTO tags (type_id, name)
    SELECT 1 + g % 20, (${wordArray})[1 + g % ${words.length}] || (${wordArray})[1 + (g / ${words.length}) % ${words.length}] || g
    FROM generate_series(1, ${TAGS}) g`);
  await db.execute(sql`
    INSERT INTO pic_stores (title, storage, key, url, thumb_url, mime, size, width, height, sha256, tag_ids, uploader_id, check_status, created_at, updated_at)
    SELECT (${wordArray})[1 + g % ${words.length}] || ' ' || (${wordArray})[1 + (g / 7) % ${words.length}] || ' 图' || g,
           'local', 'pic/2026/11/' || md5(g::text) || '.jpg', '/uploads/pic/2026/11/' || md5(g::text) || '.jpg',
           '/uploads/thumbs/pic/2026/11/' || md5(g::text) || '.webp', 'image/jpeg', 200000 + g % 5000000, 1920, 1080, md5(g::text) || md5((g + 1)::text),
           CASE WHEN g % 10 = 0 THEN ARRAY[1, 2 + g % 499] WHEN g % 3 = 0 THEN ARRAY[2 + g % 499, 2 + (g / 3) % 499] ELSE ARRAY[2 + g % 499] END,
           1, (g % 4)::smallint, now() - (g || ' seconds')::interval, now()
    FROM generate_series(1, ${PICTURES}) g`);
  for (const d of defs) await db.execute(sql.raw(d.indexdef));
  await db.execute(sql`ANALYZE`);
  console.log(`filled ${PICTURES} pictures, ${TAGS} tags in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${handle.kind}`);

  const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'cms-bench-uploads-'));
  const app = createApp({
    getDb: async () => db,
    peer: () => ({ ip: '10.250.0.1', tls: false }),
    storage: { driver: 'local', uploadsDir, kinds: defaultKinds(), ticketMinutes: 60 },
  });
  const cookie = await benchCookie(app);

  const q = encodeURIComponent;
  const cases: Array<[string, string]> = [
    ['library page 1 (40)', '/api/pic_stores?pageSize=40'],
    ['library by tag (a tenth)', '/api/pic_stores?tagId=1&pageSize=40'],
    ['library by tag (rare)', '/api/pic_stores?tagId=377&pageSize=40'],
    ['library by keyword (≥3 chars)', `/api/pic_stores?keyword=${q('牵引车 豪沃')}&pageSize=40`],
    ['library by keyword (2 chars)', `/api/pic_stores?keyword=${q('外观')}&pageSize=40`],
    ['library by keyword (rare, one title)', `/api/pic_stores?keyword=${q('图123456')}&pageSize=40`],
    ['library page 100', '/api/pic_stores?page=100&pageSize=40'],
    ['tag picker (2 chars)', `/api/tags/search?keyword=${q('重卡')}`],
    ['tag picker (prefix, 4 chars)', `/api/tags/search?keyword=${q('豪沃天龙')}`],
    ['tag picker (inner fragment)', `/api/tags/search?keyword=${q('龙12')}`],
  ];
  await timeRequests(app, cookie, cases, RUNS);

  // A 10 MB picture through the local driver: ticket, upload, register (sharp reads it, writes the thumbnail).
  const noise = randomBytes(3600 * 2700 * 3);
  const big = await sharp(noise, { raw: { width: 3600, height: 2700, channels: 3 } })
    .jpeg({ quality: 97 })
    .toBuffer();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const file = Buffer.concat([big.subarray(0, big.length - 2), Buffer.from([i, 0xff, 0xd9])]); // a new hash each time
    const start = performance.now();
    const ticket = await (
      await app.request('http://localhost/api/upload_token', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'pic', size: file.length, mime: 'image/jpeg' }),
      })
    ).json();
    const put = await app.request(`http://localhost${ticket.data.url}`, { method: 'PUT', headers: { cookie, 'content-type': 'image/jpeg' }, body: file });
    if (put.status !== 200) throw new Error(`upload: ${await put.text()}`);
    const reg = await (
      await app.request('http://localhost/api/pic_stores', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ key: ticket.data.key, title: '大图' }),
      })
    ).json();
    if (reg.status !== 0) throw new Error(`register: ${JSON.stringify(reg)}`);
    times.push(performance.now() - start);
  }
  console.log(`${`upload ${(big.length / 1024 / 1024).toFixed(1)} MB picture + thumbnail`.padEnd(34)} ${formatTimes(times)}  (5 runs)`);

  await rm(uploadsDir, { recursive: true, force: true });
  await bench.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
