import { bigint, date, index, integer, pgTable, serial, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One row per day (China time, Asia/Shanghai) and editor (DESIGN §11). `articles` and `videos`
 * are the editor's first publications that day, refreshed from `content_events` inside the
 * transaction of each publishing transition (server/content/statistics.ts); `pv` and `uv` come
 * from a correction (`PUT /api/statistics/edit`) or a CSV import. `departmentId` is the editor's
 * department when the row was last written: the data scope filters on it.
 */
export const statistics = pgTable(
  'statistics',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    departmentId: integer('department_id'),
    articles: integer('articles').notNull().default(0),
    videos: integer('videos').notNull().default(0),
    pv: integer('pv').notNull().default(0),
    uv: integer('uv').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statistics_date_user_uq').on(t.date, t.userId),
    index('statistics_user_date_idx').on(t.userId, t.date),
    index('statistics_department_date_idx').on(t.departmentId, t.date),
  ],
);

/**
 * Rollups of `statistics` (docs/decisions.md, statistics rollups), so that year-long, newsroom-wide
 * ranges add up a few thousand rows instead of 73 000: per China day and department (the per-day
 * list, the trend, the department chart, the KPIs) and per month, editor and department (per-editor
 * ranges: whole months from here, the partial months at the edges from the day rows).
 *
 * They are kept by statement triggers on `statistics` (migration 0020), so every write to the day
 * rows (a publication's recount, a correction, an import, the backfill of a migration) changes them
 * in the same statement and transaction; nothing in TypeScript writes them. A rollup row exists
 * while at least one day row counts in it (`editors` / `days` > 0). The department is the day row's
 * own (the scope filters on it), hence part of both keys; a null department is a key of its own.
 */
export const statisticsByDepartment = pgTable(
  'statistics_by_department',
  {
    date: date('date', { mode: 'string' }).notNull(),
    departmentId: integer('department_id'),
    /** Day rows (editors) counted here. */
    editors: integer('editors').notNull(),
    articles: integer('articles').notNull(),
    videos: integer('videos').notNull(),
    pv: bigint('pv', { mode: 'number' }).notNull(),
    uv: bigint('uv', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('statistics_by_department_uq').on(t.date, t.departmentId).nullsNotDistinct(),
    index('statistics_by_department_dept_idx').on(t.departmentId, t.date),
  ],
);

export const statisticsByMonth = pgTable(
  'statistics_by_month',
  {
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    departmentId: integer('department_id'),
    /** Day rows counted here. */
    days: integer('days').notNull(),
    articles: integer('articles').notNull(),
    videos: integer('videos').notNull(),
    pv: bigint('pv', { mode: 'number' }).notNull(),
    uv: bigint('uv', { mode: 'number' }).notNull(),
  },
  (t) => [unique('statistics_by_month_uq').on(t.month, t.userId, t.departmentId).nullsNotDistinct()],
);
