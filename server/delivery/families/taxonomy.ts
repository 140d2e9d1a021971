import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { STATUS } from '../../../lib/resources/publishing';
import { albums, articles, categories, categoryTypes, topics } from '../../db/schema';
import { surrogate } from '../../events/keys';
import { decodeCursor, earliestNext, family, idQuery, isoTime, iso, pageFrom, pageOf, cursorQuery } from './common';

/**
 * Topics, albums (and an album's articles) and the category tree, as a site reads them (DESIGN §12).
 * Lists that grow for years (topics, albums, an album's articles) come by cursor; the category tree
 * whole (a few thousand nodes at most).
 */

// ——— Topics ——————————————————————————————————————————————————————————————————————

export const topicItem = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  summary: z.string(),
  url: z.string(),
  /** The topic host's activity it is tied to, if any. */
  activityId: z.number().int().nullable(),
});
type TopicRow = { id: number; title: string; cover: string; summary: string; url: string; activityId: number | null; enabled: boolean };
export const readerTopic = (r: TopicRow) =>
  r.enabled ? { id: r.id, title: r.title, cover: r.cover, summary: r.summary, url: r.url, activityId: r.activityId ?? null } : null;

/** `(sort, id)` after the cursor's, through the `(sort, id)` index. */
const afterSortId = (sortCol: AnyPgColumn, idCol: AnyPgColumn, cursor: string | undefined) => {
  const at = cursor ? decodeCursor(cursor, 2) : null;
  return at ? sql`(${sortCol}, ${idCol}) > (${at[0]}, ${at[1]})` : undefined;
};

export const topicsFamily = family({
  family: 'topics',
  path: 'topics',
  summary: '专题（启用的，按排序；游标翻页）',
  query: cursorQuery(2),
  data: pageOf(topicItem),
  async handler(db, { cursor, limit }) {
    const rows = await db
      .select({
        id: topics.id,
        title: topics.title,
        cover: topics.cover,
        summary: topics.summary,
        url: topics.url,
        activityId: topics.activityId,
        sort: topics.sort,
      })
      .from(topics)
      .where(and(eq(topics.enabled, true), afterSortId(topics.sort, topics.id, cursor)))
      .orderBy(asc(topics.sort), asc(topics.id))
      .limit(limit + 1);
    const data = pageFrom(
      rows,
      limit,
      (r) => [r.sort, r.id],
      ({ sort: _sort, ...r }) => r,
    );
    return { data, keys: [surrogate.topics], next: null };
  },
});

// ——— Albums ——————————————————————————————————————————————————————————————————————

export const albumItem = z.object({ id: z.number().int(), name: z.string(), cover: z.string(), description: z.string() });
export const readerAlbum = (r: { id: number; name: string; cover: string; description: string }) => ({
  id: r.id,
  name: r.name,
  cover: r.cover,
  description: r.description,
});

export const albumsFamily = family({
  family: 'albums',
  path: 'albums',
  summary: '专辑（按排序；游标翻页）',
  query: cursorQuery(2),
  data: pageOf(albumItem),
  async handler(db, { cursor, limit }) {
    const rows = await db
      .select({ id: albums.id, name: albums.name, cover: albums.cover, description: albums.description, sort: albums.sort })
      .from(albums)
      .where(afterSortId(albums.sort, albums.id, cursor))
      .orderBy(asc(albums.sort), asc(albums.id))
      .limit(limit + 1);
    return { data: pageFrom(rows, limit, (r) => [r.sort, r.id], readerAlbum), keys: [surrogate.albums], next: null };
  },
});

export const albumArticleItem = z.object({
  id: z.number().int(),
  kind: z.enum(['article', 'gallery', 'video']),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  publishedAt: isoTime.nullable(),
});

/**
 * `albums/{id}/articles`: the album's published articles (readers see them now: published, their
 * offline time not passed), newest first (by id, the `(album_id, id)` index), by cursor. The answer
 * changes by itself when one of them reaches its offline time or a scheduled article of the album
 * comes out: its `next`.
 */
