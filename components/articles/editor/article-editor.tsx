'use client';

import { useCallback, useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { Button, Form, Input, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { EMPTY_FIELDS, type ArticleFields, type ArticleRecord } from '@/components/articles/api';
import { ARTICLE_KINDS, type ArticleKind } from '@/lib/resources/articles';
import { STATUS_COLORS, statusLabel } from '@/lib/resources/publishing';
import { EditorialDialogs, EditorialFooter, EditorialNotices, PublishPanel } from '@/components/editorial/editorial-chrome';
import { useEditorialForm } from '@/components/editorial/use-editorial-form';
import { articleTarget } from './article-target';
import { plainText, textToHtml } from './conflict';
import { GalleryField } from './gallery-field';
import { CONTENT_WIDTH } from './layout';
import { EditorPlaceholder } from './editor-placeholder';
import { SideFields } from './side-fields';
import { fieldRules } from './validation';
import { VideoField } from './video-field';
import { PreviewLinkButton } from '@/components/delivery/preview-link-button';

// TinyMCE (≈ 1 MB of script) loads only here, in the browser.
// Its box is held from the first paint (issue 25): the placeholder has the editor's size.
// The body's field id (antd's Form.Item names it after the field): 正文's label points at it before
// the editor's own textarea is there (Chromium's Issues panel: a label for no element, issue 25).
const RichText = dynamic(() => import('./rich-text'), { ssr: false, loading: () => <EditorPlaceholder fieldId="content" /> });

export interface ArticleEditorProps {
  kind: ArticleKind;
  /** Room above the form for banners. */
  banner?: ReactNode;
  /** Room for drawers. */
  drawer?: ReactNode;
}

/**
 * One editor for the three kinds (DESIGN §7, §8): 文章 (rich text), 图集 (ordered pictures with
 * captions), 视频文章 (one video, its poster and description); the same side fields; the fixed
 * footer. The editorial loop (load, autosave, save, merge, lock, revisions, workflow) is the one
 * `useEditorialForm` all four editors share (issue 15). `?id=` opens an existing article.
 */
export function ArticleEditor({ kind, banner, drawer }: ArticleEditorProps) {
  const search = useSearchParams();
  const idParam = Number(search.get('id')) || null;
  const [form] = Form.useForm<ArticleFields>();
  const kindInfo = ARTICLE_KINDS.find((k) => k.value === kind)!;
  const [description, setDescription] = useState('');
  // The video article's description box is its body.
  const applyExtra = useCallback((fields: ArticleFields) => kind === 'video' && setDescription(plainText(fields.content)), [kind]);
  const ed = useEditorialForm<ArticleFields, ArticleRecord>(articleTarget(kind), { form, id: idParam, applyFields: applyExtra });
  const { record, loadError, isLoading, isDirty, autosaveText, onValuesChange } = ed;
  const isReadOnly = ed.fieldsReadOnly;
  const normalize = ed.onNormalized;
  const onNormalized = useCallback((html: string) => normalize('content', html), [normalize]);

  if (loadError) {
    return <Result status="warning" title="无法打开" subTitle={loadError} extra={<Button href={kindInfo.route}>新建{kindInfo.label}</Button>} />;
  }

  const status = record ? statusLabel(record.status) : '未保存';

  return (
    <div className="article-editor" data-kind={kind}>
      <header className="article-editor-header">
        <Space wrap align="center">
          <Typography.Text strong>{record ? `编辑${kindInfo.label}` : `新${kindInfo.label}`}</Typography.Text>
          <Tag data-testid="status-tag" color={record ? STATUS_COLORS[record.status] : 'default'}>
            {status}
          </Tag>
          {record && <Typography.Text type="secondary">版本 {record.version}</Typography.Text>}
        </Space>
        <Typography.Text type="secondary" aria-live="polite" data-testid="autosave-status">
          {isDirty ? (autosaveText ? `有未保存的修改 · ${autosaveText}` : '有未保存的修改') : autosaveText}
        </Typography.Text>
      </header>
      <EditorialNotices ed={ed} />
      {banner}
      {record && (
        <Button size="small" style={{ marginBottom: 12 }} onClick={() => ed.showRevisions(null)}>
          修订记录
        </Button>
      )}
      {isLoading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : (
        <Form<ArticleFields>
          form={form}
          layout="vertical"
          initialValues={EMPTY_FIELDS}
          onValuesChange={onValuesChange}
          className="article-editor-grid"
          requiredMark
          disabled={isReadOnly}
        >
          <Card className="article-editor-main" styles={{ body: { padding: 16 } }}>
            <Form.Item name="title" label="标题" required rules={fieldRules('title')} validateFirst>
              <Input maxLength={128} showCount placeholder="请输入标题" size="large" />
            </Form.Item>
            {kind === 'article' && (
              <Form.Item name="content" label="正文" style={{ marginBottom: 0 }}>
                <RichText onNormalized={onNormalized} readOnly={isReadOnly} onBlockedKey={ed.typedWhileReadOnly} />
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
            <PublishPanel ed={ed} />
            {ed.record && <PreviewLinkButton type="article" id={ed.record.id} />}
          </Card>
        </Form>
      )}
      <EditorialFooter ed={ed} />
      <EditorialDialogs ed={ed} />
      {drawer}
      <style>{`
        .article-editor-header { display: flex; justify-content: space-between; align-items: center; gap: 8px; flex-wrap: wrap; margin-bottom: 12px; }
        .article-editor-grid { display: grid; grid-template-columns: minmax(0, ${CONTENT_WIDTH + 66}px) minmax(280px, 360px); gap: 16px; align-items: start; }
        @media (max-width: 1200px) { .article-editor-grid { grid-template-columns: minmax(0, 1fr); } }
        .article-editor { padding-bottom: 8px; }
      `}</style>
    </div>
  );
}
