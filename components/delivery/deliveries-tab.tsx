'use client';

import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Grid, Space, Spin, Table, Tag, Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { Card } from '@/components/common/card';
import type { TableColumnsType } from 'antd';
import { EllipsisText, formatDateTime, ResourceFilters, ResourceTable, useResourceList } from '@/components/crud';
import { isOk } from '@/lib/api/resource';
import { DELIVERIES_PATH, deliveryLogApi, type DeliveryDetail, type DeliveryRow } from '@/lib/api/webhooks';
import { queryKeys, unwrap } from '@/lib/query';
import type { FilterDef } from '@/lib/resources/define';
import { DELIVERY_RESULTS, DELIVERY_STATES, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_TYPE, webhookEventLabel, type DeliveryState } from '@/lib/webhooks';
import { useWebhookEndpoints, useWebhookWritten } from './use-webhooks';

type AttemptRow = DeliveryDetail['attemptLog'][number];

const STATE_COLORS: Record<DeliveryState, string> = { pending: 'blue', failed: 'orange', succeeded: 'green', dead: 'red' };
const CONTENT_NAMES: Record<string, string> = {
  article: '文章',
  video: '短视频',
  focus_home: '首页焦点图',
  focus_channel: '频道焦点图',
  focus_video: '视频焦点图',
  focus_home_right: '首页右侧焦点图',
  advertise: '广告',
};

const eventOptions = [...Object.keys(WEBHOOK_EVENT_TYPES), WEBHOOK_TEST_TYPE].map((value) => ({ value, label: webhookEventLabel(value) }));
const resultOptions = Object.entries(DELIVERY_RESULTS).map(([value, label]) => ({ value, label }));

const FILTERS: FilterDef[] = [
  { name: 'endpointId', label: '推送地址', input: 'select', placeholder: '全部' },
  { name: 'type', label: '事件', input: 'select', placeholder: '全部' },
  { name: 'item', label: '内容', input: 'text', placeholder: '如 article-12' },
  { name: 'result', label: '结果', input: 'select', placeholder: '全部' },
];

/** What the item is called on screen: 文章 12, 短视频 5, or nothing for a list-level event. */
const itemText = (row: Pick<DeliveryRow, 'contentType' | 'contentId'>) =>
  row.contentId ? `${CONTENT_NAMES[row.contentType] ?? row.contentType} ${row.contentId}` : row.contentType === 'webhook' ? '—' : `${row.contentType}（列表）`;

const statusText = (status: number | null, error: string) => (status === null ? '—' : status === 0 ? error || '无响应' : `HTTP ${status}`);

/** 推送记录: every delivery with its attempts; filters by endpoint, event, item and result; 重新推送 with the same webhook-id. */
export function DeliveriesTab() {
  const { message } = useApp();
  const list = useResourceList<DeliveryRow>({
    path: DELIVERIES_PATH,
    fetchList: deliveryLogApi.list,
    filters: FILTERS,
    params: FILTERS.map((f) => f.name).concat(['page', 'pageSize']),
    nothingYet: '还没有推送记录。添加推送地址后，内容发布、下线等变化会记录在这里',
  });
  // The 推送地址 filter's options: the endpoints' tab's own cached list.
  const endpointList = useWebhookEndpoints().data?.list;
  const endpoints = useMemo(() => (endpointList ?? []).map((e) => ({ value: String(e.id), label: e.name })), [endpointList]);
  const written = useWebhookWritten();
  const [detailId, setDetailId] = useState<number | null>(null);
  // On a phone a delivery is one cell (event, item, time, result) beside its two actions.
  const isNarrow = Grid.useBreakpoint().md === false;

  const replay = useCallback(
    async (id: number) => {
      const reply = await deliveryLogApi.replay(id);
      if (isOk(reply)) void message.success('已加入重新推送，几秒内发出（同一个 webhook-id）');
      // The log, the open details and the endpoint's waiting count all read again.
      await written();
    },
    [message, written],
  );

  const columns = useMemo<TableColumnsType<DeliveryRow>>(() => {
    const result = (row: DeliveryRow) => <Tag color={STATE_COLORS[row.state]}>{DELIVERY_STATES[row.state]}</Tag>;
    const actions: TableColumnsType<DeliveryRow>[number] = {
      key: 'actions',
      title: '操作',
      width: isNarrow ? 96 : 160,
      fixed: isNarrow ? undefined : 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setDetailId(row.id)} aria-label={`查看推送 ${row.id} 的详情`}>
            详情
          </Button>
          <Button type="link" size="small" onClick={() => void replay(row.id)} aria-label={`重新推送 ${row.id}`}>
            重新推送
          </Button>
        </Space>
      ),
    };
    if (isNarrow)
      return [
        {
          key: 'delivery',
          title: '推送',
          render: (_, row) => (
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Typography.Text strong>{webhookEventLabel(row.type)}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {itemText(row)} · {row.endpointName}
              </Typography.Text>
              <Space size={[4, 4]} wrap>
                {result(row)}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {statusText(row.lastStatus, row.lastError)} · 第 {row.attempts} 次
                </Typography.Text>
              </Space>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(row.createdAt)}
              </Typography.Text>
            </Space>
          ),
        },
        actions,
      ];
    return [
      { key: 'createdAt', title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
      {
        key: 'endpoint',
        title: '推送地址',
        dataIndex: 'endpointName',
        width: 120,
        ellipsis: { showTitle: false },
        render: (v: string) => <EllipsisText text={v} />,
      },
      { key: 'type', title: '事件', dataIndex: 'type', width: 150, render: (v: string) => webhookEventLabel(v) },
      { key: 'item', title: '内容', width: 110, render: (_, row) => itemText(row) },
      { key: 'state', title: '结果', dataIndex: 'state', width: 130, render: (_: DeliveryState, row) => result(row) },
      { key: 'attempts', title: '尝试次数', dataIndex: 'attempts', width: 90 },
      {
        key: 'lastStatus',
        title: '最后响应',
        width: 150,
        ellipsis: { showTitle: false },
        render: (_, row) => <EllipsisText text={statusText(row.lastStatus, row.lastError)} />,
      },
      { key: 'latency', title: '耗时', dataIndex: 'latencyMs', width: 90, render: (v: number | null) => (v === null ? '—' : `${v} 毫秒`) },
      actions,
    ];
  }, [isNarrow, replay]);

  return (
    <Card title="推送记录">
      <ResourceFilters {...list.filtersProps} optionsFor={{ endpointId: endpoints, type: eventOptions, result: resultOptions }} />
      {isNarrow ? (
        <Table<DeliveryRow> {...list.tableProps} columns={columns} />
      ) : (
        <ResourceTable<DeliveryRow> {...list.tableProps} columns={columns} settingsId="/setting/delivery#deliveries" />
      )}
      <DeliveryDrawer id={detailId} onClose={() => setDetailId(null)} onReplay={replay} isNarrow={isNarrow} />
    </Card>
  );
}

