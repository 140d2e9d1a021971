'use client';

import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Col, Empty, Row, Typography, type TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  actionsColumn,
  emptyText,
  formatDateTime,
  ResourceFilters,
  ResourceFormModal,
  ResourceTable,
  RowActions,
  SortableTable,
  useResourceList,
} from '@/components/crud';
import { forgetTagTypes } from '@/components/taxonomy/tag-picker';
import { isOk, resourceClient } from '@/lib/api/resource';
import { tagResource, tagTypeResource, type Tag, type TagType } from '@/lib/resources/taxonomy';
import { useViewer } from '@/stores/user';
import { settingRefusal } from './setting-screen';

const typeClient = resourceClient<TagType>(tagTypeResource);
const tagClient = resourceClient<Tag>(tagResource);
const FILTERS = tagResource.filters ?? [];

/**
 * 标签管理: tag types on the left (drag-sorted, a type with tags cannot be deleted; a click filters
 * the tags), the tags on the right with keyword and type filters in the URL, newest first.
 */
export function TagScreen() {
  const { message } = App.useApp();
  const viewer = useViewer();
  const refusal = settingRefusal(viewer, '/setting/tag', '标签管理');
  const [types, setTypes] = useState<TagType[]>([]);
  const [typesLoading, setTypesLoading] = useState(true);
  const [typeDialog, setTypeDialog] = useState<{ open: boolean; record: TagType | null }>({ open: false, record: null });
  const [dialog, setDialog] = useState<{ open: boolean; record: Tag | null }>({ open: false, record: null });
  const list = useResourceList<Tag>({ fetchList: tagClient.list, filters: FILTERS });
  const typeId = Number(list.query.typeId) || null;

  const loadTypes = useCallback(async () => {
    setTypesLoading(true);
    const reply = await typeClient.list({ pageSize: 100 });
    if (isOk(reply)) setTypes(reply.data.list);
    setTypesLoading(false);
    forgetTagTypes();
  }, []);
  useEffect(() => {
    void loadTypes();
  }, [loadTypes]);

  const typeOptions = types.map((t) => ({ value: t.id, label: t.name }));

  const removeType = async (t: TagType) => {
    const reply = await typeClient.remove(t.id);
    if (isOk(reply)) {
      void message.success(`已删除「${t.name}」`);
      if (typeId === t.id) list.setQuery({ typeId: undefined });
    }
    await loadTypes();
  };
  const reorderTypes = async (ids: number[]) => {
    const reply = await typeClient.sort(ids);
    if (isOk(reply)) void message.success('顺序已保存');
    await loadTypes();
  };
  const removeTag = async (tag: Tag) => {
    const reply = await tagClient.remove(tag.id);
    if (isOk(reply)) void message.success(`已删除「${tag.name}」`);
    await Promise.all([list.reload(), loadTypes()]);
  };

  const typeColumns: TableColumnType<TagType>[] = [
    {
      key: 'name',
      title: '类型名称',
      render: (_: unknown, t) => (
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0, height: 'auto', whiteSpace: 'nowrap', textAlign: 'left', fontWeight: t.id === typeId ? 600 : undefined }}
          aria-pressed={t.id === typeId}
          onClick={() => list.setQuery({ typeId: t.id === typeId ? undefined : t.id })}
        >
          {t.name}
        </Button>
      ),
    },
    { key: 'count', title: '标签', dataIndex: 'tagCount', width: 56, align: 'right' },
    {
      key: 'actions',
      title: '操作',
      width: 120,
      render: (_: unknown, t) => (
        <RowActions
          rowName={t.name}
          actions={[
            { key: 'edit', label: '编辑', onClick: () => setTypeDialog({ open: true, record: t }), disabled: refusal ?? false },
            {
              key: 'delete',
              label: '删除',
              danger: true,
              disabled: refusal ?? (t.tagCount ? `「${t.name}」下还有 ${t.tagCount} 个标签，请先删除或移走它们` : false),
              onClick: () => removeType(t),
              confirm: { title: `确定删除标签类型「${t.name}」吗？`, okText: '删除' },
            },
          ]}
        />
      ),
    },
  ];

  const columns: TableColumnType<Tag>[] = [
    { key: 'name', title: '标签名称', dataIndex: 'name', fixed: 'left', width: 180 },
    { key: 'typeName', title: '标签类型', dataIndex: 'typeName', width: 140, render: (v: string | undefined) => v ?? '-' },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', width: 160, render: formatDateTime },
    actionsColumn<Tag>({ onEdit: (tag) => setDialog({ open: true, record: tag }), onDelete: removeTag, editRefusal: () => refusal }),
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8} xl={7}>
        <Card
          size="small"
          title="标签类型"
          extra={
            !refusal && (
              <Button size="small" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setTypeDialog({ open: true, record: null })}>
                新增类型
              </Button>
            )
          }
        >
          <SortableTable<TagType>
            size="small"
            columns={typeColumns}
            dataSource={types}
            loading={typesLoading}
            pagination={false}
            scroll={{ x: 'max-content' }}
            isSortDisabled={Boolean(refusal)}
            onReorder={reorderTypes}
            locale={{ emptyText: typesLoading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有标签类型" /> }}
          />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
            点击类型名称只看它的标签，再点一次显示全部{refusal ? '' : '；拖动手柄调整顺序'}。
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17} style={{ minWidth: 0 }}>
        <Card size="small" title="标签">
          <ResourceFilters
            filters={FILTERS}
            values={list.query}
            onChange={list.setQuery}
            optionsFor={{ typeId: typeOptions }}
            extra={
              !refusal && (
                <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ open: true, record: null })} disabled={!types.length}>
                  新增标签
                </Button>
              )
            }
          />
          <ResourceTable<Tag>
            {...list.tableProps}
            columns={columns}
            settingsId="/setting/tag"
            highlightId={list.highlightId}
            isHighlightMissing={list.isHighlightMissing}
            onClearFilters={list.clearFilters}
            locale={{ emptyText: list.loading ? ' ' : emptyText('标签', list.isFiltered, list.clearFilters, { canCreate: !refusal }) }}
          />
        </Card>
      </Col>
      <ResourceFormModal<TagType>
        def={tagTypeResource}
        open={typeDialog.open}
        record={typeDialog.record}
        onClose={() => setTypeDialog((d) => ({ ...d, open: false }))}
        onSaved={() => {
          setTypeDialog((d) => ({ ...d, open: false }));
          void loadTypes();
        }}
        submit={(values) => (typeDialog.record ? typeClient.update(typeDialog.record.id, values) : typeClient.create(values))}
      />
      <ResourceFormModal<Tag>
        def={tagResource}
        open={dialog.open}
        record={dialog.record}
        initialValues={dialog.record ? undefined : { typeId: typeId ?? types[0]?.id }}
        optionsFor={{ typeId: typeOptions }}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={(saved) => {
          setDialog((d) => ({ ...d, open: false }));
          void loadTypes();
          if (dialog.record) void list.reload();
          else list.showCreated(saved.id);
        }}
        submit={(values) => (dialog.record ? tagClient.update(dialog.record.id, values) : tagClient.create(values))}
      />
    </Row>
  );
}
