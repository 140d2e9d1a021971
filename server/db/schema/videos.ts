import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import type { CheckResult } from './articles';
import { timestamps } from './common';
import { workflowColumns } from './workflow';

/**
 * 短视频 (DESIGN §5): a library video (`video_store_id`) published with its own title, cover and
 * description. Status, version, editor and department are the workflow's columns (as articles):
 * 0 草稿 … 5 定时发布; a save naming an older `version` is refused (409).
 */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 128 }).notNull(),
    cover: varchar('cover', { length: 1024 }).notNull().default(''),
    videoStoreId: integer('video_store_id').notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    categoryId: integer('category_id'),
    tagIds: integer('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    ...workflowColumns(),
    checkResult: jsonb('check_result').$type<CheckResult>(),
    ...timestamps,
  },
  (t) => [
    index('videos_updated_idx').on(t.updatedAt, t.id),
    index('videos_status_updated_idx').on(t.status, t.updatedAt, t.id),
    index('videos_category_updated_idx').on(t.categoryId, t.updatedAt, t.id),
    index('videos_editor_updated_idx').on(t.editorId, t.updatedAt, t.id),
    index('videos_department_updated_idx').on(t.departmentId, t.updatedAt, t.id),
    index('videos_store_idx').on(t.videoStoreId),
    index('videos_tags_idx').using('gin', t.tagIds).with({ fastupdate: false }),
    index('videos_review_queue_idx')
      .on(t.submittedAt, t.id)
      .where(sql`status = 1`),
  ],
);
