'use client';

import type { ReactNode } from 'react';
import { Button, Empty } from 'antd';

/**
 * What an empty table shows: an invitation to add the first record, or, when filters are active,
 * that nothing matched with a 清除筛选 button. Use as `locale={{ emptyText: emptyText('角色', …) }}`.
 */
export function emptyText(
  label: string,
  isFiltered = false,
  onClear?: () => void,
  {
    canCreate = true,
    createLabel = `新增${label}`,
    onShowAll,
  }: {
    canCreate?: boolean;
    /** The text of the list's 新增 button, as the screen shows it (the empty state names that button). */
    createLabel?: string;
    /** The list's default filter hides retired records (已停用, 已过期): offer them. */
    onShowAll?: () => void;
  } = {},
): ReactNode {
  if (isFiltered) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`没有符合条件的${label}，换个条件试试`}>
        {onClear && <Button onClick={onClear}>清除筛选</Button>}
      </Empty>
    );
  }
  const invite = canCreate ? `点击「${createLabel}」添加` : '';
  if (onShowAll) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`没有在用的${label}（已停用、已过期的不在这里列出）${invite ? `，${invite}` : ''}`}>
        <Button onClick={onShowAll}>查看全部</Button>
      </Empty>
    );
  }
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canCreate ? `暂无${label}，${invite}第一条` : `暂无${label}`} />;
}

/**
 * Why a list is empty, for any list: still loading (nothing to say), loading failed (重新加载),
 * nothing matches the filters (清除筛选), or nothing yet (`nothingYet`).
 */
export function listEmptyText({
  loading,
  failed,
  filtered,
  nothingYet,
  onRetry,
  onClear,
}: {
  loading: boolean;
  failed: boolean;
  filtered: boolean;
  nothingYet: string;
  onRetry: () => void;
  onClear: () => void;
}): ReactNode {
  if (loading) return <div style={{ height: 120 }} />;
  if (failed) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="加载失败，请检查网络后重试">
        <Button onClick={onRetry}>重新加载</Button>
      </Empty>
    );
  }
  if (filtered) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的记录，试试放宽筛选条件">
        <Button onClick={onClear}>清除筛选</Button>
      </Empty>
    );
  }
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={nothingYet} />;
}
