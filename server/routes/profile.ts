import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { avatarUrl, email, password, phone, text } from '../../lib/resources/schemas/common';
import { access } from '../auth/access';
import { assertCurrentPassword, currentPasswordField } from '../auth/current-password';
import { hashPassword } from '../auth/password';
import { departments, roles, users } from '../db/schema';
import { endSessions } from '../auth/session';
import { removeDingtalkBinding } from '../dingtalk/binding';
import { logOperation } from '../crud/oplog';
import { ok } from '../http/reply';
import { jsonBody } from '../http/input';
import type { AppEnv } from '../http/types';
import type { DbOrTx } from '../db/types';

export const profileSchema = z.object({
  name: text('姓名', 64),
  phone: phone,
  email: email,
  avatar: avatarUrl,
});

export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField,
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
  .put('/', access.signedIn(), jsonBody(profileSchema), async (c) => {
    const input = c.req.valid('json');
    const me = c.get('user')!;
    const after = await c.get('db').transaction(async (tx) => {
      const before = await loadProfile(tx, me.id);
      await tx
        .update(users)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(users.id, me.id));
      const after = await loadProfile(tx, me.id);
      await logOperation(tx, c, { type: 'update_profile', resource: 'profile', resourceId: me.id, summary: `修改个人资料「${after.name}」`, before, after });
      return after;
    });
    return ok(c, after);
  })
  .put('/password', access.signedIn(), jsonBody(changePasswordSchema), async (c) => {
    const input = c.req.valid('json');
    const me = c.get('user')!;
    await assertCurrentPassword(c, input.currentPassword);
    const dingtalkUnbound = await c.get('db').transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
        .where(eq(users.id, me.id));
      // Every other session of this user ends; this browser stays signed in.
      await endSessions(tx, me.id, 'password', { except: me.sessionId });
      await logOperation(tx, c, { type: 'change_password', resource: 'profile', resourceId: me.id, summary: '修改登录密码' });
      // So does a DingTalk binding (issue 14): it may be the way in of whoever the change is against.
      return removeDingtalkBinding(tx, c, me.id, { resource: 'profile', why: (nick) => `修改密码，解除钉钉绑定「${nick}」` });
    });
    return ok(c, { dingtalkUnbound });
  });
