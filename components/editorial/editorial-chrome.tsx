'use client';

import { useEffect, useRef } from 'react';
import { Alert, Button, Form, Modal, Radio, Space, Typography } from 'antd';
import { LazyDateTimeInput } from '@/components/crud/lazy-date-range';
import dayjs from 'dayjs';
import { STATUS, timesEditable as timesEditableFor } from '@/lib/resources/publishing';
import { FOOTER_HEIGHT, HEADER_HEIGHT } from '@/lib/constants';
import { RejectNotice } from '@/components/editorial/reject-notice';
import { LiveNotice } from '@/components/editorial/live-notice';
import { PublishingButtons } from '@/components/editorial/publishing-actions';
import { SiteNotice } from '@/components/delivery/site-notice';
import { useUserStore } from '@/stores/user';
import type { EditorialRecord } from './editorial-target';
import { EditorFooter } from './editorial-footer';
import { LockBanner } from './lock-banner';
import { LockLostDialog } from './lock-lost-dialog';
import { MergeDialog } from './merge-dialog';
import { RevisionsDrawer } from './revisions-drawer';
import type { EditorialForm } from './use-editorial-form';

const fullTimeText = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

type AnyForm = EditorialForm<object, EditorialRecord>;
// The editors' forms differ in their fields only: the chrome reads what every editorial form has.
const asAny = <F extends object, R extends EditorialRecord>(ed: EditorialForm<F, R>) => ed as unknown as AnyForm;

/**
 * What every editor says above its form (issue 15): the reviewer's reason, the live notice, the
 * edit lock, what just happened to the form (a colleague's version merged in), an unsaved copy to
 * restore, and the content check's words.
 */
export function EditorialNotices<F extends object, R extends EditorialRecord>({ ed: typed }: { ed: EditorialForm<F, R> }) {
  const ed = asAny(typed);
  const { record, target, offer, lock, notice } = ed;
  const hits = (record?.checkResult as { hits?: string[] } | null)?.hits ?? [];
  return (
    <>
      <RejectNotice record={record} label={target.label} />
      <LiveNotice status={record?.status} isReviewer={ed.canPublish} label={target.label} />
      {record && (
        // Displaced from the lock, the banner stays in view under the header however far down the
        // person was typing (issue 23): it says why the page takes no input and how to go on.
        <div className={ed.displaced ? 'editorial-lock-sticky' : undefined} data-testid="lock-banner">
          <LockBanner lock={lock} label={target.label} onShowRevisions={(rid) => ed.showRevisions(rid)} />
        </div>
      )}
      <style>{`.editorial-lock-sticky { position: sticky; top: ${HEADER_HEIGHT}px; z-index: 15; margin-bottom: 12px; box-shadow: 0 4px 12px rgba(0,0,0,0.12); border-radius: 8px; }
        @media (max-width: 600px) { .editorial-lock-sticky .ant-alert-description { display: none; } }`}</style>
      {notice && (
        <Alert
          role="status"
          type="info"
          showIcon
          closable={{ onClose: ed.clearNotice }}
          data-testid="editorial-notice"
          style={{ marginBottom: 12 }}
          title={notice}
        />
      )}
      {/*
        An unsaved copy is found after the page has drawn (the server's answer, or the lock's kept
        revision): above the form it pushed the whole form down (CLS 0.165 on a phone, issue 25).
        It floats over the page just above the footer's buttons instead, where nothing moves.
      */}
      <style>{`.editorial-offer-float { position: fixed; right: 24px; bottom: ${FOOTER_HEIGHT + 12}px; z-index: 21; width: min(560px, calc(100vw - 48px)); box-shadow: 0 6px 16px rgba(0,0,0,0.12); border-radius: 8px; }
        @media (max-width: 575.98px) { .editorial-offer-float { right: 12px; width: calc(100vw - 24px); } }`}</style>
      {offer && (
        <Alert
          type="info"
          showIcon
          data-testid="restore-offer"
          className="editorial-offer-float"
          title={`发现一份未保存的副本（${offer.source === 'local' ? '本机' : offer.source === 'server' ? '服务器自动保存' : `编辑锁保留的修订 #${offer.revisionId}`}，${fullTimeText(offer.savedAt)}），比已保存的内容更新`}
          description={(offer.data as { title?: string }).title ? `标题：${(offer.data as { title?: string }).title}` : undefined}
          action={
            <Space orientation="vertical">
              <Button size="small" type="primary" onClick={() => ed.restore(offer)} disabled={ed.readOnly}>
                恢复副本
              </Button>
              <Button size="small" onClick={ed.discard}>
                丢弃副本
              </Button>
            </Space>
          }
        />
      )}
      {hits.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`内容检查发现 ${hits.length} 个敏感词：${hits.join('、')}`}
          description="发布前请修改；保存草稿不受影响。"
        />
      )}
    </>
  );
}

