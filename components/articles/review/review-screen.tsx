'use client';

import { useCallback, useMemo } from 'react';
import { Button, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { useApp } from '@/components/common/app-feedback';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { DataScopeNote, EllipsisText, formatDateTime, ResourceFilters, ResourceTable, useResourceList } from '@/components/crud';
import { CheckSummaryTag, ReviewDrawer, StatusTag } from '@/components/articles/review';
import type { ListParams } from '@/lib/api/resource';
import { workflowApi, type ContentType } from '@/lib/api/workflow';
import { isFailure } from '@/lib/http';
import type { FilterDef } from '@/lib/resources/define';
import { CONTENT_TYPES, STATUS } from '@/lib/resources/workflow';
import { queueRows, type QueueRow } from './queue-rows';

type Row = QueueRow;

const KIND_LABEL: Record<string, string> = { article: '文章', gallery: '图集', video: '视频文章' };

const FILTERS: FilterDef[] = [
  { name: 'keyword', label: '标题', input: 'keyword', placeholder: '标题关键词' },
  { name: 'contentType', label: '内容', input: 'select', options: [...CONTENT_TYPES], placeholder: '全部' },
  {
    name: 'kind',
    label: '文章类型',
    input: 'select',
    options: Object.entries(KIND_LABEL).map(([value, label]) => ({ value, label })),
    placeholder: '全部',
  },
  {
    name: 'status',
    label: '状态',
    input: 'select',
    options: [
      { label: '待审核', value: String(STATUS.pending) },
      { label: '已驳回', value: String(STATUS.rejected) },
    ],
    placeholder: '待审核',
  },
  { name: 'time', label: '提交时间', input: 'dateRange' },
];

const fetchQueue = async (params: ListParams) => {
  const reply = await workflowApi.queue(params);
  if (isFailure(reply) || reply.status !== 0 || !reply.data) return reply as never;
  return { ...reply, data: queueRows(reply.data) };
};

/** How long an item has waited, in words. */
function waited(submittedAt: string | null): string {
  if (!submittedAt) return '';
  const minutes = dayjs().diff(dayjs(submittedAt), 'minute');
  if (minutes < 1) return '刚刚提交';
  if (minutes < 60) return `已等待 ${minutes} 分钟`;
  if (minutes < 48 * 60) return `已等待 ${Math.floor(minutes / 60)} 小时`;
  return `已等待 ${Math.floor(minutes / 1440)} 天`;
}

/** Parses `?review=article:12` (links from the workbench open the reading view). */
function parseTarget(value: string | undefined): { type: ContentType; id: number } | null {
  const m = /^(article|video):(\d{1,10})$/.exec(value ?? '');
  return m ? { type: m[1] as ContentType, id: Number(m[2]) } : null;
}

/**
 * 内容审核: the queue of items waiting for review (oldest first), the reading view with the content
 * check, approve, reject with a reason. @see DESIGN §8
 */
export function ReviewScreen() {
  const { message } = useApp();
  const list = useResourceList<Row>({
    path: '/api/articles_review',
    fetchList: fetchQueue,
    filters: FILTERS,
    nothingYet: (query) => (query.status === String(STATUS.rejected) ? '没有被驳回的稿件' : '审核队列是空的：编辑提交审核的文章和短视频会按提交先后出现在这里'),
  });
  const reviewKey = list.query.review;
  const target = useMemo(() => parseTarget(reviewKey), [reviewKey]);
  const open = useCallback((row: Row) => list.setQuery({ review: `${row.contentType}:${row.itemId}` }, { resetPage: false }), [list]);
  const close = useCallback(() => list.setQuery({ review: undefined }, { resetPage: false }), [list]);
  const isRejectedView = list.query.status === String(STATUS.rejected);

  const columns: TableColumnsType<Row> = [
    {
      key: 'title',
      title: '标题',
      dataIndex: 'title',
      width: 280,
      fixed: 'left',
      render: (v: string, row) => (
        <Button type="link" style={{ padding: 0, height: 'auto', maxWidth: '100%', textAlign: 'left', whiteSpace: 'normal' }} onClick={() => open(row)}>
          {v}
        </Button>
      ),
    },
    {
      key: 'kind',
      title: '类型',
      dataIndex: 'kind',
      width: 96,
      render: (v: string, row) => (row.contentType === 'video' ? '短视频' : (KIND_LABEL[v] ?? v)),
    },
    {
      key: 'editorName',
      title: '编辑',
      dataIndex: 'editorName',
      width: 120,
      ellipsis: { showTitle: false },
      render: (v: string | null) => <EllipsisText text={v ?? '-'} />,
    },
    {
      key: 'submittedAt',
      title: '提交时间',
      dataIndex: 'submittedAt',
      width: 170,
      render: (v: string | null) => (
        <div>
          <div>{formatDateTime(v)}</div>
          {!isRejectedView && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {waited(v)}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { key: 'status', title: '状态', dataIndex: 'status', width: 170, render: (v: number, row) => <StatusTag status={v} publishAt={row.publishAt} /> },
    {
      key: 'hits',
      title: '内容检测',
      dataIndex: 'hits',
      width: 170,
      render: (v: number, row) => <CheckSummaryTag hits={v} unchecked={row.unchecked} />,
    },
    ...(isRejectedView
      ? [
          {
            key: 'reviewComment',
            title: '驳回理由',
            dataIndex: 'reviewComment',
            width: 240,
            ellipsis: { showTitle: false },
            render: (v: string) => <EllipsisText text={v || '-'} />,
          },
        ]
      : []),
    {
      key: 'actions',
      title: '操作',
      width: 90,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Button
          size="small"
          autoInsertSpace={false}
          type={isRejectedView ? 'default' : 'primary'}
          onClick={() => open(row)}
          aria-label={`${isRejectedView ? '查看' : '审阅'}「${row.title}」`}
        >
          {isRejectedView ? '查看' : '审阅'}
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <ResourceFilters {...list.filtersProps} note={<DataScopeNote />} />
      <ResourceTable<Row> {...list.tableProps} columns={columns} settingsId="/article/check" onRow={(row) => ({ onDoubleClick: () => open(row) })} />
      <ReviewDrawer
        target={target}
        onClose={close}
        onDecided={(text) => {
          message.success(text);
          close();
          void list.reload();
        }}
      />
    </Card>
  );
}
