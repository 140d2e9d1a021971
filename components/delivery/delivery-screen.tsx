'use client';

import { Tabs } from 'antd';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { DeliveriesTab } from './deliveries-tab';
import { WebhooksTab } from './webhooks-tab';

/** 站点接口's tabs; `?tab=deliveries` opens the log (the editors' side panel links there with `item=`). */
export function DeliveryScreen() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const tab = params.get('tab') === 'deliveries' ? 'deliveries' : 'webhooks';
  return (
    <Tabs
      activeKey={tab}
      // Another tab starts with its own filters: the address keeps only the tab.
      onChange={(key) => router.replace(`${pathname}?tab=${key}`)}
      items={[
        { key: 'webhooks', label: 'Webhook 推送', children: <WebhooksTab /> },
        { key: 'deliveries', label: '推送记录', children: <DeliveriesTab /> },
      ]}
      destroyOnHidden
    />
  );
}
