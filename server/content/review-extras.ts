import { and, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { albums, focusChannel, focusHome, focusHomeRight, focusVideo, platforms, tags, topics } from '../db/schema';
import type { DbOrTx } from '../db/types';
import type { z } from 'zod';
import type { focusUsageSchema, relationNamesSchema } from '../../lib/resources/schemas/editorial';

/**
 * What a reviewer needs beside an item (issue 15): the focus slots that point at it (the 下线
 * confirmation warns about them) and the names of what it is filed under (the review drawer's
 * 描述 table). Each is a fixed number of queries, whatever the item holds.
 */

/** The focus families (server/db/schema/operations.ts), with the screen that manages each. */
export const FOCUS_FAMILIES = [
  { key: 'focus_home', label: '首页焦点图', route: '/operation/focus', table: focusHome },
  { key: 'focus_channel', label: '频道焦点图', route: '/operation/pcfocus', table: focusChannel as unknown as typeof focusHome },
  { key: 'focus_home_right', label: '首页右侧焦点图', route: '/operation/pcfocus', table: focusHomeRight as unknown as typeof focusHome },
  { key: 'focus_video', label: '视频焦点图', route: '/operation/videofocus', table: focusVideo as unknown as typeof focusHome },
] as const;

/** Slots that show the item now or will (enabled, not ended), across every family. */
export type FocusUsage = z.output<typeof focusUsageSchema>;

/**
 * The enabled, unfinished focus slots pointing at an article or a short video, per family: one
 * statement (a UNION ALL of four counts). The focus lists are small (tens to hundreds of rows, no
 * index on `article_id` / `video_id` is needed for that).
 */
export async function focusUsage(db: DbOrTx, contentType: 'article' | 'video', id: number, now = new Date()): Promise<FocusUsage> {
  const selects = FOCUS_FAMILIES.map((f) => {
    const t = f.table;
    const points = contentType === 'article' ? eq(t.articleId, id) : eq(t.videoId, id);
    return db
      .select({ key: sql<string>`${f.key}::text`.as('key'), n: count().as('n') })
      .from(t)
      .where(and(points, eq(t.enabled, true), or(isNull(t.endAt), gt(t.endAt, now))));
  });
  const [first, ...rest] = selects;
  const rows = (await rest.reduce((acc: any, s) => acc.unionAll(s), first)) as Array<{ key: string; n: number | string }>;
  const counts = new Map(rows.map((r) => [r.key, Number(r.n)]));
  const families = FOCUS_FAMILIES.map((f) => ({ key: f.key, label: f.label, route: f.route, count: counts.get(f.key) ?? 0 }));
  return { total: families.reduce((a, f) => a + f.count, 0), families };
}

export type RelationNames = z.output<typeof relationNamesSchema>;
type NamedRef = RelationNames['tags'][number];

/** The names of an item's tags, topics, platforms and album, in the item's order: one query per kind it holds. */
export async function relationNames(
  db: DbOrTx,
  refs: { tagIds?: number[] | null; topicIds?: number[] | null; platformIds?: number[] | null; albumId?: number | null },
): Promise<RelationNames> {
  const named = async (ids: number[] | null | undefined, load: (ids: number[]) => Promise<Array<{ id: number; name: string }>>): Promise<NamedRef[]> => {
    const wanted = [...new Set(ids ?? [])];
    if (!wanted.length) return [];
    const names = new Map((await load(wanted)).map((r) => [r.id, r.name]));
    return wanted.map((id) => ({ id, name: names.get(id) ?? null }));
  };
  const [tagList, topicList, platformList, albumList] = await Promise.all([
    named(refs.tagIds, (ids) => db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, ids))),
    named(refs.topicIds, (ids) => db.select({ id: topics.id, name: topics.title }).from(topics).where(inArray(topics.id, ids))),
    named(refs.platformIds, (ids) => db.select({ id: platforms.id, name: platforms.name }).from(platforms).where(inArray(platforms.id, ids))),
    named(refs.albumId ? [refs.albumId] : [], (ids) => db.select({ id: albums.id, name: albums.name }).from(albums).where(inArray(albums.id, ids))),
  ]);
  return { tags: tagList, topics: topicList, platforms: platformList, album: albumList[0] ?? null };
}
