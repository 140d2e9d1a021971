'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { Alert, App, Button, Card, Form, Input, Modal, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useUnsavedChanges } from '@/components/crud/unsaved-changes';
import { isFailure, type ApiReply, type HttpFailure, type RawReply } from '@/lib/http';
import { articleApi, EMPTY_FIELDS, fieldsOf, type ArticleFields, type ArticleRecord, type AutosaveCopy } from '@/lib/api/articles';
import { ARTICLE_KINDS, ARTICLE_STATUS_OPTIONS, type ArticleKind } from '@/lib/resources/articles';
import { useUserStore } from '@/stores/user';
import { ConflictDialog } from './conflict-dialog';
import { fieldsKey, plainText, textToHtml } from './conflict';
import { EditorFooter } from './editor-footer';
import { GalleryField } from './gallery-field';
import { localKey, LOCAL_DELAY_MS, newerCopy, readLocal, removeLocal, SERVER_DELAY_MS, writeLocal, type LocalCopy } from './local-copy';
import { CONTENT_WIDTH } from './layout';
import { SideFields } from './side-fields';
import { fieldRules } from './validation';
import { VideoField } from './video-field';
import { LockBanner, RevisionsDrawer, useEditLock } from '@/components/editorial';
import { RejectNotice } from '@/components/review/reject-notice';
import { isLiveForViewer, LiveNotice } from '@/components/review/live-notice';

// TinyMCE (≈ 1 MB of script) loads only here, in the browser.
const RichText = dynamic(() => import('./rich-text'), { ssr: false, loading: () => <Skeleton active paragraph={{ rows: 12 }} /> });

type Offer = (LocalCopy | AutosaveCopy) & { source: 'local' | 'server' };

export interface ArticleEditorProps {
  kind: ArticleKind;
  /** Room above the form for banners (the edit lock of issue 8). */
  banner?: ReactNode;
  /** Room for drawers (the revisions of issue 8). */
  drawer?: ReactNode;
}

const timeText = (iso: string) => new Date(iso).toLocaleTimeString('zh-CN', { hour12: false });
const fullTimeText = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** The Chinese reason of a refused request, honest about the server's own words. */
function refusalOf(reply: RawReply<unknown> | HttpFailure): string {
  if (isFailure(reply)) return '网络异常，无法连接服务器';
  return reply.body.message || `请求失败（HTTP ${reply.httpStatus}）`;
}

/**
 * One editor for the three kinds (DESIGN §7, §8): 文章 (rich text), 图集 (ordered pictures with
 * captions), 视频文章 (one video, its poster and description); the same side fields; the fixed
 * footer; the title required; local copy in 2 s and server autosave in 5 s; a stale save shows
 * both sides; an expired session keeps the form. `?id=` opens an existing article.
 */
