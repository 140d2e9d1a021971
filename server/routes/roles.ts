import { count, eq, sql } from 'drizzle-orm';
import { roleResource } from '../../lib/resources/roles';
import { roles, users } from '../db/schema';
import { crudRoutes } from '../crud/crud-routes';
import { assertCanGrant } from '../auth/grants';
import { conflict } from '../http/reply';
import type { DbOrTx } from '../db/client';

// Written out in full: inside a select list Drizzle renders columns unqualified, and an
// unqualified "id" in the subquery would mean users.id.
const userCount = sql<number>`(SELECT count(*)::int FROM "users" AS u WHERE u."role_id" = "roles"."id")`;

async function roleOf(db: DbOrTx, id: number) {
  const [row] = await db.select({ routes: roles.routes, level: roles.level }).from(roles).where(eq(roles.id, id));
  return row;
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
    updatedAt: roles.updatedAt,
    userCount: userCount.as('user_count'),
  },
  read: 'signedIn',
  keyword: [roles.name],
  unique: [{ field: 'name', column: roles.name, message: '角色名称已存在' }],
  hooks: {
    beforeCreate({ user }, values) {
      assertCanGrant(user, values as { routes: string[]; level: number });
      return values;
    },
    async beforeUpdate({ tx, user }, before, patch) {
      // Editing a role one could not have created is refused too (it may grant more than you hold).
      assertCanGrant(user, (await roleOf(tx, before.id)) ?? {});
      assertCanGrant(user, patch as { routes?: string[]; level?: number });
      return patch;
    },
    async beforeDelete({ tx, user }, before) {
      assertCanGrant(user, (await roleOf(tx, before.id)) ?? {});
      const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.roleId, before.id));
      if (n > 0) throw conflict(`还有 ${n} 名员工使用角色「${before.name}」，请先为他们更换角色`);
    },
  },
});
