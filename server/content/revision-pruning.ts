import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/types';
import { revisions, type EditorialResource } from '../db/schema';

/**
 * Revision pruning (DESIGN §8, issue 8; the policy is in docs/decisions.md). A revision is a full
 * copy of the record, so an article saved every few minutes for years would keep thousands. What
 * stays, per article or short video:
 * - every revision of the last {@link REVISION_KEEP_DAYS} days;
 * - before that, the last revision of each day (China time), which is how the record stood that evening;
 * - always the newest {@link REVISION_KEEP_LATEST}, however old (a rarely edited article keeps its history);
 * - every displaced editor's unsaved copy (`kind = 'takeover'`): it exists nowhere else, and there
 *   are few (one per takeover or lapsed lock with unsaved text). They neither count as nor take
 *   the place of the day's last revision.
 * The daily maintenance (server/jobs/maintenance.ts) prunes the records whose revisions crossed the
 * 30-day line since about a week ago: only those can have gained anything to prune, since a save
 * only adds a newest revision, which never makes an older one prunable within the window.
 */
export const REVISION_KEEP_DAYS = 30;
export const REVISION_KEEP_LATEST = 20;
/** How far back before the 30-day line the daily pass looks (covers a server down for a week). */
export const REVISION_SCAN_DAYS = 8;
/** Records pruned per transaction. */
const CHUNK = 200;

const DAY_MS = 86_400_000;

export interface PruneOptions {
  now?: Date;
  /** Every record with an old revision, not only those whose revisions aged since about a week ago. */
  full?: boolean;
}

/** Prunes the revisions of these records (one resource) in `tx`; returns how many were deleted. */
export async function pruneRevisionsOf(tx: DbOrTx, resource: EditorialResource, ids: number[], now = new Date()): Promise<number> {
  if (!ids.length) return 0;
  const cutoff = new Date(now.getTime() - REVISION_KEEP_DAYS * DAY_MS);
  // Newest first per record, and per record, day and kind (a takeover copy is its own class).
  const ranked = sql`
    SELECT id, kind, created_at,
      row_number() OVER (PARTITION BY resource_id ORDER BY id DESC) AS newest,
      row_number() OVER (PARTITION BY resource_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, kind = 'takeover' ORDER BY id DESC) AS of_day
    FROM ${revisions}
    WHERE resource = ${resource} AND resource_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  const gone = await tx.execute(sql`
    DELETE FROM ${revisions} WHERE id IN (
      SELECT id FROM (${ranked}) r
      WHERE r.newest > ${REVISION_KEEP_LATEST} AND r.of_day > 1 AND r.kind <> 'takeover' AND r.created_at < ${cutoff.toISOString()}::timestamptz
    )
    RETURNING id`);
  return (gone as unknown as { rows: unknown[] }).rows.length;
}

/**
 * The daily pass: finds the records whose revisions crossed the 30-day line lately (all records
 * with an old revision when `full`) and prunes them, 200 records per transaction, so a PGlite
 * server keeps answering between the chunks. Returns how many revisions were deleted.
 */
export async function pruneRevisions(db: DbOrTx, { now = new Date(), full = false }: PruneOptions = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - REVISION_KEEP_DAYS * DAY_MS);
  const from = new Date(cutoff.getTime() - REVISION_SCAN_DAYS * DAY_MS);
  const targets = await db
    .selectDistinct({ resource: revisions.resource, id: revisions.resourceId })
    .from(revisions)
    .where(full ? lt(revisions.createdAt, cutoff) : and(gte(revisions.createdAt, from), lt(revisions.createdAt, cutoff)))
    .orderBy(asc(revisions.resource), asc(revisions.resourceId));
  let deleted = 0;
  for (const resource of ['article', 'video'] as const) {
    const ids = targets.filter((t) => t.resource === resource).map((t) => t.id);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      deleted += await db.transaction((tx) => pruneRevisionsOf(tx, resource, chunk, now));
    }
  }
  return deleted;
}
