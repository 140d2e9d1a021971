import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common';

/** PostgreSQL full-text vector; written with `setweight(to_tsvector('simple', …))`, never read back. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A picture of a gallery article, in order, with its caption. */
export interface GalleryImage {
  picId: number | null;
  url: string;
  caption: string;
}

/** What the content check found at the last save (DESIGN §6): built-in dictionary hits, the outside service. */
export interface CheckResult {
  hits: string[];
  /** 'pass' | 'hits' | 'unchecked' for the outside service, with the reason when unchecked. */
  service: { status: 'pass' | 'hits' | 'unchecked' | 'off'; note: string };
  checkedAt: string;
  /**
   * Set when nothing read the text: the dictionary was empty and the outside service was off or did
   * not answer. What the screens show instead of 「通过」 (「词库为空，未做检测」). Issue 15.
   */
  unchecked?: string;
}

/**
 * 文章 (article | gallery | video). Status: 0 草稿, 1 待审核, 2 已驳回, 3 已发布, 4 已下线, 5 定时发布.
 * `version` grows with every save: a save naming an older one is refused (409, DESIGN §8).
 * Lists filter and sort on indexed columns only (newest first by `updated_at`).
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 8 }).notNull().default('article'),
    title: varchar('title', { length: 128 }).notNull(),
    subtitle: varchar('subtitle', { length: 128 }).notNull().default(''),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    cover: varchar('cover', { length: 1024 }).notNull().default(''),
    content: text('content').notNull().default(''),
    images: jsonb('images')
      .$type<GalleryImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    videoStoreId: integer('video_store_id'),
    categoryId: integer('category_id'),
    tagIds: integer('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    topicIds: integer('topic_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    albumId: integer('album_id'),
    platformIds: integer('platform_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    author: varchar('author', { length: 64 }).notNull().default(''),
    source: varchar('source', { length: 64 }).notNull().default(''),
    editorId: integer('editor_id').notNull(),
    departmentId: integer('department_id'),
    status: smallint('status').notNull().default(0),
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    // The workflow's other columns (server/db/schema/workflow.ts, DESIGN §8).
    offlineAt: timestamp('offline_at', { withTimezone: true, mode: 'date' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    reviewComment: varchar('review_comment', { length: 500 }).notNull().default(''),
    reviewerId: integer('reviewer_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    version: integer('version').notNull().default(1),
    checkResult: jsonb('check_result').$type<CheckResult>(),
    /** Search terms (server/articles/search/terms.ts): title and summary bigrams (A), body words (B). */
    search: tsvector('search')
      .notNull()
      .default(sql`''::tsvector`),
    ...timestamps,
  },
  (t) => [
    index('articles_updated_idx').on(t.updatedAt, t.id),
    index('articles_status_updated_idx').on(t.status, t.updatedAt, t.id),
    // The list's most common filter pair (issue 7: status and category, newest first).
    index('articles_status_category_updated_idx').on(t.status, t.categoryId, t.updatedAt, t.id),
    index('articles_category_updated_idx').on(t.categoryId, t.updatedAt, t.id),
    index('articles_editor_updated_idx').on(t.editorId, t.updatedAt, t.id),
    index('articles_department_updated_idx').on(t.departmentId, t.updatedAt, t.id),
    // 发布时间 order: newest first with the unpublished (NULL) last, read forwards or backwards.
    index('articles_published_idx').on(t.publishedAt.desc().nullsLast(), t.id.desc()),
    // An album's articles, newest first, and its (capped) count.
    index('articles_album_idx').on(t.albumId, t.id),
    // The review queue, oldest first (only pending rows are indexed).
    index('articles_review_queue_idx')
      .on(t.submittedAt, t.id)
      .where(sql`status = 1`),
    index('articles_tags_idx').using('gin', t.tagIds).with({ fastupdate: false }),
    index('articles_search_idx').using('gin', t.search).with({ fastupdate: false }),
  ],
);

/** The built-in sensitive-word dictionary (DESIGN §6), editable by reviewers. */
export const sensitiveWords = pgTable(
  'sensitive_words',
  {
    id: serial('id').primaryKey(),
    word: varchar('word', { length: 64 }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sensitive_words_word_uq').on(t.word)],
);

/**
 * The dictionary's generation (one row): a statement trigger moves it whenever sensitive_words
 * changes (migration 0028), so the content check knows its automaton is current from one
 * primary-key read instead of counting the dictionary on every save.
 */
export const sensitiveWordsGeneration = pgTable('sensitive_words_generation', {
  id: smallint('id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
