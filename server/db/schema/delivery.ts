import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The delivery API's keys (DESIGN §12; issue 24): created by admins on 站点接口, the secret shown
 * once and stored only as its SHA-256 (`key_hash`), with the families it may read (empty: all),
 * its last use and its revocation. A request reads its key row every time (no key cache), so a
 * revocation holds on every instance at once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    /** SHA-256 of the key, hex. */
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    /** The key's first characters (`cms_AbCd`), so staff can tell keys apart; not enough to use it. */
    prefix: varchar('prefix', { length: 16 }).notNull(),
    /** The families it may read (`articles`, `focus` …); empty: every family. */
    families: text('families')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: integer('revoked_by'),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_created_idx').on(t.createdAt, t.id)],
);

/**
 * The delivery side's own secret (one row): what preview tokens are signed with, made on first use,
 * shared by every instance through the database.
 */
export const deliverySecrets = pgTable('delivery_secrets', {
  id: smallint('id').primaryKey(),
  previewSecret: varchar('preview_secret', { length: 64 }).notNull(),
});
