'use client';

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Tree, type TreeProps } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { useQueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '@/lib/query';
import { treeRead } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';
import { placeSibling, shiftSibling, siblingIds, type FlatNode, type TreeNode } from '@/lib/tree';
import type { RowAction } from './row-actions';

export type SortableTreeProps<T extends FlatNode, N extends TreeNode<T>> = Omit<TreeProps<N>, 'treeData' | 'draggable' | 'allowDrop' | 'onDrop'> & {
  /** The flat rows in sibling order (`treeData` is built from them). */
  rows: T[];
  treeData: N[];
  /** Whether the viewer may reorder (the handle-less drag of antd's tree). */
  canDrag: boolean;
  /** What a node is, for the refusal of a drop elsewhere than among siblings (部门, 分类). */
  noun: string;
  /** The siblings' ids in their new order (save them and reload). */
  onReorder: (ids: number[]) => unknown;
};

/**
 * An antd tree whose nodes are reordered by dragging among their siblings only; moving under another
 * parent is the 编辑 dialog's job, and a drop that tries it says so. The department and category trees.
 */
export function SortableTree<T extends FlatNode, N extends TreeNode<T>>({ rows, canDrag, noun, onReorder, ...tree }: SortableTreeProps<T, N>) {
  const { message } = useApp();
  const parentOf = useMemo(() => new Map(rows.map((r) => [r.id, r.parentId])), [rows]);
  const isSibling = (a: number, b: number) => parentOf.has(a) && parentOf.has(b) && parentOf.get(a) === parentOf.get(b);
  return (
    <Tree<N>
      blockNode
      {...tree}
      draggable={canDrag ? { icon: false } : false}
      allowDrop={({ dragNode, dropNode, dropPosition }) => dropPosition !== 0 && isSibling(Number(dragNode.key), Number(dropNode.key))}
      onDrop={async (info) => {
        const dragId = Number(info.dragNode.key);
        const targetId = Number(info.node.key);
        if (!info.dropToGap || !isSibling(dragId, targetId)) {
          void message.warning(`只能在同级${noun}之间拖动排序；调整上级${noun}请用「编辑」`);
          return;
        }
        const position = Number(info.node.pos.split('-').at(-1));
        await onReorder(placeSibling(siblingIds(rows, dragId), dragId, targetId, info.dropPosition > position));
      }}
    />
  );
}

/** 上移 / 下移 among a node's siblings: the keyboard's way to do what dragging does (`blocked`: the viewer's refusal). */
export function siblingMoves(rows: FlatNode[], id: number, onReorder: (ids: number[]) => unknown, blocked: string | false): RowAction[] {
  const siblings = siblingIds(rows, id);
  const at = siblings.indexOf(id);
  return [
    { key: 'up', label: '上移', onClick: () => onReorder(shiftSibling(siblings, id, -1)), disabled: blocked || (at === 0 ? '已经在同级最前' : false) },
    {
      key: 'down',
      label: '下移',
      onClick: () => onReorder(shiftSibling(siblings, id, 1)),
      disabled: blocked || (at === siblings.length - 1 ? '已经在同级最后' : false),
    },
  ];
}

const NO_ROWS: never[] = [];

/**
 * The flat rows of a resource's tree (`treeRead`: `<path>/tree`; `null`: none yet), a read of the
 * data layer (lib/query): a write to the resource (which invalidates `[path]`) reads it again on
 * every screen showing it, and the tree the server rendered with the page is there at once.
 * `reload()` invalidates the resource; `onLoad` hears each tree that arrives.
 */
export function useTreeRows<T>(path: string | null, params?: Record<string, string | number>, onLoad?: (rows: T[]) => void) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(params ?? {});
  const read = useMemo(() => (path === null ? null : treeRead(path, JSON.parse(key) as Record<string, string | number>)), [path, key]);
  const tree = useApiRead<T[]>(read);
  const rows = (tree.data as T[] | undefined) ?? (NO_ROWS as T[]);
  const loaded = useRef(onLoad);
  loaded.current = onLoad;
  useEffect(() => {
    if (tree.data) loaded.current?.(tree.data);
  }, [tree.data]);
  const reload = useCallback(async () => {
    if (path !== null) await invalidate(queryClient, [queryKeys.all(path)]);
  }, [queryClient, path]);
  return { rows, loading: read !== null && tree.isPending, reload };
}
