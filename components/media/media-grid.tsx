'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Grid, Pagination, Segmented, Space, Spin, Table, Tag, Tooltip, Typography, type TableColumnType } from 'antd';
import { AppstoreOutlined, PlayCircleFilled, UnorderedListOutlined } from '@ant-design/icons';
import { EllipsisText, formatDateTime, listEmptyText, RowActions, type RowAction } from '@/components/crud';
import { useTableMending } from '@/components/crud/table-a11y';
import { useLibraryTags } from '@/components/taxonomy/library-tag-select';
import {
  CHECK_STATUS,
  formatBytes,
  formatDuration,
  isPlaceholderTitle,
  libraryClient,
  showsCheckVerdict,
  UNTITLED,
  type LibraryItem,
  type LibraryKind,
} from '@/lib/api/media';
import type { ListResult } from '@/lib/resources/define';
import { GRID_PAGE_SIZE, mediaListParams, picStoreResource, videoStoreResource } from '@/lib/resources/media';
import { invalidate, queryKeys, resourcePath, unwrap } from '@/lib/query';
import { useViewer } from '@/stores/user';
import { clearLibraryFilters, isLibraryFiltered, MediaFilters } from './media-filters';
import { MediaPreview } from './media-preview';
import { useImageCheck } from './use-image-check';
import { useLocalListQuery, type ListQueryState } from '@/components/crud/use-list-query';
import styles from './media.module.css';

/** A grid page holds rows of 2, 3, 4, 6 and 8 cards evenly. */
export { GRID_PAGE_SIZE };

export const MEDIA_NOUN: Record<LibraryKind, string> = { pic: '图片', video: '视频' };

/** An item a picker hands on. */
export interface PickedMedia {
  id: number;
  /** The library's title, for showing: may be a placeholder (see `titleIsPlaceholder`). */
  title: string;
  /**
   * The item has no real title: 「未命名视频」 (uploaded without one) or a file name (older uploads,
   * 「factory-tour」). Show `title` if you like, but never copy it into a form as a proposed title.
   */
  titleIsPlaceholder?: boolean;
  url: string;
  thumbUrl?: string;
  cover?: string;
}

const picked = (item: LibraryItem): PickedMedia => ({
  id: item.id,
  title: item.title,
  titleIsPlaceholder: isPlaceholderTitle(item.title),
  url: item.url,
  thumbUrl: item.thumbUrl,
  cover: item.cover,
});

/**
 * One page of a library as its query asks for it, and the uploaders seen so far (for the filter). A
 * query of the data layer (lib/query) under `[path, 'list', mediaListParams(query)]`: the page the
 * server rendered with the screen is there at once, an upload, edit or delete anywhere (the screen,
 * a picker, another tab) reads it again, and `reload()` invalidates the library.
 */
export function useMediaList(kind: LibraryKind, queryState: ListQueryState) {
  const [query, setQuery] = queryState;
  const path = resourcePath(kind === 'pic' ? picStoreResource : videoStoreResource);
  const params = useMemo(() => mediaListParams(query), [query]);
  const pageSize = Number(params.pageSize);
  const queryClient = useQueryClient();
  const page = useQuery({
    queryKey: queryKeys.list(path, params),
    queryFn: async () => unwrap(await libraryClient[kind].list(params)) as ListResult<LibraryItem>,
    // Another page or filter keeps the cards on screen (with the spinner) until its own arrive.
    placeholderData: keepPreviousData,
  });
  const data = page.data ?? null;
  const [uploaders, setUploaders] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    if (!data) return;
    setUploaders((known) => {
      const next = new Map(known);
      for (const row of data.list) if (row.uploaderId && row.uploaderName) next.set(row.uploaderId, row.uploaderName);
      return next.size === known.size ? known : next;
    });
  }, [data]);
  const reload = useCallback(() => invalidate(queryClient, [queryKeys.all(path)]), [queryClient, path]);
  // Loading: nothing yet for this query (the cards shown, if any, are the previous query's).
  const loading = page.isPending || page.isPlaceholderData;
  return { kind, query, setQuery, data, loading, failed: page.isError, uploaders, pageSize, reload };
}

