import { and, asc, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { focusSlotVisibility, type FocusTarget, type Visibility } from '../../../lib/resources/publishing';
import { articles, categories, focusChannel, focusHome, focusHomeRight, focusVideo, platforms, videos } from '../../db/schema';
import type { DbOrTx } from '../../db/types';
import { surrogate } from '../../events/keys';
import { earliestNext, family, idQuery, listOf, platformCode } from './common';

/**
 * `focus/{home|channel|video|home_right}` (DESIGN §12): the slots readers see now, in their drag
 * order. A slot shows while switched on, inside its window, and its article or short video visible
 * (lib/resources/publishing.ts `focusSlotVisibility`): a slot pointing at a scheduled article stays
 * hidden until the article is out. One indexed query per answer (the family's `(group, sort, id)`
 * index, the targets by primary key in the same statement).
 */

export type FocusPlace = 'home' | 'channel' | 'video' | 'home_right';
type FocusTable = typeof focusHome;

const PLACES: Record<FocusPlace, { table: FocusTable; group: 'platform' | 'category' | 'none'; contentType: string }> = {
  home: { table: focusHome, group: 'platform', contentType: 'focus_home' },
  channel: { table: focusChannel as unknown as FocusTable, group: 'category', contentType: 'focus_channel' },
  video: { table: focusVideo as unknown as FocusTable, group: 'platform', contentType: 'focus_video' },
  home_right: { table: focusHomeRight as unknown as FocusTable, group: 'none', contentType: 'focus_home_right' },
};
export const FOCUS_PLACES = Object.keys(PLACES) as FocusPlace[];
/** The place of a focus family's table name (`focus_home` → `home`). */
export const focusPlaceOf = (contentType: string) => FOCUS_PLACES.find((p) => PLACES[p].contentType === contentType) ?? null;
export const focusContentType = (place: FocusPlace) => PLACES[place].contentType;
export const focusTable = (place: FocusPlace) => PLACES[place].table;

/** At most this many slots in play (switched on, not ended) are read per answer; a site shows a handful. */
export const FOCUS_LIMIT = 200;

export const focusItem = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  /** Where the slot leads; '' when it shows an article or video (the site builds that page's link). */
  url: z.string(),
  articleId: z.number().int().nullable(),
  videoId: z.number().int().nullable(),
});
export type FocusItem = z.infer<typeof focusItem>;
const focusData = listOf(focusItem);

/** A slot as readers see it (the event's `item` too). */
export const readerFocusSlot = (row: {
  id: number;
  title: string;
  image: string;
  url: string;
  articleId: number | null;
  videoId: number | null;
}): FocusItem => ({
  id: row.id,
  title: row.title,
  image: row.image,
  url: row.url,
  articleId: row.articleId ?? null,
  videoId: row.videoId ?? null,
});

/** The surrogate keys of the item a slot points at (its changes can show or hide the slot). */
export const focusTargetKeys = (slot: { articleId: number | null; videoId: number | null }) => [
  ...(slot.articleId ? [surrogate.article(slot.articleId)] : []),
  ...(slot.videoId ? [surrogate.video(slot.videoId)] : []),
];

/**
 * Slots of one place with their target's state (the article or short video, by primary key in the
 * same statement), in drag order. `slotsInPlay` and the window edges (server/delivery/window-edges.ts)
 * read them through here.
 */
export async function slotsWithTargets(db: DbOrTx, place: FocusPlace, where: SQL | undefined, limit = FOCUS_LIMIT) {
  const t = PLACES[place].table;
  const rows = await db
    .select({
      id: t.id,
      title: t.title,
      image: t.image,
      url: t.url,
      articleId: t.articleId,
      videoId: t.videoId,
      startAt: t.startAt,
      endAt: t.endAt,
      enabled: t.enabled,
      aId: articles.id,
      aStatus: articles.status,
      aPublishAt: articles.publishAt,
      aOfflineAt: articles.offlineAt,
      vId: videos.id,
      vStatus: videos.status,
      vPublishAt: videos.publishAt,
      vOfflineAt: videos.offlineAt,
    })
    .from(t)
    .leftJoin(articles, eq(articles.id, t.articleId))
    .leftJoin(videos, eq(videos.id, t.videoId))
    .where(where)
    .orderBy(asc(t.sort), asc(t.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, target: targetOf(r) }));
}

