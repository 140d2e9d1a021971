'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Alert, Col } from 'antd';
import { http } from '@/lib/http';
import type { WebhookEndpointRow } from '@/lib/api/webhooks';

/**
 * The workbench's notice of webhook endpoints paused after failing for a day (DESIGN §12), for the
 * admins who hold 站点接口: the site has stopped hearing of changes until someone resumes them.
 */
export function PausedWebhooksNotice() {
  const [paused, setPaused] = useState<WebhookEndpointRow[]>([]);
  useEffect(() => {
    let live = true;
    void http.main.send<{ list: WebhookEndpointRow[] }>('GET', '/api/webhooks').then((reply) => {
      if (live && !(reply instanceof Error) && reply.body.status === 0) setPaused((reply.body.data?.list ?? []).filter((e) => e.state === 'paused_failing'));
    });
    return () => {
      live = false;
    };
  }, []);
  if (!paused.length) return null;
  return (
    <Col span={24}>
      <Alert
        type="error"
        showIcon
        data-testid="paused-webhooks"
        title={`网站推送已暂停：${paused.map((e) => `「${e.name}」`).join('、')}连续失败超过一天`}
        description={
          <>
            网站不再收到内容变化的通知。请检查网站的接收服务，修好后到 <Link href="/setting/delivery">站点接口</Link> 点「恢复」，期间的事件会补发。
          </>
        }
      />
    </Col>
  );
}
