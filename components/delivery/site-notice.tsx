'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Typography } from 'antd';
import { formatDateTime } from '@/components/crud';
import { http } from '@/lib/http';
import type { z } from 'zod';
import { webhookEventLabel } from '@/lib/webhook-labels';
import type { webhookItemSummary } from '@/lib/webhooks';

/** GET /api/webhook_deliveries/summary (server/delivery/webhooks/routes.ts). */
type SiteSummary = z.output<typeof webhookItemSummary>;

/**
 * The editors' side panel: what the site was told of this item and when (DESIGN §12): the latest
 * event, 推送成功 or N 个失败 with a link to the log filtered on the item (for those who may open
 * it). Nothing while no site is subscribed. Reloads when the item's version or status changes.
 */
export function SiteNotice({ contentType, id, revision }: { contentType: 'article' | 'video'; id: number; revision: string }) {
  const [summary, setSummary] = useState<SiteSummary | null>(null);
  useEffect(() => {
    let live = true;
    // Quietly: the panel is a hint, a failure to load it is no reason for a toast. The worker sends within a second.
    const load = () =>
      void http.main.send<SiteSummary>('GET', '/api/webhook_deliveries/summary', { contentType, contentId: id }).then((reply) => {
        if (live && !(reply instanceof Error) && reply.body.status === 0) setSummary(reply.body.data ?? null);
      });
    load();
    const again = setTimeout(load, 2500);
    return () => {
      live = false;
      clearTimeout(again);
    };
  }, [contentType, id, revision]);
  const last = summary?.last;
  if (!last) return null;
  const link = `/setting/delivery?tab=deliveries&item=${contentType}-${id}`;
  const event = `${webhookEventLabel(last.type)}（${formatDateTime(last.createdAt)}）`;
  return (
    <div data-testid="site-notice" style={{ marginTop: 12 }}>
      <Typography.Text type="secondary">网站推送：{event}</Typography.Text>
      <div>
        {last.failed > 0 ? (
          <Typography.Text type="danger">
            {last.failed} 个失败{last.succeeded ? `，${last.succeeded} 个成功` : ''}
            {summary.canOpenLog && (
              <>
                {' '}
                <Link href={link}>查看推送记录</Link>
              </>
            )}
          </Typography.Text>
        ) : last.pending > 0 ? (
          <Typography.Text type="warning">推送中（{last.pending} 个地址待推送）</Typography.Text>
        ) : (
          <Typography.Text type="success">
            推送成功{last.succeededAt ? ` · ${formatDateTime(last.succeededAt)}` : ''}
            {summary.canOpenLog && (
              <>
                {' '}
                <Link href={link}>查看</Link>
              </>
            )}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
