/**
 * 文章: articles, galleries and video articles (DESIGN §5, §7, §8). The save schema
 * (schemas/articles.ts) is shared by the editors (inline checks) and the server (field errors).
 */

import { STATUS_OPTIONS } from './publishing';

export const ARTICLE_KINDS = [
  { value: 'article', label: '文章', route: '/article/addArticle' },
  { value: 'gallery', label: '图集', route: '/article/addImage' },
  { value: 'video', label: '视频文章', route: '/article/addVideo' },
] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number]['value'];

/** Who may write articles of some kind: the editors' routes. */
export const ARTICLE_EDIT_ROUTES: readonly string[] = ARTICLE_KINDS.map((k) => k.route);
/**
 * Who may read articles (and so their titles, wherever they are listed: an album's articles, a
 * library item's usage): the list, the review queue, the preview and the editors.
 */
export const ARTICLE_READ_ROUTES: readonly string[] = ['/article/list', '/article/check', '/article/preview', ...ARTICLE_EDIT_ROUTES];

/** The status filter's options (the labels: publishing.ts). */
export const ARTICLE_STATUS_OPTIONS = STATUS_OPTIONS;

/** The article body's limit (article writes take 4 MB of JSON: server/http/body.ts ARTICLE_BODY_MAX). */
export const CONTENT_MAX = 900_000;

/**
 * What one body may hold of the custom blocks (issue 14 F9): each block is drawn from the library
 * or another service when the article is shown, so their number is what a reader's page (and the
 * preview) fetches and lays out. A save over a cap is refused on 正文 (400), never trimmed.
 */
export const BODY_LIMITS = { blocks: 50, galleryPictures: 200, pictures: 500 } as const;