export type MediaList = ReturnType<typeof useMediaList>;

export interface MediaGridProps {
  /** The loaded page (`useMediaList`), owned by the screen or the picker. */
  list: MediaList;
  /** `manage`: the library screen. `pick`: inside a picker dialog (a card's thumbnail selects, 预览 is a link). */
  mode: 'manage' | 'pick';
  /** Several or one (pick mode; the screen always selects several). */
  multiple?: boolean;
  /** The selection, owned by the caller: library items on the screen, `PickedMedia` in a picker. */
  selected: Map<number, LibraryItem | PickedMedia>;
  onSelectedChange: (selected: Map<number, LibraryItem | PickedMedia>) => void;
  /** A row's actions; without it the one action is 预览. */
  actionsFor?: (item: LibraryItem) => RowAction[];
  /** The preview offers 编辑 when given (and the item is not refused), after the preview has closed. */
  onEdit?: (item: LibraryItem) => void;
  editRefusal?: (item: LibraryItem) => string | null;
  /** Items to highlight (just uploaded). */
  fresh?: ReadonlySet<number>;
  /** What an empty, unfiltered library says. */
  nothingYet?: string;
  /** Slots: beside the view switch, under the toolbar, in the selection row, and after the grid (dialogs). */
  toolbar?: ReactNode;
  notice?: ReactNode;
  bulkBar?: ReactNode;
  children?: ReactNode;
}

const NO_FRESH: ReadonlySet<number> = new Set();

/**
 * A library's grid of thumbnails (title, size, usage count, check status) or table, with filters by
 * keyword, tag, uploader, check status and date, newest first, selection by mouse or keyboard (each
 * card's checkbox), pages and the preview. The library screen (media-library.tsx) adds upload, edit
 * and bulk actions through its slots; the picker (picker-modal.tsx) uses it as it is.
 * @see DESIGN §4, §9; issue 6
 */
