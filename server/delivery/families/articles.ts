import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ARTICLE_KINDS } from '../../../lib/resources/articles';
import { contentVisibility, STATUS } from '../../../lib/resources/publishing';
import { readerTitle } from '../../../lib/resources/media';
import { articles, categories } from '../../db/schema';
import type { DbOrTx } from '../../db/types';
import { surrogate } from '../../events/keys';
import { keywordCondition } from '../../articles/list';
import { blockSchema, bodyMediaIds, bodyPieces, loadMedia, pictureSchema, resolveBody, videoSchema } from '../blocks';
import { cursorPage, cursorQuery, earliest, encodeCursor, idQuery, pathId } from '../query';
import { deliveryRoute, type DeliveryContext } from '../registry';
import type { DeliveryAnswer } from '../types';

/**
 * The articles family of the delivery API (DESIGN §12): `articles` (newest published first, by
 * cursor; filters kind, categoryId, tagId, topicId, albumId), `articles/{id}` (the sanitized body
 * with its custom blocks resolved as data), and `search?q=` (published only, the staff search's
 * two-character terms: server/articles/list.ts `keywordCondition`). Readers see an article only
 * while lib/resources/publishing.ts `contentVisibility` says so; anything else is a 404.
 */

const KINDS = ARTICLE_KINDS.map((k) => k.value) as unknown as readonly [string, ...string[]];

export const articleSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(KINDS).describe('article 文章 · gallery 图集 · video 视频文章'),
  title: z.string(),
  subtitle: z.string(),
  summary: z.string(),
  cover: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  tagIds: z.array(z.number().int()),
  topicIds: z.array(z.number().int()),
  albumId: z.number().int().nullable(),
  author: z.string(),
  source: z.string(),
  publishedAt: z.string().nullable().describe('ISO-8601'),
});

export const articleDetailSchema = articleSummarySchema.extend({
  content: z.string().describe('The sanitized body HTML; each custom block is a div.cms-video / cms-vr / cms-inquiry / cms-vote / cms-gallery'),
  blocks: z.array(blockSchema).describe('The custom blocks of content resolved as data: blocks[i] is the i-th div.cms-* element of content'),
  images: z.array(pictureSchema).describe('A gallery article’s pictures with captions, in order'),
  video: videoSchema.nullable().describe('A video article’s video (play URL and poster)'),
  updatedAt: z.string(),
});

type Summary = z.infer<typeof articleSummarySchema>;
type Detail = z.infer<typeof articleDetailSchema>;

const summaryColumns = {
  id: articles.id,
  kind: articles.kind,
  title: articles.title,
  subtitle: articles.subtitle,
  summary: articles.summary,
  cover: articles.cover,
  categoryId: articles.categoryId,
  categoryName: categories.name,
  tagIds: articles.tagIds,
  topicIds: articles.topicIds,
  albumId: articles.albumId,
  author: articles.author,
  source: articles.source,
  publishedAt: articles.publishedAt,
  status: articles.status,
  publishAt: articles.publishAt,
  offlineAt: articles.offlineAt,
};
type Row = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] } & { categoryName: string | null };

/** Published and its offline time not passed (the SQL side of contentVisibility; rows are checked again with it). */
const visibleAt = (now: Date): SQL => and(eq(articles.status, STATUS.published), or(isNull(articles.offlineAt), sql`${articles.offlineAt} > ${now}`))!;

const toSummary = (r: Row): Summary => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  subtitle: r.subtitle,
  summary: r.summary,
  cover: r.cover,
  categoryId: r.categoryId,
  categoryName: r.categoryName,
  tagIds: r.tagIds,
  topicIds: r.topicIds,
  albumId: r.albumId,
  author: r.author,
  source: r.source,
  publishedAt: r.publishedAt ? r.publishedAt.toISOString() : null,
});

/** The keys of a list of articles: each item, its category, and the articles list itself. */
function listKeys(rows: Row[], extra: string[] = []): string[] {
  const keys = new Set<string>([surrogate.articles, ...extra]);
  for (const r of rows) {
    keys.add(surrogate.article(r.id));
    if (r.categoryId) keys.add(surrogate.category(r.categoryId));
  }
  return [...keys];
}

// ——— articles ——————————————————————————————————————————————————————————————————————

export const articleListQuery = cursorQuery(z.tuple([z.string().datetime(), z.number().int()])).extend({
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(KINDS, { error: `kind 只能是 ${KINDS.join('、')}` }).optional()),
  categoryId: idQuery('categoryId '),
  tagId: idQuery('tagId '),
  topicId: idQuery('topicId '),
  albumId: idQuery('albumId '),
});

/** A page of visible articles, newest published first (the `articles_published_idx` order). */
async function visiblePage(db: DbOrTx, where: SQL[], cursor: [string, number] | undefined, limit: number, now: Date) {
  const conditions = [visibleAt(now), ...where];
  if (cursor) conditions.push(sql`(${articles.publishedAt}, ${articles.id}) < (${new Date(cursor[0])}, ${cursor[1]})`);
  const rows = (await db
    .select(summaryColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(...conditions))
    .orderBy(sql`${articles.publishedAt} DESC NULLS LAST`, desc(articles.id))
    .limit(limit + 1)) as Row[];
  const more = rows.length > limit;
  const page = rows.slice(0, limit).filter((r) => contentVisibility(r, now).visible);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: more && last?.publishedAt ? encodeCursor([last.publishedAt.toISOString(), last.id]) : null,
    // An item of the page leaving at its offline time changes the page then.
    next: earliest(page.map((r) => contentVisibility(r, now).next)),
  };
}

