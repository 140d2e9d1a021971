import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common';
import { xid8 } from './events';

/**
 * Webhooks from the change-event outbox (DESIGN §12; issue 24 items 4–5). An admin registers
 * endpoints; the fan-out (server/delivery/webhooks/fanout.ts) turns each committed outbox row into
 * one delivery per subscribed endpoint; the worker sends due deliveries by the Standard Webhooks
 * scheme and records each attempt.
 */

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  url: varchar('url', { length: 2048 }).notNull(),
  /** Event types sent (`article.published` …); empty: every type. */
  events: jsonb('events')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** `whsec_<base64>`: the HMAC key (kept: every attempt signs with it). Shown to the admin once. */
  secret: varchar('secret', { length: 128 }).notNull(),
  paused: boolean('paused').notNull().default(false),
  /** '' (running), `manual` (an admin paused it) or `failing` (every attempt failed for a day). */
  pauseReason: varchar('pause_reason', { length: 16 }).notNull().default(''),
  pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
  /** The first failure since the last success; null while it succeeds. */
  failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
  createdBy: integer('created_by'),
  ...timestamps,
});

/**
 * One event × one endpoint. `message_id` is the `webhook-id` of every attempt (and of a replay).
 * States: pending (no attempt yet, or replayed), failed (an attempt failed; the next is at
 * `next_attempt_at`), succeeded, dead (retries used up, or a failed test). An attempt is claimed by
 * raising `attempts` and setting `lease_until` in one statement (`FOR UPDATE SKIP LOCKED`), so one
 * instance makes it; a worker killed mid-way leaves the lease to expire and the next attempt retries.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The outbox row (null for a test event). */
    eventId: bigint('event_id', { mode: 'number' }),
    messageId: varchar('message_id', { length: 64 }).notNull(),
    type: varchar('type', { length: 48 }).notNull(),
    /** The item (`article` 12; `focus` 0 for a list-level event): deliveries of one item go in order. */
    contentType: varchar('content_type', { length: 24 }).notNull(),
    contentId: integer('content_id').notNull(),
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /** HTTP status of the last attempt; 0 when no answer came (refused, timeout). */
    lastStatus: smallint('last_status'),
    lastError: varchar('last_error', { length: 255 }).notNull().default(''),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    latencyMs: integer('latency_ms'),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    /** The body sent: `{ type, timestamp, data }`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The fan-out writes each event × endpoint once, whichever instance runs it.
    uniqueIndex('webhook_deliveries_event_uq').on(t.endpointId, t.eventId),
    // Due work: the claim reads the open rows by time.
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`state in ('pending', 'failed')`),
    // In order per item: the earlier open delivery of the same item and endpoint.
    index('webhook_deliveries_item_idx').on(t.endpointId, t.contentType, t.contentId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_content_idx').on(t.contentType, t.contentId, t.id),
  ],
);

/** Every attempt of a delivery (the log's drawer): when, what came back, how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: smallint('attempt').notNull(),
    status: smallint('status').notNull(),
    ok: boolean('ok').notNull(),
    error: varchar('error', { length: 255 }).notNull().default(''),
    latencyMs: integer('latency_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // One row per attempt number: a second instance recording the same attempt fails here.
  (t) => [uniqueIndex('webhook_attempts_delivery_uq').on(t.deliveryId, t.attempt)],
);

/**
 * How far the fan-out has read the outbox, shared by every instance (one row). The position is a
 * transaction id, not an outbox id: see server/delivery/webhooks/fanout.ts for why.
 */
export const webhookFanout = pgTable('webhook_fanout', {
  id: smallint('id').primaryKey(),
  /** Every outbox row written by a transaction with an id below this has been fanned out. */
  position: xid8('position').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
