import { Hono } from 'hono';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { avatarUrl, email, password, phone, text } from '../../lib/resources/common';
import { access } from '../auth/access';
import { verifyPassword, hashPassword } from '../auth/password';
import { departments, roles, sessions, users } from '../db/schema';
import { logOperation } from '../crud/oplog';
import { badRequest, ok, parseInput, readJson } from '../http/reply';
import type { AppEnv } from '../http/types';
import type { DbOrTx } from '../db/client';

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
    await c.get('db').transaction(async (tx) => {
      const [row] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
      if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
        throw badRequest('当前密码不正确', { currentPassword: '当前密码不正确' });
      }
      await tx.update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() }).where(eq(users.id, me.id));
      // Every other session of this user ends; this browser stays signed in.
      await tx.delete(sessions).where(and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId)));
      await logOperation(tx, c, { type: 'change_password', resource: 'profile', resourceId: me.id, summary: '修改登录密码' });
    });
    return ok(c, null);
  });
