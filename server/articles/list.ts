import type { Context } from 'hono';
import { and, arrayContains, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ARTICLE_KINDS } from '../../lib/resources/articles';
import { statusLabel } from '../../lib/resources/publishing';
import { INT4_MAX } from '../../lib/constants';
import { dataScope, scopeCondition, subtreeIdSet } from '../auth/scope';
import { articles, categories, scheduledJobs, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { allOf, cappedCount, cappedTotalColumn, parseListQuery, statusFilterSchema } from '../crud/list';
import { queryTerms } from './search/terms';
import { badRequest, parseInput } from '../http/errors';
import { idFilter } from '../http/params';
import { ok } from '../http/reply';
import type { AppEnv, SessionUser } from '../http/types';
import type { SearchBackend, SearchFilters } from './search/types';

/**
 * 文章列表 (issue 7): the list and search (`GET /api/articles`, `GET /api/article_from_es`); the CSV
 * export is ./export-csv.ts, deleting drafts and the batch actions ./batch.ts. Fast at a million articles: every filter and
 * both orders have an index, totals stop at 1 000 ("1000+"), pages beyond the first few seek from a
 * cursor on (sort key, id) instead of skipping rows, and a deep page reached without a cursor skips
 * index entries only (a narrow index-only scan) before the 20 rows are joined to their names.
 */

/** Totals stop counting here: nobody pages through a million articles, they narrow the filters. */
export const ARTICLE_COUNT_CAP = 1_000;

export const kindLabel = (kind: string) => ARTICLE_KINDS.find((k) => k.value === kind)?.label ?? kind;
export const routeOfKind = (kind: string) => ARTICLE_KINDS.find((k) => k.value === kind)?.route;
export { statusLabel };

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
  status: statusFilterSchema,
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
const cursorSchema = z.object({
  s: z.literal('updatedAt'),
  o: z.enum(['a', 'd']),
  k: z.string().regex(/^\d{4}-\d\d-\d\d[ T][\d:.]+([+-][\d:]+|Z)?$/),
  i: z.number().int().positive().max(INT4_MAX),
  d: z.enum(['n', 'p']),
});
export type Cursor = z.infer<typeof cursorSchema>;

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
export function seek(cursor: Cursor): SQL {
  const row = sql`(${cursor.k}::timestamptz, ${cursor.i})`;
  const after = (cursor.o === 'd') === (cursor.d === 'n');
  return after ? sql`(${articles.updatedAt}, ${articles.id}) < ${row}` : sql`(${articles.updatedAt}, ${articles.id}) > ${row}`;
}

/** The sort key of a row as text, exact to the microsecond (a JavaScript Date keeps milliseconds). */
export const sortKeyText = sql<string>`${articles.updatedAt}::text`;

type ListRow = Record<string, unknown> & { id: number; _k: string; _total?: number | null };

/**
 * A row's pending scheduled publication or offline (issue 8: "see it in the list"): a probe of the
 * partial unique index of pending jobs per row of the page, evaluated for the page's rows only (the
 * LIMIT applies first), so the page's own plan (a seek on its index, docs/bench.md) stays as it is.
 */
const scheduledAt = (action: 'publish' | 'offline') =>
  sql<Date | null>`(SELECT ${scheduledJobs.runAt} FROM ${scheduledJobs} WHERE ${scheduledJobs.contentType} = 'article' AND ${scheduledJobs.state} = 'pending' AND ${scheduledJobs.contentId} = ${outer(articles.id)} AND ${scheduledJobs.action} = ${action})`.mapWith(
    scheduledJobs.runAt,
  );

/**
 * One page of rows with their names and pending schedules, and the capped total when `withTotal`:
 * by cursor, or by offset over the narrow index.
 */
async function pageRows(
  db: DbOrTx,
  where: SQL | undefined,
  order: Order,
  { cursor, offset, limit, withTotal }: { cursor: Cursor | null; offset: number; limit: number; withTotal: boolean },
) {
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
    rows = (await base()
      .where(where)
      .orderBy(...orderBy(order))
      .limit(limit)
      .offset(offset)) as ListRow[];
  } else {
    // A deep page without a cursor: skip index entries only (ids), then join the page's rows.
    const ids = db
      .select({ id: articles.id })
      .from(articles)
      .where(where)
      .orderBy(...orderBy(order))
      .limit(limit)
      .offset(offset);
    rows = (await base()
      .where(inArray(articles.id, ids))
      .orderBy(...orderBy(order))) as ListRow[];
  }
  return rows;
}

/**
 * `withTotal=false`: the caller already knows the total for these filters (the screen paging on by
 * cursor, components/articles/list/api.ts), so the reply carries `total: null` and nothing is counted.
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
    return [
      rows,
      n === null ? await cappedCount(q, articles, where, ARTICLE_COUNT_CAP) : { total: Math.min(n, ARTICLE_COUNT_CAP), totalCapped: n > ARTICLE_COUNT_CAP },
    ];
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
export async function withSchedules<R extends { id: number }>(
  db: DbOrTx,
  rows: R[],
): Promise<Array<R & { scheduledPublishAt: Date | null; scheduledOfflineAt: Date | null }>> {
  const jobs = rows.length
    ? await db
        .select({ id: scheduledJobs.contentId, action: scheduledJobs.action, runAt: scheduledJobs.runAt })
        .from(scheduledJobs)
        .where(
          and(
            eq(scheduledJobs.contentType, 'article'),
            eq(scheduledJobs.state, 'pending'),
            inArray(
              scheduledJobs.contentId,
              rows.map((r) => r.id),
            ),
          ),
        )
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

function listReply(
  rows: ListRow[],
  { page, pageSize, order, counted, cursor }: { page: number; pageSize: number; order: Order; counted: Counted; cursor: Cursor | null },
) {
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
        const found = await search.search({
          keyword,
          filters: await searchFilters(db, user, f),
          sort: order.sort,
          descending: order.descending,
          from: (page - 1) * pageSize,
          size: pageSize,
          totalCap: ARTICLE_COUNT_CAP,
        });
        // The rows come from PostgreSQL in the engine's order, filters and scope applied again: a
        // stale index (a status changed since) can only leave a row out, never show a wrong one.
        const rows = found.ids.length
          ? ((await db
              .select({ ...listColumns, _k: sortKeyText })
              .from(articles)
              .where(allOf([inArray(articles.id, found.ids), articleWhere(user, f, undefined)]))) as ListRow[])
          : [];
        const byIdMap = new Map(rows.map((r) => [r.id, r]));
        const ordered = await withSchedules(
          db,
          found.ids.map((id) => byIdMap.get(id)).filter((r): r is ListRow => Boolean(r)),
        );
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
