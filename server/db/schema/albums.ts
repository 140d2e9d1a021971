import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common';

/** 专辑 (DESIGN §5): articles join one through `articles.album_id`. */
export const albums = pgTable(
  'albums',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    cover: varchar('cover', { length: 1024 }).notNull().default(''),
    description: varchar('description', { length: 500 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('albums_name_uq').on(t.name), index('albums_sort_idx').on(t.sort, t.id)],
);
