import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { departments } from '../db/schema';
import type { DbOrTx } from '../db/types';
import type { SessionUser } from '../http/types';

/**
 * What a user's data scope covers: everything (level 1), their own department and every department
 * below it (level 2), or only their own records (level 3, or level 2 without a department).
 * "本部门" includes the sub-teams: a 编辑部 manager manages 新闻组 too (docs/decisions.md).
 * @see DESIGN §3
 */
export type DataScope = { kind: 'all' } | { kind: 'department'; rootId: number } | { kind: 'self' };

export function dataScope(user: SessionUser): DataScope {
  if (user.isSuper || user.level === 1) return { kind: 'all' };
  if (user.level === 2 && user.departmentId !== null) return { kind: 'department', rootId: user.departmentId };
  return { kind: 'self' };
}

/** The ids of a department and all its descendants, as a subquery (one recursive CTE, no per-row queries). */
export function subtreeIds(rootId: number): SQL {
  // UNION (not UNION ALL) would also stop a cycle, which the department routes never let in.
  return sql`(WITH RECURSIVE sub(id) AS (SELECT d.id FROM departments d WHERE d.id = ${rootId} UNION SELECT d.id FROM departments d JOIN sub ON d.parent_id = sub.id) SELECT id FROM sub)`;
}

/** The department ids a department-scoped user covers. */
export async function subtreeIdSet(db: DbOrTx, rootId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(sql`${departments.id} IN ${subtreeIds(rootId)}`);
  return new Set(rows.map((r) => r.id));
}

/**
 * A condition limiting rows owned by a user (`userColumn`) in a department (`departmentColumn`)
 * to the viewer's scope; undefined for the full scope.
 */
export function scopeCondition(
  user: SessionUser,
  { userColumn, departmentColumn }: { userColumn: AnyPgColumn; departmentColumn: AnyPgColumn },
): SQL | undefined {
  const scope = dataScope(user);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'department') return sql`${departmentColumn} IN ${subtreeIds(scope.rootId)}`;
  return eq(userColumn, user.id);
}
