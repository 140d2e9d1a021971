'use client';

import { Alert } from 'antd';
import { STATUS } from '@/lib/resources/workflow';

/**
 * Whether this viewer may not change the item because it is live: a published or scheduled item
 * changes only through a reviewer (the server refuses others with 409, `assertMayChangeLive`).
 */
export function isLiveForViewer(status: number | undefined, isReviewer: boolean): boolean {
  return !isReviewer && (status === STATUS.published || status === STATUS.scheduled);
}

/**
 * Why the editor is read-only for a live item, and the way back, shown instead of letting the person
 * type and then refusing the save (issue 11: what cannot be changed is shown read-only with the reason).
 * The way back names the action that exists: reviewers have 下线 in the list (issue 15).
 */
export function LiveNotice({ status, isReviewer, label = '文章' }: { status: number | undefined; isReviewer: boolean; label?: string }) {
  if (!isLiveForViewer(status, isReviewer)) return null;
  const isScheduled = status === STATUS.scheduled;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="live-notice"
      style={{ marginBottom: 12 }}
      title={isScheduled ? `这篇${label}已定时发布，现在只能查看` : `这篇${label}已发布，现在只能查看`}
      description={
        isScheduled
          ? '修改需经审核：请先在列表的「更多」中取消定时发布，修改后重新提交审核；或请内容审核人员修改。'
          : `修改需经审核：请内容审核人员直接修改，或请其在「${label === '短视频' ? '视频列表' : '文章列表'}」的操作中将它「下线」，下线后你可以修改并重新提交审核。`
      }
    />
  );
}
