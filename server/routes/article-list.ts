import type { Context, Hono } from 'hono';
import { and, arrayContains, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ARTICLE_KINDS, ARTICLE_STATUS, ARTICLE_STATUS_OPTIONS } from '../../lib/resources/articles';
import { INT4_MAX } from '../../lib/constants';
import { access } from '../auth/access';
import { dataScope, scopeCondition, subtreeIdSet } from '../auth/scope';
import { articles, categories, departments, mediaUsage, scheduledJobs, users } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { allOf, cappedCount, cappedTotalColumn, parseListQuery } from '../crud/list';
import { logOperation } from '../crud/oplog';
import { queryTerms } from '../content/search-terms';
import { articleTarget, assertMayChangeLive } from '../content/workflow';
import { ApiError, badRequest, forbidden, idFilter, idParam, notFound, ok, parseInput, readJson } from '../http/reply';
import { describeError } from '../http/failure';
import type { AppEnv, SessionUser } from '../http/types';
import { csvField } from '../../lib/csv';
import { searchChanged, type SearchBackend, type SearchFilters } from '../search';

/**
 * 文章列表 (issue 7): the list and search (`GET /api/articles`, `GET /api/article_from_es`), the CSV
 * export, deleting drafts and the batch actions. Fast at a million articles: every filter and
 * both orders have an index, totals stop at 1 000 ("1000+"), pages beyond the first few seek from a
 * cursor on (sort key, id) instead of skipping rows, and a deep page reached without a cursor skips
 * index entries only (a narrow index-only scan) before the 20 rows are joined to their names.
 */

/** Totals stop counting here: nobody pages through a million articles, they narrow the filters. */
export const ARTICLE_COUNT_CAP = 1_000;
/** Most articles one batch action changes. */
export const BATCH_MAX = 500;
/** Rows per query while the CSV export streams. */
export const EXPORT_BATCH = 1_000;

const kindLabel = (kind: string) => ARTICLE_KINDS.find((k) => k.value === kind)?.label ?? kind;
const routeOfKind = (kind: string) => ARTICLE_KINDS.find((k) => k.value === kind)?.route;
const statusLabel = (status: number) => ARTICLE_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? String(status);

/** Data scope on articles: 全部数据 all, 本部门 the department and below, 仅本人 one's own. */
export const articleScope = (user: SessionUser) => scopeCondition(user, { userColumn: articles.editorId, departmentColumn: articles.departmentId });

/**
 * A column of the list's own `articles` row, spelled with its table inside a subquery. Drizzle
 * leaves the table off columns in the selection of a single-table select, and inside a subquery
 * `"id"` would then name the subquery's own id.
 */
const outer = (column: { name: string }) => sql`${sql.identifier('articles')}.${sql.identifier(column.name)}`;

/**
 * The list's columns. The category's and the editor's names are subqueries by primary key, not
 * joins: the same rows and names, one index probe each per row of the page, and half the planning
 * (issue 17: planning the joined list was most of a PGlite statement's time on a small list).
 */
const listColumns = {
  id: articles.id,
  kind: articles.kind,
  title: articles.title,
  cover: articles.cover,
  categoryId: articles.categoryId,
  categoryName: sql<string | null>`(SELECT ${categories.name} FROM ${categories} WHERE ${categories.id} = ${outer(articles.categoryId)})`,
  editorId: articles.editorId,
  editorName: sql<string | null>`(SELECT ${users.name} FROM ${users} WHERE ${users.id} = ${outer(articles.editorId)})`,
  status: articles.status,
  publishAt: articles.publishAt,
  updatedAt: articles.updatedAt,
  publishedAt: articles.publishedAt,
  version: articles.version,
};

