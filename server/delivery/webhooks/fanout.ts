import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';

/**
 * The fan-out (DESIGN §12; issue 24 item 4): each committed outbox row becomes one delivery per
 * subscribed endpoint, exactly once, whichever instance runs it.
 *
 * Why the position is a transaction id and not the last outbox id: outbox ids are taken when a row
 * is inserted, but rows become visible when their transaction commits, in another order. Reading
 * "ids above the last one seen" would skip a row whose transaction took id 10, then committed after
 * the row with id 11 had been read. Here each row carries its writing transaction's id (`tx_id`,
 * `pg_current_xact_id()`); a round reads `X = pg_snapshot_xmin(pg_current_snapshot())`, the oldest
 * transaction still running, so every transaction below X has ended (committed or rolled back) and
 * no row below X can appear later. The round fans out every row with position ≤ tx_id < X in one
 * statement, in outbox-id order, and moves the position to X. A rolled-back change left no row; a
 * committed one is read by the first round after it committed (and after any older transaction
 * still running ended: a long writing transaction holds the webhooks back for its length).
 *
 * In order per item: two changes to one item are serialised by the item's row lock, so when the
 * later one has committed the earlier one has too, and both are fanned out in the same round or the
 * earlier one first; deliveries of one item and endpoint are then sent in outbox-id order (worker).
 *
 * Across instances: the position row is locked `FOR UPDATE SKIP LOCKED`, so one instance fans out
 * at a time and the others skip the round; the unique (endpoint, event) index makes a repeat a no-op.
 * The deliveries are due at `now`, the worker's clock. An endpoint created now receives the events not yet fanned out (at most a round's worth).
 */
export async function fanOut(db: DbOrTx, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    // First, before this transaction takes an id of its own: the oldest transaction still running.
    const [{ horizon }] = (await tx.execute(sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon`)).rows as Array<{ horizon: string }>;
    const locked = (await tx.execute(sql`SELECT position::text AS position FROM webhook_fanout WHERE id = 1 FOR UPDATE SKIP LOCKED`)).rows as Array<{
      position: string;
    }>;
    if (!locked.length) return 0; // another instance is fanning out
    const from = locked[0].position;
    if (BigInt(from) >= BigInt(horizon)) return 0;
    const inserted = await tx.execute(sql`
      INSERT INTO webhook_deliveries (endpoint_id, event_id, message_id, type, content_type, content_id, next_attempt_at, payload)
      SELECT e.id, o.id, 'msg_' || o.id || '_' || e.id || '_' || substr(md5(random()::text), 1, 10), o.type, o.content_type, o.content_id, ${now.toISOString()}::timestamptz,
             jsonb_build_object(
               'type', o.type,
               'timestamp', to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'data', jsonb_build_object('contentType', o.content_type, 'id', o.content_id, 'action', o.action, 'item', o.item, 'keys', o.keys)
             )
      FROM outbox_events o
      JOIN webhook_endpoints e ON e.events = '[]'::jsonb OR e.events ? o.type
      WHERE o.tx_id >= ${from}::xid8 AND o.tx_id < ${horizon}::xid8
      ORDER BY o.id, e.id
      ON CONFLICT (endpoint_id, event_id) DO NOTHING`);
    await tx.execute(sql`UPDATE webhook_fanout SET position = ${horizon}::xid8, updated_at = now() WHERE id = 1`);
    return (inserted as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ?? (inserted as { rowCount?: number }).rowCount ?? 0;
  });
}
