import { boolean, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamps } from './common';

/**
 * 运营管理: what operators arrange on the site (issue 9). Every list is small (tens to hundreds of
 * rows) and read in its drag order within a group, which the `(group, sort, id)` indexes serve.
 * @see DESIGN §4, §5
 */

/** The columns of every focus family (首页 / 频道 / 视频 / 首页右侧): fresh builders per table. */
function focusColumns() {
  return {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 128 }).notNull(),
    image: varchar('image', { length: 1024 }).notNull().default(''),
    url: varchar('url', { length: 512 }).notNull().default(''),
    /** The article or video the slot shows (at most one); a link alone is allowed too. */
    articleId: integer('article_id'),
    videoId: integer('video_id'),
    /** Where it shows: a platform code (home, video) or a category (channel); '' / null when none. */
    platform: varchar('platform', { length: 32 }).notNull().default(''),
    categoryId: integer('category_id'),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** null: no end (长期). */
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  };
}

/**
 * The window edges: the scheduler finds the starts and ends that passed since its last look
 * (server/delivery/window-edges.ts) through these, every second, without reading the whole list.
 */
const windowIndexes = (name: string, t: { startAt: AnyPgColumn; endAt: AnyPgColumn }) => [
  index(`${name}_start_idx`).on(t.startAt),
  index(`${name}_end_idx`).on(t.endAt),
];

/** 首页焦点图, per platform. */
export const focusHome = pgTable('focus_home', focusColumns(), (t) => [
  index('focus_home_group_sort_idx').on(t.platform, t.sort, t.id),
  ...windowIndexes('focus_home', t),
]);

/** 频道焦点图 (PC), per category (频道). */
export const focusChannel = pgTable('focus_channel', focusColumns(), (t) => [
  index('focus_channel_group_sort_idx').on(t.categoryId, t.sort, t.id),
  ...windowIndexes('focus_channel', t),
]);

/** 视频焦点图, per platform. */
export const focusVideo = pgTable('focus_video', focusColumns(), (t) => [
  index('focus_video_group_sort_idx').on(t.platform, t.sort, t.id),
  ...windowIndexes('focus_video', t),
]);

/** PC 首页右侧焦点图: one list; 刷新 pushes a slot to the site and records when. */
export const focusHomeRight = pgTable(
  'focus_home_right',
  { ...focusColumns(), flushedAt: timestamp('flushed_at', { withTimezone: true, mode: 'date' }) },
  (t) => [index('focus_home_right_sort_idx').on(t.sort, t.id), ...windowIndexes('focus_home_right', t)],
);

/** 搜索关键词: app / m / pc, each its own drag order; a word appears once per platform. */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    id: serial('id').primaryKey(),
    word: varchar('word', { length: 64 }).notNull(),
    url: varchar('url', { length: 512 }).notNull().default(''),
    platform: varchar('platform', { length: 8 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('search_keywords_platform_word_uq').on(t.platform, t.word), index('search_keywords_platform_sort_idx').on(t.platform, t.sort, t.id)],
);

/** 导航版本: a set of navigation icons an app version shows. */
export const chameleonVersions = pgTable(
  'chameleon_versions',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    platform: varchar('platform', { length: 32 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('chameleon_versions_platform_name_uq').on(t.platform, t.name)],
);

/** 图标类型: the groups icons are shown in (金刚区, 底部导航 …). */
export const chameleonTypes = pgTable(
  'chameleon_types',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('chameleon_types_name_uq').on(t.name)],
);

/** 导航图标: within one version and type, in drag order. */
export const chameleons = pgTable(
  'chameleons',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id').notNull(),
    typeId: integer('type_id').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    icon: varchar('icon', { length: 1024 }).notNull().default(''),
    url: varchar('url', { length: 512 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('chameleons_version_type_sort_idx').on(t.versionId, t.typeId, t.sort, t.id)],
);

/** 友情链接. */
export const friendLinks = pgTable(
  'friend_links',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    logo: varchar('logo', { length: 1024 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('friend_links_name_uq').on(t.name), index('friend_links_sort_idx').on(t.sort, t.id)],
);

/** 品牌: a brand shown on the site, tied to one brand of the product host. */
export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    logo: varchar('logo', { length: 1024 }).notNull().default(''),
    initial: varchar('initial', { length: 1 }).notNull().default(''),
    productBrandId: integer('product_brand_id').notNull(),
    /** The product host's name of that brand when it was chosen (shown without asking the host). */
    productBrandName: varchar('product_brand_name', { length: 64 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('brands_name_uq').on(t.name),
    uniqueIndex('brands_product_brand_uq').on(t.productBrandId),
    index('brands_initial_sort_idx').on(t.initial, t.sort, t.id),
  ],
);

/** 广告: by position, with a period and an on/off state (0 off, 1 on). */
export const advertise = pgTable(
  'advertise',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    position: varchar('position', { length: 32 }).notNull(),
    image: varchar('image', { length: 1024 }).notNull().default(''),
    url: varchar('url', { length: 512 }).notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }),
    state: smallint('state').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('advertise_position_sort_idx').on(t.position, t.sort, t.id), ...windowIndexes('advertise', t)],
);
