'use client';

import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '@/components/crud';
import { apiKeyApi, type ApiKeyRow, type CreatedKey } from '@/lib/api/delivery';
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
  const [rows, setRows] = useState<ApiKeyRow[] | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedKey | null>(null);

  const load = useCallback(async () => {
    const reply = await apiKeyApi.list();
    if (isOk(reply)) setRows(reply.data.list);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const revoke = (row: ApiKeyRow) =>
    modal.confirm({
      title: `吊销密钥「${row.name}」？`,
      content: '吊销后，用这个密钥的网站或 App 立即无法再读取内容，且不能恢复。',
      okText: '吊销',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const reply = await apiKeyApi.revoke(row.id);
        if (!isOk(reply)) return;
        message.success(`已吊销「${row.name}」`);
        await load();
      },
    });

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建密钥
        </Button>
        <Typography.Text type="secondary">网站和 App 用密钥读取已发布的内容：请求头带上 Authorization: Bearer &lt;密钥&gt;。</Typography.Text>
      </Space>
      <Table<ApiKeyRow>
        rowKey="id"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        scroll={{ x: 880 }}
        locale={{ emptyText: '还没有 API 密钥。点「新建密钥」为网站或 App 创建一个。' }}
        columns={[
          { key: 'name', title: '名称', dataIndex: 'name', width: 180, fixed: 'left' },
          { key: 'prefix', title: '密钥', dataIndex: 'prefix', width: 130, render: (p: string) => <Typography.Text code>{p}…</Typography.Text> },
          {
            key: 'families',
            title: '可读内容',
            dataIndex: 'families',
            render: (f: string[]) => (f.length ? f.map((v) => <Tag key={v}>{familyLabel(v)}</Tag>) : <Tag color="blue">全部</Tag>),
          },
          { key: 'createdAt', title: '创建', dataIndex: 'createdAt', width: 170, render: (v: string, r) => `${formatDateTime(v)} ${r.createdByName ?? ''}` },
          { key: 'lastUsedAt', title: '上次使用', dataIndex: 'lastUsedAt', width: 150, render: (v: string | null) => (v ? formatDateTime(v) : '从未使用') },
          {
            key: 'state',
            title: '状态',
            width: 170,
            render: (_: unknown, r) => (r.revokedAt ? <Tag>已吊销 {formatDateTime(r.revokedAt)}</Tag> : <Tag color="success">有效</Tag>),
          },
          {
            key: 'actions',
            title: '操作',
            width: 90,
            fixed: 'right',
            render: (_: unknown, r) =>
              r.revokedAt ? null : (
                <Button type="link" danger size="small" onClick={() => revoke(r)} aria-label={`吊销 ${r.name}`}>
                  吊销
                </Button>
              ),
          },
        ]}
      />
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            void load();
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