const time = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}必须是 ISO-8601 时间` })
    .refine((v) => {
      const year = new Date(v).getUTCFullYear();
      return year >= 1970 && year <= 9999;
    }, `${label}超出范围（1970–9999 年）`)
    .optional();

/** The list's filters and order (page, pageSize and keyword come from `parseListQuery`). */
export const articleFilterSchema = z.object({
  kind: z.enum(['article', 'gallery', 'video'], { error: '类型不正确' }).optional(),
  status: z.coerce.number({ error: '状态不正确' }).int('状态不正确').min(0, '状态不正确').max(5, '状态不正确').optional(),
  categoryId: z.string().optional(),
  tagId: z.string().optional(),
  editorId: z.string().optional(),
  departmentId: z.string().optional(),
  updatedFrom: time('更新开始时间'),
  updatedTo: time('更新结束时间'),
  publishedFrom: time('发布开始时间'),
  publishedTo: time('发布结束时间'),
  sort: z.enum(['updatedAt', 'publishedAt'], { error: '只能按更新时间或发布时间排序' }).optional(),
  order: z.enum(['ascend', 'descend'], { error: '排序方向不正确' }).optional(),
  cursor: z.string().max(300, '翻页标记无效').optional(),
});
export type ArticleFilters = z.infer<typeof articleFilterSchema>;

const byId = (column: SQL | typeof articles.categoryId | typeof articles.editorId | typeof articles.departmentId, value?: string) => {
  if (value === undefined) return undefined;
  const id = idFilter(value);
  return id === null ? sql`false` : eq(column as typeof articles.categoryId, id);
};

/**
 * A keyword's condition: all its bigrams in the title or summary, or all its words in the body.
 * A keyword without letters, digits or Chinese characters matches nothing.
 */
export function keywordCondition(keyword: string) {
  const terms = queryTerms(keyword);
  if (!terms) return sql`false`;
  return sql`${articles.search} @@ to_tsquery('simple', ${tsQueryText(terms)})`;
}

/** `(bigrams) | (words)`, or the bigrams alone when the words are the same terms. */
function tsQueryText(terms: { all: string[]; words: string[] }): string {
  const all = terms.all.join(' & ');
  const words = terms.words.join(' & ');
  return all === words ? `(${all})` : `(${all}) | (${words})`;
}

/** Every filter of the list, the keyword and the viewer's scope, as one condition. */
export function articleWhere(user: SessionUser, f: ArticleFilters, keyword: string | undefined): SQL | undefined {
  return allOf([
    articleScope(user),
    keyword ? keywordCondition(keyword) : undefined,
    f.kind ? eq(articles.kind, f.kind) : undefined,
    f.status !== undefined ? eq(articles.status, f.status) : undefined,
    byId(articles.categoryId, f.categoryId),
    byId(articles.editorId, f.editorId),
    byId(articles.departmentId, f.departmentId),
    f.tagId === undefined ? undefined : idFilter(f.tagId) === null ? sql`false` : arrayContains(articles.tagIds, [idFilter(f.tagId)!]),
    f.updatedFrom ? gte(articles.updatedAt, new Date(f.updatedFrom)) : undefined,
    f.updatedTo ? lte(articles.updatedAt, new Date(f.updatedTo)) : undefined,
    f.publishedFrom ? gte(articles.publishedAt, new Date(f.publishedFrom)) : undefined,
    f.publishedTo ? lte(articles.publishedAt, new Date(f.publishedTo)) : undefined,
  ]);
}

/* ---- Order and cursor ---- */

interface Order {
  sort: 'updatedAt' | 'publishedAt';
  descending: boolean;
}

const orderOf = (f: ArticleFilters): Order => ({ sort: f.sort ?? 'updatedAt', descending: f.sort ? f.order !== 'ascend' : true });

/**
 * ORDER BY for an order, reversed when paging backwards. 发布时间 puts the unpublished (NULL) last
 * when descending, as the index `(published_at DESC NULLS LAST, id DESC)` holds them.
 */
function orderBy({ sort, descending }: Order, reverse = false): SQL[] {
  const down = descending !== reverse;
  if (sort === 'publishedAt') {
    return down ? [sql`${articles.publishedAt} DESC NULLS LAST`, desc(articles.id)] : [sql`${articles.publishedAt} ASC NULLS FIRST`, asc(articles.id)];
  }
  return down ? [desc(articles.updatedAt), desc(articles.id)] : [asc(articles.updatedAt), asc(articles.id)];
}

/**
 * A cursor names a row of the list (its sort key, exactly as PostgreSQL holds it, and its id) and
 * the direction to read from it: `n` the rows after it, `p` the rows before it. Only the 更新时间
 * order (never NULL) pages by cursor; the 发布时间 order pages by offset.
 */
const cursorSchema = z.object({ s: z.literal('updatedAt'), o: z.enum(['a', 'd']), k: z.string().regex(/^\d{4}-\d\d-\d\d[ T][\d:.]+([+-][\d:]+|Z)?$/), i: z.number().int().positive().max(INT4_MAX), d: z.enum(['n', 'p']) });
type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string, order: Order): Cursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('翻页标记无效，请回到第一页', { cursor: '翻页标记无效' });
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) throw badRequest('翻页标记无效，请回到第一页', { cursor: '翻页标记无效' });
  // A cursor from another order (the order changed since) is ignored: the page number applies.
  if (order.sort !== 'updatedAt' || (result.data.o === 'd') !== order.descending) return null;
  return result.data;
}

/** The rows after (or before) the cursor's row in the list's order: a seek on (updated_at, id). */
function seek(cursor: Cursor): SQL {
  const row = sql`(${cursor.k}::timestamptz, ${cursor.i})`;
  const after = (cursor.o === 'd') === (cursor.d === 'n');
  return after ? sql`(${articles.updatedAt}, ${articles.id}) < ${row}` : sql`(${articles.updatedAt}, ${articles.id}) > ${row}`;
}

/** The sort key of a row as text, exact to the microsecond (a JavaScript Date keeps milliseconds). */
const sortKeyText = sql<string>`${articles.updatedAt}::text`;

type ListRow = Record<string, unknown> & { id: number; _k: string; _total?: number | null };

/**
 * A row's pending scheduled publication or offline (issue 8: "see it in the list"): a probe of the
 * partial unique index of pending jobs per row of the page, evaluated for the page's rows only (the
 * LIMIT applies first), so the page's own plan (a seek on its index, docs/bench.md) stays as it is.
 */
const scheduledAt = (action: 'publish' | 'offline') =>
  sql<Date | null>`(SELECT ${scheduledJobs.runAt} FROM ${scheduledJobs} WHERE ${scheduledJobs.contentType} = 'article' AND ${scheduledJobs.state} = 'pending' AND ${scheduledJobs.contentId} = ${outer(articles.id)} AND ${scheduledJobs.action} = ${action})`.mapWith(scheduledJobs.runAt);

/**
 * One page of rows with their names and pending schedules, and the capped total when `withTotal`:
 * by cursor, or by offset over the narrow index.
 */
async function pageRows(db: DbOrTx, where: SQL | undefined, order: Order, { cursor, offset, limit, withTotal }: { cursor: Cursor | null; offset: number; limit: number; withTotal: boolean }) {
  const reverse = cursor?.d === 'p';
  const base = () =>
    db
      .select({
        ...listColumns,
        _k: sortKeyText,
        scheduledPublishAt: scheduledAt('publish'),
        scheduledOfflineAt: scheduledAt('offline'),
        ...(withTotal ? { _total: cappedTotalColumn(db, articles, where, ARTICLE_COUNT_CAP) } : {}),
      })
      .from(articles);
  let rows: ListRow[];
  if (cursor) {
    rows = (await base()
      .where(allOf([where, seek(cursor)]))
      .orderBy(...orderBy(order, reverse))
      .limit(limit)) as ListRow[];
    if (reverse) rows.reverse();
  } else if (offset < 200) {
    rows = (await base().where(where).orderBy(...orderBy(order)).limit(limit).offset(offset)) as ListRow[];
  } else {
    // A deep page without a cursor: skip index entries only (ids), then join the page's rows.
    const ids = db.select({ id: articles.id }).from(articles).where(where).orderBy(...orderBy(order)).limit(limit).offset(offset);
    rows = (await base().where(inArray(articles.id, ids)).orderBy(...orderBy(order))) as ListRow[];
  }
  return rows;
}

/**
 * `withTotal=false`: the caller already knows the total for these filters (the screen paging on by
 * cursor, lib/api/article-list.ts), so the reply carries `total: null` and nothing is counted.
 */
const withTotalSchema = z.object({ withTotal: z.enum(['true', 'false'], { error: 'withTotal 只能是 true 或 false' }).optional() });

type Counted = { total: number; totalCapped: boolean } | { total: null; totalCapped: null };

/**
 * The list reply: the page, its capped total and the cursors to the next and previous pages. One
 * statement: the page with its names, its pending schedules and the capped total; a second only to
 * count when a page past the first comes back empty.
 */
export async function listPage(db: DbOrTx, user: SessionUser, query: Record<string, string>) {
  const { page, pageSize, keyword } = parseListQuery(query);
  const f = parseInput(articleFilterSchema, query);
  const withTotal = parseInput(withTotalSchema, query).withTotal !== 'false';
  const order = orderOf(f);
  const cursor = f.cursor ? decodeCursor(f.cursor, order) : null;
  const where = articleWhere(user, f, keyword);
  const run = async (q: DbOrTx): Promise<[ListRow[], Counted]> => {
    const rows = await pageRows(q, where, order, { cursor, offset: (page - 1) * pageSize, limit: pageSize, withTotal });
    if (!withTotal) return [rows, { total: null, totalCapped: null }];
    // No row to carry the total: none at all on a first page read without a cursor, else count.
    const n = rows.length ? rows[0]._total! : page === 1 && !cursor ? 0 : null;
    return [rows, n === null ? await cappedCount(q, articles, where, ARTICLE_COUNT_CAP) : { total: Math.min(n, ARTICLE_COUNT_CAP), totalCapped: n > ARTICLE_COUNT_CAP }];
  };
  if (keyword && (await isRareKeyword(db, keyword))) {
    // A rare word: the planner's estimate for a term missing from its statistics is far too high,
    // so it would walk the newest-first index and test every row (0.9 s for 磁悬 at a million).
    // Without plain index scans it takes the matches from the GIN index and sorts those few.
    const [rows, counted] = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      return run(tx);
    });
    return listReply(rows, { page, pageSize, order, counted, cursor });
  }
  const [rows, counted] = await run(db);
  return listReply(rows, { page, pageSize, order, counted, cursor });
}

/**
 * The page's pending scheduled jobs (issue 8: "see it in the list"): one query for the page's ids on
 * the partial unique index of pending jobs, after the page query, so that query's plan (a seek on
 * its own index, docs/bench.md) stays as it is. `scheduledPublishAt` / `scheduledOfflineAt` are
 * when the scheduler will publish or take the article offline; null when nothing is pending.
 */
export async function withSchedules<R extends { id: number }>(db: DbOrTx, rows: R[]): Promise<Array<R & { scheduledPublishAt: Date | null; scheduledOfflineAt: Date | null }>> {
  const jobs = rows.length
    ? await db
        .select({ id: scheduledJobs.contentId, action: scheduledJobs.action, runAt: scheduledJobs.runAt })
        .from(scheduledJobs)
        .where(and(eq(scheduledJobs.contentType, 'article'), eq(scheduledJobs.state, 'pending'), inArray(scheduledJobs.contentId, rows.map((r) => r.id))))
    : [];
  const at = (id: number, action: string) => jobs.find((j) => j.id === id && j.action === action)?.runAt ?? null;
  return rows.map((r) => ({ ...r, scheduledPublishAt: at(r.id, 'publish'), scheduledOfflineAt: at(r.id, 'offline') }));
}

/** Rows of the newest the rare-word probe looks at, and the matches below which a word is rare. */
export const RARE_PROBE_ROWS = 2_000;
export const RARE_PROBE_MATCHES = 20;

/**
 * Whether a keyword is rare: fewer than 20 matches among the 2 000 newest articles (under 1 %).
 * Cheap either way (2 000 index entries and their vectors), and it decides the plan: common words
 * are best found by walking the newest first, rare ones through the search index.
 */
export async function isRareKeyword(db: DbOrTx, keyword: string): Promise<boolean> {
  const newest = db.select({ search: articles.search }).from(articles).orderBy(desc(articles.updatedAt), desc(articles.id)).limit(RARE_PROBE_ROWS).as('newest');
  const terms = queryTerms(keyword);
  if (!terms) return false;
  const query = tsQueryText(terms);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(SELECT 1 FROM ${newest} WHERE ${newest.search} @@ to_tsquery('simple', ${query}) LIMIT ${RARE_PROBE_MATCHES}) AS hits`);
  return n < RARE_PROBE_MATCHES;
}

