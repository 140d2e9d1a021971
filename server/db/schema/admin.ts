import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common';

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    parentId: integer('parent_id'),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('departments_parent_sort_idx').on(t.parentId, t.sort, t.id)],
);

/** Data scope: 1 all data, 2 own department, 3 own records only. @see DESIGN §3 */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 255 }).notNull().default(''),
    routes: jsonb('routes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    level: smallint('level').notNull().default(3),
    /** Members must sign in with a second factor (issue 26): an unenrolled member can only enrol. */
    requireTotp: boolean('require_totp').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('roles_name_uq').on(t.name)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    departmentId: integer('department_id'),
    roleId: integer('role_id'),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull().default(''),
    avatar: varchar('avatar', { length: 512 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** Super-administrators hold every route and data scope 1, whatever their role says. */
    isSuper: boolean('is_super').notNull().default(false),
    dingtalkUnionId: varchar('dingtalk_union_id', { length: 128 }),
    dingtalkNick: varchar('dingtalk_nick', { length: 64 }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    /** Two-step sign-in (issue 26): the active TOTP secret (base32), set when enrolment is confirmed. */
    totpSecret: varchar('totp_secret', { length: 64 }),
    /** A secret handed out by `totp/setup` and not yet confirmed with a code. */
    totpPendingSecret: varchar('totp_pending_secret', { length: 64 }),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The last time step a code was accepted for: a code of this step or an earlier one is refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    // `ADMIN` beside `admin` would be two accounts a person cannot tell apart: unique ignoring case.
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    index('users_department_idx').on(t.departmentId, t.id),
    index('users_role_idx').on(t.roleId),
    // One account per DingTalk identity (issue 9).
    uniqueIndex('users_dingtalk_union_uq')
      .on(t.dingtalkUnionId)
      .where(sql`${t.dingtalkUnionId} IS NOT NULL`),
    // The keyword search (`ILIKE '%…%'` on username, name, phone) uses trigrams: one GIN index per
    // column (the planner costs a three-column one too high and scans instead), without the
    // pending list (`fastupdate`), which only autovacuum empties and PGlite has no autovacuum.
    // pg_trgm lives in `public` so instances on their own schema (tests, bench) share it.
    index('users_username_trgm_idx')
      .using('gin', sql`${t.username} public.gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_name_trgm_idx')
      .using('gin', sql`${t.name} public.gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_phone_trgm_idx')
      .using('gin', sql`${t.phone} public.gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** sha256 of the opaque token; the token itself is only ever in the cookie. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id').notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * Set when the session was ended for its holder (password changed or reset, account disabled)
     * instead of deleting it, so the next request can say why (login_info `reason`). Kept until
     * `expiresAt`, then removed with the user's other expired sessions.
     */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    endReason: varchar('end_reason', { length: 16 }),
    /**
     * The last request the session served, written at most once a minute (server/auth/session.ts):
     * a session unused for SESSION_IDLE_MINUTES ends. Its writes do not move the session generation.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * One row (id 1) whose `n` grows in the committing transaction of every change a signed-in user's
 * session reflects: a session ended or removed (logout, password, disable, sign-in rotation), a
 * user's name, role, department, super flag, enabled flag or password, a role's routes or level,
 * a user or role removed. Kept by the constraint triggers of migration 0025, so any writer (the
 * app, a script, hand-written SQL) moves it. The in-process session cache (server/auth/session-cache.ts)
 * serves a cached user only while `n` is what it was when the user was read.
 */
export const sessionGeneration = pgTable('session_generation', {
  id: smallint('id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/**
 * The half-signed-in state between the first factor (password or DingTalk) and the code (issue 26):
 * a short-lived token in its own cookie, scoped to `/api/login`, that reaches only the code step.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id').notNull(),
    /** The first factor: password | dingtalk. */
    via: varchar('via', { length: 16 }).notNull(),
    /** Wrong codes given to this challenge; at the limit it ends. */
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_challenges_token_uq').on(t.tokenHash), index('login_challenges_user_idx').on(t.userId)],
);

/** One-time recovery codes of two-step sign-in, stored hashed; a used one keeps its row with `usedAt`. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('totp_recovery_codes_uq').on(t.userId, t.codeHash)],
);

export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    userId: integer('user_id'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    success: boolean('success').notNull(),
    reason: varchar('reason', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('login_logs_created_idx').on(t.createdAt, t.id),
    index('login_logs_username_created_idx').on(t.username, t.createdAt),
    index('login_logs_ip_created_idx').on(t.ip, t.createdAt),
    // Partial matches on the log screen's 用户名 and IP filters (pg_trgm lives in `public`).
    index('login_logs_username_trgm_idx').using('gin', sql`${t.username} public.gin_trgm_ops`),
    index('login_logs_ip_trgm_idx').using('gin', sql`${t.ip} public.gin_trgm_ops`),
    index('login_logs_user_created_idx').on(t.userId, t.createdAt),
    // The sign-in budget for unknown usernames counts only these rows.
    index('login_logs_unknown_user_idx')
      .on(t.createdAt)
      .where(sql`${t.reason} = 'unknown_user'`),
  ],
);

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    username: varchar('username', { length: 64 }).notNull().default(''),
    /** create | update | delete | sort | … */
    type: varchar('type', { length: 32 }).notNull(),
    resource: varchar('resource', { length: 64 }).notNull(),
    resourceId: varchar('resource_id', { length: 64 }).notNull().default(''),
    summary: varchar('summary', { length: 255 }).notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('operation_logs_created_idx').on(t.createdAt, t.id),
    index('operation_logs_user_created_idx').on(t.userId, t.createdAt),
    index('operation_logs_username_created_idx').on(t.username, t.createdAt),
    index('operation_logs_username_trgm_idx').using('gin', sql`${t.username} public.gin_trgm_ops`),
    index('operation_logs_type_created_idx').on(t.type, t.createdAt),
    index('operation_logs_resource_created_idx').on(t.resource, t.createdAt),
  ],
);

/** The route-permission catalogue, synced from lib/routes.ts on every start. @see DESIGN §4 */
export const routePermissions = pgTable('route_permissions', {
  path: varchar('path', { length: 128 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  home: varchar('home', { length: 64 }),
  icon: varchar('icon', { length: 64 }),
  ignore: boolean('ignore').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});
