import { Hono } from 'hono';
import { z } from 'zod';
import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { slotStatus, type FocusGroup } from '../../lib/resources/operations';
import {
  flushedSlot,
  focusChannelResource,
  focusHomeResource,
  focusHomeRightResource,
  focusTargetsAnswer,
  focusVideoResource,
} from '../../lib/resources/schemas/operations';
import { answers } from '../http/answer';
import { access } from '../auth/access';
import { articles, focusChannel, focusHome, focusHomeRight, focusVideo, videos } from '../db/schema';
import { likePattern } from '../crud/list';
import { crudRoutes, type CrudOptions } from '../crud/crud-routes';
import { logOperation } from '../crud/oplog';
import { keywordCondition } from '../articles/list';
import { ApiError, notFound } from '../http/errors';
import { idParam } from '../http/params';
import { queryInput } from '../http/input';
import { ok } from '../http/reply';
import type { AppEnv } from '../http/types';
import { assertPeriod, byEnabled, byId, byText } from '../operations/common';
import { LIVE_STATUSES } from '../../lib/resources/publishing';
import { writeEvent } from '../events';
import { surrogate } from '../events/keys';
import { focusEvents } from '../delivery/families/events';
import { focusPlaceOf, focusSlotNow } from '../delivery/families/focus';
import { assertGroup, assertTarget, focusTargetOffline, focusTargetPending, focusTargetPublishAt, statusCondition, type FocusTable } from '../operations/focus';

/**
 * 焦点图 (SEED §7, issue 15): the four focus families, each a crud sub-app (server/crud/crud-routes.ts)
 * over the rules of server/operations/focus.ts; 首页右侧焦点图's `PUT /flush/{id}`; and the slot form's
 * search (`GET /api/focus_targets`).
 */

export interface FocusFlushDeps {
  /** Where 刷新 pushes a right-side home slot (FOCUS_FLUSH_URL); without it only the time is recorded. */
  focusFlushUrl?: string;
  /** Outside calls (tests pass their own). */
  fetch?: typeof fetch;
}

function focusRoutes(resource: typeof focusHomeResource, table: FocusTable, group: FocusGroup, extra: Pick<CrudOptions, 'extend'> = {}) {
  const t = table;
  const groupColumn = group === 'platform' ? t.platform : group === 'category' ? t.categoryId : undefined;
  // The picked article's or video's title, for the list (one indexed lookup per shown row).
  const targetTitle = sql<
    string | null
  >`coalesce((SELECT a."title" FROM "articles" AS a WHERE a."id" = ${t.articleId}), (SELECT v."title" FROM "videos" AS v WHERE v."id" = ${t.videoId}))`;
  const flushed = (t as unknown as { flushedAt?: AnyPgColumn }).flushedAt;
  const place = focusPlaceOf(resource.name)!;
  const routes: ReturnType<typeof crudRoutes<typeof resource.schema, FocusTable>> = crudRoutes({
    resource,
    table: t,
    columns: {
      id: t.id,
      title: t.title,
      image: t.image,
      url: t.url,
      articleId: t.articleId,
      videoId: t.videoId,
      targetTitle: targetTitle.as('target_title'),
      targetOffline: focusTargetOffline(t).as('target_offline'),
      targetPending: focusTargetPending(t).as('target_pending'),
      targetPublishAt: focusTargetPublishAt(t).as('target_publish_at'),
      platform: t.platform,
      categoryId: t.categoryId,
      startAt: t.startAt,
      endAt: t.endAt,
      sort: t.sort,
      enabled: t.enabled,
      ...(flushed ? { flushedAt: flushed } : {}),
      updatedAt: t.updatedAt,
    },
    filters: {
      enabled: byEnabled(t.enabled),
      status: statusCondition(t),
      ...(group === 'platform' ? { platform: byText(t.platform) } : {}),
      ...(group === 'category' ? { categoryId: byId(t.categoryId) } : {}),
    },
    orderBy: groupColumn ? [asc(groupColumn), asc(t.sort), asc(t.id)] : [asc(t.sort), asc(t.id)],
    sortGroup: groupColumn,
    // Every write tells the site its place's slots changed (DESIGN §12).
    events: focusEvents(place),
    hooks: {
      async beforeCreate({ tx }, values) {
        assertPeriod(values.startAt, values.endAt);
        await assertGroup(tx, group, values);
        await assertTarget(tx, values);
        return {
          ...values,
          articleId: values.articleId ?? null,
          videoId: values.videoId ?? null,
          endAt: values.endAt ?? null,
        };
      },
      async beforeUpdate({ tx }, before, patch) {
        const merged = { ...before, ...patch };
        if ('startAt' in patch || 'endAt' in patch) assertPeriod(merged.startAt, merged.endAt);
        const movesGroup =
          groupColumn && (('platform' in patch && patch.platform !== before.platform) || ('categoryId' in patch && patch.categoryId !== before.categoryId));
        if (movesGroup) await assertGroup(tx, group, merged);
        if ('articleId' in patch || 'videoId' in patch || 'url' in patch) await assertTarget(tx, merged);
        // A slot moved to another platform or channel goes to the end of that list.
        return movesGroup ? { ...patch, sort: await routes.nextSort(tx, merged) } : patch;
      },
    },
    ...extra,
  });
  return routes;
}