export async function listArticles(db: DbOrTx, q: z.output<typeof articleListQuery>, now: Date): Promise<DeliveryAnswer<z.infer<typeof articleListData>>> {
  const where: SQL[] = [];
  const extra: string[] = [];
  if (q.kind) where.push(eq(articles.kind, q.kind));
  if (q.categoryId) {
    where.push(eq(articles.categoryId, q.categoryId));
    extra.push(surrogate.category(q.categoryId));
  }
  if (q.tagId) where.push(sql`${articles.tagIds} @> ARRAY[${q.tagId}]::int[]`);
  if (q.topicId) {
    where.push(sql`${articles.topicIds} @> ARRAY[${q.topicId}]::int[]`);
    extra.push(surrogate.topic(q.topicId));
  }
  if (q.albumId) {
    where.push(eq(articles.albumId, q.albumId));
    extra.push(surrogate.album(q.albumId));
  }
  const page = await visiblePage(db, where, q.cursor, q.limit, now);
  return { data: { list: page.rows.map(toSummary), nextCursor: page.nextCursor }, keys: listKeys(page.rows, extra), next: page.next };
}
export const articleListData = cursorPage(articleSummarySchema);

// ——— articles/{id} ——————————————————————————————————————————————————————————————————

/**
 * One article as readers see it at `now`, with its blocks resolved, or null (unknown, not
 * published, offline). Also what a change event carries (the reader snapshot) and the preview
 * (`visibleOnly: false`).
 */
export async function articleAsRead(db: DbOrTx, ctx: DeliveryContext, id: number, now: Date, { visibleOnly = true } = {}) {
  const [row] = (await db
    .select({ ...summaryColumns, content: articles.content, images: articles.images, videoStoreId: articles.videoStoreId, updatedAt: articles.updatedAt })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(eq(articles.id, id))
    .limit(1)) as Array<
    Row & { content: string; images: Array<{ picId: number | null; url: string; caption: string }>; videoStoreId: number | null; updatedAt: Date }
  >;
  if (!row) return null;
  const visibility = contentVisibility(row, now);
  if (visibleOnly && !visibility.visible) return null;
  const pieces = bodyPieces(row.content);
  const ids = bodyMediaIds(pieces);
  if (row.kind === 'video' && row.videoStoreId) ids.videoIds.push(row.videoStoreId);
  const galleryIds = row.images.map((i) => i.picId).filter((x): x is number => x !== null);
  const media = await loadMedia(db, ctx.storage, [...ids.picIds, ...galleryIds], ids.videoIds);
  const resolved = resolveBody(pieces, media, now);
  const data: Detail = {
    ...toSummary(row),
    content: row.content,
    blocks: resolved.body.flatMap((p) => (p.type === 'block' ? [p.block] : [])),
    images: row.images.map((img) => {
      const pic = img.picId === null ? undefined : media.pics.get(img.picId);
      return { id: img.picId, url: img.url, caption: img.caption || readerTitle(pic?.title), width: pic?.width ?? 0, height: pic?.height ?? 0 };
    }),
    video: row.kind === 'video' && row.videoStoreId ? (media.videos.get(row.videoStoreId) ?? null) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
  const keys = [surrogate.article(row.id), ...(row.categoryId ? [surrogate.category(row.categoryId)] : [])];
  return { data, keys, next: earliest([visibility.next, resolved.next]), status: row.status };
}

export const articleIdQuery = z.object({ id: pathId });

// ——— search ————————————————————————————————————————————————————————————————————————

export const searchQuery = cursorQuery(z.tuple([z.string().datetime(), z.number().int()])).extend({
  q: z
    .string({ error: '请填写搜索词 q' })
    .trim()
    .min(1, '请填写搜索词 q')
    .max(64, '搜索词最多 64 个字符')
    .refine((q) => /[\p{L}\p{N}]/u.test(q), '搜索词需要含有文字或数字'),
});

/** Published articles matching `q` as the staff search matches (title and summary bigrams, body words). */
export async function searchArticles(db: DbOrTx, q: z.output<typeof searchQuery>, now: Date): Promise<DeliveryAnswer<z.infer<typeof articleListData>>> {
  const page = await visiblePage(db, [keywordCondition(q.q)], q.cursor, q.limit, now);
  return { data: { list: page.rows.map(toSummary), nextCursor: page.nextCursor }, keys: listKeys(page.rows), next: page.next };
}

export function articleRoutes(ctx: DeliveryContext) {
  return [
    deliveryRoute({
      path: '/articles',
      family: 'articles',
      summary: '已发布的文章，按发布时间从新到旧（游标分页）',
      query: articleListQuery,
      data: articleListData,
      handler: listArticles,
    }),
    deliveryRoute({
      path: '/articles/:id',
      family: 'articles',
      summary: '一篇已发布的文章：净化后的正文与解析为数据的插入块',
      query: articleIdQuery,
      data: articleDetailSchema,
      handler: async (db, q, now) => {
        const found = await articleAsRead(db, ctx, q.id, now);
        return found && { data: found.data, keys: found.keys, next: found.next };
      },
    }),
    deliveryRoute({
      path: '/search',
      family: 'search',
      summary: '搜索已发布的文章（与后台搜索相同的两字词规则）',
      query: searchQuery,
      data: articleListData,
      handler: searchArticles,
    }),
  ];
}