function listReply(rows: ListRow[], { page, pageSize, order, counted, cursor }: { page: number; pageSize: number; order: Order; counted: Counted; cursor: Cursor | null }) {
  const list = rows.map(({ _k, _total, ...row }) => row);
  const first = rows[0];
  const last = rows.at(-1);
  const canCursor = order.sort === 'updatedAt';
  const o = order.descending ? 'd' : 'a';
  // A full page may have a next one; reading backwards, the next page is where we came from.
  const hasNext = rows.length === pageSize || cursor?.d === 'p';
  return {
    list,
    page,
    pageSize,
    ...counted,
    nextCursor: canCursor && last && hasNext ? encodeCursor({ s: 'updatedAt', o, k: last._k, i: last.id, d: 'n' }) : null,
    prevCursor: canCursor && first && page > 1 ? encodeCursor({ s: 'updatedAt', o, k: first._k, i: first.id, d: 'p' }) : null,
  };
}

/** What the search engine needs of the filters (the viewer's scope resolved to ids). */
async function searchFilters(db: DbOrTx, user: SessionUser, f: ArticleFilters): Promise<SearchFilters> {
  const scope = dataScope(user);
  const num = (v?: string) => (v === undefined ? undefined : (idFilter(v) ?? -1));
  return {
    kind: f.kind,
    status: f.status,
    categoryId: num(f.categoryId),
    tagId: num(f.tagId),
    editorId: num(f.editorId),
    departmentId: num(f.departmentId),
    updatedFrom: f.updatedFrom,
    updatedTo: f.updatedTo,
    publishedFrom: f.publishedFrom,
    publishedTo: f.publishedTo,
    scopeEditorId: scope.kind === 'self' ? user.id : undefined,
    scopeDepartmentIds: scope.kind === 'department' ? [...(await subtreeIdSet(db, scope.rootId))] : undefined,
  };
}