export const albumArticlesFamily = family({
  family: 'albums',
  path: 'albums/{id}/articles',
  summary: '专辑中已发布的文章（新的在前；游标翻页）',
  query: cursorQuery(1).extend({ id: idQuery('专辑 id') }),
  data: pageOf(albumArticleItem),
  async handler(db, { id, cursor, limit }, now) {
    const before = cursor ? decodeCursor(cursor, 1)?.[0] : undefined;
    const inAlbum = and(eq(articles.albumId, id), before ? lt(articles.id, before) : undefined);
    const [[album], rows, [scheduled]] = await Promise.all([
      db.select({ id: albums.id }).from(albums).where(eq(albums.id, id)).limit(1),
      db
        .select({
          id: articles.id,
          kind: articles.kind,
          title: articles.title,
          summary: articles.summary,
          cover: articles.cover,
          publishedAt: articles.publishedAt,
          offlineAt: articles.offlineAt,
        })
        .from(articles)
        .where(and(inAlbum, eq(articles.status, STATUS.published), or(isNull(articles.offlineAt), gt(articles.offlineAt, now))))
        .orderBy(desc(articles.id))
        .limit(limit + 1),
      // The next scheduled article of the album (at or past this page) to come out.
      db
        .select({ at: sql<Date | null>`min(${articles.publishAt})`.mapWith(articles.publishAt) })
        .from(articles)
        .where(and(inAlbum, eq(articles.status, STATUS.scheduled))),
    ]);
    if (!album) return null;
    const data = pageFrom(
      rows,
      limit,
      (r) => [r.id],
      (r) => ({
        id: r.id,
        kind: r.kind as 'article' | 'gallery' | 'video',
        title: r.title,
        summary: r.summary,
        cover: r.cover,
        publishedAt: iso(r.publishedAt),
      }),
    );
    const shown = rows.slice(0, limit);
    return {
      data,
      keys: [surrogate.album(id), surrogate.articles, ...shown.map((r) => surrogate.article(r.id))],
      next: earliestNext([...shown.map((r) => r.offlineAt), scheduled?.at ?? null]),
    };
  },
});

// ——— Categories ——————————————————————————————————————————————————————————————————

/** A category and its switched-on children, in drag order. */
export interface CategoryNode {
  id: number;
  name: string;
  children: CategoryNode[];
}
const categoryNode: z.ZodType<CategoryNode> = z.lazy(() => z.object({ id: z.number().int(), name: z.string(), children: z.array(categoryNode) }));
export const categoriesData = z.object({
  types: z.array(z.object({ id: z.number().int(), name: z.string(), categories: z.array(categoryNode) })),
});
/** The whole tree is read at once; a newsroom's categories are hundreds. */
export const CATEGORIES_LIMIT = 5000;

/**
 * `categories` (`?typeId=` for one type): each category type, in its order, with its tree of
 * switched-on categories; a switched-off category hides its subtree. An unknown type answers 404.
 */
export const categoriesFamily = family({
  family: 'categories',
  path: 'categories',
  summary: '分类树（按分类类型；可按 typeId）',
  query: z.object({ typeId: idQuery('分类类型 typeId').optional() }),
  data: categoriesData,
  async handler(db, { typeId }) {
    const [types, rows] = await Promise.all([
      db
        .select({ id: categoryTypes.id, name: categoryTypes.name })
        .from(categoryTypes)
        .where(typeId ? eq(categoryTypes.id, typeId) : undefined)
        .orderBy(asc(categoryTypes.sort), asc(categoryTypes.id)),
      db
        .select({ id: categories.id, typeId: categories.typeId, parentId: categories.parentId, name: categories.name })
        .from(categories)
        .where(and(eq(categories.enabled, true), typeId ? eq(categories.typeId, typeId) : undefined))
        .orderBy(asc(categories.sort), asc(categories.id))
        .limit(CATEGORIES_LIMIT),
    ]);
    if (typeId && !types.length) return null;
    const nodes = new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, children: [] as CategoryNode[] }]));
    const roots = new Map<number, CategoryNode[]>(types.map((t) => [t.id, []]));
    for (const r of rows) {
      const node = nodes.get(r.id)!;
      if (r.parentId === null) roots.get(r.typeId)?.push(node);
      // A child of a switched-off (absent) parent is hidden with it.
      else nodes.get(r.parentId)?.children.push(node);
    }
    return { data: { types: types.map((t) => ({ ...t, categories: roots.get(t.id) ?? [] })) }, keys: [surrogate.categories], next: null };
  },
});
