/**
 * Pure helpers for an id/parentId tree in sibling order (categories, departments). Unit-tested.
 */
export interface FlatNode {
  id: number;
  parentId: number | null;
  name: string;
}

export interface TreeNode<T extends FlatNode> {
  key: number;
  value: number;
  title: string;
  record: T;
  disabled?: boolean;
  children: Array<TreeNode<T>>;
}

/** Nests a flat list (already in sibling order) into antd tree nodes; `disabledIds` cannot be chosen. */
export function buildTree<T extends FlatNode>(rows: T[], disabledIds: ReadonlySet<number> = new Set()): Array<TreeNode<T>> {
  const nodes = new Map<number, TreeNode<T>>();
  for (const r of rows) nodes.set(r.id, { key: r.id, value: r.id, title: r.name, record: r, disabled: disabledIds.has(r.id), children: [] });
  const roots: Array<TreeNode<T>> = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** A node and everything below it (a node cannot move under itself). */
export function subtreeOf(rows: FlatNode[], id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parentId !== null && ids.has(r.parentId) && !ids.has(r.id)) {
        ids.add(r.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** The ids sharing `id`'s parent, in order. */
export function siblingIds(rows: FlatNode[], id: number): number[] {
  const parentId = rows.find((r) => r.id === id)?.parentId ?? null;
  return rows.filter((r) => r.parentId === parentId).map((r) => r.id);
}

/** Sibling ids after moving `dragId` just before or after `targetId`. */
export function placeSibling(siblings: number[], dragId: number, targetId: number, isAfter: boolean): number[] {
  if (dragId === targetId) return siblings;
  const rest = siblings.filter((id) => id !== dragId);
  const at = rest.indexOf(targetId);
  if (at < 0) return siblings;
  rest.splice(isAfter ? at + 1 : at, 0, dragId);
  return rest;
}

/** Sibling ids after moving `id` one place up (-1) or down (+1); unchanged at either end. */
export function shiftSibling(siblings: number[], id: number, delta: -1 | 1): number[] {
  const at = siblings.indexOf(id);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= siblings.length) return siblings;
  const next = [...siblings];
  [next[at], next[to]] = [next[to], next[at]];
  return next;
}

/** How many children each node has. */
export function childCounts(rows: FlatNode[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const r of rows) if (r.parentId !== null) counts.set(r.parentId, (counts.get(r.parentId) ?? 0) + 1);
  return counts;
}

/** The ids above a node, nearest first (its parent, grandparent …). */
export function ancestorIds(rows: FlatNode[], id: number): number[] {
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  const out: number[] = [];
  for (let p = parentOf.get(id) ?? null; p !== null && !out.includes(p); p = parentOf.get(p) ?? null) out.push(p);
  return out;
}
