import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The editor's rolling server autosave (DESIGN §8): one row per user and article, overwritten every
 * few seconds while typing, never a revision per keystroke. `article_id` 0 is the user's new,
 * not yet saved article of `kind` (a new article is created only by its first explicit save).
 * `base_version` is the article version the copy was edited from; `data` the editor's fields.
 */
export const articleAutosaves = pgTable(
  'article_autosaves',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    articleId: integer('article_id').notNull().default(0),
    kind: varchar('kind', { length: 8 }).notNull().default('article'),
    baseVersion: integer('base_version').notNull().default(0),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('article_autosaves_user_article_uq').on(t.userId, t.articleId, t.kind), index('article_autosaves_article_idx').on(t.articleId)],
);
