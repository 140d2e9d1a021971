/**
 * 写文章, 发图集 and 发视频文章 as targets of the one editorial form (issue 15): the article API,
 * the fields, how a value is shown in the conflict dialog, the checklist before sending.
 */
import { articleApi, ARTICLE_FIELD_NAMES, EMPTY_FIELDS, fieldsOf, type ArticleFields, type ArticleRecord } from '@/components/articles/api';
import { ARTICLE_KINDS, type ArticleKind } from '@/lib/resources/articles';
import type { EditorialFormTarget } from '@/components/editorial/editorial-target';
import { FIELD_LABELS, fieldsKey, plainText } from './conflict';

function show(name: keyof ArticleFields, value: unknown): string {
  if (value === null || value === undefined || value === '') return '（空）';
  if (name === 'content') return plainText(String(value)) || '（空）';
  if (name === 'images') return (value as ArticleFields['images']).map((i, n) => `${n + 1}. ${i.caption || i.url}`).join('\n') || '（无图片）';
  if (Array.isArray(value)) return value.length ? value.map((v) => `#${v}`).join('、') : '（无）';
  if (typeof value === 'number') return `#${value}`;
  return String(value);
}

const targets = new Map<ArticleKind, EditorialFormTarget<ArticleFields, ArticleRecord>>();

/** The article target of a kind (one object per kind: hooks may depend on it). */
export function articleTarget(kind: ArticleKind): EditorialFormTarget<ArticleFields, ArticleRecord> {
  const known = targets.get(kind);
  if (known) return known;
  const info = ARTICLE_KINDS.find((k) => k.value === kind)!;
  const target: EditorialFormTarget<ArticleFields, ArticleRecord> = {
    path: 'articles',
    contentType: 'article',
    label: info.label,
    route: info.route,
    localKey: (userId, id) => `cms:article-draft:${userId}:${id ?? `new-${kind}`}`,
    names: ARTICLE_FIELD_NAMES,
    labels: FIELD_LABELS,
    html: ['content'],
    empty: EMPTY_FIELDS,
    fieldsOf,
    keyOf: fieldsKey,
    show,
    refuse: (rec) =>
      rec.kind === kind ? null : `这是一篇${ARTICLE_KINDS.find((k) => k.value === rec.kind)?.label ?? '其他类型的内容'}，请在对应的编辑器中打开`,
    checklist: (f) => [
      ...(f.categoryId ? [] : [{ name: 'categoryId' as const, text: '没有选择分类：读者在频道列表里找不到它' }]),
      ...(f.cover ? [] : [{ name: 'cover' as const, text: kind === 'gallery' ? '没有封面（也没有图片可用作封面）' : '没有封面：列表和分享只显示标题' }]),
      ...(f.summary.trim() ? [] : [{ name: 'summary' as const, text: '没有摘要：列表和搜索结果里没有导语' }]),
    ],
    // A gallery's cover defaults to its first picture.
    fill: (f) => (kind === 'gallery' && !f.cover && f.images[0]?.url ? { cover: f.images[0].url } : null),
    previewPath: (id) => `/article/preview?id=${id}`,
    api: {
      fetch: articleApi.fetch,
      create: (fields) => articleApi.create(kind, fields),
      update: articleApi.update,
      autosave: {
        get: (id) => articleApi.autosave.get(id, kind),
        put: (id, baseVersion, fields) => articleApi.autosave.put(id, kind, baseVersion, fields),
        remove: (id) => articleApi.autosave.remove(id, kind),
      },
    },
  };
  targets.set(kind, target);
  return target;
}
