import { sql } from 'drizzle-orm';
import { bigserial, index, integer, smallint, text, timestamp, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The publishing workflow's columns (DESIGN §8), shared by every reviewable content table
 * (`articles`, `videos`): spread `workflowColumns()` into the table so server/workflow/engine.ts
 * serves it. Status: 0 草稿, 1 待审核, 2 已驳回, 3 已发布, 4 已下线, 5 定时发布.
 */
export function workflowColumns() {
  return {
    editorId: integer('editor_id').notNull(),
    departmentId: integer('department_id'),
    status: smallint('status').notNull().default(0),
    version: integer('version').notNull().default(1),
    /** The scheduled publish time (status 5 while it is in the future). */
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
    /** The scheduled offline time of a published (or scheduled) item. */
    offlineAt: timestamp('offline_at', { withTimezone: true, mode: 'date' }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    /** When it last entered 待审核: the review queue is oldest first by this. */
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    /** The reviewer's last word (the reject reason the author reads), who said it, when. */
    reviewComment: varchar('review_comment', { length: 500 }).notNull().default(''),
    reviewerId: integer('reviewer_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
  };
}

/**
 * One row per workflow transition (DESIGN §8: every transition is kept in the item's history).
 * `userId` is who acted (null for the scheduler), `ownerId`/`departmentId` the item's editor and
 * department at that moment. Statistics count publications per day and per editor from here:
 * `(to_status, at)` and `(owner_id, at)` / `(user_id, at)` serve those ranges.
 */
export const contentEvents = pgTable(
  'content_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contentType: varchar('content_type', { length: 16 }).notNull(),
    contentId: integer('content_id').notNull(),
    action: varchar('action', { length: 24 }).notNull(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    userId: integer('user_id'),
    ownerId: integer('owner_id'),
    departmentId: integer('department_id'),
    comment: varchar('comment', { length: 500 }).notNull().default(''),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('content_events_item_idx').on(t.contentType, t.contentId, t.id),
    index('content_events_status_at_idx').on(t.toStatus, t.at),
    index('content_events_owner_at_idx').on(t.ownerId, t.at),
    index('content_events_user_at_idx').on(t.userId, t.at),
  ],
);

/**
 * Scheduled publish / offline jobs (DESIGN §8), run by server/jobs/scheduler.ts with
 * `FOR UPDATE SKIP LOCKED`: one pending job per item and action; `done`, `cancelled` and `failed`
 * rows stay as the audit trail of who scheduled what.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contentType: varchar('content_type', { length: 16 }).notNull(),
    contentId: integer('content_id').notNull(),
    /** 'publish' | 'offline' */
    action: varchar('action', { length: 16 }).notNull(),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** 'pending' | 'done' | 'cancelled' | 'failed' */
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('scheduled_jobs_pending_uq')
      .on(t.contentType, t.contentId, t.action)
      .where(sql`state = 'pending'`),
    index('scheduled_jobs_due_idx')
      .on(t.runAt)
      .where(sql`state = 'pending'`),
  ],
);
