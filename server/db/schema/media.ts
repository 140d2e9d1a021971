import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, real, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common';

/** 图片标签 / 视频标签: the library's own tags, ordered by `sort`. */
export const picStoreTags = pgTable(
  'pic_store_tags',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('pic_store_tags_name_uq').on(t.name)],
);

export const videoStoreTags = pgTable(
  'video_store_tags',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('video_store_tags_name_uq').on(t.name)],
);

/** Check verdicts of the picture check (DESIGN §6): 0 未检测, 1 通过, 2 疑似, 3 违规. */
export const CHECK_STATUS = { unchecked: 0, pass: 1, suspect: 2, block: 3 } as const;

/**
 * The columns both libraries share: where the file is (storage driver and key), what it is (mime,
 * size, SHA-256), who uploaded it, and its tags (an int array with a GIN index: "by tag" on a
 * million rows is one index probe).
 */
const mediaColumns = () => ({
  title: varchar('title', { length: 128 }).notNull(),
  storage: varchar('storage', { length: 16 }).notNull(),
  key: varchar('key', { length: 512 }).notNull(),
  url: varchar('url', { length: 1024 }).notNull(),
  mime: varchar('mime', { length: 64 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  width: integer('width').notNull().default(0),
  height: integer('height').notNull().default(0),
  sha256: varchar('sha256', { length: 64 }).notNull().default(''),
  tagIds: integer('tag_ids')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  uploaderId: integer('uploader_id'),
  checkStatus: smallint('check_status').notNull().default(0),
  checkNote: varchar('check_note', { length: 255 }).notNull().default(''),
  ...timestamps,
});

/**
 * 图片库. Titles are searched through `cms_bigrams(title)` (a GIN expression index made in
 * migration 0006 with the function): two-character Chinese words are the common query, and
 * trigrams cannot index a pattern shorter than three.
 */
export const picStores = pgTable(
  'pic_stores',
  {
    id: serial('id').primaryKey(),
    ...mediaColumns(),
    /** The thumbnail (webp, 320 px wide) shown in grids and pickers. */
    thumbUrl: varchar('thumb_url', { length: 1024 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('pic_stores_key_uq').on(t.storage, t.key),
    index('pic_stores_created_idx').on(t.createdAt, t.id),
    index('pic_stores_sha_idx').on(t.sha256),
    index('pic_stores_tags_idx').using('gin', t.tagIds).with({ fastupdate: false }),
    index('pic_stores_uploader_idx').on(t.uploaderId, t.createdAt),
    index('pic_stores_check_idx').on(t.checkStatus, t.createdAt),
    // Usage recording finds library pictures by the URL a record stores (server/crud/media-usage.ts).
    index('pic_stores_url_idx').on(t.url),
  ],
);

/** 视频库: duration and a poster frame captured in the browser at upload (replaceable). */
export const videoStores = pgTable(
  'video_stores',
  {
    id: serial('id').primaryKey(),
    ...mediaColumns(),
    duration: real('duration').notNull().default(0),
    cover: varchar('cover', { length: 1024 }).notNull().default(''),
    /**
     * The poster file this video owns (uploaded with it, or a poster upload that replaced it): the
     * only poster its delete removes. Never read from the editable cover URL (issue 14 F6).
     */
    posterKey: varchar('poster_key', { length: 512 }),
  },
  (t) => [
    uniqueIndex('video_stores_key_uq').on(t.storage, t.key),
    index('video_stores_created_idx').on(t.createdAt, t.id),
    index('video_stores_sha_idx').on(t.sha256),
    index('video_stores_tags_idx').using('gin', t.tagIds).with({ fastupdate: false }),
    index('video_stores_uploader_idx').on(t.uploaderId, t.createdAt),
    index('video_stores_check_idx').on(t.checkStatus, t.createdAt),
  ],
);

/**
 * One upload in flight: issued with its storage key (the server names every file), used once,
 * valid for a short time. Only the token's hash is kept. The local driver records what arrived
 * (size, mime, SHA-256) so registering a file that never came is refused.
 */
export const uploadTickets = pgTable(
  'upload_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    storage: varchar('storage', { length: 16 }).notNull(),
    key: varchar('key', { length: 512 }).notNull(),
    userId: integer('user_id').notNull(),
    maxSize: bigint('max_size', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }),
    size: bigint('size', { mode: 'number' }),
    mime: varchar('mime', { length: 64 }),
    sha256: varchar('sha256', { length: 64 }),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('upload_tickets_token_uq').on(t.tokenHash),
    uniqueIndex('upload_tickets_key_uq').on(t.storage, t.key),
    index('upload_tickets_expires_idx').on(t.expiresAt),
    // A person's recent tickets: the upload quota (server/storage/tickets.ts).
    index('upload_tickets_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Where each library item is used (DESIGN §9): filled by every save of an article, video, focus
 * slot, ad, nav icon or brand. The library counts it and refuses to delete a used item.
 */
export const mediaUsage = pgTable(
  'media_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mediaKind: varchar('media_kind', { length: 8 }).notNull(),
    mediaId: integer('media_id').notNull(),
    ownerType: varchar('owner_type', { length: 32 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    ownerTitle: varchar('owner_title', { length: 128 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_usage_uq').on(t.mediaKind, t.mediaId, t.ownerType, t.ownerId), index('media_usage_owner_idx').on(t.ownerType, t.ownerId)],
);

/**
 * Files to remove from storage after their library item was deleted (an outbox): written in the
 * deleting transaction, tried at once after it commits, and retried with a growing delay
 * (server/storage/deletions.ts) until the storage confirms the file is gone. A storage that is
 * down never blocks the delete nor brings the item back.
 */
export const storageDeletions = pgTable(
  'storage_deletions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storage: varchar('storage', { length: 16 }).notNull(),
    /** The Qiniu bucket or Upyun service when queued ('' for local). */
    bucket: varchar('bucket', { length: 128 }).notNull().default(''),
    key: varchar('key', { length: 512 }).notNull(),
    /** What the file belonged to, for the log: `pic_stores 12 原图`. */
    source: varchar('source', { length: 128 }).notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 500 }).notNull().default(''),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('storage_deletions_due_idx').on(t.nextAttemptAt)],
);
