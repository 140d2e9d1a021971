'use client';

import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Form, Grid, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime, useResourceList } from '@/components/crud';
import { API_KEYS_PATH, apiKeyApi, type ApiKeyRow, type CreatedKey } from '@/lib/api/delivery';
import { isOk } from '@/lib/api/resource';
import { DELIVERY_FAMILIES, familyLabel } from '@/lib/resources/delivery';

/**
 * API 密钥 of 站点接口 (DESIGN §12): the keys the site and the apps read the delivery API with. Create
 * one (a name, the content it may read; none ticked: everything) and its secret is shown this once,
 * with a copy button; the list shows each key's start, what it may read, who made it, its last use;
 * 吊销 (after a confirmation) refuses it from the next request on.
 */
export function ApiKeysTab() {
  const { modal, message } = useApp();
  const list = useResourceList<ApiKeyRow>({
    path: API_KEYS_PATH,
    fetchList: apiKeyApi.list,
    isLocal: true,
    nothingYet: '还没有 API 密钥。点「新建密钥」为网站或 App 创建一个。',
  });
  const { reload } = list;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  // On a phone the key's facts stack under its name (no sideways scrolling), as the other lists do below md.
  const isNarrow = Grid.useBreakpoint().md === false;

  const revoke = useCallback(
    (row: ApiKeyRow) =>
      modal.confirm({
        title: `吊销密钥「${row.name}」？`,
        content: '吊销后，用这个密钥的网站或 App 立即无法再读取内容，且不能恢复。',
        okText: '吊销',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: async () => {
          const reply = await apiKeyApi.revoke(row.id);
          if (isOk(reply)) message.success(`已吊销「${row.name}」`);
          await reload();
        },
      }),
    [message, modal, reload],
  );

  const columns = useMemo<TableColumnsType<ApiKeyRow>>(() => {
    const families = (f: string[]) => (f.length ? f.map((v) => <Tag key={v}>{familyLabel(v)}</Tag>) : <Tag color="blue">全部</Tag>);
    const state = (r: ApiKeyRow) => (r.revokedAt ? <Tag>已吊销 {formatDateTime(r.revokedAt)}</Tag> : <Tag color="success">有效</Tag>);
    const lastUsed = (v: string | null) => (v ? formatDateTime(v) : '从未使用');
    const actions: TableColumnsType<ApiKeyRow>[number] = {
      key: 'actions',
      title: '操作',
      width: isNarrow ? 64 : 90,
      fixed: isNarrow ? undefined : 'right',
      render: (_: unknown, r) =>
        r.revokedAt ? null : (
          <Button type="link" danger size="small" onClick={() => revoke(r)} aria-label={`吊销 ${r.name}`}>
            吊销
          </Button>
        ),
    };
    if (isNarrow)
      return [
        {
          key: 'name',
          title: '密钥',
          render: (_: unknown, r) => (
            <Space orientation="vertical" size={4} style={{ width: '100%' }}>
              <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                {r.name}
              </Typography.Text>
              <Space size={[4, 4]} wrap>
                <Typography.Text code>{r.prefix}…</Typography.Text>
                {state(r)}
              </Space>
              <Space size={[0, 4]} wrap>
                {families(r.families)}
              </Space>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                上次使用：{lastUsed(r.lastUsedAt)}
              </Typography.Text>
            </Space>
          ),
        },
        actions,
      ];
    return [
      { key: 'name', title: '名称', dataIndex: 'name', width: 180, fixed: 'left' },
      { key: 'prefix', title: '密钥', dataIndex: 'prefix', width: 130, render: (p: string) => <Typography.Text code>{p}…</Typography.Text> },
      { key: 'families', title: '可读内容', dataIndex: 'families', render: families },
      { key: 'createdAt', title: '创建', dataIndex: 'createdAt', width: 170, render: (v: string, r) => `${formatDateTime(v)} ${r.createdByName ?? ''}` },
      { key: 'lastUsedAt', title: '上次使用', dataIndex: 'lastUsedAt', width: 150, render: lastUsed },
      { key: 'state', title: '状态', width: 170, render: (_: unknown, r) => state(r) },
      actions,
    ];
  }, [isNarrow, revoke]);

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建密钥
        </Button>
        <Typography.Text type="secondary">网站和 App 用密钥读取已发布的内容：请求头带上 Authorization: Bearer &lt;密钥&gt;。</Typography.Text>
      </Space>
      <Table<ApiKeyRow> {...list.tableProps} columns={columns} scroll={isNarrow ? undefined : { x: 880 }} />
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            void reload();
          }}
        />
      )}
      <Modal
        open={created !== null}
        title="密钥已创建"
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)}>
            我已保存
          </Button>
        }
      >
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="请现在复制并妥善保存：关闭后不会再显示这个密钥。" />
        <Typography.Paragraph
          data-testid="created-key"
          copyable={{ text: created?.key ?? '', tooltips: ['复制', '已复制'] }}
          code
          style={{ wordBreak: 'break-all' }}
        >
          {created?.key}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}

function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: CreatedKey) => void }) {
  const [form] = Form.useForm<{ name: string; families: string[] }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    const reply = await apiKeyApi.create({ name: values.name, families: values.families ?? [] });
    setSaving(false);
    if (isOk(reply)) onCreated(reply.data);
    else if ('errors' in reply && reply.errors)
      form.setFields(Object.entries(reply.errors as Record<string, string>).map(([name, error]) => ({ name: name.split('.')[0] as 'name', errors: [error] })));
  };
  return (
    <Modal open title="新建 API 密钥" okText="创建" cancelText="取消" confirmLoading={saving} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={() => void submit()} initialValues={{ families: [] }}>
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请填写名称，例如「官网」' },
            { max: 64, message: '名称最多 64 个字符' },
          ]}
        >
          <Input autoFocus placeholder="例如：官网、安卓 App" maxLength={64} />
        </Form.Item>
        <Form.Item name="families" label="可读内容" extra="不勾选则可读全部内容。">
          <Checkbox.Group options={DELIVERY_FAMILIES.map((f) => ({ label: f.label, value: f.value }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
