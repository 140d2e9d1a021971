import { index, integer, jsonb, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** What an edit lock or a revision belongs to: an article (any kind) or a short video. */
export type EditorialResource = 'article' | 'video';

/**
 * An editor's unsaved copy: the fields they changed since the version they opened (DESIGN §8).
 * Sent with the lock heartbeat while the form is dirty, so a takeover can keep it as a revision.
 */
export interface DraftCopy {
  baseVersion: number;
  fields: Record<string, unknown>;
}

/**
 * 编辑锁 (DESIGN §8): one row per article or video being edited. The holder is one browser tab
 * (`token`); it renews every 15 s and the lock lapses 45 s after `renewed_at` (database time, so
 * every app instance agrees). A takeover keeps who was displaced, so their next heartbeat is told.
 */
export const editLocks = pgTable(
  'edit_locks',
  {
    resource: varchar('resource', { length: 16 }).$type<EditorialResource>().notNull(),
    resourceId: integer('resource_id').notNull(),
    token: varchar('token', { length: 64 }).notNull(),
    userId: integer('user_id').notNull(),
    acquiredAt: timestamp('acquired_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    renewedAt: timestamp('renewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The holder's last unsaved copy (from its heartbeat), kept as a revision on takeover. */
    draft: jsonb('draft').$type<DraftCopy>(),
    draftAt: timestamp('draft_at', { withTimezone: true, mode: 'date' }),
    /** The tab this lock was taken from, and when: its next heartbeat answers "taken over by …". */
    takenFromToken: varchar('taken_from_token', { length: 64 }),
    takenFromUserId: integer('taken_from_user_id'),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ name: 'edit_locks_pk', columns: [t.resource, t.resourceId] }), index('edit_locks_user_idx').on(t.userId)],
);

/**
 * 修订 (DESIGN §8): a full copy of the editable fields after each save, create, transition and
 * restore, plus the displaced editor's unsaved copy at a takeover (`kind = 'takeover'`, `version`
 * = the version that copy was based on). Autosaves are not revisions (one rolling autosave elsewhere).
 */
export const revisions = pgTable(
  'revisions',
  {
    id: serial('id').primaryKey(),
    resource: varchar('resource', { length: 16 }).$type<EditorialResource>().notNull(),
    resourceId: integer('resource_id').notNull(),
    /** 'create' | 'save' | 'transition' | 'restore' | 'takeover' */
    kind: varchar('kind', { length: 16 }).notNull(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    userId: integer('user_id'),
    note: varchar('note', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // `created_at`: the daily pruning finds the records whose revisions crossed the 30-day line.
  (t) => [index('revisions_resource_idx').on(t.resource, t.resourceId, t.id), index('revisions_created_idx').on(t.createdAt)],
);

/**
 * The tabs whose edit lock was taken over (issue 15): a takeover that ends before the displaced
 * tab's next heartbeat deletes the lock row, and with it `taken_from_token`; this row outlives it,
 * so that heartbeat is still told "taken over by …" instead of silently getting the lock back.
 * Rows older than a day are dropped when the next takeover is recorded.
 */
export const editLockTakeovers = pgTable(
  'edit_lock_takeovers',
  {
    token: varchar('token', { length: 64 }).primaryKey(),
    resource: varchar('resource', { length: 16 }).$type<EditorialResource>().notNull(),
    resourceId: integer('resource_id').notNull(),
    /** Who took it over, and when. */
    byUserId: integer('by_user_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('edit_lock_takeovers_at_idx').on(t.at)],
);
