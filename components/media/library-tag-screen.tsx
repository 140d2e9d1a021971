'use client';

import { Typography } from 'antd';
import { Card } from '@/components/common/card';
import { ResourceFilters, ResourceFormModal, ResourceListTable, useResourceScreen } from '@/components/crud';
import type { LibraryKind, LibraryTag } from '@/lib/api/media';
import { picStoreTagResource, videoStoreTagResource } from '@/lib/resources/media';

/** Library tags are few: the screen shows them all, so dragging orders the whole list. */
const ALL = 100;

/**
 * 图片标签 / 视频标签: the library's own tags in their drag order (the order pickers and filters show
 * them in), add and rename. The API has no delete: a tag stays on the items that carry it.
 */
export function LibraryTagScreen({ kind }: { kind: LibraryKind }) {
  const screen = useResourceScreen<LibraryTag>(kind === 'pic' ? picStoreTagResource : videoStoreTagResource, {
    pageSize: ALL,
    createLabel: '新增标签',
    columns: { name: { width: undefined }, actions: { width: 120, fixed: undefined } },
  });
  const { list, refusal } = screen;
  const total = list.data?.total ?? 0;
  return (
    <Card>
      <ResourceFilters
        {...screen.filtersProps}
        note={
          <Typography.Text type="secondary">
            {list.isFiltered ? '搜索时不能拖动排序，清除筛选后可拖动。' : refusal ? refusal : '拖动左侧手柄调整顺序，素材库的筛选和选择按此顺序显示。'}
            {total > ALL ? `（共 ${total} 个，这里显示前 ${ALL} 个）` : ''}
          </Typography.Text>
        }
      />
      <ResourceListTable<LibraryTag> {...screen.tableProps} pagination={false} />
      <ResourceFormModal<LibraryTag> {...screen.formModalProps} />
    </Card>
  );
}
