/**
 * 发布短视频 as a target of the one editorial form (issue 15): the short-video API, its fields,
 * how a value is shown in the merge dialog, the checklist before sending.
 */
import { videoApi, type ShortVideoFields } from '@/lib/api/videos';
import type { VideoRecord } from '@/lib/api/types';
import type { EditorialFormTarget } from '@/components/editorial/editorial-target';

export type { ShortVideoFields };

export const SHORT_VIDEO_FIELDS = ['videoStoreId', 'title', 'cover', 'description', 'categoryId', 'tagIds'] as const satisfies ReadonlyArray<
  keyof ShortVideoFields
>;

export const EMPTY_SHORT_VIDEO: ShortVideoFields = { title: '', cover: '', videoStoreId: null, description: '', categoryId: null, tagIds: [] };

const LABELS: Record<keyof ShortVideoFields, string> = {
  videoStoreId: '视频',
  title: '标题',
  cover: '封面',
  description: '简介',
  categoryId: '分类',
  tagIds: '标签',
};

export function shortVideoFieldsOf(v: Partial<ShortVideoFields>): ShortVideoFields {
  return {
    title: v.title ?? '',
    cover: v.cover ?? '',
    videoStoreId: v.videoStoreId ?? null,
    description: v.description ?? '',
    categoryId: v.categoryId ?? null,
    tagIds: v.tagIds ?? [],
  };
}

const keyOf = (f: ShortVideoFields) => JSON.stringify(shortVideoFieldsOf(f));

function show(name: keyof ShortVideoFields, value: unknown): string {
  if (value === null || value === undefined || value === '') return '（空）';
  if (Array.isArray(value)) return value.length ? value.map((v) => `#${v}`).join('、') : '（无）';
  if (typeof value === 'number') return `#${value}`;
  return String(value);
}

export const shortVideoTarget: EditorialFormTarget<ShortVideoFields, VideoRecord> = {
  path: 'videos',
  contentType: 'video',
  label: '短视频',
  route: '/article/createVideo',
  localKey: (userId, id) => `cms:short-video-draft:${userId}:${id ?? 'new'}`,
  names: SHORT_VIDEO_FIELDS,
  labels: LABELS,
  empty: EMPTY_SHORT_VIDEO,
  fieldsOf: (r) => shortVideoFieldsOf(r as Partial<ShortVideoFields>),
  keyOf,
  show,
  checklist: (f) => [
    ...(f.categoryId ? [] : [{ name: 'categoryId' as const, text: '没有选择分类：读者在频道列表里找不到它' }]),
    ...(f.description.trim() ? [] : [{ name: 'description' as const, text: '没有简介：列表和分享里只有标题' }]),
  ],
  previewPath: (id) => `/article/preview?video=${id}`,
  api: {
    fetch: videoApi.fetch,
    create: (fields) => videoApi.create({ ...fields }),
    update: (id, version, fields, lockToken) => videoApi.update(id, { ...fields, version, lockToken }),
    autosave: videoApi.autosave,
  },
};
