'use client';

import type { ReactNode } from 'react';
import { Button, Empty, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { PlusOutlined } from '@ant-design/icons';
import { ResourceListTable, type ResourceListTableProps, type ResourceScreenOptions } from './use-resource-screen';

type Group = { id: number; name: string };

/**
 * `useResourceScreen` options for a short list of groups beside the list it narrows (tag types,
 * category types): all of it on one page, not in the URL, drag-ordered; the name picks the group
 * (shown pressed) and a count says how many records it holds.
 */
export function groupListOptions<T extends Group>({
  chosen,
  onPick,
  countTitle,
  count,
}: {
  chosen: number | null;
  onPick: (group: T) => void;
  countTitle: string;
  count: (group: T) => number | undefined;
}): ResourceScreenOptions<T> {
  return {
    isLocal: true,
    pageSize: 100,
    filters: [],
    deletable: true,
    fieldColumns: [
      {
        key: 'name',
        title: '类型名称',
        render: (_: unknown, t: T) => (
          <Button
            type="link"
            size="small"
            style={{ paddingInline: 0, height: 'auto', whiteSpace: 'nowrap', textAlign: 'left', fontWeight: t.id === chosen ? 600 : undefined }}
            aria-pressed={t.id === chosen}
            onClick={() => onPick(t)}
          >
            {t.name}
          </Button>
        ),
      },
      { key: 'count', title: countTitle, width: 56, align: 'right', render: (_: unknown, t: T) => count(t) },
    ],
    columns: { actions: { width: 120, fixed: undefined } },
  };
}

/**
 * The small card of a group list (tag types, category types) beside the list it narrows: the title
 * with 新增类型, the drag-ordered table and a note under it. Spread `useResourceScreen`'s bag on it.
 */
export function GroupListCard<T extends Group>({
  title,
  labelId,
  canCreate,
  onCreate,
  empty,
  note,
  tableProps,
}: {
  title: string;
  /** An id for the title, which then names the table (`aria-labelledby`). */
  labelId?: string;
  canCreate: boolean;
  onCreate: () => void;
  /** What the empty table says. */
  empty: string;
  note: ReactNode;
  tableProps: ResourceListTableProps<T>;
}) {
  return (
    <Card
      size="small"
      title={labelId ? <span id={labelId}>{title}</span> : title}
      extra={
        canCreate && (
          <Button size="small" type="primary" icon={<PlusOutlined aria-hidden />} onClick={onCreate}>
            新增类型
          </Button>
        )
      }
    >
      <ResourceListTable<T>
        {...tableProps}
        size="small"
        aria-labelledby={labelId}
        locale={{ emptyText: tableProps.loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
        {note}
      </Typography.Paragraph>
    </Card>
  );
}
