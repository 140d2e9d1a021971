'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { Alert, Button, Form, Modal, Select, Space, Tag, Tooltip, Typography, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { Card } from '@/components/common/card';
import { useApp } from '@/components/common/app-feedback';
import { DownloadOutlined, EditOutlined, FileTextOutlined, PictureOutlined, PlaySquareOutlined, PlusOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import {
  actionsColumn,
  clearPatch,
  DataScopeNote,
  EllipsisText,
  DATE_COLUMN_WIDTH,
  DateTimeCell,
  listEmptyText,
  ResourceFilters,
  ResourceTable,
  useResourceList,
  type QueryPatch,
} from '@/components/crud';
import { usePublishingActions } from '@/components/editorial/publishing-actions';
import { usePreloadAfterMount } from '@/components/common/lazy-dialog';
import { articleList, exportUrl } from '@/components/articles/list/api';
import type { LockHolder } from '@/lib/api/editorial';
import { useEditingHolders } from '@/components/editorial/use-editing-holders';
import { isOk } from '@/lib/api/resource';
import { workflowApi } from '@/lib/api/workflow';
import { ARTICLE_KINDS, ARTICLE_STATUS_OPTIONS } from '@/lib/resources/articles';
import type { ArticleListItem } from '@/lib/api/types';
import { appliesTo, isDraft } from '@/lib/resources/publishing';
import { PAGE_SIZE_DEFAULT, type FilterDef } from '@/lib/resources/define';
import { useUserStore, useViewer } from '@/stores/user';
import { BULK_ACTIONS, BulkButtons, mayEditKind } from './bulk-actions';
import { CategorySelect, EditorSelect } from './pickers';
import type { ScheduleAction } from './schedule-dialog';

/** 定时发布/下线's dialog (antd's DatePicker with time): not in the first load, fetched once the list has mounted (issue 17). */
const loadScheduleDialog = () => import('./schedule-dialog');
const ScheduleDialog = dynamic(() => loadScheduleDialog().then((m) => m.ScheduleDialog), { ssr: false });

/**
 * 标签 and 部门 behind 更多筛选 (the tag picker with its create dialog, antd's TreeSelect): not in the
 * first load (issue 25). Fetched when 更多筛选 is reached for (pointer, touch, focus) or when one of
 * them is set by the URL; until then an empty box of the same size stands in.
 */
const loadMoreFilters = () => import('./more-filters');
const standIn = (label: string, placeholder: string, width: number) =>
  function StandIn() {
    return <Select aria-label={label} placeholder={placeholder} style={{ width }} open={false} loading />;
  };
const TagPicker = dynamic(() => loadMoreFilters().then((m) => m.TagPicker), { ssr: false, loading: standIn('标签', '输入文字搜索标签', 200) });
const DepartmentSelect = dynamic(() => loadMoreFilters().then((m) => m.DepartmentSelect), {
  ssr: false,
  loading: standIn('部门', '全部部门', 160),
});
const preloadMoreFilters = () => void loadMoreFilters().catch(() => undefined);
import { StatusCell } from './status-cell';

const KIND_ICONS = { article: FileTextOutlined, gallery: PictureOutlined, video: PlaySquareOutlined } as const;
const kindOf = (kind: string) => ARTICLE_KINDS.find((k) => k.value === kind);

/** The one filter model (components/crud): text applies once typing pauses, the rest at once; all in the URL. */
export const ARTICLE_FILTERS: FilterDef[] = [
  { name: 'keyword', label: '关键词', input: 'keyword', placeholder: '搜索标题、摘要或正文' },
  { name: 'kind', label: '类型', input: 'select', options: ARTICLE_KINDS.map((k) => ({ label: k.label, value: k.value })), placeholder: '全部类型' },
  { name: 'status', label: '状态', input: 'select', options: ARTICLE_STATUS_OPTIONS, placeholder: '全部状态' },
  { name: 'categoryId', label: '分类', input: 'select' },
  { name: 'tagId', label: '标签', input: 'select' },
  { name: 'editorId', label: '编辑', input: 'select' },
  { name: 'departmentId', label: '部门', input: 'select' },
  { name: 'updated', label: '更新时间', input: 'dateRange', params: ['updatedFrom', 'updatedTo'] },
  { name: 'published', label: '发布时间', input: 'dateRange', params: ['publishedFrom', 'publishedTo'] },
];

/** Shown at first; the rest open with 更多筛选 (or by themselves when one of them is set). */
const BASIC_FILTERS = ['keyword', 'kind', 'status', 'categoryId'];
const MORE_PARAMS = ['tagId', 'editorId', 'departmentId', 'updatedFrom', 'updatedTo', 'publishedFrom', 'publishedTo'];

const numberOr = (v: string | undefined) => (v ? Number(v) : undefined);

/** "张伟 正在编辑" (or "你正在编辑": the viewer in another tab), with since when on hover. */
function EditingTag({ holder }: { holder: LockHolder }) {
  const since = new Date(holder.since).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });
  const text = holder.self ? '你正在编辑' : `${holder.name} 正在编辑`;
  return (
    <Tooltip title={`${holder.self ? '你' : holder.name}从 ${since} 起在编辑器中打开了这篇文章`}>
      <Tag
        color={holder.self ? 'blue' : 'orange'}
        icon={<EditOutlined aria-hidden />}
        bordered={false}
        style={{ marginTop: 2, fontSize: 12, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
        data-testid="editing-tag"
      >
        {text}
      </Tag>
    </Tooltip>
  );
}

/** The title cell: cover thumbnail (or the kind's icon), the title, the kind, who is editing it. */
function TitleCell({ row, editing }: { row: ArticleListItem; editing?: LockHolder }) {
  const kind = kindOf(row.kind);
  const Icon = KIND_ICONS[row.kind] ?? FileTextOutlined;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
      {row.cover ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          className="list-thumb"
          src={row.cover}
          alt=""
          width={56}
          height={40}
          loading="lazy"
          style={{ objectFit: 'cover', borderRadius: 4, flex: 'none', background: '#f5f5f5' }}
        />
      ) : (
        <span
          aria-hidden
          className="list-thumb"
          style={{
            width: 56,
            height: 40,
            borderRadius: 4,
            background: '#f5f5f5',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            flex: 'none',
            color: '#8c8c8c',
            fontSize: 18,
          }}
        >
          <Icon />
        </span>
      )}
      <div style={{ minWidth: 0, flex: 1 }}>
        <EllipsisText text={row.title} />
        <Tag bordered={false} style={{ marginTop: 2, fontSize: 12 }}>
          {kind?.label ?? row.kind}
        </Tag>
        {editing && <EditingTag holder={editing} />}
      </div>
    </div>
  );
}

