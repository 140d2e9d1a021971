'use client';

import type { ReactNode } from 'react';
import { Space, Tag, Typography } from 'antd';
import { ARTICLE_STATUS_OPTIONS, type ArticleListItem } from '@/lib/resources/articles';
import { formatDateTime } from '@/components/crud';

/** Colour of each status (DESIGN §5: 0 草稿 … 5 定时发布). */
const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'error', 3: 'success', 4: 'warning', 5: 'purple' };

/**
 * Lines shown under the status, in order; each returns nothing when it has nothing to say. Other
 * work adds its own here (e.g. who is editing the article now) instead of rewriting the cell.
 */
export const STATUS_EXTRAS: Array<(row: ArticleListItem) => ReactNode> = [
  // A scheduled article says when it goes out.
  (row) =>
    row.status === 5 && row.publishAt ? (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(row.publishAt)} 发布
      </Typography.Text>
    ) : null,
];

export function statusLabel(status: number): string {
  return ARTICLE_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? `状态 ${status}`;
}

/** The 状态 cell: the status as a coloured tag, and the extras below it. */
export function StatusCell({ row }: { row: ArticleListItem }) {
  const extras = STATUS_EXTRAS.map((extra, i) => ({ i, node: extra(row) })).filter((e) => e.node !== null && e.node !== undefined && e.node !== false);
  return (
    <Space orientation="vertical" size={2}>
      <Tag color={STATUS_COLORS[row.status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
        {statusLabel(row.status)}
      </Tag>
      {extras.map((e) => (
        <span key={e.i}>{e.node}</span>
      ))}
    </Space>
  );
}
