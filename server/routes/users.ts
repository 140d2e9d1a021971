import { and, count, eq, ne } from 'drizzle-orm';
import { passwordResetSchema, userResource, userUpdateSchema } from '../../lib/resources/users';
import { departments, roles, sessions, users } from '../db/schema';
import { crudRoutes, type HookContext } from '../crud/crud-routes';
import { logOperation } from '../crud/oplog';
import { access } from '../auth/access';
import { assertCanGrant } from '../auth/grants';
import { hashPassword } from '../auth/password';
import { badRequest, conflict, forbidden, idParam, notFound, ok, parseInput, readJson } from '../http/reply';
import type { SessionUser } from '../http/types';

type Values = Record<string, unknown>;

/** Data scope on users: 1 everyone, 2 own department, 3 only oneself. @see DESIGN §3 */
function scope(user: SessionUser) {
  if (user.level === 1) return undefined;
  if (user.level === 2 && user.departmentId !== null) return eq(users.departmentId, user.departmentId);
  return eq(users.id, user.id);
}

async function checkReferences({ tx, user }: HookContext, values: Values) {
  const errors: Record<string, string> = {};
  if (typeof values.departmentId === 'number') {
    const [dept] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, values.departmentId));
    if (!dept) errors.departmentId = '部门不存在';
    else if (user.level === 2 && values.departmentId !== user.departmentId) errors.departmentId = '只能把员工分到自己的部门';
  }
  if (typeof values.roleId === 'number') {
    const [role] = await tx.select({ routes: roles.routes, level: roles.level }).from(roles).where(eq(roles.id, values.roleId));
    if (!role) errors.roleId = '角色不存在';
    else assertCanGrant(user, role);
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
  if (values.isSuper === true && !user.isSuper) throw forbidden('只有超级管理员可以设置超级管理员');
}

async function otherActiveSupers(tx: HookContext['tx'], exceptId: number) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isSuper, true), eq(users.enabled, true), ne(users.id, exceptId)));
  return n;
}

/** Refusals shared by update and delete: oneself, super-administrators, the last one of them. */
async function guardTarget(ctx: HookContext, target: Values & { id: number }, change: { removes: boolean; disables: boolean; demotes: boolean }) {
  const { user, tx } = ctx;
  if (target.isSuper && !user.isSuper) throw forbidden('只有超级管理员可以修改超级管理员');
  if (target.id === user.id && change.removes) throw conflict('不能删除自己的账号');
  if (target.id === user.id && change.disables) throw conflict('不能停用自己的账号');
  if (target.isSuper && target.enabled && (change.removes || change.disables || change.demotes) && (await otherActiveSupers(tx, target.id)) === 0) {
    throw conflict('这是最后一名超级管理员，不能删除、停用或取消其超级管理员身份');
  }
}

const endSessions = (tx: HookContext['tx'], userId: number) => tx.delete(sessions).where(eq(sessions.userId, userId));

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
  },
  joins: (q) => (q as any).leftJoin(departments, eq(departments.id, users.departmentId)).leftJoin(roles, eq(roles.id, users.roleId)),
  updateSchema: userUpdateSchema,
  keyword: [users.username, users.name, users.phone],
  filters: {
    departmentId: (v) => (/^\d+$/.test(v) ? eq(users.departmentId, Number(v)) : undefined),
    roleId: (v) => (/^\d+$/.test(v) ? eq(users.roleId, Number(v)) : undefined),
    enabled: (v) => (v === 'true' || v === 'false' ? eq(users.enabled, v === 'true') : undefined),
  },
  unique: [{ field: 'username', column: users.username, message: '用户名已存在' }],
  scope,
  title: (row) => `${row.name}（${row.username}）`,
  updateType: (patch) => (Object.keys(patch).join() === 'enabled' ? (patch.enabled ? 'enable' : 'disable') : 'update'),
  extend(app) {
    app.put('/:id/password', access.route(userResource.permission), async (c) => {
      const id = idParam(c);
      const { password } = parseInput(passwordResetSchema, await readJson(c));
      await userRoutes.inTransaction(c, async (ctx) => {
        const target = await userRoutes.getOne(ctx.tx, ctx.user, id);
        if (!target) throw notFound('用户不存在');
        await guardTarget(ctx, target, { removes: false, disables: false, demotes: false });
        await ctx.tx.update(users).set({ passwordHash: await hashPassword(password), updatedAt: new Date() }).where(eq(users.id, id));
        // A reset ends every session of that user (unless it is oneself: keep this one).
        await ctx.tx.delete(sessions).where(and(eq(sessions.userId, id), ne(sessions.id, id === ctx.user.id ? ctx.user.sessionId : -1)));
        await logOperation(ctx.tx, c, { type: 'reset_password', resource: 'users', resourceId: id, summary: `重置「${target.name}（${target.username}）」的密码` });
      });
      return ok(c, { id });
    });
  },
  hooks: {
    async beforeCreate(ctx, values) {
      // A department-scoped manager creates staff only inside their own department.
      if (ctx.user.level === 2 && values.departmentId !== ctx.user.departmentId) {
        throw badRequest('只能把员工分到自己的部门', { departmentId: '只能把员工分到自己的部门' });
      }
      await checkReferences(ctx, values);
      const { password, ...rest } = values;
      return { ...rest, passwordHash: await hashPassword(password as string) };
    },
    async beforeUpdate(ctx, before, patch) {
      await checkReferences(ctx, patch);
      await guardTarget(ctx, before, { removes: false, disables: patch.enabled === false, demotes: patch.isSuper === false });
      if (before.id === ctx.user.id && !ctx.user.isSuper && 'roleId' in patch && patch.roleId !== before.roleId) {
        throw forbidden('不能修改自己的角色');
      }
      if (patch.enabled === false) await endSessions(ctx.tx, before.id);
      return patch;
    },
    async beforeDelete(ctx, before) {
      await guardTarget(ctx, before, { removes: true, disables: false, demotes: false });
      await endSessions(ctx.tx, before.id);
    },
  },
});
