'use client';

import { useMemo } from 'react';
import Link from 'next/link';
import { Button, Grid, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableColumnType } from 'antd';
import { Card } from '@/components/common/card';
import { useApp } from '@/components/common/app-feedback';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { EllipsisText, emptyText, formatDateTime, ResourceFilters, RowActions, useResourceList } from '@/components/crud';
import { usePublishingActions } from '@/components/editorial/publishing-actions';
import { resourcePath } from '@/lib/query';
import { useEditingHolders } from '@/components/editorial/use-editing-holders';
import { videoApi, videoClient } from '@/lib/api/videos';
import { videoResource } from '@/lib/resources/videos';
import type { VideoListItem } from '@/lib/api/types';
import { available, isPending, publishActionFor, STATUS_COLORS, statusLabel } from '@/lib/resources/publishing';
import { useUserStore, useViewer } from '@/stores/user';
import { useCategories } from '@/components/short-video/category-select';

const FILTERS = videoResource.filters ?? [];
const duration = (s: number | null) => (s ? `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}` : '');

/**
 * 视频列表 (`/article/videoList`): short videos in the viewer's data scope, newest first, filters in
 * the address (reload and back keep them), who is editing each one right now, edit and publish.
 */
export function VideoListScreen() {
  const { message, modal } = useApp();
  const viewer = useViewer();
  const canEdit = viewer?.routes.has('/article/createVideo') ?? false;
  const isReviewer = Boolean(viewer && (viewer.isSuper || viewer.routes.has('/article/check')));
  const me = useUserStore((s) => s.info);
  /**
   * The row's 发布 / 提交审核 button: what the one publish call would do for this person (the rule of
   * lib/resources/publishing.ts), when it applies now; a pending item is decided in 内容审核 and an
   * offline one is brought back by 重新发布 in the menu.
   */
  const pressable = (v: VideoListItem) => {
    const action = publishActionFor(isReviewer, v.status, v.publishAt);
    return !isPending(v.status) && action !== 'republish' && available(action, v.status, { isReviewer, mayEdit: canEdit, isAuthor: v.editorId === me?.id });
  };
  const list = useResourceList<VideoListItem>({ path: resourcePath(videoResource), fetchList: videoClient.list, filters: FILTERS });
  const categories = useCategories();
  const categoryOptions = useMemo(() => categories.map((c) => ({ label: c.name, value: String(c.id) })), [categories]);
  const isNarrow = Grid.useBreakpoint().md === false;
  // Who is editing the rows on screen (refreshed every 30 s while the tab is visible).
  const locks = useEditingHolders(
    'videos',
    (list.data?.list ?? []).map((v) => v.id),
  );

  const publish = async (v: VideoListItem) => {
    const reply = await videoApi.publish(v.id, { version: v.version });
    if ('httpStatus' in reply && reply.body.status === 0) {
      void message.success(reply.body.data!.action === 'submit' ? `「${v.title}」已提交审核` : `「${v.title}」已发布`);
    } else {
      modal.error({ title: '没有发布', content: 'httpStatus' in reply ? reply.body.message : '网络异常，请稍后重试' });
    }
    await list.reload();
  };

  // 下线 / 重新发布 / 撤回审核 (issue 15): the shared actions. An offline video's editor without
  // 内容审核 has 提交审核 here, so the disabled 重新发布 is left out for them.
  const publishing = usePublishingActions({ onDone: () => void list.reload() });
  const publishingFor = (v: VideoListItem) =>
    publishing
      .actionsFor(
        { contentType: 'video', id: v.id, title: v.title, status: v.status, version: v.version, isAuthor: v.editorId === me?.id, mayEdit: canEdit },
        { isReviewer },
      )
      .filter((a) => !(a.key === 'republish' && a.disabled && canEdit));

  const columns: TableColumnType<VideoListItem>[] = [
    {
      key: 'cover',
      title: '封面',
      width: 104,
      render: (_: unknown, v) =>
        v.cover ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={v.cover} alt="" style={{ width: 88, height: 50, objectFit: 'cover', borderRadius: 4, display: 'block' }} />
        ) : (
          <Typography.Text type="secondary">无</Typography.Text>
        ),
    },
    {
      key: 'title',
      title: '标题',
      dataIndex: 'title',
      width: 260,
      ellipsis: { showTitle: false },
      render: (t: string, v) => (
        <div>
          <EllipsisText text={canEdit ? <Link href={`/article/createVideo?id=${v.id}`}>{t}</Link> : t} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {v.videoTitle ?? `视频 #${v.videoStoreId}`} {duration(v.duration)}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'categoryName', title: '分类', dataIndex: 'categoryName', width: 110, render: (n: string | null) => n ?? '-' },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 120,
      render: (s: number, v) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLORS[s]}>{statusLabel(s)}</Tag>
          {s === 2 && v.reviewComment && (
            <Tooltip title={`驳回理由：${v.reviewComment}`}>
              <Typography.Text type="danger" style={{ fontSize: 12 }} tabIndex={0}>
                理由
              </Typography.Text>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      key: 'editing',
      title: '编辑中',
      width: 130,
      render: (_: unknown, v) => {
        const l = locks.get(v.id);
        return l ? (
          <Tag color="orange" icon={<EditOutlined aria-hidden />}>
            {l.self ? '你' : l.name} · {formatDateTime(l.since).slice(11)}起
          </Tag>
        ) : (
          '-'
        );
      },
    },
    { key: 'editorName', title: '编辑', dataIndex: 'editorName', width: 100, render: (n: string | null) => n ?? '-' },
    { key: 'updatedAt', title: '更新时间', dataIndex: 'updatedAt', width: 150, render: formatDateTime },
    {
      key: 'actions',
      title: '操作',
      width: 150,
      fixed: isNarrow ? undefined : 'right',
      render: (_: unknown, v) => (
        <Space size={4}>
          {canEdit && (
            <Link href={`/article/createVideo?id=${v.id}`} aria-label={`编辑「${v.title}」`}>
              编辑
            </Link>
          )}
          {pressable(v) && (
            <Popconfirm
              title={isReviewer ? `发布「${v.title}」？` : `提交「${v.title}」审核？`}
              okText={isReviewer ? '发布' : '提交'}
              cancelText="取消"
              onConfirm={() => publish(v)}
            >
              <Button type="link" size="small" aria-label={`${isReviewer ? '发布' : '提交审核'}「${v.title}」`}>
                {isReviewer ? '发布' : '提交审核'}
              </Button>
            </Popconfirm>
          )}
          <RowActions actions={publishingFor(v)} rowName={v.title} />
        </Space>
      ),
    },
  ];
  const shown = columns.filter((c) => !(isNarrow && (c.key === 'cover' || c.key === 'editorName' || c.key === 'categoryName')));

  return (
    <Card>
      <ResourceFilters
        {...list.filtersProps}
        optionsFor={{ categoryId: categoryOptions }}
        extra={
          canEdit && (
            <Link href="/article/createVideo">
              <Button type="primary" icon={<PlusOutlined aria-hidden />} tabIndex={-1}>
                发布短视频
              </Button>
            </Link>
          )
        }
      />
      <Table<VideoListItem>
        {...list.tableProps}
        size="middle"
        columns={shown}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.loading ? ' ' : emptyText('短视频', list.isFiltered, list.clearFilters, { canCreate: false }) }}
      />
    </Card>
  );
}
