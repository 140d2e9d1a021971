'use client';

import { HYDRATING_TEXT, useIsClient } from '@/components/common/use-is-client';
import { useState } from 'react';
import { Switch } from 'antd';
import { Card } from '@/components/common/card';
import { useApp } from '@/components/common/app-feedback';
import { ResourceFilters, ResourceFormModal, ResourceListTable, useResourceScreen } from '@/components/crud';
import { CoverInput } from '@/components/media/cover-input';
import { operationsApi } from '@/lib/api/operations';
import { isOk, resourceClient } from '@/lib/api/resource';
import { advertiseResource } from '@/lib/resources/operations';
import type { Advertise } from '@/lib/api/types';
import { PERIOD_RULES, PERIOD_WIDTH, periodText, SlotStatusTag } from './focus-fields';

/** Ads are listed at `GET /api/advertise/list` and saved with `PUT /api/advertise/edit` (SEED §7 has no POST). */
const client = {
  ...resourceClient<Advertise>(advertiseResource),
  list: operationsApi.adList,
  create: (values: Partial<Advertise>) => operationsApi.adEdit(values),
  update: (id: number, values: Partial<Advertise>) => operationsApi.adEdit({ ...values, id }),
};

/**
 * 广告管理: ads by position with picture, link and period. The 上线 switch is the ad's state
 * (`PUT /api/advertise/state/edit`); the status tag says whether it shows now (an ad switched on
 * shows only within its period).
 */
export function AdScreen() {
  const { message } = useApp();
  const [switching, setSwitching] = useState<number | null>(null);
  const isHydrated = useIsClient();
  const setState = async (ad: Advertise, on: boolean) => {
    setSwitching(ad.id);
    const reply = await operationsApi.adState(ad.id, on ? 1 : 0);
    setSwitching(null);
    if (isOk(reply)) void message.success(`「${ad.name}」已${on ? '上线' : '下线'}`);
    await screen.list.reload();
  };
  const screen = useResourceScreen<Advertise>(advertiseResource, {
    client,
    settingsId: '/operation/ad',
    order: ['name', 'image', 'position', 'status', 'state', 'period'],
    addColumns: [
      {
        key: 'status',
        title: '状态',
        width: 90,
        render: (_: unknown, ad: Advertise) => <SlotStatusTag slot={{ enabled: ad.state === 1, startAt: ad.startAt, endAt: ad.endAt }} offLabel="已下线" />,
      },
      {
        key: 'state',
        title: '上线',
        dataIndex: 'state',
        width: 80,
        render: (state: number, ad: Advertise) => (
          <Switch
            size="small"
            checked={state === 1}
            loading={switching === ad.id}
            // Until the page has hydrated a flip would not be taken: the switch waits, greyed.
            disabled={!isHydrated}
            title={isHydrated ? undefined : HYDRATING_TEXT}
            aria-label={`上线「${ad.name}」`}
            onChange={(on) => setState(ad, on)}
          />
        ),
      },
      { key: 'period', title: '投放时间', width: PERIOD_WIDTH, render: (_: unknown, ad: Advertise) => periodText(ad.startAt, ad.endAt) },
    ],
    hint: '打开「上线」后，广告在投放时间内展示；新增的广告默认下线，检查无误后再上线。',
  });
  return (
    <Card>
      <ResourceFilters {...screen.filtersProps} />
      <ResourceListTable<Advertise> {...screen.tableProps} />
      <ResourceFormModal<Advertise>
        {...screen.formModalProps}
        initialValues={screen.dialog.record ? undefined : { startAt: new Date().toISOString(), position: screen.list.query.position || undefined }}
        width={720}
        fieldsOverride={{ image: <CoverInput pickerTitle="选择广告图片" /> }}
        itemRules={PERIOD_RULES}
      />
    </Card>
  );
}
