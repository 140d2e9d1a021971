'use client';

import { App } from 'antd';
import { isOk, type ResourceClient } from '@/lib/api/resource';

/**
 * The one-click writes of a list or a tree, each with its toast and then `onChanged` (reload):
 * switch `enabled`, save a drag order, delete. `useResourceScreen` uses them for its table; the
 * category and department trees for their nodes.
 */
export function useRowWrites<T extends { id: number }>(
  client: ResourceClient<T>,
  {
    rowName,
    deletedText,
    onDeleted,
    onChanged,
  }: {
    rowName: (record: T) => string;
    /** The toast of a delete (default `已删除「name」`). */
    deletedText?: (record: T) => string;
    onDeleted?: (record: T) => void;
    /** After every write, done or refused (reload what shows it). */
    onChanged: () => unknown;
  },
) {
  const { message } = App.useApp();
  const toggle = async (record: T, enabled: boolean) => {
    const reply = await client.update(record.id, { enabled } as never);
    if (isOk(reply)) void message.success(`「${rowName(record)}」已${enabled ? '启用' : '停用'}`);
    await onChanged();
  };
  const reorder = async (ids: number[]) => {
    const reply = await client.sort(ids);
    if (isOk(reply)) void message.success('顺序已保存');
    await onChanged();
  };
  const remove = async (record: T) => {
    const reply = await client.remove(record.id);
    if (isOk(reply)) {
      void message.success(deletedText?.(record) ?? `已删除「${rowName(record)}」`);
      onDeleted?.(record);
    }
    await onChanged();
  };
  return { toggle, reorder, remove };
}
