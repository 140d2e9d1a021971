import { Hono, type Context } from 'hono';
import { and, arrayContains, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { VIDEO_READ_ROUTES, videoSaveSchema, videoUpdateSchema } from '../../lib/resources/videos';
import { access } from '../auth/access';
import { scopeCondition } from '../auth/scope';
import type { DbOrTx, Tx } from '../db/types';
import { categories, mediaUsage, tags, users, videoStores, videos } from '../db/schema';
import { checkContent, videoCheckTexts, type ContentService } from '../content/check';
import { assertMayWrite, conflictContext, lockTokenOf, recordRevision, savedByOf } from '../editorial/safety';
import { assertMayChangeLive } from '../workflow/engine';
import { videoWorkflowTarget } from '../workflow/targets';
import { allOf, pageOf, parseListQuery } from '../crud/list';
import { logOperation } from '../crud/oplog';
import { ApiError, badRequest, notFound, parseInput } from '../http/errors';
import { idFilter, idParam } from '../http/params';
import { ok } from '../http/reply';
import { readJson } from '../http/body';
import type { AppEnv, SessionUser } from '../http/types';
import { actionHandler, historyHandler, publishHandler } from '../workflow/handlers';
import { titleMatches } from './media';
import { lockRoutes } from '../editorial/locks';
import { autosaveRoutes, videoCopySchema } from '../editorial/autosave';
import { revisionRoutes } from '../editorial/revisions';
import type { EditorialTarget } from '../editorial/target';

/**
 * 短视频 API (SEED §7 `/api/videos`, DESIGN §5, issue 8): list with filters in the viewer's data
 * scope, one video, create, update with the version check (409 with the current record) and the
 * edit lock (423), publish through the workflow (`PUT /publish/{id}`: reviewers publish, others
 * submit for review), plus the locks and revisions every editorial item has.
 */

const EDIT_ROUTE = '/article/createVideo';
const REVIEW_ROUTE = '/article/check';

const scope = (user: SessionUser) => scopeCondition(user, { userColumn: videos.editorId, departmentColumn: videos.departmentId });

const listColumns = {
  id: videos.id,
  title: videos.title,
  cover: videos.cover,
  videoStoreId: videos.videoStoreId,
  videoTitle: videoStores.title,
  videoUrl: videoStores.url,
  duration: videoStores.duration,
  categoryId: videos.categoryId,
  categoryName: categories.name,
  tagIds: videos.tagIds,
  editorId: videos.editorId,
  editorName: users.name,
  status: videos.status,
  publishAt: videos.publishAt,
  publishedAt: videos.publishedAt,
  reviewComment: videos.reviewComment,
  updatedAt: videos.updatedAt,
  version: videos.version,
};

const time = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}必须是 ISO-8601 时间` })
    .refine((v) => {
      const y = new Date(v).getUTCFullYear();
      return y >= 1970 && y <= 9999;
    }, `${label}超出范围（1970–9999 年）`)
    .optional();

const listFilters = z.object({
  status: z.coerce.number({ error: '状态不正确' }).int().min(0, '状态不正确').max(5, '状态不正确').optional(),
  categoryId: z.string().optional(),
  tagId: z.string().optional(),
  editorId: z.string().optional(),
  from: time('开始时间'),
  to: time('结束时间'),
});

const byId = (column: typeof videos.categoryId | typeof videos.editorId, value?: string) => {
  if (value === undefined) return undefined;
  const id = idFilter(value);
  return id === null ? sql`false` : eq(column, id);
};

const reviewers = alias(users, 'reviewers');

/** One video with the names the form shows. */
export async function loadVideo(db: DbOrTx, user: SessionUser, id: number) {
  const [row] = await db
    .select({ video: videos, videoTitle: videoStores.title, videoUrl: videoStores.url, duration: videoStores.duration, videoCover: videoStores.cover, categoryName: categories.name, editorName: users.name, reviewerName: reviewers.name })
    .from(videos)
    .leftJoin(videoStores, eq(videoStores.id, videos.videoStoreId))
    .leftJoin(categories, eq(categories.id, videos.categoryId))
    .leftJoin(users, eq(users.id, videos.editorId))
    // The reviewer of the last decision: the editor shows who rejected it (issue 8).
    .leftJoin(reviewers, eq(reviewers.id, videos.reviewerId))
    .where(allOf([eq(videos.id, id), scope(user)]))
    .limit(1);
  if (!row) return undefined;
  const { video, ...names } = row;
  return { ...video, ...names };
}

type SaveInput = Partial<z.infer<typeof videoSaveSchema>>;

/** Every referenced record exists, read FOR KEY SHARE so it cannot be deleted under this save (issue 14). */
async function assertReferences(tx: DbOrTx, input: SaveInput) {
  const errors: Record<string, string> = {};
  if (input.videoStoreId !== undefined) {
    const [v] = await tx.select({ id: videoStores.id }).from(videoStores).where(eq(videoStores.id, input.videoStoreId));
    if (!v) errors.videoStoreId = '视频不在视频库中（可能已被删除）';
  }
  if (typeof input.categoryId === 'number') {
    const [c] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).for('key share');
    if (!c) errors.categoryId = '分类不存在';
  }
  if (input.tagIds?.length) {
    const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, input.tagIds)).for('key share');
    if (found.length !== input.tagIds.length) errors.tagIds = '部分标签不存在';
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
}

/** The library video this short video uses (DESIGN §9 "where used"). */
async function recordUsage(tx: Tx, v: { id: number; title: string; videoStoreId: number }) {
  await tx.delete(mediaUsage).where(and(eq(mediaUsage.ownerType, 'video'), eq(mediaUsage.ownerId, v.id)));
  await tx.insert(mediaUsage).values({ mediaKind: 'video', mediaId: v.videoStoreId, ownerType: 'video', ownerId: v.id, ownerTitle: v.title.slice(0, 128) }).onConflictDoNothing();
}

/** A version- and lock-checked save of a short video (PUT and a restore of a revision). */
export async function updateVideo(
  c: Context<AppEnv>,
  { id, version, patch, contentService, lockToken, revision = { kind: 'save' } }: { id: number; version: number; patch: SaveInput; contentService: ContentService; lockToken?: string; revision?: { kind: 'save' | 'restore'; note?: string } },
) {
  const user = c.get('user')!;
  return c.get('db').transaction(async (tx) => {
    const before = await loadVideo(tx, user, id);
    if (!before) throw notFound('短视频不存在');
    assertMayChangeLive(videoWorkflowTarget, user, before.status);
    await assertMayWrite(tx, { resource: 'video', id, token: lockToken, label: '短视频', userId: user.id });
    await assertReferences(tx, patch);
    const merged = { ...before, ...patch };
    const checkResult = await checkContent(tx, videoCheckTexts(merged), contentService);
    const done = await tx
      .update(videos)
      .set({ ...patch, checkResult, version: sql`${videos.version} + 1`, updatedAt: new Date() })
      .where(and(eq(videos.id, id), eq(videos.version, version)))
      .returning({ id: videos.id });
    if (!done.length) {
      const context = await conflictContext(tx, 'video', id, { from: version, current: before.version });
      const who = context.savedBy?.name ?? '他人';
      throw new ApiError(409, `短视频已被${who}在你打开之后修改（你的版本 ${version}，当前版本 ${before.version}），请对比后再保存`, { version: '版本已过期' }, { current: { ...before, savedBy: context.savedBy }, base: context.base });
    }
    const after = (await loadVideo(tx, user, id))!;
    await recordUsage(tx, after);
    await recordRevision(tx, { resource: 'video', id, kind: revision.kind, userId: user.id, note: revision.note });
    await logOperation(tx, c, { type: 'update', resource: 'videos', resourceId: id, summary: `${revision.kind === 'restore' ? '恢复' : '修改'}短视频「${after.title}」`, before, after });
    return after;
  });
}

/** Short videos as an editorial target (locks, revisions). */
export function videoEditorialTarget(contentService: ContentService): EditorialTarget {
  return {
    resource: 'video',
    label: '短视频',
    readRoutes: [...VIDEO_READ_ROUTES],
    editRoutes: [EDIT_ROUTE],
    listRoutes: ['/article/videoList'],
    load: (db, user, id) => loadVideo(db, user, id),
    patchSchema: videoUpdateSchema.omit({ version: true }),
    copySchema: videoCopySchema,
    workflow: videoWorkflowTarget,
    mayEdit: (user) => user.routes.has(EDIT_ROUTE),
    save: (c, { id, version, patch, lockToken, revision }) => updateVideo(c, { id, version, patch, contentService, lockToken, revision }),
  };
}

export function videoRoutes({ contentService = {} }: { contentService?: ContentService } = {}) {
  const app = new Hono<AppEnv>();
  const target = videoEditorialTarget(contentService);
  // Locks and revisions first: `/locks` is not a video id.
  app.route('/', lockRoutes(target));
  app.route('/', revisionRoutes(target));

  app.get('/', access.anyRoute(VIDEO_READ_ROUTES), async (c) => {
    const query = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ''));
    const { page, pageSize, keyword } = parseListQuery(query);
    const f = parseInput(listFilters, query);
    const where = allOf([
      scope(c.get('user')!),
      keyword ? titleMatches(videos.title, keyword) : undefined,
      f.status !== undefined ? eq(videos.status, f.status) : undefined,
      byId(videos.categoryId, f.categoryId),
      byId(videos.editorId, f.editorId),
      f.tagId === undefined ? undefined : idFilter(f.tagId) === null ? sql`false` : arrayContains(videos.tagIds, [idFilter(f.tagId)!]),
      f.from ? gte(videos.updatedAt, new Date(f.from)) : undefined,
      f.to ? lte(videos.updatedAt, new Date(f.to)) : undefined,
    ]);
    const db = c.get('db');
    const select = db
      .select(listColumns)
      .from(videos)
      .leftJoin(videoStores, eq(videoStores.id, videos.videoStoreId))
      .leftJoin(categories, eq(categories.id, videos.categoryId))
      .leftJoin(users, eq(users.id, videos.editorId))
      .where(where)
      .orderBy(desc(videos.updatedAt), desc(videos.id));
    return ok(c, await pageOf(db, { query: select, table: videos, where, page, pageSize, cap: 10_000 }));
  });

  app.put('/publish/:id', access.anyRoute([EDIT_ROUTE, REVIEW_ROUTE]), publishHandler(videoWorkflowTarget, contentService));
  app.put('/submit/:id', access.anyRoute([EDIT_ROUTE, REVIEW_ROUTE]), actionHandler(videoWorkflowTarget, 'submit', contentService));
  app.put('/withdraw/:id', access.anyRoute([EDIT_ROUTE, REVIEW_ROUTE]), actionHandler(videoWorkflowTarget, 'withdraw', contentService));
  app.put('/offline/:id', access.route(REVIEW_ROUTE), actionHandler(videoWorkflowTarget, 'offline', contentService));
  app.put('/republish/:id', access.route(REVIEW_ROUTE), actionHandler(videoWorkflowTarget, 'republish', contentService));
  app.get('/events/:id', access.anyRoute(VIDEO_READ_ROUTES), historyHandler(videoWorkflowTarget));

  // The rolling autosave of the short-video editor (issue 15), as the article editors have.
  app.route(
    '/',
    autosaveRoutes({
      editRoutes: [EDIT_ROUTE],
      kinds: ['short'],
      dataSchema: videoCopySchema,
      slotOf: async (c) => {
        if (c.req.param('id') === 'new') return { articleId: 0, kind: 'short' };
        const video = await loadVideo(c.get('db'), c.get('user')!, idParam(c));
        if (!video) throw notFound('短视频不存在');
        return { articleId: video.id, kind: 'short' };
      },
    }),
  );

  app.get('/:id', access.anyRoute(VIDEO_READ_ROUTES), async (c) => {
    const video = await loadVideo(c.get('db'), c.get('user')!, idParam(c));
    if (!video) throw notFound('短视频不存在');
    return ok(c, { ...video, savedBy: await savedByOf(c.get('db'), 'video', video.id, video.version) });
  });

  app.post('/', access.route(EDIT_ROUTE), async (c) => {
    const input = parseInput(videoSaveSchema, await readJson(c));
    const user = c.get('user')!;
    const created = await c.get('db').transaction(async (tx) => {
      await assertReferences(tx, input);
      // No cover chosen: the library video's poster.
      const [source] = await tx.select({ cover: videoStores.cover }).from(videoStores).where(eq(videoStores.id, input.videoStoreId));
      const checkResult = await checkContent(tx, videoCheckTexts(input), contentService);
      const [{ id }] = await tx
        .insert(videos)
        .values({ ...input, cover: input.cover || source?.cover || '', categoryId: input.categoryId ?? null, checkResult, editorId: user.id, departmentId: user.departmentId })
        .returning({ id: videos.id });
      const after = (await loadVideo(tx, user, id))!;
      await recordUsage(tx, after);
      await recordRevision(tx, { resource: 'video', id, kind: 'create', userId: user.id });
      await logOperation(tx, c, { type: 'create', resource: 'videos', resourceId: id, summary: `新建短视频「${after.title}」`, after });
      return after;
    });
    return ok(c, created);
  });

  app.put('/:id', access.route(EDIT_ROUTE), async (c) => {
    const id = idParam(c);
    const raw = await readJson(c);
    const parsed = parseInput(videoUpdateSchema, raw);
    const sent = raw && typeof raw === 'object' ? Object.keys(raw) : [];
    const { version, ...patch } = Object.fromEntries(Object.entries(parsed).filter(([k]) => sent.includes(k))) as z.infer<typeof videoUpdateSchema>;
    return ok(c, await updateVideo(c, { id, version, patch, contentService, lockToken: lockTokenOf(c, raw) }));
  });

  return app;
}
