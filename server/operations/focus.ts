import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { type FocusGroup, type OfflineFocusGroup } from '../../lib/resources/operations';
import { focusChannelResource, focusHomeResource, focusHomeRightResource, focusVideoResource } from '../../lib/resources/schemas/operations';
import { isLiveStatus, STATUS } from '../../lib/resources/publishing';
import { canAccess } from '../auth/access';
import type { DbOrTx, Tx } from '../db/types';
import { articles, categories, focusChannel, focusHome, focusHomeRight, focusVideo, platforms, videos } from '../db/schema';
import { badRequest } from '../http/errors';
import type { SessionUser } from '../http/types';
import type { Values } from './common';

/**
 * The focus families (首页焦点图, 频道焦点图, 首页右侧焦点图, 视频焦点图): what a slot may show, its
 * status as a condition, and the workbench's count of slots whose content went offline. The routes:
 * server/routes/focus.ts.
 */

export type FocusTable = typeof focusHome;

/**
 * The server twins of the publishing model's rules (lib/resources/publishing.ts: `contentVisibility`,
 * `slotStatusAt`), as conditions inside the list's own query (an indexed lookup by primary key per
 * row), so neither the list nor its count asks again per row. Tests hold the two to the same answers.
 */
/** Readers see the item now: published, its offline time (if any) not passed. */
const visibleNow = (alias: 'a' | 'v') =>
  sql.raw(`${alias}."status" = ${STATUS.published} AND (${alias}."offline_at" IS NULL OR ${alias}."offline_at" > now())`);
/** Scheduled, not out yet: readers will see it when the scheduler publishes it. */
const notOutYet = (alias: 'a' | 'v') => sql.raw(`${alias}."status" = ${STATUS.scheduled}`);

/**
 * The slot's article or short video is no longer shown to readers and is not about to be (taken
 * offline, withdrawn, back to draft, or gone): issue 15, review P2-4.
 */
export const focusTargetOffline = (t: FocusTable) =>
  sql<boolean>`((${t.articleId} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "articles" AS a WHERE a."id" = ${t.articleId} AND (${visibleNow('a')} OR ${notOutYet('a')})))
    OR (${t.videoId} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "videos" AS v WHERE v."id" = ${t.videoId} AND (${visibleNow('v')} OR ${notOutYet('v')}))))`;

/**
 * The slot's article or short video is scheduled and not out yet: the slot reads 待发布 and readers
 * do not see it before the item is published (issue 24, review P2-2).
 */
export const focusTargetPending = (t: FocusTable) =>
  sql<boolean>`((${t.articleId} IS NOT NULL AND EXISTS (SELECT 1 FROM "articles" AS a WHERE a."id" = ${t.articleId} AND ${notOutYet('a')}))
    OR (${t.videoId} IS NOT NULL AND EXISTS (SELECT 1 FROM "videos" AS v WHERE v."id" = ${t.videoId} AND ${notOutYet('v')})))`;

/** When that scheduled article or video goes out (null otherwise). */
export const focusTargetPublishAt = (t: FocusTable) =>
  sql<Date | null>`coalesce((SELECT a."publish_at" FROM "articles" AS a WHERE a."id" = ${t.articleId} AND ${notOutYet('a')}), (SELECT v."publish_at" FROM "videos" AS v WHERE v."id" = ${t.videoId} AND ${notOutYet('v')}))`.mapWith(
    articles.publishAt,
  );

/** Not ended (no end, or an end still to come). */
const notEnded = (t: FocusTable) => sql`(${t.endAt} IS NULL OR ${t.endAt} > now())`;

/**
 * The status filter, as `slotStatus` reads a row: expired, then switched off, then 内容已下线 (it
 * would show, but its content is gone), then 待发布 (its content is not out yet), then scheduled or
 * live. Each slot is in exactly one.
 */
export const statusCondition =
  (t: FocusTable) =>
  (value: string): SQL | undefined => {
    const open = sql`${t.enabled} AND ${notEnded(t)}`;
    switch (value) {
      case 'live':
        return sql`${open} AND ${t.startAt} <= now() AND NOT ${focusTargetOffline(t)} AND NOT ${focusTargetPending(t)}`;
      case 'scheduled':
        return sql`${open} AND ${t.startAt} > now() AND NOT ${focusTargetOffline(t)} AND NOT ${focusTargetPending(t)}`;
      case 'pending':
        return sql`${open} AND ${focusTargetPending(t)}`;
      case 'offline':
        return sql`${open} AND ${focusTargetOffline(t)}`;
      case 'expired':
        return sql`${t.endAt} IS NOT NULL AND ${t.endAt} <= now()`;
      case 'disabled':
        return sql`NOT ${t.enabled} AND ${notEnded(t)}`;
      // The list's default: still in play (live, scheduled, 待发布 or 内容已下线), not switched off nor ended.
      case 'current':
        return open;
      default:
        return undefined;
    }
  };

/**
 * Slots that would show now or later but whose content readers cannot open (gone, or not out yet):
 * what the workbench counts, each with its reason.
 */
export const focusShowsOffline = (t: FocusTable) => sql`${t.enabled} AND ${notEnded(t)} AND (${focusTargetOffline(t)} OR ${focusTargetPending(t)})`;
const unseenReason = (t: FocusTable) => sql<'offline' | 'pending'>`case when ${focusTargetOffline(t)} then 'offline' else 'pending' end`;

