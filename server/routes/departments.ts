import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { departmentResource, departmentTreeNode } from '../../lib/resources/schemas/departments';
import { answers } from '../http/answer';
import { access } from '../auth/access';
import { departments, users } from '../db/schema';
import { crudRoutes } from '../crud/crud-routes';
import { badRequest, conflict, forbidden } from '../http/errors';
import { ok } from '../http/reply';
import type { DbOrTx } from '../db/types';

const TREE_MAX = 5000;

async function assertParentValid(db: DbOrTx, id: number | null, parentId: number | null | undefined) {
  if (parentId === undefined || parentId === null) return;
  const all = await db.select({ id: departments.id, parentId: departments.parentId }).from(departments);
  const parentOf = new Map(all.map((d) => [d.id, d.parentId]));
  if (!parentOf.has(parentId)) throw badRequest('上级部门不存在', { parentId: '上级部门不存在' });
  // Walking up from the new parent must never reach the department itself (no cycles).
  for (let cur: number | null | undefined = parentId, hops = 0; cur != null && hops <= all.length; cur = parentOf.get(cur), hops++) {
    if (cur === id) throw badRequest('不能把部门移到它自己或它的下级部门之下', { parentId: '不能选择自己或下级部门' });
  }
}

/** Sibling departments never share a name: a person picks them by name in trees and pickers. */
async function assertNameFree(db: DbOrTx, { id, name, parentId }: { id: number | null; name: string; parentId: number | null }) {
  const [clash] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId),
        sql`lower(${departments.name}) = lower(${name})`,
        id === null ? undefined : ne(departments.id, id),
      ),
    )
    .limit(1);
  if (clash) {
    const message = parentId === null ? `已有名为「${name}」的顶级部门` : `同一上级部门下已有「${name}」`;
    throw conflict(message, { name: message });
  }
}

/**
 * Adds `totalCount` to each department: its own members plus those of every department below it
 * (the tree shows "11 / 30"). One pass from the leaves up over the rows already loaded.
 */
export function withTotals<T extends { id: number; parentId: number | null; userCount: number }>(rows: T[]): Array<T & { totalCount: number }> {
  const total = new Map(rows.map((r) => [r.id, r.userCount]));
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  for (const r of rows) {
    // Walk up from each department, adding its own count to every ancestor (depth is small).
    const seen = new Set([r.id]);
    for (let p = r.parentId; p !== null && total.has(p) && !seen.has(p); p = parentOf.get(p) ?? null) {
      seen.add(p);
      total.set(p, total.get(p)! + r.userCount);
    }
  }
  return rows.map((r) => ({ ...r, totalCount: total.get(r.id)! }));
}

const userCounts = (db: DbOrTx) =>
  db
    .select({ departmentId: users.departmentId, n: count().as('n') })
    .from(users)
    .groupBy(users.departmentId)
    .as('user_counts');

/** 部门: list, tree (with member counts), add, update, delete, sort among siblings. */
export const departmentRoutes = crudRoutes({
  resource: departmentResource,
  table: departments,
  columns: { id: departments.id, name: departments.name, parentId: departments.parentId, sort: departments.sort },
  orderBy: [asc(departments.parentId), asc(departments.sort), asc(departments.id)],
  sortGroup: departments.parentId,
  extend(app) {
    // The whole tree in one query, each department with its member count (tree screen, pickers).
    app.get('/tree', access.signedIn(), answers(z.array(departmentTreeNode)), async (c) => {
      const db = c.get('db');
      const counts = userCounts(db);
      const rows = await db
        .select({
          id: departments.id,
          name: departments.name,
          parentId: departments.parentId,
          sort: departments.sort,
          userCount: sql<number>`coalesce(${counts.n}, 0)::int`,
        })
        .from(departments)
        .leftJoin(counts, eq(counts.departmentId, departments.id))
        .orderBy(asc(departments.sort), asc(departments.id))
        .limit(TREE_MAX);
      return ok(c, withTotals(rows));
    });
  },
  hooks: {
    // The organisation's structure is everyone's: a manager scoped to one department (or to
    // themselves) manages the people in it, not the tree.
    beforeWrite({ user }) {
      if (!user.isSuper && user.level !== 1) throw forbidden('调整部门结构需要「全部数据」的数据范围');
    },
    async beforeCreate({ tx }, values) {
      const parentId = values.parentId ?? null;
      await assertParentValid(tx, null, parentId);
      await assertNameFree(tx, { id: null, name: values.name, parentId });
      return { ...values, parentId };
    },
    async beforeUpdate({ tx }, before, patch) {
      if ('parentId' in patch) await assertParentValid(tx, before.id, patch.parentId);
      if ('parentId' in patch || 'name' in patch) {
        const parentId = 'parentId' in patch ? (patch.parentId ?? null) : before.parentId;
        await assertNameFree(tx, { id: before.id, name: patch.name ?? before.name, parentId });
      }
      return patch;
    },
    async beforeDelete({ tx }, before) {
      const [[children], [members]] = await Promise.all([
        tx.select({ n: count() }).from(departments).where(eq(departments.parentId, before.id)),
        tx.select({ n: count() }).from(users).where(eq(users.departmentId, before.id)),
      ]);
      if (members.n > 0) throw conflict(`「${before.name}」下还有 ${members.n} 名员工，请先把他们调到其他部门`);
      if (children.n > 0) throw conflict(`「${before.name}」下还有 ${children.n} 个下级部门，请先删除或移走它们`);
    },
  },
});
