'use client';

import { useEffect, useState } from 'react';
import { App, Button, Card, Grid, Switch, Typography, type TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { actionsColumn, EllipsisText, emptyText, formatDateTime, ResourceFilters, ResourceFormModal, SortableTable, useResourceList } from '@/components/crud';
import { CoverInput } from '@/components/media/cover-input';
import { ActivitySelect } from '@/components/taxonomy/activity-select';
import { isOk, resourceClient } from '@/lib/api/resource';
import { topicApi } from '@/lib/api/topic';
import { topicResource, type Topic } from '@/lib/resources/taxonomy';
import { useViewer } from '@/stores/user';
import { settingRefusal } from './setting-screen';

/** Activity titles of the topic host (tens of votes): loaded once to name the linked activities. */
function useActivityNames(): Map<number, string> {
  const [names, setNames] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    let isCurrent = true;
    void topicApi.activities({ pageSize: 100 }).then((reply) => {
      if (isCurrent && isOk(reply)) setNames(new Map(reply.data.list.map((a) => [a.id, a.title])));
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return names;
}

const client = resourceClient<Topic & { updatedAt?: string }>(topicResource);
const FILTERS = topicResource.filters ?? [];

/**
 * 专题管理: topics in their display order (drag to reorder), with cover (from the picture library,
 * uploaded, or a link), summary, link, enabled, and optionally an activity of the topic host.
 * The API has no delete: a topic is switched off instead.
 */
export function TopicScreen() {
  const { message } = App.useApp();
  const viewer = useViewer();
  const refusal = settingRefusal(viewer, '/setting/topic', '专题管理');
  const list = useResourceList<Topic & { updatedAt?: string }>({ fetchList: client.list, filters: FILTERS });
  const [dialog, setDialog] = useState<{ open: boolean; record: Topic | null }>({ open: false, record: null });
  const isPaged = (Number(list.query.page) || 1) > 1;
  const activities = useActivityNames();
  // On a phone the name comes first and nothing is pinned over it.
  const isNarrow = Grid.useBreakpoint().md === false;

  const toggle = async (t: Topic, enabled: boolean) => {
    const reply = await client.update(t.id, { enabled });
    if (isOk(reply)) void message.success(`「${t.title}」已${enabled ? '启用' : '停用'}`);
    await list.reload();
  };
  const reorder = async (ids: number[]) => {
    // The page's ids keep their slots: the rest of the list is not touched.
    const reply = await client.sort(ids);
    if (isOk(reply)) void message.success('顺序已保存');
    await list.reload();
  };

  const columns: TableColumnType<Topic & { updatedAt?: string }>[] = [
    {
      key: 'cover',
      title: '封面',
      width: 96,
      render: (_: unknown, t) =>
        t.cover ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={t.cover} alt="" style={{ width: 80, height: 45, objectFit: 'cover', borderRadius: 4, display: 'block' }} />
        ) : (
          <Typography.Text type="secondary">无</Typography.Text>
        ),
    },
    { key: 'title', title: '专题名称', dataIndex: 'title', width: 200, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
    {
      key: 'summary',
      title: '摘要',
      dataIndex: 'summary',
      width: 180,
      ellipsis: { showTitle: false },
      render: (v: string) => <EllipsisText text={v || '-'} />,
    },
    {
      key: 'url',
      title: '链接',
      dataIndex: 'url',
      width: 180,
      ellipsis: { showTitle: false },
      render: (v: string) =>
        v ? (
          <a href={v} target="_blank" rel="noopener noreferrer">
            <EllipsisText text={v} />
          </a>
        ) : (
          '-'
        ),
    },
    {
      key: 'activityId',
      title: '关联活动',
      dataIndex: 'activityId',
      width: 140,
      ellipsis: { showTitle: false },
      render: (v: number | null) => (v ? <EllipsisText text={activities.get(v) ?? `活动 #${v}`} /> : '-'),
    },
    {
      key: 'enabled',
      title: '状态',
      dataIndex: 'enabled',
      width: 90,
      render: (on: boolean, t) => (
        <Switch size="small" checked={on} disabled={Boolean(refusal)} aria-label={`启用「${t.title}」`} onChange={(v) => toggle(t, v)} />
      ),
    },
    { key: 'updatedAt', title: '更新时间', dataIndex: 'updatedAt', width: 150, render: formatDateTime },
    {
      ...actionsColumn<Topic>({ onEdit: (t) => setDialog({ open: true, record: t }), editRefusal: () => refusal, rowName: (t) => t.title }),
      ...(isNarrow ? { fixed: undefined } : {}),
    },
  ];
  const shownColumns = columns.filter((c) => !(isNarrow && c.key === 'cover'));

  return (
    <Card>
      <ResourceFilters
        filters={FILTERS}
        values={list.query}
        onChange={list.setQuery}
        extra={
          !refusal && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ open: true, record: null })}>
              新增专题
            </Button>
          )
        }
        note={
          <Typography.Text type="secondary">
            {refusal ?? (list.isFiltered ? '筛选时不能拖动排序，清除筛选后可拖动。' : '拖动左侧手柄调整专题的显示顺序。')}
          </Typography.Text>
        }
      />
      <SortableTable<Topic & { updatedAt?: string }>
        size="middle"
        columns={shownColumns}
        dataSource={list.data?.list ?? []}
        loading={list.loading}
        pagination={list.tableProps.pagination}
        onChange={list.tableProps.onChange as never}
        scroll={{ x: 'max-content' }}
        isSortDisabled={list.isFiltered || Boolean(refusal) || isPaged}
        onReorder={reorder}
        rowClassName={(t) => (t.id === list.highlightId ? 'row-highlight' : '')}
        locale={{ emptyText: list.loading ? ' ' : emptyText('专题', list.isFiltered, list.clearFilters, { canCreate: !refusal }) }}
      />
      <ResourceFormModal<Topic>
        def={topicResource}
        open={dialog.open}
        record={dialog.record}
        width={640}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={(saved) => {
          setDialog((d) => ({ ...d, open: false }));
          if (dialog.record) void list.reload();
          else list.showCreated(saved.id);
        }}
        fieldsOverride={{ cover: <CoverInput />, activityId: <ActivitySelect /> }}
        transform={(values) => ({
          ...values,
          activityId: values.activityId ?? null,
          cover: values.cover ?? '',
          url: values.url ?? '',
          summary: values.summary ?? '',
        })}
        submit={(values) => (dialog.record ? client.update(dialog.record.id, values) : client.create(values))}
      />
    </Card>
  );
}