/**
 * 文章列表 (/article/list): every article the viewer's scope covers, newest first, with the filters of
 * issue 7 in the URL; edit, preview, delete a draft; select several to move or delete drafts; export
 * the filtered list as CSV. Deep pages follow the server's cursors. Ships no editor or chart code.
 */
export function ArticleListScreen() {
  const router = useRouter();
  const { message, modal } = useApp();
  const viewer = useViewer();
  const me = useUserStore((s) => s.info);
  const list = useResourceList<ArticleListItem>({ path: '/api/articles', fetchList: articleList.list, filters: ARTICLE_FILTERS });
  usePreloadAfterMount(loadScheduleDialog);
  const data = list.data as (typeof list.data & { nextCursor?: string | null; prevCursor?: string | null; notice?: string }) | null;
  const query = list.query;
  const [busy, setBusy] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreSet = MORE_PARAMS.some((p) => query[p]);
  const showMore = moreOpen || moreSet;
  const shownFilters = showMore ? ARTICLE_FILTERS : ARTICLE_FILTERS.filter((f) => BASIC_FILTERS.includes(f.name));
  const [moving, setMoving] = useState<{ count: number; resolve: (id: number | undefined) => void } | null>(null);
  const [moveTo, setMoveTo] = useState<number | undefined>();

  // Editors to filter by: the viewer and everyone seen in the list so far.
  const [editors, setEditors] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    setEditors((prev) => {
      const next = new Map(prev);
      if (me) next.set(me.id, `${me.name}（我）`);
      for (const r of data?.list ?? []) if (r.editorName && !next.has(r.editorId)) next.set(r.editorId, r.editorName);
      return next.size === prev.size ? prev : next;
    });
  }, [data, me]);

  /** Filters change: back to page 1 and forget the cursor. */
  const setFilters = useCallback((patch: QueryPatch) => list.setQuery({ ...patch, cursor: undefined }), [list]);
  const clearFilters = useCallback(() => list.setQuery({ ...clearPatch(ARTICLE_FILTERS), cursor: undefined }), [list]);

  const editing = useEditingHolders(
    'articles',
    (data?.list ?? []).map((r) => r.id),
  );
  const isReviewer = Boolean(viewer && (viewer.isSuper || viewer.routes.has('/article/check')));

  const page = Number(query.page) || 1;
  const pageSize = Number(query.pageSize) || PAGE_SIZE_DEFAULT;
  const pagination: TablePaginationConfig = {
    ...list.tableProps.pagination,
    // Past the capped total the pager always offers the next page while there is one.
    total: data ? (data.totalCapped ? Math.max(data.total, page * pageSize + (data.nextCursor ? pageSize : 0)) : data.total) : 0,
    showTotal: (total) => (data?.totalCapped ? `超过 ${data.total} 条` : `共 ${total} 条`),
  };
  const onTableChange = (p: TablePaginationConfig, filters: unknown, sorter: SorterResult<ArticleListItem> | SorterResult<ArticleListItem>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const nextSort = one?.order ? String(one.columnKey ?? one.field) : undefined;
    const sortChanged = nextSort !== list.sort || (nextSort !== undefined && one?.order !== list.order);
    const sizeChanged = (p.pageSize ?? pageSize) !== pageSize;
    const target = p.current ?? 1;
    // One page on: seek from this page's last row; one page back: from its first. Else by page number.
    const cursor =
      sortChanged || sizeChanged || target === 1
        ? undefined
        : target === page + 1
          ? (data?.nextCursor ?? undefined)
          : target === page - 1
            ? (data?.prevCursor ?? undefined)
            : undefined;
    void filters;
    list.setQuery(
      {
        page: sortChanged || sizeChanged || target === 1 ? undefined : target,
        pageSize: p.pageSize === PAGE_SIZE_DEFAULT ? undefined : p.pageSize,
        sort: nextSort,
        order: nextSort ? (one?.order ?? undefined) : undefined,
        cursor,
      },
      { resetPage: false },
    );
  };

  const edit = (row: ArticleListItem) => router.push(`${kindOf(row.kind)?.route ?? '/article/addArticle'}?id=${row.id}`);
  const preview = (row: ArticleListItem) => window.open(`/article/preview?id=${row.id}`, '_blank', 'noopener');
  const remove = async (row: ArticleListItem) => {
    const reply = await articleList.remove(row.id);
    if (isOk(reply)) {
      void message.success(`已删除草稿「${row.title}」`);
      void list.reload();
    }
  };

  const [scheduling, setScheduling] = useState<{ row: ArticleListItem; action: ScheduleAction } | null>(null);
  /** Sets (or moves) a scheduled publication or offline; true when it took. */
  const setSchedule = async (row: ArticleListItem, action: ScheduleAction, at: Date) => {
    const reply = await workflowApi.transition('article', action, row.id, {
      version: row.version,
      ...(action === 'schedule' ? { publishAt: at.toISOString() } : { offlineAt: at.toISOString() }),
    });
    void list.reload();
    if (!isOk(reply)) return false;
    void message.success(action === 'schedule' ? `「${row.title}」将定时发布` : `「${row.title}」将定时下线`);
    return true;
  };

  /** Cancels a pending scheduled publication or offline (issue 8: "set a time, see it in the list, cancel it"). */
  const cancelSchedule = async (row: ArticleListItem, action: 'unschedule' | 'unschedule_offline') => {
    const reply = await workflowApi.transition('article', action, row.id, { version: row.version });
    if (isOk(reply)) void message.success(action === 'unschedule' ? `已取消「${row.title}」的定时发布，文章回到草稿` : `已取消「${row.title}」的定时下线`);
    void list.reload();
  };

  // 下线 / 重新发布 / 撤回审核 (issue 15): the shared actions, the list reloaded after each.
  const publishing = usePublishingActions({ onDone: () => void list.reload() });
  const publishingFor = (row: ArticleListItem) =>
    publishing.actionsFor(
      {
        contentType: 'article',
        id: row.id,
        title: row.title,
        status: row.status,
        version: row.version,
        isAuthor: row.editorId === me?.id,
        mayEdit: mayEditKind(row, viewer),
        label: kindOf(row.kind)?.label,
      },
      { isReviewer },
    );

  const columns: TableColumnsType<ArticleListItem> = [
    {
      key: 'title',
      title: '标题',
      dataIndex: 'title',
      width: 280,
      fixed: 'left',
      // Held to its width: a long title wraps instead of widening the table (ux-2026-11-28 P2-4).
      render: (_: unknown, row) => (
        <div style={{ maxWidth: 264 }}>
          <TitleCell row={row} editing={editing.get(row.id)} />
        </div>
      ),
    },
    {
      key: 'categoryName',
      title: '分类',
      dataIndex: 'categoryName',
      width: 110,
      ellipsis: { showTitle: false },
      render: (v: string | null) => <EllipsisText text={v ?? '未分类'} />,
    },
    {
      key: 'editorName',
      title: '编辑',
      dataIndex: 'editorName',
      width: 100,
      ellipsis: { showTitle: false },
      render: (v: string | null) => <EllipsisText text={v ?? '-'} />,
    },
    { key: 'status', title: '状态', dataIndex: 'status', width: 140, render: (_: unknown, row) => <StatusCell row={row} /> },
    {
      key: 'updatedAt',
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: DATE_COLUMN_WIDTH + 24,
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: !list.sort ? 'descend' : list.sort === 'updatedAt' ? (list.order ?? 'descend') : null,
      render: (v: string) => <DateTimeCell value={v} />,
    },
    {
      key: 'publishedAt',
      title: '发布时间',
      dataIndex: 'publishedAt',
      width: DATE_COLUMN_WIDTH + 24,
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: list.sort === 'publishedAt' ? (list.order ?? 'descend') : null,
      render: (v: string | null) => <DateTimeCell value={v} empty={<Typography.Text type="secondary">未发布</Typography.Text>} />,
    },
    actionsColumn<ArticleListItem>({
      onEdit: edit,
      editRefusal: (row) => (mayEditKind(row, viewer) ? null : `没有编辑${kindOf(row.kind)?.label ?? '此类文章'}的权限`),
      onDelete: remove,
      deleteRefusal: (row) =>
        !isDraft(row.status) ? '只能删除草稿' : mayEditKind(row, viewer) ? null : `没有编辑${kindOf(row.kind)?.label ?? '此类文章'}的权限`,
      deleteTitle: (row) => `确定删除草稿「${row.title}」吗？删除后不能恢复。`,
      more: (row) => [
        { key: 'preview', label: '预览', onClick: () => preview(row) },
        ...publishingFor(row),
        // Reviewers set the times (the workflow's schedule and schedule_offline are theirs).
        {
          key: 'schedule',
          label: row.scheduledPublishAt ? '修改定时发布…' : '定时发布…',
          hidden: !isReviewer || !appliesTo('schedule', row.status),
          onClick: () => setScheduling({ row, action: 'schedule' }),
        },
        {
          key: 'schedule_offline',
          label: row.scheduledOfflineAt ? '修改定时下线…' : '定时下线…',
          hidden: !isReviewer || !appliesTo('schedule_offline', row.status),
          onClick: () => setScheduling({ row, action: 'schedule_offline' }),
        },
        {
          key: 'unschedule',
          label: '取消定时发布',
          hidden: !row.scheduledPublishAt,
          disabled: mayEditKind(row, viewer) || isReviewer ? false : `没有编辑${kindOf(row.kind)?.label ?? '此类文章'}的权限`,
          confirm: {
            title: `取消「${row.title}」的定时发布？`,
            content: row.scheduledOfflineAt
              ? '文章回到草稿，不会在预定时间发布，定时下线也一并取消；需要时可重新提交或发布。'
              : '文章回到草稿，不会在预定时间发布；需要时可重新提交或发布。',
            okText: '确定',
          },
          onClick: () => cancelSchedule(row, 'unschedule'),
        },
        {
          key: 'unschedule_offline',
          label: '取消定时下线',
          hidden: !row.scheduledOfflineAt,
          disabled: isReviewer ? false : '需要「内容审核」权限才能取消定时下线',
          confirm: { title: `取消「${row.title}」的定时下线？`, content: '文章保持当前状态，不会在预定时间下线。', okText: '确定' },
          onClick: () => cancelSchedule(row, 'unschedule_offline'),
        },
      ],
      order: ['edit', 'preview', 'withdraw', 'offline', 'republish', 'schedule', 'unschedule', 'schedule_offline', 'unschedule_offline', 'delete'],
      rowName: (row) => row.title,
      width: 170,
    }),
  ];

  const pickCategory = (count: number) =>
    new Promise<number | undefined>((resolve) => {
      setMoveTo(undefined);
      setMoving({ count, resolve });
    });

  const download = () => {
    const a = document.createElement('a');
    a.href = exportUrl(query);
    a.download = '';
    document.body.appendChild(a);
    a.click();
    a.remove();
    void message.info('正在导出当前筛选结果，文件会自动下载');
  };

  const canCreate = Boolean(viewer && ARTICLE_KINDS.some((k) => viewer.isSuper || viewer.routes.has(k.route)));
  const selectionKey = useMemo(() => JSON.stringify(query), [query]);

  return (
    <Card>
      <ResourceFilters
        filters={shownFilters}
        values={query}
        onChange={setFilters}
        controls={{
          categoryId: <CategorySelect value={numberOr(query.categoryId)} onChange={(id) => setFilters({ categoryId: id })} placeholder="全部分类" />,
          tagId: (
            <TagPicker
              value={query.tagId ? [Number(query.tagId)] : []}
              max={1}
              creatable={false}
              onChange={(ids) => setFilters({ tagId: ids[0] })}
              placeholder="输入文字搜索标签"
              style={{ width: 200 }}
              aria-label="标签"
            />
          ),
          editorId: (
            <EditorSelect
              value={numberOr(query.editorId)}
              onChange={(id) => setFilters({ editorId: id })}
              editors={[...editors].map(([id, name]) => ({ id, name }))}
            />
          ),
          departmentId: <DepartmentSelect value={numberOr(query.departmentId)} onChange={(id) => setFilters({ departmentId: id })} />,
        }}
        extra={
          <>
            <Button
              aria-expanded={showMore}
              disabled={moreSet}
              title={moreSet ? '有更多筛选条件正在生效' : undefined}
              onPointerEnter={preloadMoreFilters}
              onPointerDown={preloadMoreFilters}
              onFocus={preloadMoreFilters}
              onClick={() => setMoreOpen(!moreOpen)}
            >
              {showMore ? '收起筛选' : '更多筛选'}
            </Button>
            <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
              导出 CSV
            </Button>
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => router.push('/article/add')}>
                发布内容
              </Button>
            )}
          </>
        }
        note={<DataScopeNote />}
      />
      {data?.notice && <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={data.notice} />}
      <ResourceTable<ArticleListItem>
        {...list.tableProps}
        pagination={pagination}
        onChange={onTableChange}
        columns={columns}
        settingsId="/article/list"
        selectionKey={selectionKey}
        bulk={(rows, clear) => (
          <Space wrap size={8}>
            <BulkButtons
              actions={BULK_ACTIONS}
              busy={busy}
              ctx={{ rows, viewer, message, modal, pickCategory, done: () => (clear(), void list.reload()) }}
              onRun={(key, run) => {
                setBusy(key);
                void Promise.resolve(run()).finally(() => setBusy(null));
              }}
            />
          </Space>
        )}
        locale={{
          emptyText: listEmptyText({
            loading: list.loading,
            failed: list.failed,
            filtered: list.isFiltered,
            onClear: clearFilters,
            onRetry: () => void list.reload(),
            nothingYet: canCreate ? '还没有文章，点击「发布内容」写第一篇' : '还没有文章',
          }),
        }}
      />
      {scheduling && (
        <ScheduleDialog
          title={scheduling.row.title}
          action={scheduling.action}
          initial={scheduling.action === 'schedule' ? scheduling.row.scheduledPublishAt : scheduling.row.scheduledOfflineAt}
          onSubmit={(at) => setSchedule(scheduling.row, scheduling.action, at)}
          onClose={() => setScheduling(null)}
        />
      )}
      <Modal
        open={moving !== null}
        title={`移动 ${moving?.count ?? 0} 篇文章到分类`}
        okText="移动"
        cancelText="取消"
        okButtonProps={{ disabled: moveTo === undefined }}
        onOk={() => {
          moving?.resolve(moveTo);
          setMoving(null);
        }}
        onCancel={() => {
          moving?.resolve(undefined);
          setMoving(null);
        }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="目标分类" htmlFor="move-category" extra="移动会更新文章的版本：正在编辑这些文章的人保存时会看到提示。">
            <CategorySelect id="move-category" value={moveTo} onChange={setMoveTo} style={{ width: '100%' }} aria-label="目标分类" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
