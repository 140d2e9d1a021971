import { date, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
