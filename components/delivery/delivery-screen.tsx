'use client';

import { Tabs } from 'antd';
import { Card } from '@/components/common/card';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { ApiKeysTab } from './keys-tab';
import { WebhooksTab } from './webhooks-tab';
import { DeliveriesTab } from './deliveries-tab';

const TABS = ['keys', 'webhooks', 'deliveries'] as const;
type TabKey = (typeof TABS)[number];

/**
 * 站点接口 (/setting/delivery, admins; DESIGN §12): the delivery API's keys, the webhook endpoints
 * and the delivery log, one tab each. The tab is in the URL (`?tab=deliveries`), so the editors'
 * side panel can link straight to the log.
 */
export function DeliveryScreen() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const asked = params.get('tab') as TabKey | null;
  const active: TabKey = asked && TABS.includes(asked) ? asked : 'keys';
  const select = (key: string) => {
    // Another tab starts with its own filters: the address keeps only the tab.
    const next = new URLSearchParams();
    if (key === 'keys') next.delete('tab');
    else next.set('tab', key);
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  return (
    <Card>
      <Tabs
        activeKey={active}
        onChange={select}
        destroyOnHidden
        items={[
          { key: 'keys', label: 'API 密钥', children: <ApiKeysTab /> },
          { key: 'webhooks', label: 'Webhook 端点', children: <WebhooksTab /> },
          { key: 'deliveries', label: '推送记录', children: <DeliveriesTab /> },
        ]}
      />
    </Card>
  );
}
