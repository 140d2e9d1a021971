'use client';

import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Drawer, Form, Modal, Tooltip, Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { CloudUploadOutlined } from '@ant-design/icons';
import { DataScopeNote, type RowAction } from '@/components/crud';
import { useIsClient } from '@/components/common/use-is-client';
import { LibraryTagSelect } from '@/components/taxonomy/library-tag-select';
import { isOk } from '@/lib/api/resource';
import { treeRead } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';
import { libraryClient, mediaBatch, type LibraryItem, type LibraryKind } from '@/lib/api/media';
import { MEDIA_ROUTES, mediaDeleteRefusal, mediaEditRefusal, scopeDepartments, scopeKind, type Viewer } from '@/lib/permissions';
import { useViewer } from '@/stores/user';
import { MediaEditModal } from './media-edit';
import { MEDIA_NOUN, MediaGrid, useMediaList } from './media-grid';
import { UploadQueue } from './upload-queue';
import { useUrlListQuery } from '@/components/crud/use-list-query';

export interface MediaLibraryProps {
  kind: LibraryKind;
}

/**
 * The picture or video library screen: the grid (media-grid.tsx, shared with the picker) with its
 * page and filters in the URL, plus upload, edit (the edit dialog goes into the grid's slot, so the
 * grid never imports it and the picker inside the edit dialog's cover field is no cycle), and bulk
 * 打标签 / 移除标签 / 删除 over a selection kept across pages.
 * @see DESIGN §4, §9; issue 6
 */
export function MediaLibrary({ kind }: MediaLibraryProps) {
  const { message, modal } = useApp();
  const viewer = useViewer();
  const mediaList = useMediaList(kind, useUrlListQuery());
  const { query, setQuery, reload } = mediaList;
  const noun = MEDIA_NOUN[kind];
  const [ownSelected, setOwnSelected] = useState<Map<number, LibraryItem>>(new Map());
  const [editing, setEditing] = useState<{ open: boolean; item: LibraryItem | null }>({ open: false, item: null });
  const [bulkTags, setBulkTags] = useState<{ open: boolean; action: 'addTags' | 'removeTags' }>({ open: false, action: 'addTags' });
  const [isUploadOpen, setUploadOpen] = useState(false);
  const [uploadTagIds, setUploadTagIds] = useState<number[]>([]);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const isClient = useIsClient();
  const canWrite = Boolean(viewer && (viewer.isSuper || viewer.routes.has(MEDIA_ROUTES[kind])));

  // A new filter starts a new selection (what was chosen may no longer be shown).
  const filterKey = JSON.stringify(Object.fromEntries(Object.entries(query).filter(([k]) => !['page', 'pageSize', 'view'].includes(k))));
  useEffect(() => {
    setOwnSelected(new Map());
  }, [filterKey]);

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

  const departments = useScopeDepartments(viewer);
  const editRefusal = (item: LibraryItem) => mediaEditRefusal(viewer, kind, item, departments);
  const actionsFor = (item: LibraryItem): RowAction[] => {
    const editBlocked = editRefusal(item);
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
      void message.success(
        action === 'delete' ? `已删除 ${ids.length} 个${noun}` : `已为 ${ids.length} 个${noun}${action === 'addTags' ? '添加' : '移除'}标签`,
      );
      setOwnSelected(new Map());
    }
    await reload();
    return isOk(reply);
  };

  const selectedItems = [...ownSelected.values()];
  const bulkDeleteRefusal =
    selectedItems.map((i) => editRefusal(i) ?? (mediaDeleteRefusal(i) ? `「${i.title}」${mediaDeleteRefusal(i)}` : null)).find(Boolean) ?? null;
  const bulkEditRefusal = selectedItems.map(editRefusal).find(Boolean) ?? null;
  const bulkButton = (label: string, onClick: () => void, refusal: string | null, danger = false) => {
    const button = (
      <Button
        size="small"
        danger={danger}
        aria-disabled={refusal ? true : undefined}
        className={refusal ? 'is-disabled' : undefined}
        onClick={() => (refusal ? void message.info(refusal) : onClick())}
      >
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

  return (
    <MediaGrid
      list={mediaList}
      mode="manage"
      selected={ownSelected}
      onSelectedChange={(next) => setOwnSelected(next as Map<number, LibraryItem>)}
      actionsFor={actionsFor}
      onEdit={(item) => setEditing({ open: true, item })}
      editRefusal={editRefusal}
      fresh={fresh}
      nothingYet={canWrite ? `还没有${noun}，点击「上传${noun}」添加` : `还没有${noun}`}
      toolbar={
        canWrite && (
          <Button type="primary" icon={<CloudUploadOutlined aria-hidden />} onClick={() => setUploadOpen(true)}>
            上传{noun}
          </Button>
        )
      }
      notice={
        <div style={{ marginBottom: 8 }}>
          <DataScopeNote />
          {!canWrite && viewer && (
            <Alert type="info" showIcon title={`你可以浏览${noun}库；上传、编辑和删除需要「${noun}库」的权限。`} style={{ marginTop: 8 }} />
          )}
        </div>
      }
      bulkBar={
        ownSelected.size > 0 && (
          <div
            role="region"
            aria-label="批量操作"
            data-testid="bulk-bar"
            style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: '4px 12px', background: '#f0f5ff', borderRadius: 6 }}
          >
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
        )
      }
    >
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
              <LibraryTagSelect
                id={`upload-tags-${kind}`}
                kind={kind}
                value={uploadTagIds}
                onChange={(v) => setUploadTagIds(v as number[])}
                placeholder="可不选，稍后再打"
              />
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
    </MediaGrid>
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
  const title = `${action === 'addTags' ? '打标签' : '移除标签'}（${count} 个${MEDIA_NOUN[kind]}）`;
  return (
    <Modal
      open={open}
      title={title}
      okText={action === 'addTags' ? '添加' : '移除'}
      cancelText="取消"
      onOk={submit}
      confirmLoading={isSaving}
      onCancel={onClose}
      destroyOnHidden
    >
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

/**
 * For a 本部门 viewer, the departments their scope covers (their own and all below), so items of
 * other departments show 编辑 and 删除 disabled with the reason instead of refused after confirming.
 */
function useScopeDepartments(viewer: Viewer | null): Set<number> | null {
  const isDepartment = viewer !== null && scopeKind(viewer) === 'department';
  // The organisation tree 部门与员工 shows (read only for a department-scoped viewer).
  const rows = useApiRead<Array<{ id: number; parentId: number | null }>>(isDepartment ? treeRead('/api/departments') : null).data;
  return useMemo(() => (rows ? scopeDepartments(viewer, rows) : null), [rows, viewer]);
}
