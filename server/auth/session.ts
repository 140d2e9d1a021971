import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { FULL_SCOPE_ROUTES, PERMISSION_ROUTES } from '../../lib/routes';
import { DETAIL_LEVEL_COOKIE, SESSION_COOKIE, USER_ID_COOKIE } from '../../lib/constants';
import { sessionEndReason, type SessionEndReason } from '../../lib/guard';
import { roles, sessionGeneration, sessions, users } from '../db/schema';
import { sessionCacheOf } from './session-cache';
import type { Db, DbOrTx } from '../db/types';
import type { AppEnv, SessionPolicy, SessionUser } from '../http/types';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const ALL_ROUTES: ReadonlySet<string> = new Set(PERMISSION_ROUTES.map((r) => r.path));

export type { SessionPolicy } from '../http/types';

/** The last-active time is written at most this often per session (not a write per request). */
export const LAST_SEEN_WRITE_MS = 60_000;

/** Creates a session and returns its opaque token (only the hash is stored). */
export async function createSession(
  db: DbOrTx,
  { userId, ip, userAgent, now, policy }: { userId: number; ip: string; userAgent: string; now: Date; policy: SessionPolicy },
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + policy.maxDays * 86_400_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, ip, userAgent: userAgent.slice(0, 512), expiresAt, createdAt: now, lastSeenAt: now });
  // Housekeeping: this user's expired sessions go away whenever they sign in again.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  return { token, expiresAt };
}