/**
 * `GET /api/articles` and `GET /api/article_from_es`. A keyword goes to the search engine when one
 * is configured (DESIGN §10); when it cannot answer, PostgreSQL answers and the reply says so.
 */
export function listHandler(search: SearchBackend | null) {
  return async (c: Context<AppEnv>) => {
    const query = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ''));
    const db = c.get('db');
    const user = c.get('user')!;
    const { page, pageSize, keyword } = parseListQuery(query);
    const f = parseInput(articleFilterSchema, query);
    const order = orderOf(f);
    if (search && keyword && page * pageSize <= search.maxWindow) {
      try {
        const found = await search.search({ keyword, filters: await searchFilters(db, user, f), sort: order.sort, descending: order.descending, from: (page - 1) * pageSize, size: pageSize, totalCap: ARTICLE_COUNT_CAP });
        // The rows come from PostgreSQL in the engine's order, filters and scope applied again: a
        // stale index (a status changed since) can only leave a row out, never show a wrong one.
        const rows = found.ids.length
          ? ((await db
              .select({ ...listColumns, _k: sortKeyText })
              .from(articles)
              .where(allOf([inArray(articles.id, found.ids), articleWhere(user, f, undefined)]))) as ListRow[])
          : [];
        const byIdMap = new Map(rows.map((r) => [r.id, r]));
        const ordered = await withSchedules(db, found.ids.map((id) => byIdMap.get(id)).filter((r): r is ListRow => Boolean(r)));
        const reply = listReply(ordered, { page, pageSize, order, counted: { total: found.total, totalCapped: found.totalCapped }, cursor: null });
        return ok(c, { ...reply, nextCursor: null, prevCursor: null, engine: search.name });
      } catch (err) {
        console.error(`[search] ${search.name} 查询失败，改用数据库:`, err instanceof Error ? err.message : err);
        const reply = await listPage(db, user, query);
        return ok(c, { ...reply, engine: 'postgres', notice: '搜索服务暂时不可用，以下结果来自数据库检索' });
      }
    }
    return ok(c, await listPage(db, user, query));
  };
}

