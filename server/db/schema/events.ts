import { sql } from 'drizzle-orm';
import { bigserial, customType, index, integer, jsonb, timestamp, pgTable, varchar } from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id (`xid8`), read and written as its decimal text. */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The change-event outbox (DESIGN §12; issue 24): one row per committed change a reader could
 * notice (an article or short video published, taken down, or edited while published), written by
 * server/events in the same transaction as the change itself, so a rolled-back change leaves no row
 * and a committed one is never lost. The delivery side (webhooks, cache drops) reads it in `id` order.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `article.published`, `article.unpublished`, `article.updated`, `video.published` … */
    type: varchar('type', { length: 48 }).notNull(),
    contentType: varchar('content_type', { length: 24 }).notNull(),
    /** The item's id; 0 for a list-level event (`focus.changed` …). */
    contentId: integer('content_id').notNull(),
    /** What made it: the workflow action (`publish`, `scheduled_offline` …) or `save` / `restore`. */
    action: varchar('action', { length: 24 }).notNull(),
    /** The change as emitted (statuses, who); the delivery side adds the item as readers see it. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The item as readers see it after the change (null when it left them, or for a list-level event). */
    item: jsonb('item').$type<Record<string, unknown> | null>(),
    /** The surrogate keys (server/events/keys.ts) whose cached answers this change makes stale. */
    keys: jsonb('keys').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The writing transaction's id (migration 0032): the webhook fan-out reads the outbox up to the
     * oldest transaction still running, so a row that commits late is never skipped
     * (server/delivery/webhooks/fanout.ts).
     */
    txId: xid8('tx_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('outbox_events_item_idx').on(t.contentType, t.contentId, t.id), index('outbox_events_tx_idx').on(t.txId, t.id)],
);
