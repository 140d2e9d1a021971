import { z } from 'zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { passwordResetAnswer, passwordResetSchema, userResource, userUpdateSchema } from '../../lib/resources/schemas/users';
import { departments, roles, sessions, users } from '../db/schema';
import { crudRoutes, type HookContext } from '../crud/crud-routes';
import { logOperation } from '../crud/oplog';
import { access } from '../auth/access';
import { assertCanGrant, canGrant } from '../auth/grants';
import { hashPassword } from '../auth/password';
import { endSessions } from '../auth/session';
import { clearTotp } from '../auth/totp';
import { removeDingtalkBinding } from '../dingtalk/binding';
import { dataScope, scopeCondition, subtreeIds, subtreeIdSet } from '../auth/scope';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { idFilter, idParam } from '../http/params';
import { ok } from '../http/reply';
import { answers } from '../http/answer';
import { jsonBody } from '../http/input';
import type { SessionUser } from '../http/types';

type Values = Record<string, unknown>;

/** Data scope on users: 1 everyone, 2 own department and below, 3 only oneself. @see DESIGN §3 */
const scope = (user: SessionUser) => scopeCondition(user, { userColumn: users.id, departmentColumn: users.departmentId });

async function checkReferences({ tx, user }: HookContext, values: Values, target?: Values) {
  const errors: Record<string, string> = {};
  if ('departmentId' in values) {
    // A scoped manager keeps staff inside their scope: no moving them out (or to no department).
    const scope = dataScope(user);
    if (scope.kind === 'self' && values.departmentId !== target?.departmentId) errors.departmentId = '你的数据范围不能调整员工的部门';
    if (scope.kind === 'department') {
      const id = values.departmentId;
      if (typeof id !== 'number' || !(await subtreeIdSet(tx, scope.rootId)).has(id)) errors.departmentId = '只能把员工分到自己的部门或其下属部门';
    }
  }
  if (!errors.departmentId && typeof values.departmentId === 'number') {
    const [dept] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, values.departmentId));
    if (!dept) errors.departmentId = '部门不存在';
  }
  if (typeof values.roleId === 'number') {
    const [role] = await tx.select({ routes: roles.routes, level: roles.level }).from(roles).where(eq(roles.id, values.roleId));
    if (!role) errors.roleId = '角色不存在';
    else assertCanGrant(user, role);
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
  if (values.isSuper === true && !user.isSuper) throw forbidden('只有超级管理员可以设置超级管理员');
}

/**
 * Active super-administrators other than `exceptId`. Every active super row is locked first, so two
 * requests each demoting, disabling or deleting "the other one" run one after the other: the
 * second sees the first's change and is refused (PostgreSQL; PGlite runs one transaction at a time).
 */
async function otherActiveSupers(tx: HookContext['tx'], exceptId: number) {
  const supers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isSuper, true), eq(users.enabled, true)))
    .orderBy(asc(users.id))
    .for('update');
  return supers.filter((s) => s.id !== exceptId).length;
}

/** Refusals shared by update, delete and password reset. */
async function guardTarget(ctx: HookContext, target: Values & { id: number }, change: { removes: boolean; disables: boolean; demotes: boolean }) {
  const { user, tx } = ctx;
  if (target.isSuper && !user.isSuper) throw forbidden('只有超级管理员可以修改超级管理员');
  // Managing an account is as good as holding its permissions (reset its password, sign in):
  // nobody manages an account whose role grants more than their own.
  if (!user.isSuper && target.id !== user.id && typeof target.roleId === 'number') {
    const [role] = await tx.select({ routes: roles.routes, level: roles.level }).from(roles).where(eq(roles.id, target.roleId));
    if (role && !canGrant(user, role)) throw forbidden('不能管理权限比自己大的员工');
  }
  if (target.id === user.id && change.removes) throw conflict('不能删除自己的账号');
  if (target.id === user.id && change.disables) throw conflict('不能停用自己的账号');
  if (target.isSuper && target.enabled && (change.removes || change.disables || change.demotes) && (await otherActiveSupers(tx, target.id)) === 0) {
    throw conflict('这是最后一名超级管理员，不能删除、停用或取消其超级管理员身份');
  }
}