/* ---- CSV export ---- */

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
async function exportCsv(c: Context<AppEnv>) {
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
        const batch = (q: DbOrTx) => q
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
          [r.id, r.title, kindLabel(r.kind), r.categoryName ?? '', r.editorName ?? '', r.departmentName ?? '', statusLabel(r.status), r.author, r.source, csvTime(r.updatedAt), csvTime(r.publishedAt)].map(csvField).join(','),
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

const FILTER_NAMES: Record<string, string> = { keyword: '关键词', kind: '类型', status: '状态', categoryId: '分类', tagId: '标签', editorId: '编辑', departmentId: '部门', updatedFrom: '更新起', updatedTo: '更新止', publishedFrom: '发布起', publishedTo: '发布止' };

function describeFilters(query: Record<string, string>): string {
  const parts = Object.entries(query)
    .filter(([k]) => FILTER_NAMES[k])
    .map(([k, v]) => `${FILTER_NAMES[k]}=${k === 'status' ? statusLabel(Number(v)) : k === 'kind' ? kindLabel(v) : v}`);
  return parts.length ? `（${parts.join('，')}）` : '（全部）';
}

/* ---- Delete and batch ---- */

/** The articles of these ids the viewer's scope covers, locked for the change. */
async function lockInScope(tx: DbOrTx, user: SessionUser, ids: number[]) {
  return tx
    .select({ id: articles.id, kind: articles.kind, title: articles.title, status: articles.status, categoryId: articles.categoryId, version: articles.version })
    .from(articles)
    .where(allOf([inArray(articles.id, ids), articleScope(user)]))
    .orderBy(asc(articles.id))
    .for('update');
}

/** The viewer may edit each kind among these articles (写文章, 发图集, 发视频文章). */
function assertMayEdit(user: SessionUser, rows: Array<{ kind: string; title: string }>) {
  const refused = rows.find((r) => !user.routes.has(routeOfKind(r.kind) ?? ''));
  if (refused) throw forbidden(`没有编辑${kindLabel(refused.kind)}的权限：「${refused.title}」`);
}

/** Deletes drafts (their media usage with them), each logged; anything else refuses the lot. */
async function deleteDrafts(tx: DbOrTx, c: Context<AppEnv>, ids: number[]) {
  const user = c.get('user')!;
  const rows = await lockInScope(tx, user, ids);
  if (rows.length !== ids.length) throw notFound(ids.length === 1 ? '文章不存在' : '部分文章不存在或不在你的数据范围内，没有删除任何文章');
  assertMayEdit(user, rows);
  const published = rows.filter((r) => r.status !== ARTICLE_STATUS.draft);
  if (published.length) {
    const names = published.slice(0, 3).map((r) => `「${r.title}」（${statusLabel(r.status)}）`).join('、');
    throw new ApiError(409, `只能删除草稿：${names}${published.length > 3 ? ` 等 ${published.length} 篇` : ''}不是草稿，没有删除任何文章`);
  }
  await tx.delete(mediaUsage).where(and(eq(mediaUsage.ownerType, 'article'), inArray(mediaUsage.ownerId, ids)));
  const deleted = await tx.delete(articles).where(inArray(articles.id, ids)).returning();
  for (const row of deleted) {
    const { search: _s, content, ...rest } = row;
    await logOperation(tx, c, { type: 'delete', resource: 'articles', resourceId: row.id, summary: `删除草稿「${row.title}」`, before: { ...rest, content: `${content.slice(0, 200)}…（${content.length} 字符）` } });
  }
  return deleted.map((r) => r.id);
}

/**
 * Moves these articles to a category (the list's 移动到分类, and a category's delete with
 * `?moveTo=`): the viewer's scope must hold every one (404 otherwise, nothing moved), they may edit
 * each kind, and a published or scheduled one moves only for people with 内容审核 (a move is an
 * edit: the version grows). Each move is logged. The target is read FOR KEY SHARE, so it cannot be
 * deleted under the move.
 */
export async function moveToCategory(tx: DbOrTx, c: Context<AppEnv>, ids: number[], categoryId: number) {
  const user = c.get('user')!;
  const [category] = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.id, categoryId)).for('key share');
  if (!category) throw badRequest('目标分类不存在', { categoryId: '目标分类不存在' });
  const rows = await lockInScope(tx, user, ids);
  if (rows.length !== ids.length) throw notFound('部分文章不存在或不在你的数据范围内，没有移动任何文章');
  assertMayEdit(user, rows);
  // A move is an edit: what readers see moves only through review (as for a save).
  for (const r of rows) if (r.categoryId !== category.id) assertMayChangeLive(articleTarget, user, r.status);
  const changing = rows.filter((r) => r.categoryId !== category.id);
  if (changing.length) {
    // A move is an edit: the version grows, so an editor open on an older copy is told (409).
    await tx
      .update(articles)
      .set({ categoryId: category.id, version: sql`${articles.version} + 1`, updatedAt: new Date() })
      .where(inArray(
        articles.id,
        changing.map((r) => r.id),
      ));
    const names = new Map((await tx.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, [...new Set(changing.map((r) => r.categoryId).filter((x): x is number => x !== null))]))).map((x) => [x.id, x.name]));
    for (const r of changing) {
      await logOperation(tx, c, {
        type: 'update',
        resource: 'articles',
        resourceId: r.id,
        summary: `移动「${r.title}」到分类「${category.name}」`,
        before: { categoryId: r.categoryId, categoryName: r.categoryId ? (names.get(r.categoryId) ?? null) : null, version: r.version },
        after: { categoryId: category.id, categoryName: category.name, version: r.version + 1 },
      });
    }
  }
  return { ids: changing.map((r) => r.id), unchanged: rows.length - changing.length, categoryName: category.name };
}

const batchSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('move'),
      ids: z.array(z.number().int().positive().max(INT4_MAX), { error: '请选择文章' }).min(1, '请选择文章').max(BATCH_MAX, `一次最多 ${BATCH_MAX} 篇`),
      categoryId: z.number({ error: '请选择目标分类' }).int().positive().max(INT4_MAX),
    }),
    z.object({
      action: z.literal('delete'),
      ids: z.array(z.number().int().positive().max(INT4_MAX), { error: '请选择文章' }).min(1, '请选择文章').max(BATCH_MAX, `一次最多 ${BATCH_MAX} 篇`),
    }),
  ],
  { error: '不支持的批量操作' },
);

/**
 * Adds the list's routes to the articles app: `GET /` (list), `GET /export.csv`, `DELETE /:id`
 * (drafts only) and `POST /batch` (move to a category, delete drafts). Registered before `/:id`.
 */
export function addListRoutes(app: Hono<AppEnv>, search: SearchBackend | null) {
  app.get('/', access.route('/article/list'), listHandler(search));
  app.get('/export.csv', access.route('/article/list'), exportCsv);

  app.delete('/:id', access.route('/article/list'), async (c) => {
    const id = idParam(c);
    const db = c.get('db');
    await db.transaction((tx) => deleteDrafts(tx, c, [id]));
    searchChanged(c, [id], true);
    return ok(c, { id });
  });

  app.post('/batch', access.route('/article/list'), async (c) => {
    const input = parseInput(batchSchema, await readJson(c));
    const ids = [...new Set(input.ids)];
    const db = c.get('db');
    if (input.action === 'delete') {
      const deleted = await db.transaction((tx) => deleteDrafts(tx, c, ids));
      searchChanged(c, deleted, true);
      return ok(c, { action: 'delete', ids: deleted });
    }
    const moved = await db.transaction((tx) => moveToCategory(tx, c, ids, input.categoryId));
    searchChanged(c, moved.ids);
    return ok(c, { action: 'move', ...moved });
  });
}
