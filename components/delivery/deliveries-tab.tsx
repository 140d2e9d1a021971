'use client';

import { Empty } from 'antd';

/** 推送记录 of 站点接口: a placeholder until the delivery log lands (issue 24 item 5). */
export function DeliveriesTab() {
  return <Empty description="推送记录即将上线" />;
}