/** An id filter from the query string; one that cannot exist matches nothing. */
const byId = (column: typeof users.departmentId | typeof users.roleId, value: string) => {
  const id = idFilter(value);
  return id === null ? sql`false` : eq(column, id);
};

/** A person the viewer may manage (in their scope, not above their role), or the refusal. */
async function managedTarget(ctx: HookContext, id: number) {
  const target = await userRoutes.getOne(ctx.tx, ctx.user, id);
  if (!target) throw notFound('用户不存在');
  await guardTarget(ctx, target, { removes: false, disables: false, demotes: false });
  return target as typeof target & { name: string; username: string };
}

const removeSessions = (tx: HookContext['tx'], userId: number) => tx.delete(sessions).where(eq(sessions.userId, userId));

/** 员工: list (data-scoped), add with an initial password, update, enable/disable, reset password, delete. */
export const userRoutes = crudRoutes({
  resource: userResource,
  table: users,
  columns: {
    id: users.id,
    username: users.username,
    name: users.name,
    departmentId: users.departmentId,
    roleId: users.roleId,
    phone: users.phone,
    email: users.email,
    avatar: users.avatar,
    enabled: users.enabled,
    isSuper: users.isSuper,
    lastLoginAt: users.lastLoginAt,
    createdAt: users.createdAt,
    departmentName: departments.name,
    roleName: roles.name,
    // Whether (and to whom) the person's DingTalk account is bound; the DingTalk id stays here.
    dingtalkBound: sql<boolean>`(${users.dingtalkUnionId} IS NOT NULL)`.as('dingtalk_bound'),
    dingtalkNick: users.dingtalkNick,
    totpEnabled: sql<boolean>`(${users.totpEnabledAt} IS NOT NULL)`.as('totp_enabled'),
  },
  joins: (q) => (q as any).leftJoin(departments, eq(departments.id, users.departmentId)).leftJoin(roles, eq(roles.id, users.roleId)),
  updateSchema: userUpdateSchema,
  filters: {
    // `withSub=true`: the department's people and those of every department below it (a parent's
    // list with its sub-teams, issue 11).
    departmentId: (v, query) => {
      const id = idFilter(v);
      if (query.withSub !== 'true' || id === null) return byId(users.departmentId, v);
      return sql`${users.departmentId} IN ${subtreeIds(id)}`;
    },
  },
  scope,
  title: (row) => `${row.name}（${row.username}）`,
  extend(app) {
    app.put(
      '/:id/password',
      access.route(userResource.permission),
      jsonBody(passwordResetSchema),
      answers(passwordResetAnswer, { 409: '自己的密码在「个人资料」中修改' }),
      async (c) => {
        const id = idParam(c);
        const { password } = c.req.valid('json');
        // One's own password changes in 个人资料, with the current password (a stolen session must
        // not be enough to take the account over).
        if (id === c.get('user')!.id) throw conflict('请在「个人资料」中修改自己的密码（需要输入当前密码）');
        const dingtalkUnbound = await userRoutes.inTransaction(c, async (ctx) => {
          const target = await managedTarget(ctx, id);
          await ctx.tx
            .update(users)
            .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
            .where(eq(users.id, id));
          // A reset ends every session of that user, and their DingTalk binding (issue 14): a reset
          // is what an administrator does when the account may be in someone else's hands.
          await endSessions(ctx.tx, id, 'password');
          await logOperation(ctx.tx, c, {
            type: 'reset_password',
            resource: 'users',
            resourceId: id,
            summary: `重置「${target.name}（${target.username}）」的密码`,
          });
          return removeDingtalkBinding(ctx.tx, c, id, {
            resource: 'users',
            why: (nick) => `重置「${target.name}（${target.username}）」的密码，解除其钉钉绑定「${nick}」`,
          });
        });
        return ok(c, { id, dingtalkUnbound });
      },
    );
    // Issue 26: 退出登录 on 部门与员工 ends every session of a staff member (same rules as a reset).
    app.post(
      '/:id/sign_out',
      access.route(userResource.permission),
      answers(z.object({ id: z.number().int(), ended: z.number().int() }), { 409: '自己的设备在「个人资料」中退出' }),
      async (c) => {
        const id = idParam(c);
        if (id === c.get('user')!.id) throw conflict('要退出自己的其他设备，请在「个人资料 · 登录设备」中操作');
        const ended = await userRoutes.inTransaction(c, async (ctx) => {
          const target = await managedTarget(ctx, id);
          const n = await endSessions(ctx.tx, id, 'admin');
          await logOperation(ctx.tx, c, {
            type: 'sign_out',
            resource: 'users',
            resourceId: id,
            summary: `将「${target.name}（${target.username}）」退出所有设备（${n} 个）`,
          });
          return n;
        });
        return ok(c, { id, ended });
      },
    );
    // 重置两步验证: the person lost their phone; they sign in with the password and enrol again.
    app.delete(
      '/:id/totp',
      access.route(userResource.permission),
      answers(z.object({ id: z.number().int() }), { 409: '自己的两步验证在「个人资料」中管理' }),
      async (c) => {
        const id = idParam(c);
        if (id === c.get('user')!.id) throw conflict('请在「个人资料」中管理自己的两步验证');
        await userRoutes.inTransaction(c, async (ctx) => {
          const target = await managedTarget(ctx, id);
          const [row] = await ctx.tx.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, id));
          if (!row?.enabledAt) throw notFound('该员工没有开启两步验证');
          await clearTotp(ctx.tx, id);
          await endSessions(ctx.tx, id, 'totp_reset');
          await logOperation(ctx.tx, c, {
            type: 'reset_totp',
            resource: 'users',
            resourceId: id,
            summary: `重置「${target.name}（${target.username}）」的两步验证`,
          });
        });
        return ok(c, { id });
      },
    );
    // 解除钉钉绑定 on 部门与员工: the same permission, scope and "not above your role" rules as a reset.
    app.delete('/:id/dingtalk', access.route(userResource.permission), answers(z.object({ id: z.number().int() })), async (c) => {
      const id = idParam(c);
      await userRoutes.inTransaction(c, async (ctx) => {
        const target = await managedTarget(ctx, id);
        const removed = await removeDingtalkBinding(ctx.tx, c, id, {
          resource: 'users',
          why: (nick) => `解除「${target.name}（${target.username}）」的钉钉绑定「${nick}」`,
        });
        if (!removed) throw notFound('该员工没有绑定钉钉账号');
      });
      return ok(c, { id });
    });
  },
  hooks: {
    async beforeCreate(ctx, values) {
      // A department-scoped manager creates staff only inside their own department (or below); one
      // whose scope is only themselves creates no one.
      if (dataScope(ctx.user).kind === 'self') throw forbidden('你的数据范围是「仅本人数据」，不能新增员工');
      await checkReferences(ctx, { ...values, departmentId: values.departmentId ?? null });
      // Usernames are unique ignoring case (an ADMIN beside admin is a trap for everyone).
      const [taken] = await ctx.tx
        .select({ username: users.username })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${values.username as string})`)
        .limit(1);
      if (taken) {
        const message = `用户名已被「${taken.username}」使用（不区分大小写）`;
        throw conflict(message, { username: message });
      }
      const { password, ...rest } = values;
      return { ...rest, passwordHash: await hashPassword(password as string) };
    },
    async beforeUpdate(ctx, before, patch) {
      await checkReferences(ctx, patch, before);
      await guardTarget(ctx, before, { removes: false, disables: patch.enabled === false, demotes: patch.isSuper === false });
      if (before.id === ctx.user.id && !ctx.user.isSuper && 'roleId' in patch && patch.roleId !== before.roleId) {
        throw forbidden('不能修改自己的角色');
      }
      if (patch.enabled === false) await endSessions(ctx.tx, before.id, 'disabled');
      return patch;
    },
    async beforeDelete(ctx, before) {
      await guardTarget(ctx, before, { removes: true, disables: false, demotes: false });
      await removeSessions(ctx.tx, before.id);
    },
  },
});
