'use client';

import { useState } from 'react';
import { App, Button, Card, Form, Switch, Typography, type TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { actionsColumn, EllipsisText, emptyText, formatDateTime, ResourceFilters, ResourceFormModal, ResourceTable, useResourceList } from '@/components/crud';
import { CoverInput } from '@/components/media/cover-input';
import { isOk, resourceClient } from '@/lib/api/resource';
import { brandResource, type Brand } from '@/lib/resources/operations';
import { ProductBrandSelect } from './product-brand-select';
import { thumbColumn } from './sortable-list';

const client = resourceClient<Brand>(brandResource);
const FILTERS = brandResource.filters ?? [];

/** 品牌管理: the brands the site shows, A–Z, each tied to one brand of the product host (车型库). */
export function BrandScreen() {
  const { message } = App.useApp();
  const list = useResourceList<Brand>({ fetchList: client.list, filters: FILTERS });
  const [dialog, setDialog] = useState<{ open: boolean; record: Brand | null }>({ open: false, record: null });

  const toggle = async (b: Brand, enabled: boolean) => {
    const reply = await client.update(b.id, { enabled });
    if (isOk(reply)) void message.success(`「${b.name}」已${enabled ? '启用' : '停用'}`);
    await list.reload();
  };

  const columns: TableColumnType<Brand>[] = [
    {
      key: 'initial',
      title: '首字母',
      dataIndex: 'initial',
      width: 80,
      sorter: true,
      sortOrder: list.sort === 'initial' ? (list.order ?? 'ascend') : null,
      render: (v: string) => v || '-',
    },
    thumbColumn<Brand>('logo', 'Logo', { square: true, width: 72 }),
    {
      key: 'name',
      title: '品牌名称',
      dataIndex: 'name',
      width: 160,
      sorter: true,
      sortOrder: list.sort === 'name' ? (list.order ?? 'ascend') : null,
      ellipsis: { showTitle: false },
      render: (v: string) => <EllipsisText text={v} />,
    },
    {
      key: 'productBrandName',
      title: '车型库品牌',
      dataIndex: 'productBrandName',
      width: 160,
      render: (v: string, b) => (v ? `${v}（#${b.productBrandId}）` : `#${b.productBrandId}`),
    },
    {
      key: 'enabled',
      title: '启用',
      dataIndex: 'enabled',
      width: 80,
      render: (on: boolean, b) => <Switch size="small" checked={on} aria-label={`启用「${b.name}」`} onChange={(v) => toggle(b, v)} />,
    },
    { key: 'updatedAt', title: '更新时间', dataIndex: 'updatedAt', width: 150, render: formatDateTime },
    actionsColumn<Brand>({ onEdit: (b) => setDialog({ open: true, record: b }) }),
  ];

  return (
    <Card>
      <ResourceFilters
        filters={FILTERS}
        values={list.query}
        onChange={list.setQuery}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ open: true, record: null })}>
            新增品牌
          </Button>
        }
        note={<Typography.Text type="secondary">每个品牌关联车型库中的一个品牌，网站据此展示该品牌的车系和报价。</Typography.Text>}
      />
      <ResourceTable<Brand>
        {...list.tableProps}
        columns={columns}
        settingsId="/operation/brand"
        highlightId={list.highlightId}
        isHighlightMissing={list.isHighlightMissing}
        onClearFilters={list.clearFilters}
        locale={{ emptyText: list.loading ? ' ' : emptyText('品牌', list.isFiltered, list.clearFilters) }}
      />
      <ResourceFormModal<Brand>
        def={brandResource}
        open={dialog.open}
        record={dialog.record}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={(saved) => {
          setDialog((d) => ({ ...d, open: false }));
          if (dialog.record) void list.reload();
          else list.showCreated(saved.id);
        }}
        fieldsOverride={{ productBrandId: <ProductBrandSelect />, logo: <CoverInput /> }}
        extraFields={
          <Form.Item name="productBrandName" hidden>
            <input type="hidden" />
          </Form.Item>
        }
        transform={(v) => ({ ...v, logo: v.logo ?? '', initial: v.initial ?? '' })}
        submit={(values) => (dialog.record ? client.update(dialog.record.id, values) : client.create(values))}
      />
    </Card>
  );
}
