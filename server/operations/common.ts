import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { periodError } from '../../lib/resources/operations';
import type { DbOrTx } from '../db/types';
import { badRequest } from '../http/errors';

/** What the operations screens' routes share (server/routes/focus.ts, search-keywords.ts, chameleons.ts, operations.ts). */

export type Values = Record<string, unknown>;

export { byEnabled, byId, byText } from '../crud/filters';

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
