'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Checkbox, Drawer, Form, Grid, Modal, Pagination, Segmented, Space, Spin, Table, Tag, Tooltip, Typography, type TableColumnType } from 'antd';
import { AppstoreOutlined, CloudUploadOutlined, PlayCircleFilled, UnorderedListOutlined } from '@ant-design/icons';
import { DataScopeNote, EllipsisText, formatDateTime, listEmptyText, RowActions, type RowAction } from '@/components/crud';
import { mendTableAccessibility } from '@/components/crud/resource-table';
import { useIsClient } from '@/components/common/use-is-client';
import { LibraryTagSelect, useLibraryTags } from '@/components/taxonomy/library-tag-select';
import { isOk } from '@/lib/api/resource';
import { CHECK_STATUS, formatBytes, formatDuration, isPlaceholderTitle, libraryClient, mediaBatch, showsCheckVerdict, UNTITLED, type LibraryItem, type LibraryKind } from '@/lib/api/media';
import { PAGE_SIZE_MAX, type ListResult } from '@/lib/resources/define';
import { useViewer } from '@/stores/user';
import type { Viewer } from '@/lib/permissions';
import { MediaEditModal } from './media-edit';
import { clearLibraryFilters, isLibraryFiltered, MediaFilters } from './media-filters';
import { MediaPreview } from './media-preview';
import type { PickedMedia } from './picker-modal';
import { UploadQueue } from './upload-queue';
import { useImageCheck } from './use-image-check';
import { useLocalListQuery, useUrlListQuery, type ListQueryState } from './use-list-query';
import styles from './media.module.css';

/** A grid page holds rows of 2, 3, 4, 6 and 8 cards evenly. */
export const GRID_PAGE_SIZE = 24;

const ROUTE: Record<LibraryKind, string> = { pic: '/photo', video: '/video' };
const NOUN: Record<LibraryKind, string> = { pic: '图片', video: '视频' };

/** Why the viewer may not change this item (the server's rule: the route, then the data scope), or null. */
export function mediaEditRefusal(viewer: Viewer | null, kind: LibraryKind, item: Pick<LibraryItem, 'uploaderId'>): string | null {
  if (!viewer) return '正在加载权限';
  if (viewer.isSuper) return null;
  if (!viewer.routes.has(ROUTE[kind])) return `没有「${NOUN[kind]}库」的管理权限，只能查看`;
  if (viewer.level === 3 && item.uploaderId !== viewer.id) return '你的数据范围是「仅本人」，只能修改自己上传的素材';
  return null;
}

/** Deleting a used item is refused by the server, naming its users; the library says so first. */
export function mediaDeleteRefusal(item: Pick<LibraryItem, 'usageCount'>): string | null {
  return item.usageCount ? `已在 ${item.usageCount} 处使用，不能删除（预览里可看到用在哪里）` : null;
}

const picked = (item: LibraryItem): PickedMedia => ({ id: item.id, title: item.title, titleIsPlaceholder: isPlaceholderTitle(item.title), url: item.url, thumbUrl: item.thumbUrl, cover: item.cover });

export interface MediaLibraryProps {
  kind: LibraryKind;
  /** `manage`: the library screen (filters in the URL, upload, edit, bulk actions). `pick`: inside a picker dialog. */
  mode?: 'manage' | 'pick';
  /** Pick mode: several or one. */
  multiple?: boolean;
  /** Pick mode: the selection, owned by the picker. */
  selected?: Map<number, PickedMedia>;
  onSelectedChange?: (selected: Map<number, PickedMedia>) => void;
}

/**
 * The picture or video library: a grid of thumbnails (title, size, usage count, check status) or a
 * table, filters by keyword, tag, uploader, check status and date, newest first, selection by mouse or
 * keyboard (each card's checkbox), bulk 打标签 / 移除标签 / 删除, preview and edit. The same component is
 * the picker's grid (`mode="pick"`).
 * @see DESIGN §4, §9; issue 6
 */
export function MediaLibrary(props: MediaLibraryProps) {
  return props.mode === 'pick' ? <PickLibrary {...props} /> : <ScreenLibrary {...props} />;
}
function ScreenLibrary(props: MediaLibraryProps) {
  return <LibraryView {...props} queryState={useUrlListQuery()} />;
}
function PickLibrary(props: MediaLibraryProps) {
  return <LibraryView {...props} queryState={useLocalListQuery()} />;
}

