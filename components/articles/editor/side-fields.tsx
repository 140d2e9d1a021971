'use client';

import { useMemo } from 'react';
import { AutoComplete, Form, Input, Select } from 'antd';
import { CoverInput } from '@/components/media/cover-input';
import { TagPicker } from '@/components/taxonomy/tag-picker';
import { CategoryPicker } from '@/components/taxonomy/category-picker';
import { useCategoryGroups, type CategoryGroup } from '@/components/taxonomy/category-groups';
import { listRead } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';

import { fieldRules } from './validation';
import type { Platform, Topic } from '@/lib/api/types';

interface Option {
  value: number;
  label: string;
  disabled?: boolean;
}

type ListReply<T> = { list: T[] };

/** An optional choice's rows, read quietly (the field does without them when refused). */
function useQuietRows<T>(path: string, params: Record<string, string | number | boolean> = { pageSize: 100 }): T[] | null {
  const read = useApiRead<ListReply<T>>({ ...listRead(path, params), quiet: true });
  return Array.isArray(read.data?.list) ? read.data.list : null;
}

/**
 * The choices the side fields offer, reads of the data layer (lib/query) shared with the screens
 * that edit them, so a category, platform, topic or source saved elsewhere is offered without a
 * reload. The album list appears only when its API answers.
 */
export function useSideOptions() {
  const categories = useCategoryGroups().groups ?? NO_GROUPS;
  const platformRows = useQuietRows<Platform>('/api/platform');
  const topicRows = useQuietRows<Topic>('/api/topic');
  // 专辑 (SEED §7 /api/articles_album) is another issue's resource: shown only once it answers.
  const albumRows = useQuietRows<{ id: number; name?: string; title?: string }>('/api/articles_album');
  const sourceRows = useQuietRows<{ name: string; enabled: boolean }>('/api/article_sources', { pageSize: 100, enabled: true });
  return useMemo(
    () => ({
      categories,
      platforms: (platformRows ?? []).map((p): Option => ({ value: p.id, label: p.name, disabled: p.enabled === false })),
      topics: (topicRows ?? []).map((p): Option => ({ value: p.id, label: p.title, disabled: p.enabled === false })),
      albums: albumRows && albumRows.map((a): Option => ({ value: a.id, label: a.name ?? a.title ?? `专辑 #${a.id}` })),
      sources: (sourceRows ?? []).filter((s) => s.enabled !== false).map((s) => ({ value: s.name })),
    }),
    [categories, platformRows, topicRows, albumRows, sourceRows],
  );
}

const NO_GROUPS: CategoryGroup[] = [];

/**
 * The side fields every editor shares (DESIGN §7): subtitle, summary, cover, category, tags,
 * topics, album, platforms, author, source. Form.Items of the editor's form.
 */
export function SideFields({ coverLabel = '封面' }: { coverLabel?: string }) {
  const { categories, platforms, topics, albums, sources } = useSideOptions();
  return (
    <>
      <Form.Item name="subtitle" label="副标题" rules={fieldRules('subtitle')}>
        <Input maxLength={128} showCount placeholder="可选" />
      </Form.Item>
      <Form.Item name="summary" label="摘要" rules={fieldRules('summary')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 6 }} placeholder="列表和分享时显示，可选" />
      </Form.Item>
      <Form.Item name="cover" label={coverLabel} rules={fieldRules('cover')}>
        <CoverInput />
      </Form.Item>
      <Form.Item name="categoryId" label="分类">
        <CategoryPicker
          groups={categories}
          switchedOff="mark"
          placeholder={categories.some((g) => g.rows.length) ? '选择分类' : '还没有分类：请先在「分类管理」中添加'}
          notFoundContent="没有匹配的分类"
        />
      </Form.Item>
      <Form.Item name="tagIds" label="标签">
        <TagPicker />
      </Form.Item>
      <Form.Item name="topicIds" label="专题">
        <Select
          mode="multiple"
          options={topics}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="可选：加入专题"
          notFoundContent="没有专题：可在「专题管理」中添加"
        />
      </Form.Item>
      {albums && (
        <Form.Item name="albumId" label="专辑">
          <Select options={albums} allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="可选：加入专辑" notFoundContent="没有专辑" />
        </Form.Item>
      )}
      <Form.Item name="platformIds" label="发布平台">
        <Select mode="multiple" options={platforms} allowClear placeholder="不选则为全部平台" notFoundContent="没有平台：可在「分类管理 · 平台」中添加" />
      </Form.Item>
      <Form.Item name="author" label="作者" rules={fieldRules('author')}>
        <Input maxLength={64} placeholder="可选" />
      </Form.Item>
      <Form.Item name="source" label="来源" rules={fieldRules('source')}>
        {/* Offers the enabled 文章来源 (分类管理 · 文章来源, ux P3-13); anything else may still be typed. */}
        <AutoComplete options={sources} maxLength={64} placeholder="可选，如：原创" filterOption={(text, o) => String(o?.value ?? '').includes(text.trim())} />
      </Form.Item>
    </>
  );
}