export function MediaGrid({
  list: mediaList,
  mode,
  multiple = true,
  selected: selection,
  onSelectedChange: setSelection,
  actionsFor: actionsForProp,
  onEdit,
  editRefusal,
  fresh = NO_FRESH,
  nothingYet,
  toolbar,
  notice,
  bulkBar,
  children,
}: MediaGridProps) {
  const { kind, query, setQuery, data, loading, failed, uploaders, pageSize, reload } = mediaList;
  const isManage = mode === 'manage';
  const viewer = useViewer();
  // Without a picture check service every picture is 未检测: that chip is left out (review P3-2).
  const imageCheck = useImageCheck();
  const { tags } = useLibraryTags(kind);
  const noun = MEDIA_NOUN[kind];
  const [preview, setPreview] = useState<{ open: boolean; item: LibraryItem | null }>({ open: false, item: null });
  const editAfterPreview = useRef<LibraryItem | null>(null);

  const view = query.view === 'table' ? 'table' : 'grid';
  const isNarrow = Grid.useBreakpoint().md === false;
  const page = Number(query.page) || 1;

  const toggle = (item: LibraryItem, isOn: boolean) => {
    if (!isManage && !multiple) {
      setSelection(isOn ? new Map([[item.id, picked(item)]]) : new Map());
      return;
    }
    const next = new Map(selection);
    if (isOn) next.set(item.id, isManage ? item : picked(item));
    else next.delete(item.id);
    setSelection(next);
  };

  const uploaderOptions = useMemo(() => {
    const out: Array<{ id: number; name: string }> = [];
    if (viewer) out.push({ id: viewer.id, name: '我上传的' });
    for (const [id, name] of uploaders) if (id !== viewer?.id) out.push({ id, name });
    const wanted = Number(query.uploaderId);
    if (wanted && !out.some((u) => u.id === wanted)) out.push({ id: wanted, name: `上传者 #${wanted}` });
    return out;
  }, [uploaders, viewer, query.uploaderId]);

  // On the screen the thumbnail itself is the 预览 button; in a picker it selects, so 预览 is a link.
  const actionsFor =
    actionsForProp ?? ((item: LibraryItem): RowAction[] => [{ key: 'preview', label: '预览', onClick: () => setPreview({ open: true, item }) }]);

  const pageIds = (data?.list ?? []).map((i) => i.id);
  const isAllOnPage = pageIds.length > 0 && pageIds.every((id) => selection.has(id));
  const isSomeOnPage = pageIds.some((id) => selection.has(id));
  const selectPage = (isOn: boolean) => {
    const next = new Map(selection);
    for (const item of data?.list ?? []) {
      if (isOn) next.set(item.id, isManage ? item : picked(item));
      else next.delete(item.id);
    }
    setSelection(next);
  };

  const emptyText = listEmptyText({
    loading,
    failed,
    filtered: isLibraryFiltered(query),
    nothingYet: nothingYet ?? `还没有${noun}`,
    onRetry: () => void reload(),
    onClear: () => setQuery(clearLibraryFilters()),
  });
  const list = data?.list ?? [];
  const totalText = data ? (data.totalCapped ? `${data.total}+ 个${noun}` : `共 ${data.total} 个${noun}`) : '';

  const columns: TableColumnType<LibraryItem>[] = [
    {
      key: 'thumb',
      title: kind === 'pic' ? '缩略图' : '封面',
      width: 88,
      render: (_: unknown, item) => (
        <button
          type="button"
          className={styles.thumb}
          style={{ width: 72 }}
          aria-label={`预览「${item.title}」`}
          onClick={() => setPreview({ open: true, item })}
        >
          {/* eslint-disable-next-line @next/next/no-img-element */}
          {(item.thumbUrl || item.cover) && <img src={item.thumbUrl || item.cover} alt="" loading="lazy" />}
        </button>
      ),
    },
    {
      key: 'title',
      title: '标题',
      dataIndex: 'title',
      fixed: 'left',
      width: 180,
      ellipsis: { showTitle: false },
      render: (t: string) => <EllipsisText text={t} />,
    },
    {
      key: 'size',
      title: '大小',
      width: 130,
      render: (_: unknown, i) => `${formatBytes(i.size)}${i.width ? ` · ${i.width}×${i.height}` : ''}`,
    },
    ...(kind === 'video' ? [{ key: 'duration', title: '时长', width: 80, render: (_: unknown, i: LibraryItem) => formatDuration(i.duration ?? 0) }] : []),
    { key: 'tags', title: '标签', width: 150, render: (_: unknown, i) => <TagNames ids={i.tagIds} tags={tags} /> },
    { key: 'usage', title: '使用', width: 70, align: 'right', render: (_: unknown, i) => i.usageCount ?? 0 },
    ...(kind === 'pic' && (imageCheck || data?.list.some((i) => i.checkStatus !== 0))
      ? [
          {
            key: 'check',
            title: '检测',
            width: 80,
            render: (_: unknown, i: LibraryItem) =>
              showsCheckVerdict(i.checkStatus, imageCheck) ? <CheckTag status={i.checkStatus} note={i.checkNote} /> : null,
          },
        ]
      : []),
    {
      key: 'uploader',
      title: '上传者',
      dataIndex: 'uploaderName',
      width: 120,
      render: (v: string | null, i) => (
        <span>
          {v ?? '-'}
          {i.uploaderDepartment && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {i.uploaderDepartment}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'createdAt', title: '上传时间', dataIndex: 'createdAt', width: 140, render: formatDateTime },
    // Pinned on the right from the md breakpoint; on a phone it scrolls with the rest (a pinned one would cover it).
    {
      key: 'actions',
      title: '操作',
      width: isManage ? 120 : 80,
      fixed: isNarrow ? undefined : 'right',
      render: (_: unknown, item) => <RowActions actions={actionsFor(item)} rowName={item.title} />,
    },
  ];

  const tableBox = useRef<HTMLDivElement>(null);
  useTableMending(tableBox, [view]);

  const viewSwitch = (
    <Segmented
      aria-label="显示方式"
      value={view}
      onChange={(v) => setQuery({ view: v === 'table' ? 'table' : undefined }, { resetPage: false })}
      options={[
        { value: 'grid', label: '网格', icon: <AppstoreOutlined aria-hidden /> },
        { value: 'table', label: '列表', icon: <UnorderedListOutlined aria-hidden /> },
      ]}
    />
  );

  return (
    <div className={isManage ? undefined : styles.pick}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 12 }}>
        <MediaFilters kind={kind} query={query} onChange={setQuery} tags={tags} uploaders={uploaderOptions} />
        <Space wrap>
          {viewSwitch}
          {toolbar}
        </Space>
      </div>
      {notice}
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', minHeight: 32, marginBottom: 8 }}>
        {(isManage || multiple) && list.length > 0 && (
          <Checkbox checked={isAllOnPage} indeterminate={!isAllOnPage && isSomeOnPage} onChange={(e) => selectPage(e.target.checked)}>
            全选本页
          </Checkbox>
        )}
        {bulkBar}
        <Typography.Text type="secondary" style={{ marginLeft: 'auto' }} data-testid="library-total">
          {totalText}
        </Typography.Text>
      </div>

      {view === 'grid' ? (
        <Spin spinning={loading && list.length > 0}>
          {list.length === 0 ? (
            <div style={{ padding: '24px 0' }}>{emptyText}</div>
          ) : (
            <ul className={styles.grid} aria-label={`${noun}列表`} data-testid="media-grid">
              {list.map((item) => (
                <MediaCard
                  key={item.id}
                  kind={kind}
                  item={item}
                  tags={tags}
                  isPick={!isManage}
                  isSelected={selection.has(item.id)}
                  isFresh={fresh.has(item.id)}
                  imageCheck={imageCheck}
                  onToggle={(on) => toggle(item, on)}
                  onOpen={() => (isManage ? setPreview({ open: true, item }) : toggle(item, !selection.has(item.id)))}
                  actions={<RowActions actions={actionsFor(item)} rowName={item.title} />}
                />
              ))}
            </ul>
          )}
        </Spin>
      ) : (
        <div ref={tableBox}>
          <Table<LibraryItem>
            size="middle"
            rowKey="id"
            columns={columns}
            dataSource={list}
            loading={loading}
            pagination={false}
            scroll={{ x: 'max-content' }}
            rowClassName={(r) => (fresh.has(r.id) ? 'row-highlight' : '')}
            locale={{ emptyText }}
            rowSelection={{
              type: !isManage && !multiple ? 'radio' : 'checkbox',
              columnWidth: 40,
              fixed: 'left',
              selectedRowKeys: [...selection.keys()],
              preserveSelectedRowKeys: true,
              getCheckboxProps: (r) => ({ 'aria-label': `选择「${r.title}」` }) as never,
              onSelect: (record, isOn) => toggle(record, isOn),
              onSelectAll: (isOn) => selectPage(isOn),
            }}
          />
        </div>
      )}

      {data && data.total > 0 && (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
          <Pagination
            current={page}
            pageSize={pageSize}
            total={data.total}
            showSizeChanger
            pageSizeOptions={[GRID_PAGE_SIZE, 48, 96]}
            showTotal={() => totalText}
            onChange={(p, size) => setQuery({ page: p === 1 ? undefined : p, pageSize: size === GRID_PAGE_SIZE ? undefined : size }, { resetPage: false })}
          />
        </div>
      )}

      <MediaPreview
        kind={kind}
        open={preview.open}
        item={preview.item}
        tags={tags}
        onClose={() => setPreview((p) => ({ ...p, open: false }))}
        onChecked={() => void reload()}
        onEdit={
          onEdit && preview.item && !editRefusal?.(preview.item)
            ? (item) => {
                // The edit dialog opens once the preview has gone: antd gives focus back to the
                // preview's opener when it closes, which would pull it out of the new form.
                editAfterPreview.current = item;
                setPreview((p) => ({ ...p, open: false }));
              }
            : undefined
        }
        afterClose={() => {
          const item = editAfterPreview.current;
          editAfterPreview.current = null;
          if (item) onEdit?.(item);
        }}
      />
      {children}
    </div>
  );
}