/** The editors' footer: 存草稿, 预览, 提交审核 or 发布. */
export function EditorialFooter<F extends object, R extends EditorialRecord>({ ed: typed }: { ed: EditorialForm<F, R> }) {
  const ed = asAny(typed);
  return (
    <EditorFooter
      busy={ed.busy}
      canPublish={ed.canPublish}
      isDirty={ed.isDirty}
      isNew={!ed.record}
      disabled={ed.isLoading}
      readOnly={ed.readOnly}
      sendOff={ed.record?.status === STATUS.pending ? '已在审核中' : ed.record?.status === STATUS.published ? '已发布：修改保存后即生效' : undefined}
      onSaveDraft={() => void ed.saveDraft()}
      onPreview={() => void ed.preview()}
      onSubmit={() => void ed.submit()}
      onPublish={() => void ed.publish()}
    />
  );
}

/**
 * 发布设置's publishing part (issue 15): 发布时间 (立即 / 定时) and an optional 下线时间, which an
 * editor proposes with 提交审核 and a reviewer's 通过 honours; and the item's status actions where
 * editors work: 下线 on a published item, 重新发布 on an offline one (reviewers), 撤回审核 on a
 * pending one (its author), the same rule, confirmation and focus-slot warning as the lists
 * (components/editorial/publishing-actions.tsx).
 */
export function PublishPanel<F extends object, R extends EditorialRecord>({ ed: typed }: { ed: EditorialForm<F, R> }) {
  const ed = asAny(typed);
  const userId = useUserStore((s) => s.info?.id ?? 0);
  const { record, times, setTimes, canPublish, target } = ed;
  const status = record?.status ?? STATUS.draft;
  const timesEditable = !ed.readOnly && timesEditableFor(status, canPublish);
  const now = dayjs();
  return (
    <div data-testid="publish-panel">
      <Form.Item
        label="发布时间"
        htmlFor="publish-mode"
        style={{ marginBottom: 8 }}
        extra={canPublish ? '定时：到时间由系统发布' : '定时：提交审核时一并提出，审核通过后按时发布'}
      >
        <Radio.Group
          id="publish-mode"
          value={times.publishAt ? 'later' : 'now'}
          disabled={!timesEditable}
          onChange={(e) => setTimes((t) => ({ ...t, publishAt: e.target.value === 'now' ? null : now.add(1, 'hour').startOf('hour').toISOString() }))}
          options={[
            { value: 'now', label: '立即' },
            { value: 'later', label: '定时' },
          ]}
        />
      </Form.Item>
      {times.publishAt && (
        <LazyDateTimeInput
          loadOn="use"
          aria-label="定时发布时间"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          disabled={!timesEditable}
          value={dayjs(times.publishAt)}
          disabledDate={(d) => d.isBefore(now.startOf('day'))}
          onChange={(v) => v && setTimes((t) => ({ ...t, publishAt: v.toISOString() }))}
          style={{ width: '100%', marginBottom: 12 }}
        />
      )}
      <Form.Item label="下线时间（可选）" htmlFor="offline-at" style={{ marginBottom: 12 }}>
        <LazyDateTimeInput
          loadOn="use"
          id="offline-at"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          placeholder="不自动下线"
          disabled={!timesEditable}
          value={times.offlineAt ? dayjs(times.offlineAt) : null}
          disabledDate={(d) => d.isBefore(now.startOf('day'))}
          onChange={(v) => setTimes((t) => ({ ...t, offlineAt: v ? v.toISOString() : null }))}
          style={{ width: '100%' }}
        />
      </Form.Item>
      {record && (
        <Space wrap>
          {/* 下线 / 重新发布 / 撤回审核: the lists' rule, confirmation and focus-slot warning, one piece. */}
          <PublishingButtons
            item={{
              contentType: target.contentType,
              id: record.id,
              title: String((record as { title?: string }).title ?? ''),
              status,
              version: record.version,
              isAuthor: record.editorId === userId,
              mayEdit: !ed.readOnly || status === STATUS.pending,
              label: target.label,
            }}
            viewer={{ isReviewer: canPublish }}
            onDone={(_key, _item, result) => result && void ed.refresh(record.id)}
          />
        </Space>
      )}
      {record && status === STATUS.pending && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          等待审核中；撤回后可以继续修改。
        </Typography.Paragraph>
      )}
      {/* What the site was told of this item (webhooks), for the editors. */}
      {record && <SiteNotice contentType={target.contentType} id={record.id} revision={`${record.version}-${status}`} />}
    </div>
  );
}

