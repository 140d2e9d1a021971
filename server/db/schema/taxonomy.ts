import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common';

/** 分类类型: groups of categories (资讯, 车型, 专题 …), ordered by drag. @see DESIGN §5 */
export const categoryTypes = pgTable(
  'category_types',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('category_types_name_uq').on(t.name), index('category_types_sort_idx').on(t.sort, t.id)],
);

/** 分类: a tree per type; siblings ordered by `sort`, names unique among siblings. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id').notNull(),
    parentId: integer('parent_id'),
    name: varchar('name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('categories_type_parent_sort_idx').on(t.typeId, t.parentId, t.sort, t.id),
    index('categories_parent_idx').on(t.parentId),
    uniqueIndex('categories_sibling_name_uq').on(t.typeId, sql`coalesce(${t.parentId}, 0)`, t.name),
  ],
);

/** 平台: where content appears (app, m 站, pc …). */
export const platforms = pgTable(
  'platforms',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('platforms_name_uq').on(t.name), uniqueIndex('platforms_code_uq').on(t.code)],
);

/** 标签类型. */
export const tagTypes = pgTable(
  'tag_types',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('tag_types_name_uq').on(t.name)],
);

/**
 * 标签: tens of thousands, searched as one types in the tag picker: prefix matches through the
 * `text_pattern_ops` index, longer fragments through trigrams (docs/decisions.md).
 */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tags_type_name_uq').on(t.typeId, t.name),
    index('tags_name_prefix_idx').using('btree', sql`${t.name} varchar_pattern_ops`),
    index('tags_name_trgm_idx')
      .using('gin', sql`${t.name} public.gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** 专题: a landing page with cover, summary and link, optionally tied to a topic-host activity. */
export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 128 }).notNull(),
    cover: varchar('cover', { length: 1024 }).notNull().default(''),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    url: varchar('url', { length: 512 }).notNull().default(''),
    activityId: integer('activity_id'),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('topics_sort_idx').on(t.sort, t.id),
    index('topics_title_trgm_idx')
      .using('gin', sql`${t.title} public.gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** 文章来源: the outlets an article may credit, in drag order. */
export const articleSources = pgTable(
  'article_sources',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    url: varchar('url', { length: 512 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('article_sources_name_uq').on(t.name),
    index('article_sources_sort_idx').on(t.sort, t.id),
    index('article_sources_enabled_idx').on(t.enabled),
  ],
);
