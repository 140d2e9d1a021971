'use client';

import type { ReactNode } from 'react';
import { Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ArticleListItem } from '@/lib/api/types';
import { STATUS_COLORS, statusLabel as labelOf } from '@/lib/resources/publishing';

/** Colour of each status (DESIGN §5: 0 草稿 … 5 定时发布). */

const short = (v: string) => dayjs(v).format('MM-DD HH:mm');
const full = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');

/** A pending job's time: short in the cell, the full date on hover and for screen readers. */
function JobTime({ label, at, testId }: { label: string; at: string; testId: string }) {
  return (
    <Tooltip title={`${label}：${full(at)}`}>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} data-testid={testId}>
        {label} {short(at)}
      </Typography.Text>
    </Tooltip>
  );
}

/**
 * Lines shown under the status, in order; each returns nothing when it has nothing to say. Other
 * work adds its own here instead of rewriting the cell.
 */
export const STATUS_EXTRAS: Array<(row: ArticleListItem) => ReactNode> = [
  // The scheduler's pending jobs (issue 8): when it goes out, when it comes down.
  (row) => (row.scheduledPublishAt ? <JobTime label="定时发布" at={row.scheduledPublishAt} testId="scheduled-publish" /> : null),
  (row) => (row.scheduledOfflineAt ? <JobTime label="定时下线" at={row.scheduledOfflineAt} testId="scheduled-offline" /> : null),
];

export function statusLabel(status: number): string {
  return labelOf(status);
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