/** The session lookup and the generation check, prepared once per database (named statements on PostgreSQL). */
function prepareStatements(db: Db) {
  return {
    user: db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        id: users.id,
        username: users.username,
        name: users.name,
        avatar: users.avatar,
        departmentId: users.departmentId,
        roleId: users.roleId,
        isSuper: users.isSuper,
        enabled: users.enabled,
        roleRoutes: roles.routes,
        roleLevel: roles.level,
        roleRequiresTotp: roles.requireTotp,
        totpEnabledAt: users.totpEnabledAt,
        // In the same snapshot as the row: the generation the row is current for (session-cache.ts).
        generation: sql<string>`(SELECT ${sessionGeneration.n}::text FROM ${sessionGeneration} WHERE ${sessionGeneration.id} = 1)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('hash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
          isNull(sessions.endedAt),
        ),
      )
      .limit(1)
      .prepare('cms_session_user'),
    generation: db
      .select({ n: sql<string>`${sessionGeneration.n}::text` })
      .from(sessionGeneration)
      .where(eq(sessionGeneration.id, 1))
      .prepare('cms_session_generation'),
  };
}

const statements = new WeakMap<object, ReturnType<typeof prepareStatements>>();

function statementsOf(db: Db) {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = prepareStatements(db)));
  return s;
}

/**
 * The user behind a session token, loaded with their role in one query; null when the token is
 * unknown, expired, idle too long (issue 26) or the user is disabled. Served from the session cache
 * (session-cache.ts) while nothing a session user reflects has changed since: a logout, password
 * change, role change or disabled account on any instance applies from the next request. The
 * session's last use is written at most once a minute (`LAST_SEEN_WRITE_MS`).
 */
export async function loadSessionUser(
  db: Db,
  token: string | undefined,
  { now, idleMinutes }: { now: Date; idleMinutes: number },
): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const hash = hashToken(token);
  const cache = sessionCacheOf(db);
  const q = statementsOf(db);
  const t = now.getTime();
  const idleMs = idleMinutes * 60_000;
  let user: SessionUser | null = null;
  let lastSeen = 0;
  const times = cache?.times(hash);
  // A cached session that looks idle may have been used on another instance: read it again.
  if (cache && times && t - times.lastSeen < idleMs && times.expiresAt > t) {
    const generation = cache.mode === 'notify' ? String(cache.localGeneration) : (await q.generation.execute())[0]?.n;
    user = generation === undefined ? null : cache.get(hash, generation);
    lastSeen = times.lastSeen;
  }
  if (!user) {
    // PGlite: the generation before the read (a change committed during it marks the entry stale).
    const before = cache?.mode === 'notify' ? String(cache.localGeneration) : undefined;
    const [row] = await q.user.execute({ hash, now: now.toISOString(), idleSince: new Date(t - idleMs).toISOString() });
    if (!row || !row.enabled) return null;
    // Frozen: a cached user is shared by the requests it serves.
    user = Object.freeze(toSessionUser(row));
    lastSeen = row.lastSeenAt.getTime();
    cache?.set(hash, user, { generation: before ?? row.generation, expiresAt: row.expiresAt, lastSeen: row.lastSeenAt });
  }
  if (t - lastSeen >= LAST_SEEN_WRITE_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, user.sessionId), lt(sessions.lastSeenAt, now)));
    cache?.touch(hash, t);
  }
  return user;
}

function toSessionUser(row: {
  sessionId: number;
  id: number;
  username: string;
  name: string;
  avatar: string;
  departmentId: number | null;
  roleId: number | null;
  isSuper: boolean;
  roleRoutes: string[] | null;
  roleLevel: number | null;
  roleRequiresTotp: boolean | null;
  totpEnabledAt: Date | null;
}): SessionUser {
  const level = row.isSuper ? 1 : ((row.roleLevel ?? 3) as 1 | 2 | 3);
  // A route that needs the full scope is not held with a narrower one (a role saved before the rule).
  const routes = row.isSuper ? ALL_ROUTES : new Set((row.roleRoutes ?? []).filter((p) => ALL_ROUTES.has(p) && (level === 1 || !FULL_SCOPE_ROUTES.has(p))));
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    departmentId: row.departmentId,
    roleId: row.roleId,
    isSuper: row.isSuper,
    level: [1, 2, 3].includes(level) ? level : 3,
    routes,
    sessionId: row.sessionId,
    totpEnabled: row.totpEnabledAt !== null,
    // The role requires two-step sign-in and the person has not enrolled: only enrolment is open.
    totpSetup: Boolean(row.roleRequiresTotp) && row.totpEnabledAt === null,
  };
}

/** Why sessions are ended for their holders (shown on the login screen: lib/guard.ts). */
export type EndedFor = Extract<SessionEndReason, 'password' | 'disabled' | 'revoked' | 'admin' | 'totp_reset'>;

/**
 * Ends a user's live sessions, keeping the rows (until they expire) so that the holder's next
 * request is told why. `except` keeps the session that made the change (a password change);
 * `only` ends one session. Returns how many ended.
 */
export async function endSessions(db: DbOrTx, userId: number, reason: EndedFor, { except, only }: { except?: number; only?: number } = {}): Promise<number> {
  const now = new Date();
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, now),
        except === undefined ? undefined : ne(sessions.id, except),
        only === undefined ? undefined : eq(sessions.id, only),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Why a session cookie no longer signs anyone in: the reason it was ended with, `disabled` for a
 * disabled account, `expired` past its time, `idle` unused too long, null for a token we never
 * issued (or one removed).
 */
export async function explainSessionEnd(
  db: DbOrTx,
  token: string | undefined,
  { now, idleMinutes }: { now: Date; idleMinutes: number },
): Promise<SessionEndReason | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      endReason: sessions.endReason,
      endedAt: sessions.endedAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      enabled: users.enabled,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  if (row.endedAt) return sessionEndReason(row.endReason) ?? 'ended';
  if (row.enabled === false) return 'disabled';
  if (row.expiresAt <= now) return 'expired';
  if (row.lastSeenAt.getTime() <= now.getTime() - idleMinutes * 60_000) return 'idle';
  return null;
}

/** Sets `cms_session` (HttpOnly), `b_id` and `b_detail_level`. @see SEED §3, DESIGN §3 */
export function setSessionCookies(c: Context<AppEnv>, { token, expiresAt, userId, level }: { token: string; expiresAt: Date; userId: number; level: number }) {
  const common = { path: '/', sameSite: 'Lax' as const, secure: c.get('https'), expires: expiresAt };
  setCookie(c, SESSION_COOKIE, token, { ...common, httpOnly: true });
  setCookie(c, USER_ID_COOKIE, String(userId), common);
  setCookie(c, DETAIL_LEVEL_COOKIE, String(level), common);
}

export function clearSessionCookies(c: Context) {
  for (const name of [SESSION_COOKIE, USER_ID_COOKIE, DETAIL_LEVEL_COOKIE]) deleteCookie(c, name, { path: '/' });
}
