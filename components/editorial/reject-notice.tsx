'use client';

import { Alert, Typography } from 'antd';
import dayjs from 'dayjs';
import { STATUS } from '@/lib/resources/workflow';

export interface RejectedRecord {
  status: number;
  reviewComment?: string | null;
  reviewerName?: string | null;
  reviewedAt?: string | null;
}

/**
 * The reviewer's reason on a rejected article or short video, at the top of its editor (issue 8:
 * "the author sees the comment on the article"): who rejected it, when, and what to change. It
 * stays while the item is 已驳回, through saves, and goes when the item is resubmitted.
 */
export function RejectNotice({ record, label = '文章' }: { record: RejectedRecord | null; label?: string }) {
  if (!record || record.status !== STATUS.rejected) return null;
  const who = record.reviewerName ?? '审核人';
  const when = record.reviewedAt ? dayjs(record.reviewedAt).format('YYYY-MM-DD HH:mm') : null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="reject-notice"
      style={{ marginBottom: 12 }}
      title={`这篇${label}已被驳回：请按意见修改后重新提交审核`}
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }} data-testid="reject-comment">
            {record.reviewComment || '（审核人没有填写理由）'}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {who}
            {when ? ` · ${when}` : ''} 驳回
          </Typography.Text>
        </>
      }
    />
  );
}
