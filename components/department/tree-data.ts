import type { Department } from '@/lib/resources/departments';

export interface DeptNode {
  key: number;
  value: number;
  title: string;
  name: string;
  userCount: number;
  /** Members here and in every department below. */
  totalCount: number;
  parentId: number | null;
  disabled?: boolean;
  children: DeptNode[];
}

/** Nests the flat department list (already in sibling order) into tree nodes. */
export function buildDeptTree(rows: Department[], disabledIds: ReadonlySet<number> = new Set()): DeptNode[] {
  const nodes = new Map<number, DeptNode>();
  for (const d of rows) {
    nodes.set(d.id, {
      key: d.id,
      value: d.id,
      title: d.name,
      name: d.name,
      userCount: d.userCount ?? 0,
      totalCount: d.totalCount ?? d.userCount ?? 0,
      parentId: d.parentId,
      disabled: disabledIds.has(d.id),
      children: [],
    });
  }
  const roots: DeptNode[] = [];
  for (const d of rows) {
    const node = nodes.get(d.id)!;
    const parent = d.parentId === null ? undefined : nodes.get(d.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The department and everything below it (cannot become its own parent). */
export function subtreeIds(rows: Department[], id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of rows) {
      if (d.parentId !== null && ids.has(d.parentId) && !ids.has(d.id)) {
        ids.add(d.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** Sibling ids after moving `dragId` before or after `targetId` (same parent). */
export function reorderSiblings(siblings: number[], dragId: number, targetId: number, after: boolean): number[] {
  const rest = siblings.filter((id) => id !== dragId);
  const at = rest.indexOf(targetId);
  rest.splice(after ? at + 1 : at, 0, dragId);
  return rest;
}

/** The ids above a department, nearest first (its parent, grandparent …). */
export function ancestorIds(rows: Department[], id: number): number[] {
  const parentOf = new Map(rows.map((d) => [d.id, d.parentId]));
  const out: number[] = [];
  for (let p = parentOf.get(id) ?? null; p !== null && !out.includes(p); p = parentOf.get(p) ?? null) out.push(p);
  return out;
}

/** A department tree whose nodes outside `allowed` cannot be picked (a manager places staff only in their scope). */
export function limitTree(nodes: DeptNode[], allowed: ReadonlySet<number> | null): DeptNode[] {
  if (!allowed) return nodes;
  return nodes.map((n) => ({ ...n, disabled: n.disabled || !allowed.has(n.key), children: limitTree(n.children, allowed) }));
}