function LibraryView({ kind, mode = 'manage', multiple = true, selected: pickSelected, onSelectedChange, queryState }: MediaLibraryProps & { queryState: ListQueryState }) {
  const { message, modal } = App.useApp();
  const isManage = mode === 'manage';
  const viewer = useViewer();
  // Without a picture check service every picture is 未检测: that chip is left out (review P3-2).
  const imageCheck = useImageCheck();
  const [query, setQuery] = queryState;
  const { tags } = useLibraryTags(kind);
  const noun = NOUN[kind];
  const [data, setData] = useState<ListResult<LibraryItem> | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [ownSelected, setOwnSelected] = useState<Map<number, LibraryItem>>(new Map());
  const [preview, setPreview] = useState<{ open: boolean; item: LibraryItem | null }>({ open: false, item: null });
  const [editing, setEditing] = useState<{ open: boolean; item: LibraryItem | null }>({ open: false, item: null });
  const [bulkTags, setBulkTags] = useState<{ open: boolean; action: 'addTags' | 'removeTags' }>({ open: false, action: 'addTags' });
  const [isUploadOpen, setUploadOpen] = useState(false);
  const [uploadTagIds, setUploadTagIds] = useState<number[]>([]);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const [uploaders, setUploaders] = useState<Map<number, string>>(new Map());
  const requestNo = useRef(0);
  const editAfterPreview = useRef<LibraryItem | null>(null);

  const view = query.view === 'table' ? 'table' : 'grid';
  const isNarrow = Grid.useBreakpoint().md === false;
  const isClient = useIsClient();
  const page = Number(query.page) || 1;
  const pageSize = Math.min(PAGE_SIZE_MAX, Number(query.pageSize) || GRID_PAGE_SIZE);
  const queryKey = JSON.stringify(query);
  const canWrite = Boolean(viewer && (viewer.isSuper || viewer.routes.has(ROUTE[kind])));

  const reload = useCallback(async () => {
    const no = ++requestNo.current;
    setLoading(true);
    const params = Object.fromEntries(Object.entries(JSON.parse(queryKey) as Record<string, string>).filter(([k]) => k !== 'view'));
    const reply = await libraryClient[kind].list({ ...params, pageSize });
    if (no !== requestNo.current) return;
    setLoading(false);
    if (!isOk(reply)) {
      setFailed(true);
      return;
    }
    setFailed(false);
    setData(reply.data as ListResult<LibraryItem>);
    setUploaders((known) => {
      const next = new Map(known);
      for (const row of reply.data.list) if (row.uploaderId && row.uploaderName) next.set(row.uploaderId, row.uploaderName);
      return next.size === known.size ? known : next;
    });
  }, [kind, queryKey, pageSize]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Selection: the picker owns it in pick mode; the screen keeps its own (across pages) otherwise.
  const selection: Map<number, LibraryItem | PickedMedia> = isManage ? ownSelected : (pickSelected ?? new Map());
  const setSelection = (next: Map<number, LibraryItem | PickedMedia>) => {
    if (isManage) setOwnSelected(next as Map<number, LibraryItem>);
    else onSelectedChange?.(next as Map<number, PickedMedia>);
  };
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
  // A new filter starts a new selection on the screen (what was chosen may no longer be shown).
  const filterKey = JSON.stringify(Object.fromEntries(Object.entries(query).filter(([k]) => !['page', 'pageSize', 'view'].includes(k))));
  useEffect(() => {
    if (isManage) setOwnSelected(new Map());
  }, [filterKey, isManage]);

  const uploaderOptions = useMemo(() => {
    const out: Array<{ id: number; name: string }> = [];
    if (viewer) out.push({ id: viewer.id, name: '我上传的' });
    for (const [id, name] of uploaders) if (id !== viewer?.id) out.push({ id, name });
    const wanted = Number(query.uploaderId);
    if (wanted && !out.some((u) => u.id === wanted)) out.push({ id: wanted, name: `上传者 #${wanted}` });
    return out;
  }, [uploaders, viewer, query.uploaderId]);

  const remove = async (item: LibraryItem) => {
    const reply = await libraryClient[kind].remove(item.id);
    if (isOk(reply)) {
      void message.success(`已删除「${item.title}」`);
      const next = new Map(ownSelected);
      next.delete(item.id);
      setOwnSelected(next);
    }
    await reload();
  };

  const actionsFor = (item: LibraryItem): RowAction[] => {
    // On the screen the thumbnail itself is the 预览 button; in a picker it selects, so 预览 is a link.
    if (!isManage) return [{ key: 'preview', label: '预览', onClick: () => setPreview({ open: true, item }) }];
    const editBlocked = mediaEditRefusal(viewer, kind, item);
    return [
      { key: 'edit', label: '编辑', onClick: () => setEditing({ open: true, item }), disabled: editBlocked ?? false },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        disabled: editBlocked ?? mediaDeleteRefusal(item) ?? false,
        onClick: () => remove(item),
        confirm: { title: `确定删除「${item.title}」吗？`, content: '文件会从存储中删除，无法恢复。', okText: '删除' },
      },
    ];
  };

  const runBulk = async (action: 'addTags' | 'removeTags' | 'delete', tagIds: number[] = []) => {
    const ids = [...ownSelected.keys()];
    const reply = await mediaBatch(kind, action, ids, tagIds);
    if (isOk(reply)) {
      void message.success(action === 'delete' ? `已删除 ${ids.length} 个${noun}` : `已为 ${ids.length} 个${noun}${action === 'addTags' ? '添加' : '移除'}标签`);
      setOwnSelected(new Map());
    }
    await reload();
    return isOk(reply);
  };

  const selectedItems = [...ownSelected.values()];
  const bulkDeleteRefusal = selectedItems.map((i) => mediaEditRefusal(viewer, kind, i) ?? (mediaDeleteRefusal(i) ? `「${i.title}」${mediaDeleteRefusal(i)}` : null)).find(Boolean) ?? null;
  const bulkEditRefusal = selectedItems.map((i) => mediaEditRefusal(viewer, kind, i)).find(Boolean) ?? null;
  const bulkButton = (label: string, onClick: () => void, refusal: string | null, danger = false) => {
    const button = (
      <Button size="small" danger={danger} aria-disabled={refusal ? true : undefined} className={refusal ? 'is-disabled' : undefined} onClick={() => (refusal ? void message.info(refusal) : onClick())}>
        {label}
      </Button>
    );
    return refusal ? (
      <Tooltip title={refusal} trigger={['hover', 'focus']}>
        {button}
      </Tooltip>
    ) : (
      button
    );
  };

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
    nothingYet: isManage && canWrite ? `还没有${noun}，点击「上传${noun}」添加` : `还没有${noun}`,
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
        <button type="button" className={styles.thumb} style={{ width: 72 }} aria-label={`预览「${item.title}」`} onClick={() => setPreview({ open: true, item })}>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          {(item.thumbUrl || item.cover) && <img src={item.thumbUrl || item.cover} alt="" loading="lazy" />}
        </button>
      ),
    },
    { key: 'title', title: '标题', dataIndex: 'title', fixed: 'left', width: 180, ellipsis: { showTitle: false }, render: (t: string) => <EllipsisText text={t} /> },
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
      ? [{ key: 'check', title: '检测', width: 80, render: (_: unknown, i: LibraryItem) => (showsCheckVerdict(i.checkStatus, imageCheck) ? <CheckTag status={i.checkStatus} note={i.checkNote} /> : null) }]
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
    { key: 'actions', title: '操作', width: isManage ? 120 : 80, fixed: isNarrow ? undefined : 'right', render: (_: unknown, item) => <RowActions actions={actionsFor(item)} rowName={item.title} /> },
  ];

  const tableBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = tableBox.current;
    if (!root) return;
    const mend = () => mendTableAccessibility(root);
    mend();
    const observer = new MutationObserver(mend);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [view]);

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
          {isManage && canWrite && (
            <Button type="primary" icon={<CloudUploadOutlined aria-hidden />} onClick={() => setUploadOpen(true)}>
              上传{noun}
            </Button>
          )}
        </Space>
      </div>
      {isManage && (
        <div style={{ marginBottom: 8 }}>
          <DataScopeNote />
          {!canWrite && viewer && <Alert type="info" showIcon title={`你可以浏览${noun}库；上传、编辑和删除需要「${noun}库」的权限。`} style={{ marginTop: 8 }} />}
        </div>
      )}
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', minHeight: 32, marginBottom: 8 }}>
        {(isManage || multiple) && list.length > 0 && (
          <Checkbox checked={isAllOnPage} indeterminate={!isAllOnPage && isSomeOnPage} onChange={(e) => selectPage(e.target.checked)}>
            全选本页
          </Checkbox>
        )}
        {isManage && ownSelected.size > 0 && (
          <div role="region" aria-label="批量操作" data-testid="bulk-bar" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: '4px 12px', background: '#f0f5ff', borderRadius: 6 }}>
            <Typography.Text strong>已选 {ownSelected.size} 个</Typography.Text>
            {bulkButton('打标签', () => setBulkTags({ open: true, action: 'addTags' }), bulkEditRefusal)}
            {bulkButton('移除标签', () => setBulkTags({ open: true, action: 'removeTags' }), bulkEditRefusal)}
            {bulkButton(
              '删除',
              () =>
                modal.confirm({
                  title: `确定删除选中的 ${ownSelected.size} 个${noun}吗？`,
                  content: '文件会从存储中删除，无法恢复。',
                  okText: '删除',
                  okButtonProps: { danger: true },
                  cancelText: '取消',
                  onOk: () => runBulk('delete'),
                }),
              bulkDeleteRefusal,
              true,
            )}
            <Button size="small" type="link" onClick={() => setOwnSelected(new Map())}>
              取消选择
            </Button>
          </div>
        )}
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
          isManage && preview.item && !mediaEditRefusal(viewer, kind, preview.item)
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
          if (item) setEditing({ open: true, item });
        }}
      />
      {isManage && (
        <>
          <MediaEditModal
            kind={kind}
            open={editing.open}
            item={editing.item}
            onClose={() => setEditing((e) => ({ ...e, open: false }))}
            onSaved={() => {
              setEditing((e) => ({ ...e, open: false }));
              void reload();
            }}
          />
          <BulkTagModal
            kind={kind}
            open={bulkTags.open}
            action={bulkTags.action}
            count={ownSelected.size}
            onClose={() => setBulkTags((b) => ({ ...b, open: false }))}
            onSubmit={async (tagIds) => {
              const isDone = await runBulk(bulkTags.action, tagIds);
              if (isDone) setBulkTags((b) => ({ ...b, open: false }));
            }}
          />
          {/* Kept mounted while closed (forceRender) so uploads go on; the server has no place for it. */}
          {isClient && (
          <Drawer
            open={isUploadOpen}
            title={`上传${noun}`}
            size={560}
            onClose={() => setUploadOpen(false)}
            // The queue keeps running while the drawer is closed; it goes with the screen.
            forceRender
          >
            <Form layout="vertical">
              <Form.Item label="上传后打上标签" htmlFor={`upload-tags-${kind}`}>
                <LibraryTagSelect id={`upload-tags-${kind}`} kind={kind} value={uploadTagIds} onChange={(v) => setUploadTagIds(v as number[])} placeholder="可不选，稍后再打" />
              </Form.Item>
            </Form>
            <UploadQueue
              kind={kind}
              tagIds={uploadTagIds}
              onUploaded={(item, { isExisting }) => {
                if (isExisting) {
                  void message.info(`已使用库中的「${item.title}」`);
                  return;
                }
                setFresh((f) => new Set(f).add(item.id));
                // The newest are on page 1 in the default order.
                if (query.page) setQuery({ page: undefined }, { resetPage: true });
                else void reload();
              }}
              onTitleSaved={() => void reload()}
            />
          </Drawer>
          )}
        </>
      )}
    </div>
  );
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
    <li className={[styles.card, isSelected ? styles.selected : '', isFresh ? styles.fresh : ''].join(' ')} data-testid="media-card" data-id={item.id} aria-label={item.title}>
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

function BulkTagModal({
  kind,
  open,
  action,
  count,
  onClose,
  onSubmit,
}: {
  kind: LibraryKind;
  open: boolean;
  action: 'addTags' | 'removeTags';
  count: number;
  onClose: () => void;
  onSubmit: (tagIds: number[]) => Promise<void>;
}) {
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setTagIds([]);
      setError(null);
    }
  }, [open]);
  const submit = async () => {
    if (!tagIds.length) {
      setError('请选择标签');
      return;
    }
    setSaving(true);
    await onSubmit(tagIds);
    setSaving(false);
  };
  const title = `${action === 'addTags' ? '打标签' : '移除标签'}（${count} 个${NOUN[kind]}）`;
  return (
    <Modal open={open} title={title} okText={action === 'addTags' ? '添加' : '移除'} cancelText="取消" onOk={submit} confirmLoading={isSaving} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label="标签" htmlFor="bulk-tags" validateStatus={error ? 'error' : undefined} help={error ?? undefined} required>
          <LibraryTagSelect
            id="bulk-tags"
            kind={kind}
            autoFocus
            value={tagIds}
            onChange={(v) => {
              setTagIds(v as number[]);
              setError(null);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
