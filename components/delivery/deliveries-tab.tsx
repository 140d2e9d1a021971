'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Descriptions, Drawer, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { useApp } from '@/components/common/app-feedback';
import type { TableColumnsType } from 'antd';
import { EllipsisText, formatDateTime, ResourceFilters, ResourceTable, useResourceList } from '@/components/crud';
import { isOk, type ListParams } from '@/lib/api/resource';
import { http } from '@/lib/http';
import type { FilterDef, ListResult } from '@/lib/resources/define';
import { DELIVERY_RESULTS, DELIVERY_STATES, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_TYPE, webhookEventLabel, type DeliveryState } from '@/lib/webhook-labels';
import type { webhookDeliveryDetail, webhookDeliveryRecord } from '@/lib/webhooks';
import type { WebhookEndpointRow } from './webhooks-tab';
import type { z } from 'zod';

/** One row of GET /api/webhook_deliveries (server/delivery/webhooks/routes.ts). */
type DeliveryRow = z.output<typeof webhookDeliveryRecord>;
type DeliveryDetail = z.output<typeof webhookDeliveryDetail>;
type AttemptRow = DeliveryDetail['attemptLog'][number];

const STATE_COLORS: Record<DeliveryState, string> = { pending: 'blue', failed: 'orange', succeeded: 'green', dead: 'red' };
const CONTENT_NAMES: Record<string, string> = { article: '文章', video: '短视频' };

const eventOptions = [...Object.keys(WEBHOOK_EVENT_TYPES), WEBHOOK_TEST_TYPE].map((value) => ({ value, label: webhookEventLabel(value) }));
const resultOptions = Object.entries(DELIVERY_RESULTS).map(([value, label]) => ({ value, label }));

const FILTERS: FilterDef[] = [
  { name: 'endpointId', label: '推送地址', input: 'select', placeholder: '全部' },
  { name: 'type', label: '事件', input: 'select', placeholder: '全部' },
  { name: 'item', label: '内容', input: 'text', placeholder: '如 article-12' },
  { name: 'result', label: '结果', input: 'select', placeholder: '全部' },
];

const fetchDeliveries = (params: ListParams) => http.main.get<ListResult<DeliveryRow>>('/api/webhook_deliveries', params);

/** What the item is called on screen: 文章 12, 短视频 5, or nothing for a list-level event. */
const itemText = (row: Pick<DeliveryRow, 'contentType' | 'contentId'>) =>
  row.contentId ? `${CONTENT_NAMES[row.contentType] ?? row.contentType} ${row.contentId}` : row.contentType === 'webhook' ? '—' : `${row.contentType}（列表）`;

const statusText = (status: number | null, error: string) => (status === null ? '—' : status === 0 ? error || '无响应' : `HTTP ${status}`);

/** 推送记录: every delivery with its attempts; filters by endpoint, event, item and result; 重新推送 with the same webhook-id. */
export function DeliveriesTab() {
  const { message } = useApp();
  const list = useResourceList<DeliveryRow>({
    path: '/api/webhook_deliveries',
    fetchList: fetchDeliveries,
    filters: FILTERS,
    nothingYet: '还没有推送记录。添加推送地址后，内容发布、下线等变化会记录在这里',
  });
  const [endpoints, setEndpoints] = useState<Array<{ value: string; label: string }>>([]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const { reload } = list;

  useEffect(() => {
    void http.main.get<{ list: WebhookEndpointRow[] }>('/api/webhooks').then((reply) => {
      if (isOk(reply)) setEndpoints(reply.data.list.map((e) => ({ value: String(e.id), label: e.name })));
    });
  }, []);

  const replay = useCallback(
    async (id: number) => {
      const reply = await http.main.post<DeliveryDetail>(`/api/webhook_deliveries/${id}/replay`);
      if (!isOk(reply)) return null;
      void message.success('已加入重新推送，几秒内发出（同一个 webhook-id）');
      void reload();
      return reply.data;
    },
    [message, reload],
  );

  const columns = useMemo<TableColumnsType<DeliveryRow>>(
    () => [
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
      { key: 'state', title: '结果', dataIndex: 'state', width: 130, render: (v: DeliveryState) => <Tag color={STATE_COLORS[v]}>{DELIVERY_STATES[v]}</Tag> },
      { key: 'attempts', title: '尝试次数', dataIndex: 'attempts', width: 90 },
      {
        key: 'lastStatus',
        title: '最后响应',
        width: 150,
        ellipsis: { showTitle: false },
        render: (_, row) => <EllipsisText text={statusText(row.lastStatus, row.lastError)} />,
      },
      { key: 'latency', title: '耗时', dataIndex: 'latencyMs', width: 90, render: (v: number | null) => (v === null ? '—' : `${v} 毫秒`) },
      {
        key: 'actions',
        title: '操作',
        width: 160,
        fixed: 'right',
        render: (_, row) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setDetailId(row.id)} aria-label={`查看推送 ${row.id} 的详情`}>
              详情
            </Button>
            <Button type="link" size="small" onClick={() => void replay(row.id)} aria-label={`重新推送 ${row.id}`}>
              重新推送
            </Button>
          </Space>
        ),
      },
    ],
    [replay],
  );

  return (
    <Card title="推送记录">
      <ResourceFilters {...list.filtersProps} optionsFor={{ endpointId: endpoints, type: eventOptions, result: resultOptions }} />
      <ResourceTable<DeliveryRow> {...list.tableProps} columns={columns} settingsId="/setting/delivery#deliveries" />
      <DeliveryDrawer id={detailId} onClose={() => setDetailId(null)} onReplay={replay} />
    </Card>
  );
}

function DeliveryDrawer({ id, onClose, onReplay }: { id: number | null; onClose: () => void; onReplay: (id: number) => Promise<DeliveryDetail | null> }) {
  const [detail, setDetail] = useState<DeliveryDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const requestId = useRef(0);
  const load = useCallback(async (deliveryId: number) => {
    const current = ++requestId.current;
    setFailed(false);
    const reply = await http.main.get<DeliveryDetail>(`/api/webhook_deliveries/${deliveryId}`);
    if (current !== requestId.current) return;
    if (isOk(reply)) setDetail(reply.data);
    else setFailed(true);
  }, []);
  useEffect(() => {
    if (id === null) return;
    setDetail(null);
    void load(id);
  }, [id, load]);

  const attemptColumns: TableColumnsType<AttemptRow> = [
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

  return (
    <Drawer
      title="推送详情"
      size={760}
      open={id !== null}
      onClose={onClose}
      destroyOnHidden
      extra={
        detail && (
          <Button type="primary" onClick={() => void onReplay(detail.id).then((d) => d && setDetail({ ...detail, ...d }))}>
            重新推送
          </Button>
        )
      }
    >
      {failed ? (
        <Empty description="推送详情加载失败">{id !== null && <Button onClick={() => void load(id)}>重新加载</Button>}</Empty>
      ) : !detail ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin description="加载中…" />
        </div>
      ) : (
        <Space orientation="vertical" size={20} style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={2}
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
