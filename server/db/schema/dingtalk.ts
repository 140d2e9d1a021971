import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Single-use DingTalk tickets (issue 9): the OAuth `state` of a bind or a sign-in (only its hash is
 * kept), and a `pending` DingTalk identity waiting for its owner to sign in with a password and bind
 * it. Each is used once (`used_at`) and lapses after ten minutes.
 */
export const dingtalkTickets = pgTable(
  'dingtalk_tickets',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** 'bind' | 'login' | 'pending' */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    /** The signed-in user a bind was started by. */
    userId: integer('user_id'),
    /** A pending identity: who DingTalk said the person is. */
    unionId: varchar('union_id', { length: 128 }),
    nick: varchar('nick', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dingtalk_tickets_token_uq').on(t.tokenHash), index('dingtalk_tickets_expires_idx').on(t.expiresAt)],
);