export function ArticleEditor({ kind, banner, drawer }: ArticleEditorProps) {
  const search = useSearchParams();
  const idParam = Number(search.get('id')) || null;
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<ArticleFields>();
  const userId = useUserStore((s) => s.info?.id ?? 0);
  const canPublish = useUserStore((s) => Boolean(s.auth['/article/check']));
  const kindInfo = ARTICLE_KINDS.find((k) => k.value === kind)!;

  const [articleId, setArticleId] = useState<number | null>(idParam);
  const [record, setRecord] = useState<ArticleRecord | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(Boolean(idParam));
  const [isDirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<null | 'save' | 'preview' | 'submit' | 'publish'>(null);
  const [autosaveText, setAutosaveText] = useState('');
  const [conflict, setConflict] = useState<{ current: ArticleRecord; message?: string } | null>(null);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [description, setDescription] = useState('');

  /** The version the form was last in step with (a restored older copy keeps its own base). */
  const version = useRef(0);
  /** The fields as last saved or loaded: what "unsaved" is measured against. */
  const baseline = useRef<string>(fieldsKey(EMPTY_FIELDS));
  const baselineFields = useRef<ArticleFields>(EMPTY_FIELDS);
  const timers = useRef<{ local?: ReturnType<typeof setTimeout>; server?: ReturnType<typeof setTimeout> }>({});
  const idRef = useRef(articleId);
  idRef.current = articleId;

  useUnsavedChanges(isDirty);

  // Issue 8: the edit lock, renewed with the unsaved copy, and the revisions drawer.
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;
  // Someone who may not change a live item takes no edit lock on it (a reviewer opening it is not told they are editing it).
  const lock = useEditLock(isLiveForViewer(record?.status, canPublish) ? null : articleId, { getDraft: () => (isDirtyRef.current ? { baseVersion: version.current, fields: fieldsOf(form.getFieldsValue(true) as Partial<ArticleFields>) as unknown as Record<string, unknown> } : null) });
  // Read at save time (the save callback is memoised without the lock in its dependencies).
  const lockTokenRef = useRef(lock.token);
  lockTokenRef.current = lock.token;
  const isLockedOut = articleId !== null && (lock.state === 'locked' || lock.state === 'takenOver' || lock.state === 'free');
  // A live item changes only through a reviewer: read-only for everyone else, with the reason.
  const isReadOnly = isLockedOut || isLiveForViewer(record?.status, canPublish);
  const [revisions, setRevisions] = useState<{ open: boolean; revisionId: number | null }>({ open: false, revisionId: null });

  const key = useMemo(() => (userId ? localKey(userId, articleId, kind) : ''), [userId, articleId, kind]);
  const keyRef = useRef(key);
  keyRef.current = key;

  /** The form's fields; the video article's description box is its body. */
  const currentFields = useCallback((): ArticleFields => {
    const values = fieldsOf(form.getFieldsValue(true) as Partial<ArticleFields>);
    return values;
  }, [form]);

  const applyFields = useCallback(
    (fields: ArticleFields) => {
      form.setFieldsValue(fields);
      if (kind === 'video') setDescription(plainText(fields.content));
    },
    [form, kind],
  );

  /** Marks the form as in step with the server. */
  const settle = useCallback(
    (fields: ArticleFields, v: number) => {
      baseline.current = fieldsKey(fields);
      baselineFields.current = fields;
      version.current = v;
      clearTimeout(timers.current.local);
      clearTimeout(timers.current.server);
      setDirty(false);
    },
    [],
  );

  // Open: the record (when ?id=), then any newer copy (local or server) to offer.
  useEffect(() => {
    if (!userId) return;
    let live = true;
    (async () => {
      let fields = EMPTY_FIELDS;
      let updatedAt: string | null = null;
      let v = 0;
      if (idParam) {
        setLoading(true);
        const reply = await articleApi.fetch(idParam);
        if (!live) return;
        setLoading(false);
        if (isFailure(reply) || reply.body.status !== 0 || !reply.body.data) {
          setLoadError(isFailure(reply) ? '网络异常，无法打开文章' : reply.httpStatus === 404 ? '文章不存在，或不在你的数据范围内' : refusalOf(reply));
          return;
        }
        const rec = reply.body.data;
        if (rec.kind !== kind) {
          setLoadError(`这是一篇${ARTICLE_KINDS.find((k) => k.value === rec.kind)?.label ?? '其他类型的内容'}，请在对应的编辑器中打开`);
          return;
        }
        setRecord(rec);
        setArticleId(rec.id);
        fields = fieldsOf(rec);
        updatedAt = rec.updatedAt;
        v = rec.version;
        applyFields(fields);
      }
      settle(fields, v);
      const local = readLocal(localKey(userId, idParam, kind));
      const server = await articleApi.autosave.get(idParam, kind);
      if (!live) return;
      const serverCopy = !isFailure(server) && server.body.status === 0 && server.body.data ? server.body.data : null;
      const newer = newerCopy<LocalCopy | AutosaveCopy>({ updatedAt, fields }, [local && { ...local, source: 'local' as const }, serverCopy && { ...serverCopy, source: 'server' as const }]);
      if (newer) setOffer(newer);
    })();
    return () => {
      live = false;
    };
  }, [idParam, kind, userId, applyFields, settle]);

  const clearCopies = useCallback(
    (id: number | null) => {
      if (!userId) return;
      removeLocal(localKey(userId, id, kind));
      void articleApi.autosave.remove(id, kind);
    },
    [userId, kind],
  );

  /** Autosave: the local copy 2 s after the last change, the server copy 5 s after it. */
  const scheduleAutosave = useCallback(() => {
    clearTimeout(timers.current.local);
    clearTimeout(timers.current.server);
    timers.current.local = setTimeout(() => {
      const savedAt = new Date().toISOString();
      if (keyRef.current && writeLocal(keyRef.current, { savedAt, baseVersion: version.current, data: currentFields() })) setAutosaveText(`已在本机保存副本 ${timeText(savedAt)}`);
    }, LOCAL_DELAY_MS);
    timers.current.server = setTimeout(async () => {
      const reply = await articleApi.autosave.put(idRef.current, kind, version.current, currentFields());
      if (isFailure(reply)) {
        setAutosaveText('网络异常，副本只保存在本机');
        return;
      }
      if (reply.httpStatus === 401) {
        setSessionEnded(true);
        return;
      }
      if (reply.body.status === 0 && reply.body.data) setAutosaveText(`已自动保存草稿 ${timeText(reply.body.data.savedAt)}`);
      else setAutosaveText(`自动保存失败：${reply.body.message ?? '未知原因'}（副本在本机）`);
    }, SERVER_DELAY_MS);
  }, [currentFields, kind]);

  useEffect(() => () => {
    clearTimeout(timers.current.local);
    clearTimeout(timers.current.server);
  }, []);

  const onValuesChange = useCallback(() => {
    const dirty = fieldsKey(currentFields()) !== baseline.current;
    setDirty(dirty);
    if (dirty) scheduleAutosave();
    else {
      clearTimeout(timers.current.local);
      clearTimeout(timers.current.server);
    }
  }, [currentFields, scheduleAutosave]);

  /** The editor reports its own serialization of the loaded body: that is not a change. */
  const onNormalized = useCallback(
    (html: string) => {
      const saved = baselineFields.current;
      const current = form.getFieldValue('content') as string;
      if (current === saved.content || current === html) {
        baselineFields.current = { ...saved, content: html };
        baseline.current = fieldsKey(baselineFields.current);
        onValuesChange();
      }
    },
    [form, onValuesChange],
  );

  /** Keeps the copy locally at once (an expired session, a failed save): nothing typed is lost. */
  const keepLocally = useCallback(() => {
    if (keyRef.current) writeLocal(keyRef.current, { savedAt: new Date().toISOString(), baseVersion: version.current, data: currentFields() });
  }, [currentFields]);

  /** Saves the form: create (a new article becomes a draft) or update against the version. Resolves the saved record or null. */
  const save = useCallback(
    async (fieldsOverride?: ArticleFields): Promise<ArticleRecord | null> => {
      if (fieldsOverride) applyFields(fieldsOverride);
      try {
        await form.validateFields();
      } catch {
        message.error('请先改正标红的内容');
        form.scrollToField('title', { block: 'center' });
        return null;
      }
      const fields = fieldsOverride ?? currentFields();
      const id = idRef.current;
      const reply = id ? await articleApi.update(id, version.current, fields, lockTokenRef.current) : await articleApi.create(kind, fields);
      if (isFailure(reply)) {
        keepLocally();
        message.error('网络异常，没有保存（内容已保存在本机）');
        return null;
      }
      const body = reply.body as ApiReply<ArticleRecord> & { data?: ArticleRecord & { current?: ArticleRecord } };
      if (reply.httpStatus === 401) {
        keepLocally();
        setSessionEnded(true);
        return null;
      }
      if (reply.httpStatus === 409 && body.data?.current) {
        keepLocally();
        setConflict({ current: body.data.current, message: body.message });
        return null;
      }
      if (body.status !== 0 || !body.data) {
        keepLocally();
        if (body.errors) {
          form.setFields(Object.entries(body.errors).filter(([name]) => name in EMPTY_FIELDS).map(([name, error]) => ({ name: name as keyof ArticleFields, errors: [error] })));
        }
        message.error(body.message || '保存失败');
        return null;
      }
      const saved = body.data;
      const wasNew = !id;
      setRecord(saved);
      setArticleId(saved.id);
      idRef.current = saved.id;
      // The stored (sanitized) body is what the form holds from now on.
      const savedFields = fieldsOf(saved);
      const typedSince = fieldsKey(currentFields()) !== fieldsKey(fields);
      // The stored body replaces the typed one only when the server changed it (sanitized away).
      if (!typedSince && fieldsKey(savedFields) !== fieldsKey(fields)) applyFields(savedFields);
      settle(savedFields, saved.version);
      if (typedSince) onValuesChange();
      clearCopies(wasNew ? null : saved.id);
      if (wasNew) {
        clearCopies(saved.id);
        window.history.replaceState(window.history.state, '', `${window.location.pathname}?id=${saved.id}`);
      }
      setAutosaveText(`已保存 ${timeText(saved.updatedAt)}`);
      return saved;
    },
    [applyFields, clearCopies, currentFields, form, keepLocally, kind, message, onValuesChange, settle],
  );

  const onSaveDraft = async () => {
    setBusy('save');
    const saved = await save();
    setBusy(null);
    if (saved) message.success('草稿已保存');
  };

  const onPreview = async () => {
    // The preview shows what is stored: save first when there is anything unsaved.
    const win = window.open('about:blank', '_blank');
    setBusy('preview');
    const saved = isDirty || !idRef.current ? await save() : record;
    setBusy(null);
    if (!saved) {
      win?.close();
      return;
    }
    const url = `/article/preview?id=${saved.id}`;
    if (win) win.location.href = url;
    else window.location.assign(url);
  };

  const onWorkflow = async (action: 'submit' | 'publish') => {
    setBusy(action);
    const saved = isDirty || !idRef.current ? await save() : record;
    if (!saved) {
      setBusy(null);
      return;
    }
    const reply = await (action === 'submit' ? articleApi.submit(saved.id) : articleApi.publish(saved.id));
    setBusy(null);
    if (!isFailure(reply) && reply.httpStatus === 401) {
      setSessionEnded(true);
      return;
    }
    if (isFailure(reply) || reply.body.status !== 0 || !reply.body.data) {
      modal.error({ title: action === 'submit' ? '提交审核失败' : '发布失败', content: `${refusalOf(reply)}（修改已保存）` });
      return;
    }
    // The workflow answers the transition (status, version, times, check result), not the whole record.
    const done = reply.body.data as unknown as Partial<ArticleRecord> & { status: number; version: number };
    setRecord((r) => (r ? { ...r, ...done, id: r.id } : r));
    version.current = done.version;
    const text = done.status === 3 ? '已发布' : done.status === 5 ? '已定时发布' : done.status === 1 ? '已提交审核' : '状态已更新';
    message.success(text);
  };

  const resolveConflict = async (merged: ArticleFields, andSave: boolean) => {
    const current = conflict!.current;
    setConflict(null);
    version.current = current.version;
    setRecord(current);
    if (!andSave) {
      applyFields(merged);
      settle(merged, current.version);
      clearCopies(current.id);
      message.info('已采用服务器版本');
      return;
    }
    applyFields(merged);
    setBusy('save');
    const saved = await save(merged);
    setBusy(null);
    if (saved) message.success('已合并并保存');
  };

  const restore = (copy: Offer) => {
    const fields = fieldsOf({ ...baselineFields.current, ...copy.data });
    applyFields(fields);
    // A copy edited from an older version is saved against that version: if the article moved on
    // since, the save shows both sides instead of overwriting the newer record.
    if (copy.baseVersion && copy.baseVersion < version.current) version.current = copy.baseVersion;
    setOffer(null);
    onValuesChange();
    message.success(`已恢复 ${fullTimeText(copy.savedAt)} 的副本，请检查后保存`);
  };

  const discard = () => {
    setOffer(null);
    clearCopies(idRef.current);
  };

  if (loadError) {
    return <Result status="warning" title="无法打开" subTitle={loadError} extra={<Button href={kindInfo.route}>新建{kindInfo.label}</Button>} />;
  }

  const status = record ? ARTICLE_STATUS_OPTIONS.find((s) => s.value === record.status)?.label : '未保存';
  const hits = record?.checkResult?.hits ?? [];

  return (
    <div className="article-editor" data-kind={kind}>
      <header className="article-editor-header">
        <Space wrap align="center">
          <Typography.Text strong>{record ? `编辑${kindInfo.label}` : `新${kindInfo.label}`}</Typography.Text>
          <Tag color={record?.status === 3 ? 'success' : record?.status === 1 ? 'processing' : record?.status === 2 ? 'error' : 'default'}>{status}</Tag>
          {record && <Typography.Text type="secondary">版本 {record.version}</Typography.Text>}
        </Space>
        <Typography.Text type="secondary" aria-live="polite" data-testid="autosave-status">
          {isDirty ? (autosaveText ? `有未保存的修改 · ${autosaveText}` : '有未保存的修改') : autosaveText}
        </Typography.Text>
      </header>
      <RejectNotice record={record} label={kindInfo.label} />
      <LiveNotice status={record?.status} isReviewer={canPublish} label={kindInfo.label} />
      {banner}
      {record && <LockBanner lock={lock} onShowRevisions={(revisionId) => setRevisions({ open: true, revisionId })} />}
      {record && (
        <Button size="small" style={{ marginBottom: 12 }} onClick={() => setRevisions({ open: true, revisionId: null })}>
          修订记录
        </Button>
      )}
      {offer && (
        <Alert
          type="info"
          showIcon
          data-testid="restore-offer"
          style={{ marginBottom: 12 }}
          title={`发现一份未保存的副本（${offer.source === 'local' ? '本机' : '服务器自动保存'}，${fullTimeText(offer.savedAt)}），比已保存的内容更新`}
          description={offer.data.title ? `标题：${offer.data.title}` : undefined}
          action={
            <Space direction="vertical">
              <Button size="small" type="primary" onClick={() => restore(offer)}>
                恢复副本
              </Button>
              <Button size="small" onClick={discard}>
                丢弃副本
              </Button>
            </Space>
          }
        />
      )}
      {hits.length > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`内容检查发现 ${hits.length} 个敏感词：${hits.join('、')}`} description="发布前请修改；保存草稿不受影响。" />
      )}
      {isLoading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : (
        <Form<ArticleFields> form={form} layout="vertical" initialValues={EMPTY_FIELDS} onValuesChange={onValuesChange} className="article-editor-grid" requiredMark disabled={isReadOnly}>
          <Card className="article-editor-main" styles={{ body: { padding: 16 } }}>
            <Form.Item name="title" label="标题" required rules={fieldRules('title')} validateFirst>
              <Input maxLength={128} showCount placeholder="请输入标题" size="large" />
            </Form.Item>
            {kind === 'article' && (
              <Form.Item name="content" label="正文" style={{ marginBottom: 0 }}>
                <RichText onNormalized={onNormalized} readOnly={isReadOnly} />
              </Form.Item>
            )}
            {kind === 'gallery' && (
              <>
                <Form.Item name="images" label="图集图片" extra="读者按这个顺序浏览；每张可写说明">
                  <GalleryField />
                </Form.Item>
                <Form.Item name="content" hidden>
                  <Input />
                </Form.Item>
              </>
            )}
            {kind === 'video' && (
              <>
                <Form.Item name="videoStoreId" label="视频">
                  <VideoField onPoster={(url) => !form.getFieldValue('cover') && (form.setFieldValue('cover', url), onValuesChange())} />
                </Form.Item>
                <Form.Item label="视频描述" htmlFor="video-description">
                  <Input.TextArea
                    id="video-description"
                    value={description}
                    maxLength={5000}
                    showCount
                    autoSize={{ minRows: 4, maxRows: 12 }}
                    placeholder="介绍视频的内容，可选"
                    onChange={(e) => {
                      setDescription(e.target.value);
                      form.setFieldValue('content', textToHtml(e.target.value));
                      onValuesChange();
                    }}
                  />
                </Form.Item>
                <Form.Item name="content" hidden>
                  <Input />
                </Form.Item>
              </>
            )}
          </Card>
          <Card className="article-editor-side" title="发布设置" styles={{ body: { padding: 16 } }}>
            <SideFields coverLabel={kind === 'video' ? '封面（视频海报）' : '封面'} />
          </Card>
        </Form>
      )}
      <EditorFooter
        busy={busy}
        canPublish={canPublish}
        isDirty={isDirty}
        isNew={!record}
        disabled={isLoading}
        readOnly={isReadOnly}
        onSaveDraft={onSaveDraft}
        onPreview={onPreview}
        onSubmit={() => onWorkflow('submit')}
        onPublish={() => onWorkflow('publish')}
      />
      {conflict && <ConflictDialog mine={currentFields()} current={conflict.current} message={conflict.message} onResolve={resolveConflict} onCancel={() => setConflict(null)} />}
      <Modal
        open={sessionEnded}
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
                setSessionEnded(false);
                await onSaveDraft();
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
      {drawer}
      {record && (
        <RevisionsDrawer
          open={revisions.open}
          onClose={() => setRevisions({ open: false, revisionId: null })}
          id={record.id}
          version={version.current}
          lockToken={lock.token}
          isDirty={isDirty}
          readOnly={isReadOnly}
          initialRevisionId={revisions.revisionId}
          onRestored={(restored) => {
            const r = restored as unknown as ArticleRecord;
            const fields = fieldsOf(r);
            setRecord(r);
            applyFields(fields);
            settle(fields, r.version);
          }}
        />
      )}
      <style>{`
        .article-editor-header { display: flex; justify-content: space-between; align-items: center; gap: 8px; flex-wrap: wrap; margin-bottom: 12px; }
        .article-editor-grid { display: grid; grid-template-columns: minmax(0, ${CONTENT_WIDTH + 66}px) minmax(280px, 360px); gap: 16px; align-items: start; }
        @media (max-width: 1200px) { .article-editor-grid { grid-template-columns: minmax(0, 1fr); } }
        .article-editor { padding-bottom: 8px; }
      `}</style>
    </div>
  );
}
