'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { Alert, App, Button, Card, Form, Input, Modal, Radio, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { HistoryOutlined, PlaySquareOutlined, UploadOutlined } from '@ant-design/icons';
import { ActionFooter } from '@/components/layout/action-footer';
import { CoverInput, MediaPickerModal, type PickedMedia } from '@/components/media';
import { TagPicker } from '@/components/taxonomy/tag-picker';
import { useUnsavedChanges } from '@/components/crud';
import { LockBanner, RevisionsDrawer, useEditLock } from '@/components/editorial';
import { RejectNotice } from '@/components/review/reject-notice';
import { isLiveForViewer, LiveNotice } from '@/components/review/live-notice';
import { isOk } from '@/lib/api/resource';
import { videoApi } from '@/lib/api/videos';
import { videoSaveSchema, type VideoRecord } from '@/lib/resources/videos';
import { ARTICLE_STATUS_OPTIONS } from '@/lib/resources/articles';
import { useViewer } from '@/stores/user';
import { CategorySelect } from './category-select';

interface FormValues {
  title: string;
  cover: string;
  videoStoreId: number | null;
  description: string;
  categoryId: number | null;
  tagIds: number[];
}

const FIELDS: Array<{ name: keyof FormValues; label: string }> = [
  { name: 'title', label: '标题' },
  { name: 'cover', label: '封面' },
  { name: 'videoStoreId', label: '视频' },
  { name: 'description', label: '简介' },
  { name: 'categoryId', label: '分类' },
  { name: 'tagIds', label: '标签' },
];

const EMPTY: FormValues = { title: '', cover: '', videoStoreId: null, description: '', categoryId: null, tagIds: [] };
const valuesOf = (v: Partial<VideoRecord>): FormValues => ({
  title: v.title ?? '',
  cover: v.cover ?? '',
  videoStoreId: v.videoStoreId ?? null,
  description: v.description ?? '',
  categoryId: v.categoryId ?? null,
  tagIds: v.tagIds ?? [],
});
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const statusLabel = (s: number) => ARTICLE_STATUS_OPTIONS.find((o) => o.value === s)?.label ?? String(s);

/** Inline rules from the shared zod schema: the server says the same. */
const rule = (name: keyof FormValues) => ({
  validator: async (_: unknown, value: unknown) => {
    const r = videoSaveSchema.shape[name].safeParse(value ?? undefined);
    if (!r.success) throw new Error(r.error.issues[0].message);
  },
});

/**
 * 发布短视频 (`/article/createVideo`, `?id=` edits one): pick a library video or upload one, cover,
 * title, description, category, tags; 保存 keeps a draft, 发布 publishes (reviewers) or submits for
 * review. Editing takes the edit lock; a stale save shows both sides to keep or take, field by
 * field; 修订记录 shows and restores revisions (DESIGN §8).
 */
