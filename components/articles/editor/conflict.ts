/**
 * The article editors' field labels and text forms of a body: what the merge dialog shows and how
 * "did it change?" is asked (the merge itself: lib/merge.ts). Pure; unit-tested.
 */
import type { ArticleFields } from '@/components/articles/api';

export type FieldName = keyof ArticleFields;

export const FIELD_LABELS: Record<FieldName, string> = {
  title: '标题',
  subtitle: '副标题',
  summary: '摘要',
  cover: '封面',
  content: '正文',
  images: '图集图片',
  videoStoreId: '视频',
  categoryId: '分类',
  tagIds: '标签',
  topicIds: '专题',
  albumId: '专辑',
  platformIds: '发布平台',
  author: '作者',
  source: '来源',
};

/** Text of an HTML body for a side-by-side view (tags removed, blocks named). */
export function plainText(html: string): string {
  return html
    .replace(
      /<div class="cms-(video|vr|inquiry|vote|gallery)"[^>]*>/g,
      (_m, k: string) => `［${{ video: '视频', vr: 'VR', inquiry: '询价', vote: '投票', gallery: '图集' }[k]}］`,
    )
    .replace(/<\/(p|h2|h3|h4|li|div|blockquote|tr)>/g, '\n')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Plain text typed in a box (the video article's description) as paragraphs, and back. */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n{2,}|\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${esc(line)}</p>`)
    .join('');
}

/**
 * An HTML body in a canonical form for "did it change?" checks: the editor re-serializes what it
 * is given (attribute order, `contenteditable`, whitespace between tags), which is not an edit.
 */
export function canonicalHtml(html: string): string {
  return html
    .replace(/<([a-zA-Z][\w-]*)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*(\/?)>/g, (_m, tag: string, attrs: string) => {
      const list = (attrs.match(/[\w-]+(?:="[^"]*")?/g) ?? []).filter((a) => !/^contenteditable(=|$)/.test(a)).sort();
      // `<img … />` (the server's serializer) and `<img …>` (the editor's) are the same element.
      return `<${tag.toLowerCase()}${list.length ? ' ' + list.join(' ') : ''}>`;
    })
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&times;/g, '×')
    .replace(/>\s+</g, '><')
    .replace(/<p>(&nbsp;|\s)*<\/p>/g, '')
    .trim();
}

/** A comparable key of an editor's fields (the body canonical). */
export function fieldsKey(fields: { content?: string } & object): string {
  return JSON.stringify({ ...fields, content: canonicalHtml(fields.content ?? '') });
}
