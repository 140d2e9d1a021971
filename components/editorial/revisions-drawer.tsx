'use client';

import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Drawer, Empty, Grid, Popconfirm, Segmented, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { isOk } from '@/lib/api/resource';
import { revisionApi, type EditorialPath, type RevisionDetail, type RevisionItem } from '@/lib/api/editorial';
import { formatDateTime } from '@/components/crud';
import { FieldChange } from './diff-view';
import styles from './editorial.module.css';

const KIND_COLORS: Record<string, string> = { create: 'blue', save: 'default', transition: 'purple', restore: 'cyan', takeover: 'orange' };

export interface RevisionsDrawerProps {
  open: boolean;
  onClose(): void;
  path?: EditorialPath;
  id: number;
  /** The version the form holds: a restore is a save from it (409 when stale). */
  version: number;
  /** The edit lock's token (423 when someone else holds the lock). */
  lockToken?: string;
  /** The form has unsaved changes: restoring would replace them, so it asks to save first. */
  isDirty?: boolean;
  /** Read-only (someone else edits, or no edit right): diffs only. */
  readOnly?: boolean;
  /** Open on this revision (e.g. the copy kept at a takeover). */
  initialRevisionId?: number | null;
  /** The record after a restore: the form loads it. */
  onRestored(record: Record<string, unknown> & { version: number }): void;
}

/**
 * 修订记录 (DESIGN §8): the revisions of an article or short video, newest first; for one, a word
 * diff of the body and field diffs (title, cover, tags, gallery order …) against the previous
 * revision or the current version; restore the whole revision or one field (a save: version- and
 * lock-checked, and itself a new revision).
 */