export function VideoEditor() {
  const { message, modal } = App.useApp();
  const router = useRouter();
  const search = useSearchParams();
  const id = Number(search.get('id')) || null;
  const viewer = useViewer();
  const canEdit = viewer?.routes.has('/article/createVideo') ?? false;
  const isReviewer = viewer?.routes.has('/article/check') ?? false;
  const [form] = Form.useForm<FormValues>();
  const [record, setRecord] = useState<VideoRecord | null>(null);
  const [loadError, setLoadError] = useState('');
  const [saved, setSaved] = useState<FormValues>(EMPTY);
  const [picked, setPicked] = useState<{ title: string; url: string; cover?: string } | null>(null);
  const [picker, setPicker] = useState<{ open: boolean; upload: boolean }>({ open: false, upload: false });
  const [busy, setBusy] = useState<'' | 'save' | 'publish'>('');
  const [drawer, setDrawer] = useState<{ open: boolean; revisionId: number | null }>({ open: false, revisionId: null });
  const [conflict, setConflict] = useState<{ current: VideoRecord; mine: FormValues } | null>(null);
  const watched = Form.useWatch([], form) as FormValues | undefined;
  const isDirty = useMemo(() => !!watched && FIELDS.some((f) => !same(watched[f.name], saved[f.name])), [watched, saved]);
  useUnsavedChanges(isDirty && canEdit);
  const versionRef = useRef(0);

  const getDraft = useCallback(() => {
    if (!record || !isDirty) return null;
    return { baseVersion: versionRef.current, fields: form.getFieldsValue(true) as Record<string, unknown> };
  }, [record, isDirty, form]);
  const lock = useEditLock(canEdit && !isLiveForViewer(record?.status, isReviewer) ? id : null, { path: 'videos', getDraft });
  const readOnly = !canEdit || (id !== null && lock.state !== 'held') || isLiveForViewer(record?.status, isReviewer);

  const show = useCallback(
    (v: VideoRecord) => {
      setRecord(v);
      versionRef.current = v.version;
      const values = valuesOf(v);
      form.setFieldsValue(values);
      setSaved(values);
      setPicked(v.videoUrl ? { title: v.videoTitle ?? `视频 #${v.videoStoreId}`, url: v.videoUrl, cover: v.cover } : null);
    },
    [form],
  );

  useEffect(() => {
    if (!id) {
      setRecord(null);
      form.setFieldsValue(EMPTY);
      setSaved(EMPTY);
      return;
    }
    let isCurrent = true;
    void videoApi.get(id).then((reply) => {
      if (!isCurrent) return;
      if (isOk(reply)) show(reply.data);
      else setLoadError('status' in reply ? reply.message || '短视频不存在' : '网络异常，请稍后重试');
    });
    return () => {
      isCurrent = false;
    };
  }, [id, form, show]);

  // A lock taken (again) after a takeover: the form shows the stored version.
  const lockState = lock.state;
  useEffect(() => {
    if (lockState !== 'held' || !id) return;
    void videoApi.get(id).then((reply) => {
      if (isOk(reply) && reply.data.version !== versionRef.current) show(reply.data);
    });
  }, [lockState, id, show]);

  const pick = (items: PickedMedia[]) => {
    const v = items[0];
    if (!v) return;
    setPicker({ open: false, upload: false });
    setPicked({ title: v.title, url: v.url, cover: v.cover });
    form.setFieldValue('videoStoreId', v.id);
    if (!form.getFieldValue('title')) form.setFieldValue('title', v.title);
    if (!form.getFieldValue('cover') && v.cover) form.setFieldValue('cover', v.cover);
    form.validateFields(['videoStoreId']).catch(() => undefined); // shown beside the field
  };

  /** Saves; returns the saved record, or null when refused (the reason is shown). */
  const save = async (): Promise<VideoRecord | null> => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      void message.error('请先改正标红的字段');
      return null;
    }
    const body = { ...values, categoryId: values.categoryId ?? null, tagIds: values.tagIds ?? [] };
    const reply = record ? await videoApi.update(record.id, { ...body, version: versionRef.current, lockToken: lock.token }) : await videoApi.create(body);
    if (!('httpStatus' in reply)) {
      void message.error('网络异常，没有保存；内容仍在本页，请稍后重试');
      return null;
    }
    if (reply.body.status === 0) {
      const v = reply.body.data as VideoRecord;
      show(v);
      if (!record) router.replace(`/article/createVideo?id=${v.id}`);
      return v;
    }
    if (reply.httpStatus === 409 && (reply.body.data as unknown as { current?: VideoRecord } | null)?.current) {
      setConflict({ current: (reply.body.data as unknown as { current: VideoRecord }).current, mine: values });
      return null;
    }
    if (reply.body.errors) form.setFields(Object.entries(reply.body.errors).filter(([k]) => FIELDS.some((f) => f.name === k)).map(([name, msg]) => ({ name: name as keyof FormValues, errors: [msg] })));
    modal.error({ title: '没有保存', content: reply.body.message });
    return null;
  };

  const onSave = async () => {
    setBusy('save');
    const v = await save();
    setBusy('');
    if (v) void message.success(`已保存（版本 ${v.version}）`);
  };

  const onPublish = async () => {
    setBusy('publish');
    const v = isDirty || !record ? await save() : record;
    if (!v) return setBusy('');
    const reply = await videoApi.publish(v.id, { version: v.version });
    setBusy('');
    if ('httpStatus' in reply && reply.body.status === 0) {
      const r = reply.body.data!;
      void message.success(r.action === 'submit' ? '已提交审核，审核通过后发布' : r.status === 5 ? '已定时发布' : '已发布');
      const fresh = await videoApi.get(v.id);
      if (isOk(fresh)) show(fresh.data);
      return;
    }
    modal.error({ title: '没有发布', content: 'httpStatus' in reply ? reply.body.message : '网络异常，请稍后重试' });
  };

  if (!canEdit && !id) return <Result status="403" title="没有发布短视频的权限" subTitle="需要「发布短视频」权限，请联系管理员。" />;
  if (loadError) return <Result status="404" title={loadError} extra={<Button onClick={() => router.push('/article/videoList')}>返回视频列表</Button>} />;
  if (id && !record) return <Card><Skeleton active /></Card>;

  return (
    <div>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <RejectNotice record={record} label="短视频" />
        <LiveNotice status={record?.status} isReviewer={isReviewer} label="短视频" />
        {record && <LockBanner lock={lock} label="短视频" onShowRevisions={(rid) => setDrawer({ open: true, revisionId: rid })} />}
        {record && (
          <Space wrap>
            <Tag color={record.status === 3 ? 'green' : record.status === 2 ? 'red' : 'default'}>{statusLabel(record.status)}</Tag>
            <Typography.Text type="secondary">版本 {record.version}</Typography.Text>
            {record.checkResult && record.checkResult.hits.length > 0 && <Alert type="warning" showIcon title={`含敏感词：${record.checkResult.hits.join('、')}（发布前请修改）`} />}
          </Space>
        )}
        <Card title={record ? `编辑短视频「${record.title}」` : '发布短视频'}>
          <Form<FormValues> form={form} layout="vertical" initialValues={EMPTY} disabled={readOnly} style={{ maxWidth: 760 }} requiredMark>
            <Form.Item label="视频" name="videoStoreId" rules={[rule('videoStoreId')]} required extra="从视频库选择，或上传新视频（上传后进入视频库）">
              <VideoField picked={picked} onPick={() => setPicker({ open: true, upload: false })} onUpload={() => setPicker({ open: true, upload: true })} disabled={readOnly} />
            </Form.Item>
            <Form.Item label="标题" name="title" rules={[rule('title')]} required>
              <Input maxLength={128} showCount placeholder="请输入标题" />
            </Form.Item>
            <Form.Item label="封面" name="cover" rules={[rule('cover')]} extra="不选时使用视频的海报帧">
              <CoverInput />
            </Form.Item>
            <Form.Item label="简介" name="description" rules={[rule('description')]}>
              <Input.TextArea rows={4} maxLength={2000} showCount placeholder="一两句话介绍视频内容" />
            </Form.Item>
            <Form.Item label="分类" name="categoryId">
              <CategorySelect />
            </Form.Item>
            <Form.Item label="标签" name="tagIds">
              <TagPicker />
            </Form.Item>
          </Form>
        </Card>
      </Space>
      <ActionFooter label="保存与发布" hint={isDirty ? '有未保存的修改' : record ? '所有修改已保存' : '尚未保存'}>
        <Button onClick={() => router.push('/article/videoList')}>返回列表</Button>
        {record && (
          <Button icon={<HistoryOutlined aria-hidden />} onClick={() => setDrawer({ open: true, revisionId: null })}>
            修订记录
          </Button>
        )}
        <Button onClick={onSave} loading={busy === 'save'} disabled={readOnly || busy !== ''}>
          保存
        </Button>
        <Button type="primary" onClick={onPublish} loading={busy === 'publish'} disabled={readOnly || busy !== '' || record?.status === 3 || record?.status === 1}>
          {isReviewer ? '发布' : '提交审核'}
        </Button>
      </ActionFooter>
      <MediaPickerModal kind="video" open={picker.open} startWithUpload={picker.upload} title="选择视频" onPick={pick} onClose={() => setPicker({ open: false, upload: false })} />
      {record && (
        <RevisionsDrawer
          open={drawer.open}
          onClose={() => setDrawer({ open: false, revisionId: null })}
          path="videos"
          id={record.id}
          version={record.version}
          lockToken={lock.token}
          isDirty={isDirty}
          readOnly={readOnly}
          initialRevisionId={drawer.revisionId}
          onRestored={(v) => show(v as unknown as VideoRecord)}
        />
      )}
      {conflict && <ConflictModal conflict={conflict} onClose={() => setConflict(null)} onResolve={(values, current) => {
        // The other side's record becomes the base; the chosen values go into the form to save again.
        versionRef.current = current.version;
        setRecord(current);
        setSaved(valuesOf(current));
        form.setFieldsValue(values);
        setConflict(null);
        void message.info('已合并，请检查后再保存');
      }} />}
    </div>
  );
}

