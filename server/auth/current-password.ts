import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { loginLogs, sessions, users } from '../db/schema';
import { recentFailures } from './login-limits';
import { badRequest, unauthorized } from '../http/errors';
import type { AppEnv } from '../http/types';
import { clearSessionCookies } from './session';
import { verifyPassword } from './password';

/** Wrong current passwords (within the sign-in window) before the session ends. */
export const CURRENT_PASSWORD_TRIES = 5;

/** The current password a change to one's own sign-in asks for (password, DingTalk binding). */
export const currentPasswordField = z.string({ error: '请输入当前密码' }).min(1, '请输入当前密码').max(128);

/**
 * Refuses unless `given` is the signed-in person's password. Changing how one signs in (the
 * password, a DingTalk binding) asks for it, so a stolen session cannot take the account over. A
 * wrong one is a guess like a wrong sign-in: logged (`bad_current_password`), counted with them
 * over every place that asks, and after a few the session that made them ends.
 */
export async function assertCurrentPassword(c: Context<AppEnv>, given: string, field = 'currentPassword'): Promise<void> {
  const me = c.get('user')!;
  const db = c.get('db');
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (row && (await verifyPassword(given, row.passwordHash))) return;
  await db.insert(loginLogs).values({
    username: me.username,
    userId: me.id,
    ip: c.get('ip'),
    userAgent: c.get('userAgent').slice(0, 512),
    success: false,
    reason: 'bad_current_password',
  });
  const failures = await recentFailures(db, and(eq(loginLogs.userId, me.id), eq(loginLogs.reason, 'bad_current_password'))!, { cap: CURRENT_PASSWORD_TRIES });
  if (failures >= CURRENT_PASSWORD_TRIES) {
    await db.delete(sessions).where(eq(sessions.id, me.sessionId));
    clearSessionCookies(c);
    throw unauthorized(`当前密码连续输错 ${CURRENT_PASSWORD_TRIES} 次，已退出登录，请重新登录`);
  }
  throw badRequest('当前密码不正确', { [field]: `当前密码不正确（还可尝试 ${CURRENT_PASSWORD_TRIES - failures} 次）` });
}