export function RevisionsDrawer({
  open,
  onClose,
  path = 'articles',
  id,
  version,
  lockToken,
  isDirty = false,
  readOnly = false,
  initialRevisionId = null,
  onRestored,
}: RevisionsDrawerProps) {
  const { message, modal } = useApp();
  const isNarrow = Grid.useBreakpoint().md === false;
  const [items, setItems] = useState<RevisionItem[] | null>(null);
  const [selected, setSelected] = useState<number | null>(initialRevisionId);
  const [against, setAgainst] = useState<'previous' | 'current'>('current');
  const [detail, setDetail] = useState<RevisionDetail | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [busy, setBusy] = useState(false);

  const loadList = useCallback(async () => {
    const reply = await revisionApi.list(path, id, { pageSize: 100 });
    if (isOk(reply)) {
      setItems(reply.data.list);
      setSelected((s) => s ?? reply.data.list[0]?.id ?? null);
    } else setItems([]);
  }, [path, id]);

  useEffect(() => {
    if (open) void loadList();
  }, [open, loadList]);
  useEffect(() => {
    if (initialRevisionId) setSelected(initialRevisionId);
  }, [initialRevisionId]);

  useEffect(() => {
    if (!open || !selected) return;
    let isCurrent = true;
    setDetail(null);
    void revisionApi.get(path, id, selected, against).then((reply) => {
      if (isCurrent && isOk(reply)) setDetail(reply.data);
    });
    return () => {
      isCurrent = false;
    };
  }, [open, path, id, selected, against, version]);

  const restore = async (fields?: string[]) => {
    if (!selected) return;
    setBusy(true);
    const reply = await revisionApi.restore(path, id, selected, { version, fields, lockToken });
    setBusy(false);
    if ('httpStatus' in reply && reply.body.status === 0) {
      void message.success(fields ? '已恢复所选字段，并保存为新版本' : '已恢复整个修订，并保存为新版本');
      onRestored(reply.body.data as Record<string, unknown> & { version: number });
      await loadList();
      return;
    }
    const text = 'httpStatus' in reply ? reply.body.message : '网络异常，没有恢复；请稍后重试';
    modal.error({ title: '没有恢复', content: text });
  };

  const changed = detail?.fields.filter((f) => f.changed) ?? [];
  const shown = showAll ? (detail?.fields ?? []) : changed;
  const canRestore = !readOnly && !isDirty;
  const restoreHint = readOnly ? '你现在只能查看，不能恢复' : isDirty ? '请先保存当前修改，再恢复修订' : '';

  return (
    <Drawer title="修订记录" open={open} onClose={onClose} size={isNarrow ? '100%' : 760} destroyOnHidden>
      {items === null ? (
        <Skeleton active />
      ) : !items.length ? (
        <Empty description="还没有修订：保存后，每次保存和状态变更都会留下一个修订" />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <ul className={styles.list} aria-label="修订列表">
            {items.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  className={`${styles.item} ${r.id === selected ? styles.itemActive : ''}`}
                  aria-pressed={r.id === selected}
                  onClick={() => setSelected(r.id)}
                >
                  <Tag color={KIND_COLORS[r.kind]}>{r.kindLabel}</Tag>
                  <strong>#{r.id}</strong> v{r.version} {r.userName ?? '系统'} <span className={styles.muted}>{formatDateTime(r.createdAt)}</span>
                  {r.note && <span className={styles.muted}> {r.note}</span>}
                </button>
              </li>
            ))}
          </ul>
          {selected && (
            <section aria-label="修订对比">
              <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
                <Segmented
                  value={against}
                  onChange={(v) => setAgainst(v as 'previous' | 'current')}
                  options={[
                    { label: '与当前版本对比', value: 'current' },
                    { label: '与上一修订对比', value: 'previous' },
                  ]}
                />
                <Space>
                  <Switch size="small" checked={showAll} onChange={setShowAll} aria-label="显示未变化的字段" />
                  <Typography.Text>显示未变化的字段</Typography.Text>
                </Space>
              </Space>
              {!detail ? (
                <Skeleton active />
              ) : (
                <>
                  <Typography.Paragraph type="secondary" style={{ margin: '12px 0' }}>
                    {detail.against === 'current'
                      ? `从修订 #${detail.revision.id}（v${detail.revision.version}）到${detail.base.label}：`
                      : `从${detail.base.label}到修订 #${detail.revision.id}：`}
                    <del className={styles.del}>删除</del> <ins className={styles.ins}>新增</ins>
                  </Typography.Paragraph>
                  {restoreHint && <Alert type="info" showIcon title={restoreHint} style={{ marginBottom: 12 }} />}
                  <Space style={{ marginBottom: 8 }}>
                    <Popconfirm
                      title={`把所有字段恢复为修订 #${detail.revision.id} 的内容？`}
                      description="会保存为一个新版本；当前内容仍在修订记录里。"
                      okText="恢复"
                      cancelText="取消"
                      onConfirm={() => restore()}
                      disabled={!canRestore}
                    >
                      <Button type="primary" disabled={!canRestore} loading={busy}>
                        恢复整个修订
                      </Button>
                    </Popconfirm>
                  </Space>
                  {!shown.length ? (
                    <Empty description={detail.against === 'current' ? '这个修订与当前版本相同' : '与上一修订相比没有变化'} />
                  ) : (
                    shown.map((f) => (
                      <div key={f.name} className={styles.field}>
                        <div className={styles.fieldHead}>
                          <Typography.Text strong>
                            {f.label}
                            {!f.changed && <Typography.Text type="secondary">（未变化）</Typography.Text>}
                          </Typography.Text>
                          {f.changed && f.name in detail.revision.snapshot && (
                            <Button
                              size="small"
                              disabled={!canRestore || busy}
                              onClick={() => void restore([f.name])}
                              aria-label={`只恢复此字段（${f.label}）`}
                            >
                              只恢复此字段
                            </Button>
                          )}
                        </div>
                        <FieldChange field={f} names={detail.names} />
                      </div>
                    ))
                  )}
                </>
              )}
            </section>
          )}
        </Space>
      )}
    </Drawer>
  );
}
