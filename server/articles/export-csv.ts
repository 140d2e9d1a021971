import type { Context } from 'hono';
import { desc, eq, sql } from 'drizzle-orm';
import { articles, categories, departments, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { allOf, parseListQuery } from '../crud/list';
import { logOperation } from '../crud/oplog';
import { parseInput } from '../http/errors';
import { describeError } from '../http/failure';
import type { AppEnv } from '../http/types';
import { csvField } from '../../lib/csv';
import { articleFilterSchema, articleWhere, isRareKeyword, kindLabel, seek, sortKeyText, statusLabel, type Cursor } from './list';

/** Rows per query while the CSV export streams. */
export const EXPORT_BATCH = 1_000;

const CSV_HEADERS = ['ID', '标题', '类型', '分类', '编辑', '部门', '状态', '作者', '来源', '更新时间', '发布时间'];

/** `2026-11-22 18:30:05` in China time (the newsroom's clock), empty for none. */
export function csvTime(value: Date | string | null): string {
  if (!value) return '';
  const d = new Date(value);
  const china = new Date(d.getTime() + 8 * 3600_000);
  return china.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * `GET /api/articles/export.csv?…the list's filters`: every matching article in scope, streamed in
 * batches of 1 000 read by a seek on (updated_at, id), so any size leaves the memory flat. UTF-8
 * with a byte-order mark (Excel reads Chinese correctly), Chinese headers, CRLF line ends.
 */
export async function exportCsv(c: Context<AppEnv>) {
  const query = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ''));
  const { keyword } = parseListQuery(query);
  const f = parseInput(articleFilterSchema, query);
  const user = c.get('user')!;
  const db = c.get('db');
  const where = articleWhere(user, f, keyword);
  await db.transaction(async (tx) => {
    await logOperation(tx, c, { type: 'export', resource: 'articles', summary: `导出文章列表 CSV${describeFilters(query)}`, after: { filters: query } });
  });
  const rare = keyword ? await isRareKeyword(db, keyword) : false;
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${CSV_HEADERS.join(',')}\r\n`));
    },
    async pull(controller) {
      if (done) return;
      try {
        const batch = (q: DbOrTx) =>
          q
            .select({
              id: articles.id,
              title: articles.title,
              kind: articles.kind,
              categoryName: categories.name,
              editorName: users.name,
              departmentName: departments.name,
              status: articles.status,
              author: articles.author,
              source: articles.source,
              updatedAt: articles.updatedAt,
              publishedAt: articles.publishedAt,
              _k: sortKeyText,
            })
            .from(articles)
            .leftJoin(categories, eq(categories.id, articles.categoryId))
            .leftJoin(users, eq(users.id, articles.editorId))
            .leftJoin(departments, eq(departments.id, articles.departmentId))
            .where(allOf([where, cursor ? seek(cursor) : undefined]))
            .orderBy(desc(articles.updatedAt), desc(articles.id))
            .limit(EXPORT_BATCH);
        // A rare keyword reads its matches from the search index (see listPage).
        const rows = rare
          ? await db.transaction(async (tx) => {
              await tx.execute(sql`SET LOCAL enable_indexscan = off`);
              return batch(tx);
            })
          : await batch(db);
        const lines = rows.map((r) =>
          [
            r.id,
            r.title,
            kindLabel(r.kind),
            r.categoryName ?? '',
            r.editorName ?? '',
            r.departmentName ?? '',
            statusLabel(r.status),
            r.author,
            r.source,
            csvTime(r.updatedAt),
            csvTime(r.publishedAt),
          ]
            .map(csvField)
            .join(','),
        );
        if (lines.length) controller.enqueue(encoder.encode(`${lines.join('\r\n')}\r\n`));
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_BATCH) {
          done = true;
          controller.close();
        } else {
          cursor = { s: 'updatedAt', o: 'd', k: last._k, i: last.id, d: 'n' };
        }
      } catch (err) {
        console.error(`[articles] CSV 导出中断: ${describeError(err)}`);
        done = true;
        controller.error(err);
      }
    },
  });
  const stamp = csvTime(new Date()).replace(/[-: ]/g, '').slice(0, 12);
  const name = `文章列表-${stamp}.csv`;
  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="articles-${stamp}.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

const FILTER_NAMES: Record<string, string> = {
  keyword: '关键词',
  kind: '类型',
  status: '状态',
  categoryId: '分类',
  tagId: '标签',
  editorId: '编辑',
  departmentId: '部门',
  updatedFrom: '更新起',
  updatedTo: '更新止',
  publishedFrom: '发布起',
  publishedTo: '发布止',
};

function describeFilters(query: Record<string, string>): string {
  const parts = Object.entries(query)
    .filter(([k]) => FILTER_NAMES[k])
    .map(([k, v]) => `${FILTER_NAMES[k]}=${k === 'status' ? statusLabel(Number(v)) : k === 'kind' ? kindLabel(v) : v}`);
  return parts.length ? `（${parts.join('，')}）` : '（全部）';
}