/** The grid inside a picker: its list state stays in the dialog, never in the page's address. */
export function MediaPickGrid({ kind, ...props }: Omit<MediaGridProps, 'list' | 'mode'> & { kind: LibraryKind }) {
  return <MediaGrid {...props} mode="pick" list={useMediaList(kind, useLocalListQuery())} />;
}

function TagNames({ ids, tags }: { ids: number[]; tags: Array<{ id: number; name: string }> }) {
  if (!ids.length) return <Typography.Text type="secondary">无标签</Typography.Text>;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {ids.map((id) => (
        <Tag key={id} style={{ marginInlineEnd: 0 }}>
          {tags.find((t) => t.id === id)?.name ?? `#${id}`}
        </Tag>
      ))}
    </span>
  );
}

function CheckTag({ status, note }: { status: number; note?: string | null }) {
  const check = CHECK_STATUS[status] ?? CHECK_STATUS[0];
  const tag = (
    <Tag color={check.color} style={{ marginInlineEnd: 0 }}>
      {check.text}
    </Tag>
  );
  return note ? <Tooltip title={note}>{tag}</Tooltip> : tag;
}

function MediaCard({
  kind,
  item,
  tags,
  isPick,
  isSelected,
  isFresh,
  imageCheck,
  onToggle,
  onOpen,
  actions,
}: {
  kind: LibraryKind;
  item: LibraryItem;
  tags: Array<{ id: number; name: string }>;
  isPick: boolean;
  isSelected: boolean;
  isFresh: boolean;
  /** A picture check is configured (null until known): without one, 未检测 is not shown. */
  imageCheck: boolean | null;
  onToggle: (isOn: boolean) => void;
  onOpen: () => void;
  actions: ReactNode;
}) {
  const thumb = item.thumbUrl || item.cover;
  return (
    <li
      className={[styles.card, isSelected ? styles.selected : '', isFresh ? styles.fresh : ''].join(' ')}
      data-testid="media-card"
      data-id={item.id}
      aria-label={item.title}
    >
      <span className={styles.check}>
        <Checkbox checked={isSelected} onChange={(e) => onToggle(e.target.checked)} aria-label={`选择「${item.title}」`} />
      </span>
      <div className={styles.media}>
        <button
          type="button"
          className={styles.thumb}
          onClick={onOpen}
          aria-label={isPick ? `${isSelected ? '取消选择' : '选择'}「${item.title}」` : `预览「${item.title}」`}
          aria-pressed={isPick ? isSelected : undefined}
        >
          {/* eslint-disable-next-line @next/next/no-img-element */}
          {thumb && <img src={thumb} alt="" loading="lazy" />}
        </button>
        {kind === 'video' && (
          <>
            <span className={styles.play} aria-hidden>
              <PlayCircleFilled />
            </span>
            <span className={styles.badge}>
              <span className={styles.srOnly}>时长 </span>
              {formatDuration(item.duration ?? 0)}
            </span>
          </>
        )}
      </div>
      <div className={styles.body}>
        <Tooltip title={item.title} placement="topLeft">
          {/* An upload without a title shows the placeholder greyed: it asks to be named. */}
          <p className={styles.title} style={item.title === UNTITLED[kind] ? { color: '#595959', fontStyle: 'italic' } : undefined}>
            {item.title}
          </p>
        </Tooltip>
        <div className={styles.meta}>
          <span>{formatBytes(item.size)}</span>
          {item.width > 0 && (
            <span>
              {item.width}×{item.height}
            </span>
          )}
          <span data-testid="usage-count">{item.usageCount ? `用于 ${item.usageCount} 处` : '未使用'}</span>
          {kind === 'pic' && showsCheckVerdict(item.checkStatus, imageCheck) && <CheckTag status={item.checkStatus} note={item.checkNote} />}
        </div>
        {item.tagIds.length > 0 && (
          <div className={styles.meta} data-testid="card-tags">
            <TagNames ids={item.tagIds} tags={tags} />
          </div>
        )}
      </div>
      <div className={styles.actions}>{actions}</div>
    </li>
  );
}
