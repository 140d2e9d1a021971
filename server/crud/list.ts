import { and, asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../lib/resources/define';
import { isStatus } from '../../lib/resources/publishing';
import type { DbOrTx } from '../db/types';
import { badRequest, parseInput } from '../http/errors';

/** page / pageSize / keyword from the query string; unknown parameters are ignored. @see DESIGN §2 */
export const listQuerySchema = z.object({
  page: z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码从 1 开始').max(100000).default(1),
  pageSize: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int()
    .min(1, '每页至少 1 条')
    .max(PAGE_SIZE_MAX, `每页最多 ${PAGE_SIZE_MAX} 条`)
    .default(PAGE_SIZE_DEFAULT),
  keyword: z.string().trim().max(100, '关键词不能超过 100 个字符').optional(),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

export function parseListQuery(query: Record<string, string>): ListQuery {
  return parseInput(listQuerySchema, query);
}

/** A list's 状态 filter (`?status=3`): one of the publishing model's statuses (lib/resources/publishing.ts), else 400. */
export const statusFilterSchema = z.coerce
  .number({ error: '状态不正确' })
  .int('状态不正确')
  .refine((n) => isStatus(n), '状态不正确')
  .optional();

/** `ILIKE %keyword%` with the wildcard characters of the keyword escaped. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function allOf(conditions: Array<SQL | undefined>): SQL | undefined {
  const present = conditions.filter((c): c is SQL => Boolean(c));
  return present.length ? and(...present) : undefined;
}

/**
 * Counts matching rows, but stops at `cap` + 1: on tables of millions (logs) an exact COUNT on
 * every page is too slow, and "10000+" is all a person needs to know.
 */
export async function cappedCount(db: DbOrTx, table: PgTable, where: SQL | undefined, cap: number) {
  const limited = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('limited');
  const [{ n }] = await db.select({ n: count() }).from(limited);
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * The capped total as a column of the page query: an uncorrelated subquery, run once per statement,
 * so the page and its total are one statement (issue 17: on PGlite every statement pays a fixed
 * part, the protocol's calls into the WebAssembly and its planning, whatever it does). Read it back with `totalOfPage`.
 */
export function cappedTotalColumn(db: DbOrTx, table: PgTable, where: SQL | undefined, cap: number) {
  return sql<number>`(SELECT count(*)::int FROM (${db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)}) AS capped)`.mapWith(Number);
}

/**
 * The page's rows without their total column, and the total: from the first row, 0 for an empty
 * first page, else (a page past the end) counted on its own.
 */
export async function totalOfPage<R extends { __total: number }>(
  db: DbOrTx,
  rows: R[],
  { table, where, page, cap }: { table: PgTable; where: SQL | undefined; page: number; cap: number },
) {
  const list = rows.map(({ __total, ...row }) => row);
  if (rows.length) {
    const n = rows[0].__total;
    return { list, ...(n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false }) };
  }
  return { list, ...(page === 1 ? { total: 0, totalCapped: false } : await cappedCount(db, table, where, cap)) };
}

/**
 * One page of a filtered, ordered select plus its (capped) total, fetched together: the list reply
 * of DESIGN §2.
 */
export async function pageOf<T>(
  db: DbOrTx,
  {
    query,
    table,
    where,
    page,
    pageSize,
    cap,
  }: {
    query: { limit(n: number): { offset(n: number): PromiseLike<T[]> } };
    table: PgTable;
    where: SQL | undefined;
    page: number;
    pageSize: number;
    cap: number;
  },
) {
  const [list, counted] = await Promise.all([query.limit(pageSize).offset((page - 1) * pageSize), cappedCount(db, table, where, cap)]);
  return { list, page, pageSize, ...counted };
}

export const SORT_ORDERS = ['ascend', 'descend'] as const;

/**
 * The order a list asked for (`sort` names an allowed column, `order` is `ascend` or `descend`),
 * with the id as tie-breaker so pages never overlap; undefined for no `sort` (the default order).
 * A list that declares sort columns refuses any other `sort` or `order` (400 with the field's
 * error, issue 23): the caller asked for an order it would not get. A list without sort columns
 * ignores both, as it ignores every parameter it does not know (DESIGN §2).
 */
export function listOrder(query: Record<string, string>, { sorts, id }: { sorts: Record<string, AnyPgColumn>; id: AnyPgColumn }): SQL[] | undefined {
  const names = Object.keys(sorts);
  if (!names.length) return undefined;
  const { sort, order } = query;
  if (sort && !Object.prototype.hasOwnProperty.call(sorts, sort)) {
    throw badRequest('排序字段无效', { sort: `排序字段只能是 ${names.join('、')} 之一` });
  }
  if (order && !(SORT_ORDERS as readonly string[]).includes(order)) {
    throw badRequest('排序方向无效', { order: '排序方向只能是 ascend 或 descend' });
  }
  if (!sort) return undefined;
  const direction = order === 'descend' ? desc : asc;
  return [direction(sorts[sort]), direction(id)];
}