function VideoField({ picked, onPick, onUpload, disabled }: { picked: { title: string; url: string; cover?: string } | null; onPick(): void; onUpload(): void; disabled: boolean; value?: number | null; id?: string }) {
  return (
    <div>
      <Space wrap>
        <Button icon={<PlaySquareOutlined aria-hidden />} onClick={onPick} disabled={disabled}>
          {picked ? '更换视频' : '从视频库选择'}
        </Button>
        <Button icon={<UploadOutlined aria-hidden />} onClick={onUpload} disabled={disabled}>
          上传新视频
        </Button>
      </Space>
      {picked && (
        <div style={{ marginTop: 8 }}>
          <video src={picked.url} poster={picked.cover} controls preload="none" style={{ width: '100%', maxWidth: 360, borderRadius: 4, background: '#000' }} aria-label={`视频：${picked.title}`} />
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {picked.title}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}

/** A stale save: each differing field, mine or theirs (DESIGN §8: keep or merge, field by field). */
function ConflictModal({ conflict, onClose, onResolve }: { conflict: { current: VideoRecord; mine: FormValues }; onClose(): void; onResolve(values: FormValues, current: VideoRecord): void }) {
  const theirs = valuesOf(conflict.current);
  const differing = FIELDS.filter((f) => !same(conflict.mine[f.name], theirs[f.name]));
  const [choice, setChoice] = useState<Record<string, 'mine' | 'theirs'>>(() => Object.fromEntries(differing.map((f) => [f.name, 'mine'])));
  const show = (v: unknown) => (Array.isArray(v) ? v.join('、') || '（无）' : v === null || v === '' ? '（空）' : String(v));
  return (
    <Modal
      open
      title={`${conflict.current.editorName ?? '他人'}在你打开之后修改了这条短视频（当前版本 ${conflict.current.version}）`}
      okText="按所选合并"
      cancelText="稍后处理"
      onCancel={onClose}
      onOk={() => onResolve(Object.fromEntries(FIELDS.map((f) => [f.name, choice[f.name] === 'theirs' ? theirs[f.name] : conflict.mine[f.name]])) as unknown as FormValues, conflict.current)}
      width={720}
    >
      <Typography.Paragraph>你的修改没有保存，内容仍在本页。请逐个字段选择保留哪一方，合并后再保存：</Typography.Paragraph>
      {differing.length === 0 && <Typography.Paragraph>双方内容相同，合并后直接保存即可。</Typography.Paragraph>}
      {differing.map((f) => (
        <div key={f.name} style={{ borderTop: '1px solid #f0f0f0', padding: '8px 0' }}>
          <Typography.Text strong>{f.label}</Typography.Text>
          <Radio.Group value={choice[f.name]} onChange={(e) => setChoice((c) => ({ ...c, [f.name]: e.target.value }))} style={{ display: 'flex', flexDirection: 'column', gap: 4, marginTop: 4 }}>
            <Radio value="mine">我的：{show(conflict.mine[f.name])}</Radio>
            <Radio value="theirs">对方的：{show(theirs[f.name])}</Radio>
          </Radio.Group>
        </div>
      ))}
    </Modal>
  );
}