export const focusHomeRoutes = focusRoutes(focusHomeResource, focusHome, 'platform');
export const focusChannelRoutes = focusRoutes(focusChannelResource, focusChannel as unknown as FocusTable, 'category');
export const focusVideoRoutes = focusRoutes(focusVideoResource, focusVideo as unknown as FocusTable, 'platform');

/**
 * 首页右侧焦点图 with `PUT /flush/{id}`: pushes the slot as it is now to the site (FOCUS_FLUSH_URL,
 * when configured) and records when. A push that fails records nothing and says why.
 */
export function focusHomeRightRoutes({ focusFlushUrl, fetch: fetcher = fetch }: FocusFlushDeps = {}) {
  const routes: ReturnType<typeof focusRoutes> = focusRoutes(focusHomeRightResource, focusHomeRight as unknown as FocusTable, 'none', {
    extend(app) {
      app.put('/flush/:id', access.route(focusHomeRightResource.permission), answers(flushedSlot, { 502: '推送到网站失败' }), async (c) => {
        const id = idParam(c);
        const slot = await routes.getOne(c.get('db'), c.get('user')!, id);
        if (!slot) throw notFound('首页右侧焦点图不存在');
        // The push keeps its four time-based statuses; `slot.targetOffline` says the content is gone.
        const status = slotStatus({ enabled: slot.enabled as boolean, startAt: slot.startAt as Date, endAt: slot.endAt as Date | null });
        let pushed = false;
        if (focusFlushUrl) {
          try {
            const res = await fetcher(focusFlushUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ family: 'focus_home_right', status, slot }),
              signal: AbortSignal.timeout(5000),
            });
            if (!res.ok) throw new Error(`HTTP ${res.status}`);
            pushed = true;
          } catch (err) {
            throw new ApiError(502, `推送到网站失败（${(err as Error).message}），未记录刷新时间，请稍后重试`);
          }
        }
        const after = await routes.inTransaction(c, async ({ tx }) => {
          const at = new Date();
          await tx.update(focusHomeRight).set({ flushedAt: at }).where(eq(focusHomeRight.id, id));
          const row = (await routes.getOne(tx, c.get('user')!, id))!;
          // 刷新 is an event of its own (DESIGN §12): webhooks subscribed to it hear of it, FOCUS_FLUSH_URL above keeps working.
          const seen = await focusSlotNow(tx, 'home_right', id, at);
          await writeEvent(tx, {
            type: 'focus.flushed',
            contentType: focusHomeRightResource.name,
            contentId: id,
            action: 'flush',
            data: { status, pushed, userId: c.get('user')!.id },
            item: seen?.visibility.visible ? seen.item : null,
            keys: [surrogate.focus('home_right')],
            at,
          });
          await logOperation(tx, c, {
            type: 'flush',
            resource: 'focus_home_right',
            resourceId: id,
            summary: `刷新首页右侧焦点图「${slot.title}」${pushed ? '（已推送到网站）' : '（未配置推送地址，仅记录时间）'}`,
            before: slot,
            after: row,
          });
          return row;
        });
        return ok(c, { ...after, pushed, note: pushed ? '已推送到网站' : '未配置推送地址（FOCUS_FLUSH_URL），已记录刷新时间' });
      });
    },
  });
  return routes;
}

const FOCUS_ROUTES = ['/operation/focus', '/operation/pcfocus', '/operation/videofocus'] as const;

/**
 * `GET /api/focus_targets?kind=article|video&keyword=`: the slot form's search. Operators hold the
 * focus screens, not the article list, so the search is theirs: titles only, at most 20, newest first.
 * Videos: published or scheduled short videos, by title.
 */
const focusTargetQuery = z.object({
  kind: z.enum(['article', 'video']).default('article'),
  keyword: z.string().trim().max(64, '关键词不能超过 64 个字符').default(''),
});
export const focusTargetRoutes = new Hono<AppEnv>().get(
  '/',
  access.anyRoute(FOCUS_ROUTES),
  queryInput(focusTargetQuery),
  answers(focusTargetsAnswer),
  async (c) => {
    const q = c.req.valid('query');
    const db = c.get('db');
    if (q.kind === 'article') {
      const list = await db
        .select({ id: articles.id, title: articles.title, cover: articles.cover, status: articles.status, publishedAt: articles.publishedAt })
        .from(articles)
        .where(and(inArray(articles.status, [...LIVE_STATUSES]), q.keyword ? keywordCondition(q.keyword) : undefined))
        .orderBy(desc(articles.updatedAt), desc(articles.id))
        .limit(20);
      return ok(c, { list, available: true });
    }
    const list = await db
      .select({ id: videos.id, title: videos.title, cover: videos.cover, status: videos.status, publishedAt: videos.publishedAt })
      .from(videos)
      .where(and(inArray(videos.status, [...LIVE_STATUSES]), q.keyword ? ilike(videos.title, likePattern(q.keyword)) : undefined))
      .orderBy(desc(videos.updatedAt), desc(videos.id))
      .limit(20);
    return ok(c, { list, available: true });
  },
);
