import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * How far the scheduler has told the site of window edges (DESIGN §12; issue 24): one row per kind of
 * edge (`windows`: focus slots and ads). A tick locks the row (`FOR UPDATE SKIP LOCKED`), writes an
 * event for every start or end in (`done_until`, now] and moves `done_until` to now, in one
 * transaction: with N instances each edge is told exactly once, at the tick after it passed, and
 * a tick that rolls back tells nothing and leaves the edges to the next one.
 */
export const windowEdgeCursors = pgTable('window_edge_cursors', {
  name: varchar('name', { length: 32 }).primaryKey(),
  doneUntil: timestamp('done_until', { withTimezone: true, mode: 'date' }).notNull(),
});