/** The slots of one place in play at `now` (switched on, not ended), each with its visibility. */
export async function slotsInPlay(db: DbOrTx, place: FocusPlace, group: SQL | undefined, now: Date) {
  const t = PLACES[place].table;
  const rows = await slotsWithTargets(db, place, and(group, eq(t.enabled, true), or(isNull(t.endAt), gt(t.endAt, now))));
  return rows.map((r) => ({ ...r, visibility: focusSlotVisibility(r, r.target, now) }));
}

type JoinedRow = {
  articleId: number | null;
  videoId: number | null;
  aId: number | null;
  aStatus: number | null;
  aPublishAt: Date | null;
  aOfflineAt: Date | null;
  vId: number | null;
  vStatus: number | null;
  vPublishAt: Date | null;
  vOfflineAt: Date | null;
};
function targetOf(r: JoinedRow): FocusTarget {
  if (r.articleId) return r.aId === null ? 'gone' : { status: r.aStatus!, publishAt: r.aPublishAt, offlineAt: r.aOfflineAt };
  if (r.videoId) return r.vId === null ? 'gone' : { status: r.vStatus!, publishAt: r.vPublishAt, offlineAt: r.vOfflineAt };
  return null;
}

/** One slot's visibility now (the flush's and an edit's event item). */
export async function focusSlotNow(db: DbOrTx, place: FocusPlace, id: number, now: Date): Promise<{ item: FocusItem; visibility: Visibility } | null> {
  const [row] = await slotsInPlay(db, place, eq(PLACES[place].table.id, id), now);
  return row ? { item: readerFocusSlot(row), visibility: row.visibility } : null;
}

async function answer(db: DbOrTx, place: FocusPlace, group: SQL | undefined, now: Date) {
  const rows = await slotsInPlay(db, place, group, now);
  return {
    data: { list: rows.filter((r) => r.visibility.visible).map(readerFocusSlot) },
    // The place, and every target a slot in play points at: its publication or offline shows or hides the slot.
    keys: [surrogate.focus(place), ...new Set(rows.flatMap(focusTargetKeys))],
    next: earliestNext(rows.map((r) => r.visibility.next)),
  };
}

const byPlatform = z.object({ platform: platformCode });
const byCategory = z.object({ categoryId: idQuery('频道 categoryId') });

async function platformExists(db: DbOrTx, code: string) {
  const [hit] = await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.code, code)).limit(1);
  return !!hit;
}

/** A family grouped by platform code: an unknown platform answers 404. */
const byPlatformFamily = (place: 'home' | 'video', summary: string) =>
  family({
    family: 'focus',
    path: `focus/${place}`,
    summary,
    query: byPlatform,
    data: focusData,
    async handler(db, { platform }, now) {
      const [known, found] = await Promise.all([platformExists(db, platform), answer(db, place, eq(PLACES[place].table.platform, platform), now)]);
      return known ? found : null;
    },
  });

export const focusHomeFamily = byPlatformFamily('home', '首页焦点图（按平台）');
export const focusVideoFamily = byPlatformFamily('video', '视频焦点图（按平台）');

export const focusChannelFamily = family({
  family: 'focus',
  path: 'focus/channel',
  summary: '频道焦点图（按频道 categoryId）',
  query: byCategory,
  data: focusData,
  async handler(db, { categoryId }, now) {
    const [[known], found] = await Promise.all([
      db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1),
      answer(db, 'channel', eq(focusChannel.categoryId, categoryId), now),
    ]);
    return known ? found : null;
  },
});

export const focusHomeRightFamily = family({
  family: 'focus',
  path: 'focus/home_right',
  summary: 'PC 首页右侧焦点图',
  query: z.object({}),
  data: focusData,
  handler: (db, _query, now) => answer(db, 'home_right', undefined, now),
});
