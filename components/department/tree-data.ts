import type { Department } from '@/lib/api/types';
import { buildTree, type TreeNode } from '@/lib/tree';

export interface DeptNode extends TreeNode<Department> {
  name: string;
  userCount: number;
  /** Members here and in every department below. */
  totalCount: number;
  parentId: number | null;
  children: DeptNode[];
}

const withCounts = (node: TreeNode<Department>): DeptNode => ({
  ...node,
  name: node.record.name,
  userCount: node.record.userCount,
  totalCount: node.record.totalCount,
  parentId: node.record.parentId,
  children: node.children.map(withCounts),
});

/** The department tree (`buildTree`) with each node's member counts. */
export function buildDeptTree(rows: Department[], disabledIds: ReadonlySet<number> = new Set()): DeptNode[] {
  return buildTree(rows, disabledIds).map(withCounts);
}

/** A department tree whose nodes outside `allowed` cannot be picked (a manager places staff only in their scope). */
export function limitTree(nodes: DeptNode[], allowed: ReadonlySet<number> | null): DeptNode[] {
  if (!allowed) return nodes;
  return nodes.map((n) => ({ ...n, disabled: n.disabled || !allowed.has(n.key), children: limitTree(n.children, allowed) }));
}
