'use client';

import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Grid, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { Card } from '@/components/common/card';
import type { TableColumnsType } from 'antd';
import { EllipsisText, formatDateTime } from '@/components/crud';
import { isOk } from '@/lib/api/resource';
import { webhookApi, type WebhookEndpointRow } from '@/lib/api/webhooks';
import { ENDPOINT_STATES, WEBHOOK_EVENT_TYPES, webhookEventLabel, type EndpointState } from '@/lib/webhooks';
import { useWebhookEndpoints, useWebhookWritten } from './use-webhooks';

const STATE_COLORS: Record<EndpointState, string> = { active: 'green', failing: 'orange', paused: 'default', paused_failing: 'red' };
const EVENT_OPTIONS = Object.entries(WEBHOOK_EVENT_TYPES).map(([value, label]) => ({ value, label: `${label}（${value}）` }));

/** The endpoints' list (站点接口 → Webhook): add one (the secret shown once), 发送测试, pause, rotate, delete. */
export function WebhooksTab() {
  const { message } = useApp();
  const list = useWebhookEndpoints();
  const written = useWebhookWritten();
  const rows = list.data?.list ?? [];
  const [editing, setEditing] = useState<WebhookEndpointRow | 'new' | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // On a phone each endpoint is one cell (name, address, events, state, then its actions): nothing scrolls sideways.
  const isNarrow = Grid.useBreakpoint().md === false;

  const update = useCallback(
    async (row: WebhookEndpointRow, body: Record<string, unknown>, done: string) => {
      setBusy(`${row.id}`);
      const reply = await webhookApi.update(row.id, body);
      setBusy(null);
      if (isOk(reply)) {
        if (reply.data.secret) setSecret({ name: row.name, secret: reply.data.secret });
        else void message.success(done);
      }
      await written();
    },
    [message, written],
  );

  const test = useCallback(
    async (row: WebhookEndpointRow) => {
      setBusy(`test-${row.id}`);
      const reply = await webhookApi.test(row.id);
      setBusy(null);
      if (isOk(reply)) {
        const d = reply.data;
        if (d.state === 'succeeded') void message.success(`测试事件已送达「${row.name}」（HTTP ${d.lastStatus}，${d.latencyMs} 毫秒）`);
        else void message.error(`测试事件未送达「${row.name}」：${d.lastError || `HTTP ${d.lastStatus}`}`, 6);
      }
      await written();
    },
    [message, written],
  );

  const remove = useCallback(
    async (row: WebhookEndpointRow) => {
      const reply = await webhookApi.remove(row.id);
      if (isOk(reply)) void message.success(`已删除推送地址「${row.name}」`);
      await written();
    },
    [message, written],
  );

  const columns = useMemo<TableColumnsType<WebhookEndpointRow>>(() => {
    const events = (names: string[]): ReactNode =>
      names.length ? (
        <Space size={[4, 4]} wrap>
          {names.map((e) => (
            <Tag key={e}>{webhookEventLabel(e)}</Tag>
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">全部事件</Typography.Text>
      );
    const state = (row: WebhookEndpointRow) => (
      <Space orientation="vertical" size={0}>
        <Tag color={STATE_COLORS[row.state]}>{ENDPOINT_STATES[row.state]}</Tag>
        {row.failingSince && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            自 {formatDateTime(row.failingSince)} 起失败
          </Typography.Text>
        )}
        {row.waiting + row.retrying > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            待推送 {row.waiting} · 重试中 {row.retrying}
          </Typography.Text>
        )}
      </Space>
    );
    const actions = (row: WebhookEndpointRow) => (
      <Space size={0} wrap>
        <Button type="link" size="small" loading={busy === `test-${row.id}`} onClick={() => void test(row)} aria-label={`向「${row.name}」发送测试`}>
          发送测试
        </Button>
        <Button
          type="link"
          size="small"
          disabled={busy === `${row.id}`}
          onClick={() => void update(row, { paused: !row.paused }, row.paused ? `已恢复「${row.name}」，等待中的事件将陆续推送` : `已暂停「${row.name}」`)}
        >
          {row.paused ? '恢复' : '暂停'}
        </Button>
        <Button type="link" size="small" onClick={() => setEditing(row)}>
          编辑
        </Button>
        <Popconfirm
          title="更换密钥"
          description="新密钥只显示一次；旧密钥立即失效，网站需要同时更新。"
          okText="更换"
          cancelText="取消"
          onConfirm={() => update(row, { rotateSecret: true }, '')}
        >
          <Button type="link" size="small">
            更换密钥
          </Button>
        </Popconfirm>
        <Popconfirm
          title={`删除「${row.name}」？`}
          description="它的推送记录会一并删除，网站不再收到通知。"
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => remove(row)}
        >
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      </Space>
    );
    if (isNarrow)
      return [
        {
          key: 'endpoint',
          title: '推送地址',
          render: (_, row) => (
            <Space orientation="vertical" size={6} style={{ width: '100%' }}>
              <Space size={[8, 4]} wrap>
                <Typography.Text strong>{row.name}</Typography.Text>
                {state(row)}
              </Space>
              <Typography.Text type="secondary" style={{ wordBreak: 'break-all', fontSize: 12 }}>
                {row.url}
              </Typography.Text>
              {events(row.events)}
              <div style={{ marginInline: -7 }}>{actions(row)}</div>
            </Space>
          ),
        },
      ];
    return [
      { key: 'name', title: '名称', dataIndex: 'name', width: 140, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
      { key: 'url', title: '推送地址', dataIndex: 'url', width: 260, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
      { key: 'events', title: '事件', dataIndex: 'events', width: 200, render: events },
      { key: 'state', title: '状态', width: 150, render: (_, row) => state(row) },
      { key: 'actions', title: '操作', width: 330, render: (_, row) => actions(row) },
    ];
  }, [busy, isNarrow, remove, test, update]);

  const pausedForFailing = rows.filter((r) => r.state === 'paused_failing');
  return (
    <Card
      title="推送地址（Webhook）"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新增推送地址
        </Button>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          内容发布、更新、下线以及运营位变化时，系统按 Standard Webhooks 规范签名后推送到这些地址；失败会自动重试约一天，连续失败一天的地址会被暂停。
        </Typography.Paragraph>
        {pausedForFailing.map((r) => (
          <Alert
            key={r.id}
            type="error"
            showIcon
            title={`「${r.name}」连续推送失败超过一天，已自动暂停。请检查网站接收服务，修好后点「恢复」，期间的事件会补发。`}
          />
        ))}
        <Table<WebhookEndpointRow> {...list.tableProps} size="middle" columns={columns} pagination={false} scroll={isNarrow ? undefined : { x: 1080 }} />
      </Space>
      <EndpointDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(name, created) => {
          setEditing(null);
          if (created) setSecret({ name, secret: created });
          else void message.success(`已保存「${name}」`);
          void written();
        }}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}

function EndpointDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: WebhookEndpointRow | 'new' | null;
  onClose: () => void;
  onSaved: (name: string, secret?: string) => void;
}) {
  const [form] = Form.useForm<{ name: string; url: string; events: string[] }>();
  const [saving, setSaving] = useState(false);
  const isNew = editing === 'new';
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing !== 'new') form.setFieldsValue({ name: editing.name, url: editing.url, events: editing.events });
  }, [editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    const body = { ...values, events: values.events ?? [] };
    const reply = isNew ? await webhookApi.create(body) : await webhookApi.update((editing as WebhookEndpointRow).id, body);
    setSaving(false);
    if (isOk(reply)) onSaved(reply.data.name, reply.data.secret);
    else if (!(reply instanceof Error) && reply.errors)
      form.setFields(Object.entries(reply.errors).map(([name, error]) => ({ name: name.split('.')[0] as 'name', errors: [error] })));
  };

  return (
    <Modal
      title={isNew ? '新增推送地址' : '编辑推送地址'}
      open={!!editing}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={isNew ? '新增' : '保存'}
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请填写名称' }]}>
          <Input autoFocus maxLength={64} placeholder="例如：官网、App 推送服务" onPressEnter={() => void submit()} />
        </Form.Item>
        <Form.Item
          name="url"
          label="推送地址"
          rules={[
            { required: true, whitespace: true, message: '请填写推送地址' },
            { pattern: /^https?:\/\/\S+$/i, message: '推送地址必须是 http:// 或 https:// 开头的完整网址' },
          ]}
        >
          <Input maxLength={2048} placeholder="https://www.example.com/cms-webhook" onPressEnter={() => void submit()} />
        </Form.Item>
        <Form.Item name="events" label="事件" extra="不选表示推送全部事件">
          <Select mode="multiple" allowClear options={EVENT_OPTIONS} placeholder="全部事件" aria-label="事件" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The secret, this once: the site keeps it to verify the signatures. */
function SecretDialog({ shown, onClose }: { shown: { name: string; secret: string } | null; onClose: () => void }) {
  return (
    <Modal
      title={`「${shown?.name ?? ''}」的签名密钥`}
      open={!!shown}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存
        </Button>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="warning" showIcon title="密钥只显示这一次，关闭后无法再查看。请复制后交给网站开发人员，用于校验 webhook-signature。" />
        <Typography.Paragraph
          copyable={{ text: shown?.secret, tooltips: ['复制', '已复制'] }}
          code
          style={{ wordBreak: 'break-all' }}
          data-testid="webhook-secret"
        >
          {shown?.secret}
        </Typography.Paragraph>
      </Space>
    </Modal>
  );
}
