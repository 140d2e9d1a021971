import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../../lib/constants';
import { loginChallenges, loginLogs, roles, sessions, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import type { AppEnv, SessionUser } from '../http/types';
import { createSession, hashToken, loadSessionUser, setSessionCookies } from './session';

/**
 * After the first factor (a password, or DingTalk): either a session, or the half-signed-in state
 * that waits for the code (issue 26). One place decides, for every way in.
 */

/** The half-signed-in state's cookie: HttpOnly, sent only to `/api/login…` (it reaches the code step and nothing else). */
export const CHALLENGE_COOKIE = 'cms_login_challenge';
const CHALLENGE_PATH = '/api/login';
/** How long the code step waits after the password. */
export const CHALLENGE_MINUTES = 5;
/** Wrong codes one half-signed-in state takes before the password is asked again. */
export const CHALLENGE_TRIES = 5;

export type FirstFactor = 'password' | 'dingtalk';

/** What the account needs after its first factor. */
export async function secondFactorOf(
  db: DbOrTx,
  userId: number,
): Promise<{ enrolled: boolean; required: boolean; lastLoginAt: Date | null; isSuper: boolean }> {
  const [row] = await db
    .select({ enabledAt: users.totpEnabledAt, required: roles.requireTotp, lastLoginAt: users.lastLoginAt, isSuper: users.isSuper })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return { enrolled: Boolean(row?.enabledAt), required: Boolean(row?.required), lastLoginAt: row?.lastLoginAt ?? null, isSuper: Boolean(row?.isSuper) };
}

/** Starts the code step: a short-lived challenge in its own cookie. No `cms_session` is set. */
export async function openChallenge(c: Context<AppEnv>, userId: number, via: FirstFactor) {
  const db = c.get('db');
  const now = c.get('now')();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);
  // One open challenge per browser: the one this browser held before ends here.
  const previous = getCookie(c, CHALLENGE_COOKIE);
  if (previous && previous.length <= 200) await db.delete(loginChallenges).where(eq(loginChallenges.tokenHash, hashToken(previous)));
  await db.insert(loginChallenges).values({ tokenHash: hashToken(token), userId, via, expiresAt, createdAt: now });
  setCookie(c, CHALLENGE_COOKIE, token, { path: CHALLENGE_PATH, httpOnly: true, sameSite: 'Strict', secure: c.get('https'), maxAge: CHALLENGE_MINUTES * 60 });
}

/** The challenge this browser holds, if it is still open. */
export async function currentChallenge(c: Context<AppEnv>) {
  const token = getCookie(c, CHALLENGE_COOKIE);
  if (!token || token.length > 200) return null;
  const [row] = await c
    .get('db')
    .select()
    .from(loginChallenges)
    .where(eq(loginChallenges.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.expiresAt <= c.get('now')()) return null;
  return row;
}

/** Ends this browser's challenge (done, or too many wrong codes) and clears its cookie. */
export async function dropChallenge(c: Context<AppEnv>) {
  const token = getCookie(c, CHALLENGE_COOKIE);
  if (token && token.length <= 200)
    await c
      .get('db')
      .delete(loginChallenges)
      .where(eq(loginChallenges.tokenHash, hashToken(token)));
  deleteCookie(c, CHALLENGE_COOKIE, { path: CHALLENGE_PATH });
}

/**
 * Signs the person in: a new session (the one this browser held before ends), the last sign-in
 * time, the login-log row (`log.id`: settles the attempt's row; otherwise a new row), the cookies.
 */
export async function openSession(c: Context<AppEnv>, user: { id: number; username: string }, log: { id?: number; reason: string }): Promise<SessionUser> {
  const db = c.get('db');
  const now = c.get('now')();
  const ip = c.get('ip');
  const userAgent = c.get('userAgent').slice(0, 512);
  const { token, expiresAt } = await db.transaction(async (tx) => {
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(previous)));
    const created = await createSession(tx, { userId: user.id, ip, userAgent, now, policy: c.get('sessionPolicy') });
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    if (log.id) await tx.update(loginLogs).set({ userId: user.id, success: true, reason: log.reason }).where(eq(loginLogs.id, log.id));
    else await tx.insert(loginLogs).values({ username: user.username, userId: user.id, ip, userAgent, success: true, reason: log.reason });
    return created;
  });
  const sessionUser = (await loadSessionUser(db, token, { now, idleMinutes: c.get('sessionPolicy').idleMinutes }))!;
  setSessionCookies(c, { token, expiresAt, userId: sessionUser.id, level: sessionUser.level });
  return sessionUser;
}

/** A login-log row outside the password attempt (the code step, DingTalk). */
export async function logSignIn(c: Context<AppEnv>, entry: { username: string; userId: number | null; success: boolean; reason: string }) {
  await c
    .get('db')
    .insert(loginLogs)
    .values({ ...entry, ip: c.get('ip'), userAgent: c.get('userAgent').slice(0, 512) });
}
