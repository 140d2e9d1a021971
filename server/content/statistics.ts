import { sql } from 'drizzle-orm';
import { addDays, chinaDate, CHINA_OFFSET_MS } from '../../lib/resources/statistics';
import type { DbOrTx } from '../db/types';

/**
 * Articles and videos published per day and editor (DESIGN §11), counted from `content_events`:
 * an item counts once, on the China day of its **first** publication (a transition into 已发布
 * from any other status, the scheduler's included), for the item's editor at that moment. Taking
 * it offline does not subtract and republishing does not add (docs/decisions.md, statistics).
 *
 * `refreshPublications` recounts one editor's day from the events inside the transition's
 * transaction, so the `statistics` row always equals what the events say.
 */

/** The first instant of a China day. */
export const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS);

/** First publications (see above) of `e`: the condition on a `content_events e` row. */
export const FIRST_PUBLICATION = sql.raw(
  `e.to_status = 3 AND e.from_status <> 3 AND NOT EXISTS (SELECT 1 FROM content_events p WHERE p.content_type = e.content_type AND p.content_id = e.content_id AND p.to_status = 3 AND p.from_status <> 3 AND p.id < e.id)`,
);

export async function refreshPublications(tx: DbOrTx, ownerId: number, at: Date): Promise<void> {
  const day = chinaDate(at);
  const start = dayStart(day);
  const end = dayStart(addDays(day, 1));
  // Two publications of one editor's day at once each recount the events they can see: without a
  // turn, the one that writes second (it waited for the row) writes a count missing the other's
  // event, which committed meanwhile. A transaction lock per editor-day, taken before the recount,
  // makes the second recount after the first has committed (and it reads with a fresh snapshot).
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ownerId}::int, ${Math.round(start.getTime() / 86_400_000)}::int)`);
  await tx.execute(sql`
    INSERT INTO statistics (date, user_id, department_id, articles, videos, updated_at)
    SELECT ${day}::date, ${ownerId}, (SELECT u.department_id FROM users u WHERE u.id = ${ownerId}),
      count(*) FILTER (WHERE e.content_type = 'article'), count(*) FILTER (WHERE e.content_type = 'video'), now()
    FROM content_events e
    WHERE e.owner_id = ${ownerId} AND e.at >= ${start.toISOString()}::timestamptz AND e.at < ${end.toISOString()}::timestamptz AND ${FIRST_PUBLICATION}
    ON CONFLICT (date, user_id) DO UPDATE SET articles = EXCLUDED.articles, videos = EXCLUDED.videos, department_id = EXCLUDED.department_id, updated_at = now()`);
}