function DeliveryDrawer({
  id,
  onClose,
  onReplay,
  isNarrow,
}: {
  id: number | null;
  onClose: () => void;
  onReplay: (id: number) => Promise<void>;
  isNarrow: boolean;
}) {
  // One delivery, from the data layer: a replay (or any write to the log) reads it again while it is open.
  const detail$ = useQuery({
    queryKey: queryKeys.record(DELIVERIES_PATH, id ?? 0),
    queryFn: async () => unwrap(await deliveryLogApi.get(id!)),
    enabled: id !== null,
  });
  const detail = id !== null ? (detail$.data ?? null) : null;
  const failed = detail$.isError;

  const allAttemptColumns: TableColumnsType<AttemptRow> = [
    { key: 'attempt', title: '第几次', dataIndex: 'attempt', width: 70 },
    { key: 'at', title: '时间', dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
    { key: 'status', title: '响应', width: 150, render: (_, a) => <Tag color={a.ok ? 'green' : 'red'}>{statusText(a.status, a.error)}</Tag> },
    { key: 'latency', title: '耗时', dataIndex: 'latencyMs', width: 90, render: (v: number) => `${v} 毫秒` },
    {
      key: 'excerpt',
      title: '响应内容（节选）',
      dataIndex: 'responseExcerpt',
      ellipsis: { showTitle: false },
      render: (v: string) => (v ? <EllipsisText text={v} /> : '—'),
    },
  ];
  // A phone keeps when and what came back; the last response's text is shown below the table.
  const attemptColumns = isNarrow ? allAttemptColumns.filter((c) => c.key !== 'latency' && c.key !== 'excerpt') : allAttemptColumns;

  return (
    <Drawer
      title="推送详情"
      size={isNarrow ? '100%' : 760}
      open={id !== null}
      onClose={onClose}
      destroyOnHidden
      extra={
        detail && (
          <Button type="primary" onClick={() => void onReplay(detail.id)}>
            重新推送
          </Button>
        )
      }
    >
      {failed ? (
        <Empty description="推送详情加载失败">
          <Button onClick={() => void detail$.refetch()}>重新加载</Button>
        </Empty>
      ) : !detail ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin description="加载中…" />
        </div>
      ) : (
        <Space orientation="vertical" size={20} style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={isNarrow ? 1 : 2}
            items={[
              { key: 'type', label: '事件', children: `${webhookEventLabel(detail.type)}（${detail.type}）` },
              { key: 'state', label: '结果', children: <Tag color={STATE_COLORS[detail.state]}>{DELIVERY_STATES[detail.state]}</Tag> },
              { key: 'endpoint', label: '推送地址', span: 2, children: `${detail.endpointName}：${detail.endpointUrl}` },
              { key: 'id', label: 'webhook-id', span: 2, children: <Typography.Text copyable>{detail.messageId}</Typography.Text> },
              { key: 'item', label: '内容', children: itemText(detail) },
              { key: 'attempts', label: '尝试次数', children: detail.attempts },
              ...(detail.state === 'failed' ? [{ key: 'next', label: '下次重试', span: 2, children: formatDateTime(detail.nextAttemptAt) }] : []),
            ]}
          />
          <div>
            <Typography.Title level={5}>每次尝试</Typography.Title>
            <Table<AttemptRow>
              rowKey="attempt"
              size="small"
              pagination={false}
              columns={attemptColumns}
              dataSource={detail.attemptLog}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有尝试过，几秒内会推送" /> }}
            />
          </div>
          <div>
            <Typography.Title level={5}>推送内容</Typography.Title>
            <pre
              style={{ margin: 0, maxHeight: 360, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
              data-testid="delivery-payload"
            >
              {JSON.stringify(detail.payload, null, 2)}
            </pre>
          </div>
          <div>
            <Typography.Title level={5}>最后一次响应</Typography.Title>
            <pre style={{ margin: 0, maxHeight: 200, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {detail.responseExcerpt || (detail.lastError ? detail.lastError : '（无）')}
            </pre>
          </div>
        </Space>
      )}
    </Drawer>
  );
}
