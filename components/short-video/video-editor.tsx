'use client';

import { useCallback, useEffect, useState } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { Button, Form, Input, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { HistoryOutlined, PlaySquareOutlined, UploadOutlined } from '@ant-design/icons';
import { CoverInput, MediaPickerModal, type PickedMedia } from '@/components/media';
import { TagPicker } from '@/components/taxonomy/tag-picker';
import { EditorialDialogs, EditorialFooter, EditorialNotices, PublishPanel } from '@/components/editorial/editorial-chrome';
import { useEditorialForm } from '@/components/editorial/use-editorial-form';
import { PreviewLinkButton } from '@/components/delivery/preview-link-button';
import type { VideoRecord } from '@/lib/api/types';
import { videoSaveSchema } from '@/lib/resources/schemas/videos';
import { STATUS_COLORS, statusLabel } from '@/lib/resources/publishing';
import { useViewer } from '@/stores/user';
import { CategorySelect } from '@/components/short-video/category-select';
import { EMPTY_SHORT_VIDEO, shortVideoTarget, type ShortVideoFields } from './target';

/** Inline rules from the shared zod schema: the server says the same. */
const rule = (name: keyof ShortVideoFields) => ({
  validator: async (_: unknown, value: unknown) => {
    const r = videoSaveSchema.shape[name].safeParse(value ?? undefined);
    if (!r.success) throw new Error(r.error.issues[0].message);
  },
});

type Picked = { title: string; url: string; cover?: string } | null;

/**
 * 发布短视频 (`/article/createVideo`, `?id=` edits one): pick a library video or upload one, cover,
 * title, description, category, tags. The same editorial loop as the other three editors
 * (`useEditorialForm`, issue 15): 存草稿 and autosave (local and server), 预览, the edit lock,
 * the three-way merge of a stale save, 修订记录, 发布设置 with 发布时间 and 下线时间, and
 * 下线 / 重新发布 / 撤回审核.
 */
export function VideoEditor() {
  const router = useRouter();
  const search = useSearchParams();
  const idParam = Number(search.get('id')) || null;
  const viewer = useViewer();
  const canEdit = viewer?.routes.has('/article/createVideo') ?? false;
  const [form] = Form.useForm<ShortVideoFields>();
  const [picked, setPicked] = useState<Picked>(null);
  const [picker, setPicker] = useState<{ open: boolean; upload: boolean }>({ open: false, upload: false });
  const ed = useEditorialForm<ShortVideoFields, VideoRecord>(shortVideoTarget, { form, id: idParam, canEdit });
  const { record, onValuesChange } = ed;

  // The player shows the record's video until another is picked.
  useEffect(() => {
    if (!record?.videoUrl || form.getFieldValue('videoStoreId') !== record.videoStoreId) return;
    setPicked({ title: record.videoTitle ?? `视频 #${record.videoStoreId}`, url: record.videoUrl, cover: record.cover });
  }, [record, form]);

  const pick = useCallback(
    (items: PickedMedia[]) => {
      const v = items[0];
      if (!v) return;
      setPicker({ open: false, upload: false });
      setPicked({ title: v.title, url: v.url, cover: v.cover });
      form.setFieldValue('videoStoreId', v.id);
      // A real title is proposed; a file name or 「未命名视频」 is not (issue 15).
      if (!v.titleIsPlaceholder && !form.getFieldValue('title') && v.title) form.setFieldValue('title', v.title);
      if (!form.getFieldValue('cover') && v.cover) form.setFieldValue('cover', v.cover);
      onValuesChange();
      form.validateFields(['videoStoreId']).catch(() => undefined); // shown beside the field
    },
    [form, onValuesChange],
  );

  if (!canEdit && !idParam) return <Result status="403" title="没有发布短视频的权限" subTitle="需要「发布短视频」权限，请联系管理员。" />;
  if (ed.loadError) return <Result status="404" title={ed.loadError} extra={<Button onClick={() => router.push('/article/videoList')}>返回视频列表</Button>} />;
  if (idParam && !record)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );

  return (
    <div>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <header style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
          <Space wrap>
            <Typography.Text strong>{record ? `编辑短视频「${record.title}」` : '发布短视频'}</Typography.Text>
            <Tag data-testid="status-tag" color={record ? STATUS_COLORS[record.status] : 'default'}>
              {record ? statusLabel(record.status) : '未保存'}
            </Tag>
            {record && <Typography.Text type="secondary">版本 {record.version}</Typography.Text>}
          </Space>
          <Typography.Text type="secondary" aria-live="polite" data-testid="autosave-status">
            {ed.isDirty ? (ed.autosaveText ? `有未保存的修改 · ${ed.autosaveText}` : '有未保存的修改') : ed.autosaveText}
          </Typography.Text>
        </header>
        <div>
          <EditorialNotices ed={ed} />
        </div>
        {record && (
          <Button size="small" icon={<HistoryOutlined aria-hidden />} onClick={() => ed.showRevisions(null)} style={{ alignSelf: 'flex-start' }}>
            修订记录
          </Button>
        )}
        <Form<ShortVideoFields>
          form={form}
          layout="vertical"
          initialValues={EMPTY_SHORT_VIDEO}
          disabled={ed.fieldsReadOnly}
          requiredMark
          onValuesChange={onValuesChange}
          className="short-video-grid"
        >
          <Card title="视频与文字">
            <Form.Item label="视频" name="videoStoreId" rules={[rule('videoStoreId')]} required extra="从视频库选择，或上传新视频（上传后进入视频库）">
              <VideoField
                picked={picked}
                onPick={() => setPicker({ open: true, upload: false })}
                onUpload={() => setPicker({ open: true, upload: true })}
                disabled={ed.fieldsReadOnly}
              />
            </Form.Item>
            <Form.Item label="标题" name="title" rules={[rule('title')]} required>
              <Input maxLength={128} showCount placeholder="请输入标题" />
            </Form.Item>
            <Form.Item label="简介" name="description" rules={[rule('description')]}>
              <Input.TextArea rows={4} maxLength={2000} showCount placeholder="一两句话介绍视频内容" />
            </Form.Item>
          </Card>
          <Card title="发布设置">
            <Form.Item label="封面" name="cover" rules={[rule('cover')]} extra="不选时使用视频的海报帧">
              <CoverInput />
            </Form.Item>
            <Form.Item label="分类" name="categoryId">
              <CategorySelect />
            </Form.Item>
            <Form.Item label="标签" name="tagIds">
              <TagPicker />
            </Form.Item>
            <PublishPanel ed={ed} />
            {ed.record && <PreviewLinkButton type="video" id={ed.record.id} />}
          </Card>
        </Form>
      </Space>
      <EditorialFooter ed={ed} />
      <MediaPickerModal
        kind="video"
        open={picker.open}
        startWithUpload={picker.upload}
        title="选择视频"
        onPick={pick}
        onClose={() => setPicker({ open: false, upload: false })}
      />
      <EditorialDialogs ed={ed} />
      <style>{`
        .short-video-grid { display: grid; grid-template-columns: minmax(0, 760px) minmax(280px, 360px); gap: 16px; align-items: start; }
        @media (max-width: 1200px) { .short-video-grid { grid-template-columns: minmax(0, 1fr); } }
      `}</style>
    </div>
  );
}

function VideoField({
  picked,
  onPick,
  onUpload,
  disabled,
}: {
  picked: Picked;
  onPick(): void;
  onUpload(): void;
  disabled: boolean;
  value?: number | null;
  id?: string;
}) {
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
          <video
            src={picked.url}
            poster={picked.cover}
            controls
            preload="none"
            style={{ width: '100%', maxWidth: 360, borderRadius: 4, background: '#000' }}
            aria-label={`视频：${picked.title}`}
          />
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {picked.title}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}
