'use client';

import { useState } from 'react';
import { App, Button, Card, Typography, type TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { emptyText, ResourceFilters, ResourceFormModal, RowActions, SortableTable, useResourceList } from '@/components/crud';
import { loadLibraryTags } from '@/components/taxonomy/library-tag-select';
import { isOk } from '@/lib/api/resource';
import { libraryTagClient, type LibraryKind, type LibraryTag } from '@/lib/api/media';
import { picStoreTagResource, videoStoreTagResource } from '@/lib/resources/media';
import { useViewer } from '@/stores/user';

/** Library tags are few: the screen shows them all, so dragging orders the whole list. */
const ALL = 100;

/**
 * 图片标签 / 视频标签: the library's own tags in their drag order (the order pickers and filters show
 * them in), add and rename. The API has no delete: a tag stays on the items that carry it.
 */
export function LibraryTagScreen({ kind }: { kind: LibraryKind }) {
  const { message } = App.useApp();
  const def = kind === 'pic' ? picStoreTagResource : videoStoreTagResource;
  const client = libraryTagClient[kind];
  const filters = def.filters ?? [];
  const list = useResourceList<LibraryTag>({ fetchList: client.list, fixed: { pageSize: ALL }, filters });
  const viewer = useViewer();
  const refusal = viewer && !viewer.isSuper && !viewer.routes.has(def.permission) ? `没有「${def.label}」的管理权限` : null;
  const [dialog, setDialog] = useState<{ open: boolean; record: LibraryTag | null }>({ open: false, record: null });

  const afterChange = async () => {
    await list.reload();
    void loadLibraryTags(kind, { fresh: true });
  };
  const reorder = async (ids: number[]) => {
    const reply = await client.sort(ids);
    if (isOk(reply)) void message.success('顺序已保存');
    await afterChange();
  };

  const columns: TableColumnType<LibraryTag>[] = [
    { key: 'name', title: '标签名称', dataIndex: 'name' },
    {
      key: 'actions',
      title: '操作',
      width: 120,
      render: (_: unknown, tag) => (
        <RowActions
          rowName={tag.name}
          actions={[{ key: 'edit', label: '编辑', onClick: () => setDialog({ open: true, record: tag }), disabled: refusal ?? false }]}
        />
      ),
    },
  ];
  const total = list.data?.total ?? 0;

  return (
    <Card>
      <ResourceFilters
        filters={filters}
        values={list.query}
        onChange={list.setQuery}
        extra={
          !refusal && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ open: true, record: null })}>
              新增标签
            </Button>
          )
        }
        note={
          <Typography.Text type="secondary">
            {list.isFiltered ? '搜索时不能拖动排序，清除筛选后可拖动。' : refusal ? refusal : '拖动左侧手柄调整顺序，素材库的筛选和选择按此顺序显示。'}
            {total > ALL ? `（共 ${total} 个，这里显示前 ${ALL} 个）` : ''}
          </Typography.Text>
        }
      />
      <SortableTable<LibraryTag>
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.loading}
        pagination={false}
        isSortDisabled={list.isFiltered || Boolean(refusal)}
        onReorder={reorder}
        locale={{ emptyText: list.loading ? ' ' : emptyText(def.label, list.isFiltered, list.clearFilters, { canCreate: !refusal }) }}
      />
      <ResourceFormModal<LibraryTag>
        def={def}
        open={dialog.open}
        record={dialog.record}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={() => {
          setDialog((d) => ({ ...d, open: false }));
          void afterChange();
        }}
        submit={(values) => (dialog.record ? client.update(dialog.record.id, values) : client.create(values))}
      />
    </Card>
  );
}
