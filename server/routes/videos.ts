import { Hono } from 'hono';
import { arrayContains, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { VIDEO_READ_ROUTES } from '../../lib/resources/videos';
import { videoDetail, videoPage, videoRecord, videoSaveSchema, videoUpdateSchema } from '../../lib/resources/schemas/videos';
import { answers } from '../http/answer';
import { SAVE_REFUSALS } from '../editorial/save';
import { access } from '../auth/access';
import { scopeCondition } from '../auth/scope';
import { categories, users, videoStores, videos } from '../db/schema';
import type { ContentService } from '../content/check';
import { lockTokenOf, savedByOf } from '../editorial/safety';
import { VIDEO_ACTIONS, videoWorkflowTarget } from '../videos/workflow-target';
import { allOf, listQuerySchema, pageOf, parseListQuery, statusFilterSchema } from '../crud/list';
import { notFound, parseInput } from '../http/errors';
import { idFilter, idParam } from '../http/params';
import { ok } from '../http/reply';
import { jsonBody, onlySent, queryDoc, rawBody } from '../http/input';
import type { AppEnv, SessionUser } from '../http/types';
import { workflowRoutes } from '../workflow/handlers';
import { titleMatches } from '../media/title-search';
import { lockRoutes } from '../editorial/locks';
import { autosaveRoutes } from '../editorial/autosave';
import { revisionRoutes } from '../editorial/revisions';
import { createVideo, loadVideo, updateVideo, videoAutosave, videoEditorialTarget, VIDEO_EDIT_ROUTE } from '../videos/video';

/**
 * 短视频 API (SEED §7 `/api/videos`, DESIGN §5, issue 8): list with filters in the viewer's data
 * scope, one video, create, update with the version check (409 with the current record) and the
 * edit lock (423), publish through the workflow (`PUT /publish/{id}`: reviewers publish, others
 * submit for review), plus the locks and revisions every editorial item has.
 */

const EDIT_ROUTE = VIDEO_EDIT_ROUTE;

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
  status: statusFilterSchema,
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

export function videoRoutes({ contentService = {} }: { contentService?: ContentService } = {}) {
  const app = new Hono<AppEnv>();
  const target = videoEditorialTarget(contentService);
  // Locks and revisions first: `/locks` is not a video id.
  app.route('/', lockRoutes(target));
  app.route('/', revisionRoutes(target));

  app.get('/', access.anyRoute(VIDEO_READ_ROUTES), queryDoc(listQuerySchema, listFilters), answers(videoPage), async (c) => {
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

  app.route('/', workflowRoutes(videoWorkflowTarget, { actions: VIDEO_ACTIONS, readRoutes: VIDEO_READ_ROUTES, contentService }));

  // The rolling autosave of the short-video editor (issue 15), as the article editors have.
  app.route('/', autosaveRoutes(videoAutosave));

  app.get('/:id', access.anyRoute(VIDEO_READ_ROUTES), answers(videoDetail), async (c) => {
    const video = await loadVideo(c.get('db'), c.get('user')!, idParam(c));
    if (!video) throw notFound('短视频不存在');
    return ok(c, { ...video, savedBy: await savedByOf(c.get('db'), 'video', video.id, video.version) });
  });

  app.post('/', access.route(EDIT_ROUTE), jsonBody(videoSaveSchema), answers(videoRecord), async (c) =>
    ok(c, await createVideo(c, c.req.valid('json'), contentService)),
  );

  app.put('/:id', access.route(EDIT_ROUTE), jsonBody(videoUpdateSchema), answers(videoRecord, SAVE_REFUSALS), async (c) => {
    const id = idParam(c);
    const { version, ...patch } = onlySent(c, c.req.valid('json')) as z.infer<typeof videoUpdateSchema>;
    return ok(c, await updateVideo(c, { id, version, patch, contentService, lockToken: lockTokenOf(c, rawBody(c)) }));
  });

  return app;
}
