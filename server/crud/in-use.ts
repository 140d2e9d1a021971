import { arrayContains, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { inUseCount, type InUseItem, type InUseRefusal } from '../../lib/in-use';
import type { DbOrTx } from '../db/types';
import { ApiError } from '../http/errors';
import { cappedCount } from './list';

/**
 * One "in use by" relation of a deletable record (issue 14, referential integrity): rows of `table`
 * whose `column` holds the record's id keep it from being deleted. Declared once per relation on
 * the resource's routes (`crudRoutes({ usedBy })`) and checked by the one generic delete.
 * Every `column` must be indexed (a btree on a scalar column, a GIN on an int[] one).
 */
export interface UsedBy {
  /** Names the relation in the refusal (`articles`, `videos`, `children` …). */
  key: string;
  table: PgTable;
  column: AnyPgColumn;
  /** An int[] column (tag ids …): matched with `@>`, which its GIN index serves. */
  many?: boolean;
  /** The counter and noun: `篇文章`, `个短视频`. */
  label: string;
  /** A list filtered to them; the id is appended (`/article/list?categoryId=`). */
  list?: string;
}

/** Counting stops here: "10000+ 篇文章" says all a person needs. */
export const IN_USE_CAP = 10_000;

/**
 * Who uses the record, one bounded (capped, indexed) count per relation; only the non-zero ones.
 * `id` is what the users store: the id, or a code (a 平台's, for its focus slots).
 */
export async function usageOf(db: DbOrTx, usedBy: UsedBy[], id: number | string): Promise<InUseItem[]> {
  const items: InUseItem[] = [];
  for (const u of usedBy) {
    const where = u.many ? arrayContains(u.column, [id]) : eq(u.column, id);
    const { total, totalCapped } = await cappedCount(db, u.table, where, IN_USE_CAP);
    if (total > 0) items.push({ key: u.key, label: u.label, count: total, capped: totalCapped, ...(u.list ? { link: `${u.list}${id}` } : {}) });
  }
  return items;
}

/**
 * The refusal: 409, 「该分类下有 12 篇文章、2 个短视频，不能删除」, the counts and links in `data.inUse`.
 * Another change than a delete names itself (`action`) and says what to do (`hint`, the dialog's last line).
 */
export function inUseError(label: string, items: InUseItem[], { action, hint }: { action?: string; hint?: string } = {}) {
  const refusal: InUseRefusal = { inUse: items, ...(action ? { title: `不能${action}` } : {}), ...(hint ? { hint } : {}) };
  return new ApiError(409, `该${label}下有 ${items.map(inUseCount).join('、')}，不能${action ?? '删除'}`, undefined, refusal);
}

/**
 * Locks the record for its delete (FOR UPDATE). Every save that points a record at it first takes
 * FOR KEY SHARE on it (`lockReferenced`), so a save racing the delete either lands first and is
 * counted, or waits and then finds the record gone (its "不存在" 400): nothing is orphaned.
 */
export async function lockForDelete(tx: DbOrTx, table: PgTable & { id: AnyPgColumn }, id: number) {
  await tx.execute(sql`SELECT 1 FROM ${table} WHERE ${table.id} = ${id} FOR UPDATE`);
}

/** Refuses (409) when anything still uses the record; call after `lockForDelete` in the same transaction. */
export async function assertUnused(tx: DbOrTx, { label, usedBy, id }: { label: string; usedBy: UsedBy[]; id: number }) {
  const items = await usageOf(tx, usedBy, id);
  if (items.length) throw inUseError(label, items);
}

/**
 * The records a save points at, read with FOR KEY SHARE (as a foreign key check would): a delete of
 * one of them waits for this transaction, and this one waits for a delete under way.
 */
export async function lockReferenced(tx: DbOrTx, table: PgTable & { id: AnyPgColumn }, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids)).for('key share');
  return rows.map((r) => r.id as number);
}
