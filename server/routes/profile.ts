import { Hono } from 'hono';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { avatarUrl, email, password, phone, text } from '../../lib/resources/common';
import { access } from '../auth/access';
import { verifyPassword, hashPassword } from '../auth/password';
import { departments, loginLogs, roles, sessions, users } from '../db/schema';
import { clearSessionCookies, endSessions } from '../auth/session';
import { recentFailures } from './auth';
import { logOperation } from '../crud/oplog';
import { badRequest, ok, parseInput, readJson, unauthorized } from '../http/reply';
import type { AppEnv } from '../http/types';
import type { DbOrTx } from '../db/client';

/** Wrong current passwords (within the sign-in window) before the session ends. */
export const CURRENT_PASSWORD_TRIES = 5;

export const profileSchema = z.object({
  name: text('姓名', 64),
  phone: phone,
  email: email,
  avatar: avatarUrl,
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: '请输入当前密码' }).min(1, '请输入当前密码').max(128),
    password: password('新密码'),
  })
  .refine((v) => v.currentPassword !== v.password, { path: ['password'], message: '新密码不能与当前密码相同' });

async function loadProfile(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      phone: users.phone,
      email: users.email,
      avatar: users.avatar,
      isSuper: users.isSuper,
      lastLoginAt: users.lastLoginAt,
      departmentName: departments.name,
      roleName: roles.name,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id));
  return row;
}

/** 个人资料: every signed-in user edits their own name, phone, email, avatar and password. */
export const profileRoutes = new Hono<AppEnv>()
  .get('/', access.signedIn(), async (c) => ok(c, await loadProfile(c.get('db'), c.get('user')!.id)))
  .put('/', access.signedIn(), async (c) => {
    const input = parseInput(profileSchema, await readJson(c));
    const me = c.get('user')!;
    const after = await c.get('db').transaction(async (tx) => {
      const before = await loadProfile(tx, me.id);
      await tx.update(users).set({ ...input, updatedAt: new Date() }).where(eq(users.id, me.id));
      const after = await loadProfile(tx, me.id);
      await logOperation(tx, c, { type: 'update_profile', resource: 'profile', resourceId: me.id, summary: `修改个人资料「${after.name}」`, before, after });
      return after;
    });
    return ok(c, after);
  })
  .put('/password', access.signedIn(), async (c) => {
    const input = parseInput(changePasswordSchema, await readJson(c));
    const me = c.get('user')!;
    const db = c.get('db');
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
    if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
      // A wrong current password is a guess like a wrong sign-in: logged, counted with them, and
      // after a few the session that made them ends (a stolen session cannot try without limit).
      await db.insert(loginLogs).values({ username: me.username, userId: me.id, ip: c.get('ip'), userAgent: c.get('userAgent').slice(0, 512), success: false, reason: 'bad_current_password' });
      const failures = await recentFailures(db, and(eq(loginLogs.userId, me.id), eq(loginLogs.reason, 'bad_current_password'))!, { cap: CURRENT_PASSWORD_TRIES });
      if (failures >= CURRENT_PASSWORD_TRIES) {
        await db.delete(sessions).where(eq(sessions.id, me.sessionId));
        clearSessionCookies(c);
        throw unauthorized(`当前密码连续输错 ${CURRENT_PASSWORD_TRIES} 次，已退出登录，请重新登录`);
      }
      throw badRequest('当前密码不正确', { currentPassword: `当前密码不正确（还可尝试 ${CURRENT_PASSWORD_TRIES - failures} 次）` });
    }
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() }).where(eq(users.id, me.id));
      // Every other session of this user ends; this browser stays signed in.
      await endSessions(tx, me.id, 'password', { except: me.sessionId });
      await logOperation(tx, c, { type: 'change_password', resource: 'profile', resourceId: me.id, summary: '修改登录密码' });
    });
    return ok(c, null);
  });
