import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { periodError } from '../../lib/resources/operations';
import type { DbOrTx } from '../db/types';
import { badRequest } from '../http/errors';
import { idFilter } from '../http/params';

/** What the operations screens' routes share (server/routes/focus.ts, search-keywords.ts, chameleons.ts, operations.ts). */

export type Values = Record<string, unknown>;

/** An id filter from the query string; one that cannot exist matches nothing. */
export const byId = (column: AnyPgColumn) => (value: string) => {
  const id = idFilter(value);
  return id === null ? sql`false` : eq(column, id);
};
export const byEnabled = (column: AnyPgColumn) => (v: string) => (v === 'true' || v === 'false' ? eq(column, v === 'true') : undefined);
export const byText = (column: AnyPgColumn) => (v: string) => eq(column, v.slice(0, 64));

/** The next `sort` at the end of a group (or of the whole table). */
export async function nextSort(tx: DbOrTx, table: PgTable, sortColumn: AnyPgColumn, where?: SQL) {
  const [{ top }] = await tx
    .select({ top: sql<number | null>`max(${sortColumn})` })
    .from(table)
    .where(where);
  return (top === null || top === undefined ? -1 : Number(top)) + 1;
}

/** A period's end must come after its start (checked on the merged record: an update may send one of them). */
export function assertPeriod(startAt: unknown, endAt: unknown) {
  const error = periodError(startAt instanceof Date ? startAt.toISOString() : startAt, endAt instanceof Date ? endAt.toISOString() : endAt);
  if (error) throw badRequest(error, { endAt: error });
}