/** The dialogs every editor has: the merge, the checklist, the ended session, 修订记录. */
export function EditorialDialogs<F extends object, R extends EditorialRecord>({ ed: typed }: { ed: EditorialForm<F, R> }) {
  const ed = asAny(typed);
  const { record, target } = ed;
  const fixButton = useRef<HTMLButtonElement>(null);
  const hasChecklist = Boolean(ed.checklist);
  useEffect(() => {
    if (!hasChecklist) return;
    const timer = setTimeout(() => fixButton.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [hasChecklist]);
  return (
    <>
      <LockLostDialog
        lock={ed.lock}
        label={target.label}
        text={ed.lockLost ? ed.lockLost.text : null}
        isDirty={ed.isDirty}
        onText={ed.setLockLostText}
        onKey={ed.typedWhileReadOnly}
        onClose={(then) => void ed.closeLockLost(then)}
      />
      {ed.pending && (
        <MergeDialog pending={ed.pending} target={ed.target} onResolve={(merged, save) => void ed.resolveMerge(merged, save)} onCancel={ed.cancelMerge} />
      )}
      <Modal
        open={Boolean(ed.checklist)}
        title={ed.checklist?.action === 'publish' ? '发布前请检查' : '提交审核前请检查'}
        onCancel={ed.fixChecklist}
        // The keyboard starts on 去补充, the main button (review P2-9): Enter fixes what is missing,
        // never sends an incomplete item by a second press of the key that sent it.
        afterOpenChange={(isOpen) => isOpen && fixButton.current?.focus()}
        afterClose={ed.checklistClosed}
        footer={
          <Space wrap>
            <Button onClick={() => void ed.sendAnyway()}>{ed.checklist?.action === 'publish' ? '仍然发布' : '仍然提交'}</Button>
            <Button type="primary" ref={fixButton} onClick={ed.fixChecklist}>
              去补充
            </Button>
          </Space>
        }
      >
        <ul data-testid="send-checklist" style={{ paddingLeft: 20, margin: 0 }}>
          {ed.checklist?.items.map((i) => (
            <li key={String(i.name)}>{i.text}</li>
          ))}
        </ul>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          可以先补充，也可以直接继续。
        </Typography.Paragraph>
      </Modal>
      <Modal
        open={ed.sessionEnded}
        title="登录已失效"
        closable={false}
        mask={{ closable: false }}
        footer={
          <Space wrap>
            <Button href="/login" target="_blank">
              在新标签页登录
            </Button>
            <Button
              type="primary"
              onClick={async () => {
                ed.setSessionEnded(false);
                await ed.saveDraft();
              }}
            >
              已重新登录，继续保存
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph>你的登录已过期或已被结束。编辑的内容仍在这个页面上，并已保存在本机，不会丢失。</Typography.Paragraph>
        <Typography.Paragraph>请在新标签页重新登录，然后回到这里点「已重新登录，继续保存」。不要关闭或刷新这个页面。</Typography.Paragraph>
      </Modal>
      {record && (
        <RevisionsDrawer
          open={ed.revisions.open}
          onClose={ed.closeRevisions}
          path={target.path}
          id={record.id}
          version={ed.version.current}
          lockToken={ed.lock.token}
          isDirty={ed.isDirty}
          readOnly={ed.readOnly}
          initialRevisionId={ed.revisions.revisionId}
          onRestored={(restored) => ed.restored(restored as unknown as EditorialRecord)}
        />
      )}
    </>
  );
}
