'use client';

import { Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { STATUS, STATUS_COLORS, STATUS_LABELS } from '@/lib/resources/workflow';

const short = (v: string) => dayjs(v).format('MM-DD HH:mm');
const full = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');

/**
 * A workflow status with the times it waits for: 定时发布 shows when it goes out, a published
 * item with a scheduled offline shows when it comes down. One piece for the lists, the review
 * queue and the workbench.
 */
export function StatusTag({ status, publishAt, offlineAt }: { status: number; publishAt?: string | null; offlineAt?: string | null }) {
  const tag = <Tag color={STATUS_COLORS[status] ?? 'default'}>{STATUS_LABELS[status] ?? `状态 ${status}`}</Tag>;
  const times: string[] = [];
  if (status === STATUS.scheduled && publishAt) times.push(`${short(publishAt)} 发布`);
  if ((status === STATUS.published || status === STATUS.scheduled) && offlineAt) times.push(`${short(offlineAt)} 下线`);
  if (!times.length) return tag;
  const title = [status === STATUS.scheduled && publishAt ? `定时发布：${full(publishAt)}` : '', offlineAt ? `定时下线：${full(offlineAt)}` : '']
    .filter(Boolean)
    .join('；');
  return (
    <Tooltip title={title}>
      <Space size={4} wrap>
        {tag}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {times.join('，')}
        </Typography.Text>
      </Space>
    </Tooltip>
  );
}
