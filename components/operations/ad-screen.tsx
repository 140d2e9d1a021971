'use client';

import { useState } from 'react';
import { App, Button, Card, Switch, Typography, type TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  actionsColumn,
  EllipsisText,
  emptyText,
  optionLabel,
  ResourceFilters,
  ResourceFormModal,
  ResourceTable,
  useResourceList,
  linkColumn,
  thumbColumn,
} from '@/components/crud';
import { CoverInput } from '@/components/media/cover-input';
import { operationsApi } from '@/lib/api/operations';
import { isOk } from '@/lib/api/resource';
import { AD_POSITIONS, advertiseResource, type Advertise } from '@/lib/resources/operations';
import { PERIOD_RULES, periodText, SlotStatusTag } from './focus-fields';

const FILTERS = advertiseResource.filters ?? [];

/**
 * 广告管理: ads by position with picture, link and period. The 上线 switch is the ad's state
 * (`PUT /api/advertise/state/edit`); the status tag says whether it shows now (an ad switched on
 * shows only within its period).
 */
export function AdScreen() {
  const { message } = App.useApp();
  const list = useResourceList<Advertise>({ fetchList: operationsApi.adList, filters: FILTERS });
  const [dialog, setDialog] = useState<{ open: boolean; record: Advertise | null }>({ open: false, record: null });
  const [switching, setSwitching] = useState<number | null>(null);

  const setState = async (ad: Advertise, on: boolean) => {
    setSwitching(ad.id);
    const reply = await operationsApi.adState(ad.id, on ? 1 : 0);
    setSwitching(null);
    if (isOk(reply)) void message.success(`「${ad.name}」已${on ? '上线' : '下线'}`);
    await list.reload();
  };

  const columns: TableColumnType<Advertise>[] = [
    {
      key: 'name',
      title: '广告名称',
      dataIndex: 'name',
      width: 180,
      fixed: 'left',
      ellipsis: { showTitle: false },
      render: (v: string) => <EllipsisText text={v} />,
    },
    thumbColumn<Advertise>('image', '图片'),
    { key: 'position', title: '广告位', dataIndex: 'position', width: 130, render: (v: string) => optionLabel(AD_POSITIONS, v) },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (_: unknown, ad) => <SlotStatusTag slot={{ enabled: ad.state === 1, startAt: ad.startAt, endAt: ad.endAt }} />,
    },
    {
      key: 'state',
      title: '上线',
      dataIndex: 'state',
      width: 80,
      render: (state: number, ad) => (
        <Switch size="small" checked={state === 1} loading={switching === ad.id} aria-label={`上线「${ad.name}」`} onChange={(on) => setState(ad, on)} />
      ),
    },
    { key: 'period', title: '投放时间', width: 290, render: (_: unknown, ad) => periodText(ad.startAt, ad.endAt) },
    linkColumn<Advertise>('url', '链接', 200),
    actionsColumn<Advertise>({ onEdit: (ad) => setDialog({ open: true, record: ad }) }),
  ];

  return (
    <Card>
      <ResourceFilters
        filters={FILTERS}
        values={list.query}
        onChange={list.setQuery}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ open: true, record: null })}>
            新增广告
          </Button>
        }
        note={<Typography.Text type="secondary">打开「上线」后，广告在投放时间内展示；新增的广告默认下线，检查无误后再上线。</Typography.Text>}
      />
      <ResourceTable<Advertise>
        {...list.tableProps}
        columns={columns}
        settingsId="/operation/ad"
        highlightId={list.highlightId}
        isHighlightMissing={list.isHighlightMissing}
        onClearFilters={list.clearFilters}
        locale={{ emptyText: list.loading ? ' ' : emptyText('广告', list.isFiltered, list.clearFilters) }}
      />
      <ResourceFormModal<Advertise>
        def={advertiseResource}
        open={dialog.open}
        record={dialog.record}
        initialValues={dialog.record ? undefined : { startAt: new Date().toISOString(), position: list.query.position || undefined }}
        width={720}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={(saved) => {
          setDialog((d) => ({ ...d, open: false }));
          if (dialog.record) void list.reload();
          else list.showCreated(saved.id);
        }}
        fieldsOverride={{ image: <CoverInput /> }}
        itemRules={PERIOD_RULES}
        submit={(values) => operationsApi.adEdit(dialog.record ? { ...values, id: dialog.record.id } : values)}
      />
    </Card>
  );
}
