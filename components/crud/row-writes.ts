'use client';

import { createElement } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { isOk, type ResourceClient } from '@/lib/api/resource';
import { invalidate, queryKeys, unwrap } from '@/lib/query';
import { optimisticWrite, orderRows, patchRow } from '@/lib/query/optimistic';

/** How long a delete's toast offers 撤销 (the server honours it for an hour: RESTORE_WINDOW_MS). */
export const UNDO_SECONDS = 8;

/**
 * The one-click writes of a list or a tree, each with its toast and then `onChanged`: switch
 * `enabled`, save a drag order, delete. `useResourceScreen` uses them for its table; the category
 * and department trees for their nodes. With `path` (the data layer's key, lib/query) the switch
 * and the order show at once in every cached list of the resource, are put back with the reason
 * when the server refuses (「…」未能启用，已恢复：<why>), and after every write the resource is
 * invalidated, so every screen showing it agrees without a reload.
 */
export function useRowWrites<T extends { id: number }>(
  client: ResourceClient<T>,
  {
    path,
    rowName,
    deletedText,
    onDeleted,
    onChanged,
    canUndo = false,
  }: {
    /** The resource's key path (`resourcePath(def)`): its lists change at once and are read again after a write. */
    path?: string;
    rowName: (record: T) => string;
    /** The toast of a delete (default `已删除「name」`). */
    deletedText?: (record: T) => string;
    onDeleted?: (record: T) => void;
    /** After every write, done or refused (reload what shows it, beyond `path`'s own lists). */
    onChanged?: () => unknown;
    /** A delete's toast offers 撤销 for `UNDO_SECONDS` (`client.restore`; not where the declaration says `noRestore`). */
    canUndo?: boolean;
  },
) {
  const { message } = useApp();
  const queryClient = useQueryClient();
  const changed = async () => {
    if (path) await invalidate(queryClient, [queryKeys.all(path)]);
    await onChanged?.();
  };
  const toggle = async (record: T, enabled: boolean) => {
    const done = `「${rowName(record)}」已${enabled ? '启用' : '停用'}`;
    if (!path) {
      const reply = await client.update(record.id, { enabled } as never);
      if (isOk(reply)) void message.success(done);
      return changed();
    }
    const isDone = await optimisticWrite({
      client: queryClient,
      path,
      change: patchRow(record.id, { enabled }),
      send: async () => unwrap(await client.update(record.id, { enabled } as never, { quiet: true })),
      onRolledBack: (why) => void message.error(`「${rowName(record)}」未能${enabled ? '启用' : '停用'}，已恢复原状：${why}`),
    });
    if (isDone) void message.success(done);
    await onChanged?.();
  };
  const reorder = async (ids: number[]) => {
    if (!path) {
      const reply = await client.sort(ids);
      if (isOk(reply)) void message.success('顺序已保存');
      return changed();
    }
    const isDone = await optimisticWrite({
      client: queryClient,
      path,
      change: orderRows(ids),
      send: async () => unwrap(await client.sort(ids, { quiet: true })),
      onRolledBack: (why) => void message.error(`顺序未能保存，已恢复原来的顺序：${why}`),
    });
    if (isDone) void message.success('顺序已保存');
    await onChanged?.();
  };
  const remove = async (record: T) => {
    const reply = await client.remove(record.id);
    if (isOk(reply)) {
      const text = deletedText?.(record) ?? `已删除「${rowName(record)}」`;
      if (canUndo && client.restore) {
        const key = `undo-${record.id}`;
        const undo = async () => {
          message.destroy(key);
          const back = await client.restore!(record.id);
          if (isOk(back)) void message.success(`已恢复「${rowName(record)}」`);
          await changed();
        };
        // The confirmation that asked has closed and the row is gone: the keyboard goes to 撤销.
        void message.open({
          key,
          type: 'success',
          duration: UNDO_SECONDS,
          content: createElement(
            'span',
            { 'data-testid': 'undo-toast', 'data-undo': key },
            text,
            createElement(Button, { type: 'link', size: 'small', onClick: undo, style: { marginInlineStart: 8 } }, '撤销'),
          ),
        });
        // Once the confirmation has closed (it hands the focus back to a row that is gone), unless
        // the person has moved on to something else meanwhile: watched for a moment.
        let tries = 0;
        const timer = setInterval(() => {
          const active = document.activeElement;
          const isLost = !active || active === document.body || !active.isConnected;
          if (isLost) document.querySelector<HTMLElement>(`[data-undo="${key}"] button`)?.focus();
          if (isLost || ++tries > 30 || !active.closest('.ant-modal-root, .ant-modal-wrap')) clearInterval(timer);
        }, 100);
      } else void message.success(text);
      onDeleted?.(record);
    }
    await changed();
  };
  return { toggle, reorder, remove };
}
