import { badRequest } from '../http/errors';

/**
 * Refuses a parent that does not exist among `nodes` (the same tree: one category type, the
 * department tree), or that is the node itself or one of its descendants (a cycle).
 */
export function assertTreeParent(
  nodes: ReadonlyArray<{ id: number; parentId: number | null }>,
  { id, parentId, label }: { id: number | null; parentId: number | null | undefined; label: string },
) {
  if (parentId === undefined || parentId === null) return;
  const parentOf = new Map(nodes.map((n) => [n.id, n.parentId]));
  if (!parentOf.has(parentId)) throw badRequest(`上级${label}不存在`, { parentId: `上级${label}不存在` });
  // Walking up from the new parent must never reach the node itself.
  for (let cur: number | null | undefined = parentId, hops = 0; cur != null && hops <= nodes.length; cur = parentOf.get(cur), hops++) {
    if (cur === id) throw badRequest(`不能把${label}移到它自己或它的下级${label}之下`, { parentId: `不能选择自己或下级${label}` });
  }
}
