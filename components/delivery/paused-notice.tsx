'use client';

import Link from 'next/link';
import { Alert, Col } from 'antd';
import { WEBHOOKS_READ } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';
import type { WebhookEndpointRow } from '@/lib/api/webhooks';

/**
 * The workbench's notice of webhook endpoints paused after failing for a day (DESIGN §12), for the
 * admins who hold 站点接口: the site has stopped hearing of changes until someone resumes them.
 */
export function PausedWebhooksNotice() {
  // Quiet: a notice that cannot be read is no reason for a toast on the workbench.
  const list = useApiRead<{ list: WebhookEndpointRow[] }>({ ...WEBHOOKS_READ, quiet: true }).data?.list;
  const paused = (list ?? []).filter((e) => e.state === 'paused_failing');
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
