import { count, eq, sql } from 'drizzle-orm';
import { roleResource } from '../../lib/resources/schemas/roles';
import { roles, users } from '../db/schema';
import { crudRoutes } from '../crud/crud-routes';
import { assertCanGrant } from '../auth/grants';
import { badRequest, conflict, forbidden } from '../http/errors';
import { FULL_SCOPE_ROUTES, ROUTES } from '../../lib/routes';
import type { DbOrTx } from '../db/types';

// Written out in full: inside a select list Drizzle renders columns unqualified, and an
// unqualified "id" in the subquery would mean users.id.
const userCount = sql<number>`(SELECT count(*)::int FROM "users" AS u WHERE u."role_id" = "roles"."id")`;

async function roleOf(db: DbOrTx, id: number) {
  const [row] = await db.select({ routes: roles.routes, level: roles.level }).from(roles).where(eq(roles.id, id));
  return row;
}

/** Log screens and the like are granted only with the 全部数据 scope. */
function assertScopeFits({ routes, level }: { routes: readonly string[]; level: number }) {
  const needFull = routes.filter((r) => FULL_SCOPE_ROUTES.has(r));
  if (level !== 1 && needFull.length) {
    const names = needFull.map((p) => ROUTES.find((r) => r.path === p)?.name ?? p).join('、');
    const message = `${names}只能授予数据范围为「全部数据」的角色`;
    throw badRequest(message, { routes: message });
  }
}

/** 角色: readable by every signed-in user (pickers); written with /role. Changes apply on the next request. */
export const roleRoutes = crudRoutes({
  resource: roleResource,
  table: roles,
  columns: {
    id: roles.id,
    name: roles.name,
    description: roles.description,
    routes: roles.routes,
    level: roles.level,
    requireTotp: roles.requireTotp,
    updatedAt: roles.updatedAt,
    userCount: userCount.as('user_count'),
  },
  hooks: {
    // A role is held by people in every department: changing one reaches beyond a department's
    // scope, so only the 全部数据 scope changes roles (as with the department tree).
    beforeWrite({ user }) {
      if (!user.isSuper && user.level !== 1) throw forbidden('修改角色需要「全部数据」的数据范围');
    },
    beforeCreate({ user }, values) {
      assertCanGrant(user, values as { routes: string[]; level: number });
      assertScopeFits(values as { routes: string[]; level: number });
      return values;
    },
    async beforeUpdate({ tx, user }, before, patch) {
      // Editing a role one could not have created is refused too (it may grant more than you hold).
      const current = await roleOf(tx, before.id);
      assertCanGrant(user, current ?? {});
      assertCanGrant(user, patch as { routes?: string[]; level?: number });
      assertScopeFits({ routes: (patch.routes as string[] | undefined) ?? current.routes, level: (patch.level as number | undefined) ?? current.level });
      return patch;
    },
    async beforeDelete({ tx, user }, before) {
      assertCanGrant(user, (await roleOf(tx, before.id)) ?? {});
      const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.roleId, before.id));
      if (n > 0) throw conflict(`还有 ${n} 名员工使用角色「${before.name}」，请先为他们更换角色`);
    },
  },
});
