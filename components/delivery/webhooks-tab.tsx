'use client';

import { Empty } from 'antd';

/** Webhook 端点 of 站点接口: a placeholder until the webhook screen lands (issue 24 item 5). */
export function WebhooksTab() {
  return <Empty description="Webhook 端点的管理即将上线" />;
}