/** What a slot shows: an article, a video or a link; the article or video must exist. */
export async function assertTarget(tx: Tx, slot: Values) {
  const articleId = (slot.articleId as number | null | undefined) ?? null;
  const videoId = (slot.videoId as number | null | undefined) ?? null;
  if (articleId && videoId) throw badRequest('一个焦点图只能选一篇文章或一个视频', { articleId: '一个焦点图只能选一篇文章或一个视频' });
  if (!articleId && !videoId && !slot.url) throw badRequest('请选择文章或视频，或填写链接', { url: '请选择文章或视频，或填写链接' });
  // Only what the slot form's search offers (published or scheduled): a draft's id would put an
  // unreviewed item on the site, and the slot list would show any draft's title to an operator.
  if (articleId) {
    const [hit] = await tx.select({ id: articles.id, status: articles.status }).from(articles).where(eq(articles.id, articleId)).limit(1);
    if (!hit) throw badRequest('文章不存在', { articleId: '文章不存在' });
    if (!isLiveStatus(hit.status)) throw badRequest('只能选择已发布或定时发布的文章', { articleId: '只能选择已发布或定时发布的文章' });
  }
  if (videoId) {
    const [hit] = await tx.select({ id: videos.id, status: videos.status }).from(videos).where(eq(videos.id, videoId)).limit(1);
    if (!hit) throw badRequest('视频不存在', { articleId: '视频不存在' });
    if (!isLiveStatus(hit.status)) throw badRequest('只能选择已发布或定时发布的视频', { articleId: '只能选择已发布或定时发布的视频' });
  }
}

export async function assertGroup(tx: Tx, group: FocusGroup, slot: Values) {
  if (group === 'platform') {
    const [hit] = await tx
      .select({ id: platforms.id })
      .from(platforms)
      .where(eq(platforms.code, slot.platform as string))
      .limit(1)
      .for('key share');
    if (!hit) throw badRequest('平台不存在', { platform: '平台不存在' });
  }
  if (group === 'category') {
    const [hit] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, slot.categoryId as number))
      .limit(1)
      .for('key share');
    if (!hit) throw badRequest('频道不存在', { categoryId: '频道不存在' });
  }
}

/** The focus families, with the screen each is arranged on. */
const FOCUS_SCREENS: Array<{ label: string; permission: string; table: FocusTable; group: FocusGroup; href: string }> = [
  { label: focusHomeResource.label, permission: focusHomeResource.permission, table: focusHome, group: 'platform', href: '/operation/focus' },
  {
    label: focusChannelResource.label,
    permission: focusChannelResource.permission,
    table: focusChannel as unknown as FocusTable,
    group: 'category',
    href: '/operation/pcfocus',
  },
  {
    label: focusHomeRightResource.label,
    permission: focusHomeRightResource.permission,
    table: focusHomeRight as unknown as FocusTable,
    group: 'none',
    href: '/operation/pcfocus?tab=right',
  },
  {
    label: focusVideoResource.label,
    permission: focusVideoResource.permission,
    table: focusVideo as unknown as FocusTable,
    group: 'platform',
    href: '/operation/videofocus',
  },
];

/**
 * The workbench's reminder (issue 15, review P2-4): slots that would show now or later whose
 * article or video is no longer published, counted per screen and platform or channel, each with
 * the link that opens that list filtered to 内容已下线. One grouped count per family the person
 * holds; null for someone who holds no focus screen.
 */
export async function offlineFocusSlots(db: DbOrTx, user: SessionUser): Promise<OfflineFocusGroup[] | null> {
  const held = FOCUS_SCREENS.filter((f) => canAccess(user, f.permission));
  if (!held.length) return null;
  const filtered = (href: string, reason: 'offline' | 'pending', params: Record<string, string> = {}) => {
    const [path, query] = href.split('?');
    const search = new URLSearchParams(query);
    for (const [k, v] of Object.entries(params)) search.set(k, v);
    search.set('status', reason);
    return `${path}?${search.toString()}`;
  };
  const parts = await Promise.all(
    held.map(async ({ label, table: t, group, href }): Promise<OfflineFocusGroup[]> => {
      if (group === 'platform') {
        const rows = await db
          .select({ code: t.platform, name: platforms.name, reason: unseenReason(t), n: count() })
          .from(t)
          .leftJoin(platforms, eq(platforms.code, t.platform))
          .where(focusShowsOffline(t))
          .groupBy(t.platform, platforms.name, sql`3`)
          .orderBy(asc(t.platform), sql`3`);
        return rows.map((r) => ({
          label: `${label} · ${r.name ?? r.code}`,
          href: filtered(href, r.reason, { platform: r.code }),
          count: r.n,
          reason: r.reason,
        }));
      }
      if (group === 'category') {
        const rows = await db
          .select({ id: t.categoryId, name: categories.name, reason: unseenReason(t), n: count() })
          .from(t)
          .leftJoin(categories, eq(categories.id, t.categoryId))
          .where(focusShowsOffline(t))
          .groupBy(t.categoryId, categories.name, sql`3`)
          .orderBy(asc(t.categoryId), sql`3`);
        return rows.map((r) => ({
          label: `${label} · ${r.name ?? `#${r.id}`}`,
          href: filtered(href, r.reason, { categoryId: String(r.id) }),
          count: r.n,
          reason: r.reason,
        }));
      }
      const rows = await db
        .select({ reason: unseenReason(t), n: count() })
        .from(t)
        .where(focusShowsOffline(t))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return rows.map((r) => ({ label, href: filtered(href, r.reason), count: r.n, reason: r.reason }));
    }),
  );
  return parts.flat();
}

/** Every operations route, mounted under `/api`. */
