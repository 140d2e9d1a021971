import { and, desc, ilike, like, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { picStores, videoStores } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { likePattern } from '../crud/list';
import type { SplitCondition } from '../crud/crud-routes';

/** Title search of the libraries (server/routes/media.ts) and of the short videos (server/routes/videos.ts). */

/**
 * A title containing the keyword: through the bigram index when the keyword has two characters
 * or more (migration 0006), by ILIKE alone for a single character.
 */
export function titleMatches(column: AnyPgColumn, value: string): SQL | undefined {
  const keyword = value.trim().slice(0, 100);
  if (!keyword) return undefined;
  const contains = containsText(column, keyword);
  return [...keyword].length < 2 ? contains : and(sql`cms_bigrams(${column}) @> cms_bigrams(${keyword})`, contains);
}

/**
 * `LIKE %keyword%` when the keyword has no letters with case (Chinese, digits): the same rows as
 * ILIKE, which lower-cases every title it tests and costs five times as much per row.
 */
function containsText(column: AnyPgColumn, keyword: string): SQL {
  return keyword.toLowerCase() === keyword.toUpperCase() ? like(column, likePattern(keyword)) : ilike(column, likePattern(keyword));
}

/** The newest items the keyword probe reads, and the hits that make a keyword common or frequent. */
export const KEYWORD_PROBE_ROWS = 2_000;
const PROBE_COMMON = 2; // ≥ 0.1 %: the newest page is found by walking the newest first
const PROBE_FREQUENT = 60; // ≥ 3 %: so is the capped count

/**
 * A library title search that stays fast at a million items whatever the keyword's frequency
 * (docs/bench.md). The bigram index finds a rare keyword's matches at once, but for a common one it
 * hands over thousands of rows to fetch and sort before the newest 40 are known; walking the
 * newest-first index and testing each title finds those 40 in a few hundred rows. A probe of the
 * newest 2 000 titles says which case this is; every plan returns the same rows.
 */
export async function titleSearch(db: DbOrTx, table: typeof picStores | typeof videoStores, value: string): Promise<SplitCondition | SQL | undefined> {
  const keyword = value.trim().slice(0, 100);
  if (!keyword) return undefined;
  const indexed = titleMatches(table.title, keyword);
  if ([...keyword].length < 2) return indexed;
  const contains = containsText(table.title, keyword);
  const newest = db.select({ title: table.title }).from(table).orderBy(desc(table.createdAt), desc(table.id)).limit(KEYWORD_PROBE_ROWS).as('newest');
  const [{ hits }] = await db
    .select({ hits: sql<number>`count(*)::int` })
    .from(sql`(SELECT 1 FROM ${newest} WHERE ${containsText(newest.title as unknown as AnyPgColumn, keyword)} LIMIT ${PROBE_FREQUENT}) AS probe`);
  if (hits < PROBE_COMMON) return indexed;
  return { page: contains, count: hits < PROBE_FREQUENT ? indexed : contains };
}
