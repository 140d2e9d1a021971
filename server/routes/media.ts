import { and, arrayContains, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { INT4_MAX } from '../../lib/constants';
import {
  picStoreResource,
  picStoreTagResource,
  videoStoreResource,
  videoStoreTagResource,
  picRegisterSchema,
  videoRegisterSchema,
  checkVerdict,
  libraryIds,
  mediaUseList,
  picsByIds,
  uploaderList,
  videosByIds,
} from '../../lib/resources/schemas/media';
import { answers } from '../http/answer';
import { access } from '../auth/access';
import { departments, mediaUsage, picStores, picStoreTags, users, videoStores, videoStoreTags } from '../db/schema';
import { crudRoutes } from '../crud/crud-routes';
import { badRequest, notFound } from '../http/errors';
import { idFilter, idParam } from '../http/params';
import { ok } from '../http/reply';
import { jsonBody, queryInput } from '../http/input';
import type { StorageConfig } from '../storage/config';
import { titleSearch } from '../media/title-search';
import {
  assertMayChange,
  assertMayChangeShown,
  assertTagsExist,
  changeTags,
  maskOutOfScope,
  playUrl,
  registerItem,
  removeItems,
  replacePoster,
  runCheck,
  uploadersOf,
  type Library,
  type ShownFields,
} from '../media/library';
import type { Catalogue } from '../crud/catalogue';
import type { ContentService } from '../content/check';
import { BODY_LIMITS } from '../../lib/resources/articles';

/** 图片库 / 视频库 (DESIGN §4, §9) and their tags; the rules are server/media/library.ts. */

/** The library's own tags: GET, POST, PUT (SEED §7), drag-sorted; readable by every signed-in user. */
export const picStoreTagRoutes = crudRoutes({
  resource: picStoreTagResource,
  table: picStoreTags,
  columns: { id: picStoreTags.id, name: picStoreTags.name, sort: picStoreTags.sort },
});
export const videoStoreTagRoutes = crudRoutes({
  resource: videoStoreTagResource,
  table: videoStoreTags,
  columns: { id: videoStoreTags.id, name: videoStoreTags.name, sort: videoStoreTags.sort },
});

/** `POST /api/pic_stores/batch`, `/api/video_stores/batch`: tags added or removed, or items deleted, at most 100 at once. */
const batchSchema = z.object({
  action: z.enum(['addTags', 'removeTags', 'delete'], { error: '不支持的批量操作' }),
  ids: z.array(z.number().int().positive().max(INT4_MAX), { error: '请选择素材' }).min(1, '请选择素材').max(100, '一次最多 100 个'),
  tagIds: z.array(z.number().int().positive().max(INT4_MAX)).max(50).default([]),
});

/**
 * `ids=3,1,2`: the library items a body names, at most as many as a body may hold (BODY_LIMITS),
 * for the preview to resolve a whole body in one call per library (issue 14 F9).
 */
export const byIdsQuery = z.object({
  ids: z
    .string({ error: '请指定素材编号' })
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, '素材编号必须是用逗号分隔的正整数')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id <= INT4_MAX), '素材编号超出范围')
    .refine((ids) => ids.length <= BODY_LIMITS.pictures, `一次最多 ${BODY_LIMITS.pictures} 个素材`),
});

const uploaderQuery = z.object({
  keyword: z.string().trim().max(32, '关键词最多 32 个字符').optional(),
  ids: z.string().max(600).optional(),
});

/**
 * Library totals stop counting at 1 000 ("1000+"): a person narrows a million pictures with filters,
 * not by paging, and counting a tenth of them for every page cost 60 ms (docs/bench.md).
 */
const LIST_CAP = 1_000;

/** A library item still used somewhere is not deleted (409, naming the uses); only one's own (or one's department's) uploads (403). */
const IN_USE = { 403: '只能删除自己（或本部门）上传的素材', 409: '素材正在使用中' };

/** 图片库 / 视频库: list (filters, newest first, capped total), get, register, update, delete, batch. */
export function libraryRoutes(storage: StorageConfig, lib: Library, catalogue: Catalogue, contentService: ContentService = {}) {
  const { kind, table, tagTable, resource } = lib;
  const t = table as typeof picStores;
  const usageCount = sql<number>`(SELECT count(*)::int FROM "media_usage" AS mu WHERE mu."media_kind" = ${kind} AND mu."media_id" = ${sql.raw(`"${kind === 'pic' ? 'pic_stores' : 'video_stores'}"."id"`)})`;
  const columns = {
    id: t.id,
    title: t.title,
    url: t.url,
    mime: t.mime,
    size: t.size,
    width: t.width,
    height: t.height,
    tagIds: t.tagIds,
    uploaderId: t.uploaderId,
    uploaderName: users.name,
    uploaderDepartment: departments.name,
    uploaderDepartmentId: users.departmentId,
    checkStatus: t.checkStatus,
    checkNote: t.checkNote,
    createdAt: t.createdAt,
    usageCount: usageCount.as('usage_count'),
    ...(kind === 'pic' ? { thumbUrl: picStores.thumbUrl } : { duration: videoStores.duration, cover: videoStores.cover }),
  };
  const time = (label: string) => (v: string) => {
    const d = new Date(v);
    const year = d.getUTCFullYear();
    if (Number.isNaN(d.getTime()) || year < 1970 || year > 9999)
      throw badRequest(`${label}不是有效的时间`, { [label === '开始时间' ? 'from' : 'to']: `${label}不是有效的时间` });
    return d;
  };

  const routes = crudRoutes({
    resource,
    table,
    columns,
    joins: (q) => (q as any).leftJoin(users, eq(users.id, t.uploaderId)).leftJoin(departments, eq(departments.id, users.departmentId)),
    orderBy: [desc(t.createdAt), desc(t.id)],
    countCap: LIST_CAP,
    filters: {
      keyword: (v, _query, db) => titleSearch(db, table, v),
      tagId: (v) => {
        const id = idFilter(v);
        return id === null ? sql`false` : arrayContains(t.tagIds, [id]);
      },
      uploaderId: (v) => {
        const id = idFilter(v);
        return id === null ? sql`false` : eq(t.uploaderId, id);
      },
      checkStatus: (v) => (/^[0-3]$/.test(v) ? eq(t.checkStatus, Number(v)) : sql`false`),
      sha256: (v) => eq(t.sha256, v.toLowerCase()),
      from: (v) => gte(t.createdAt, time('开始时间')(v)),
      to: (v) => lte(t.createdAt, time('结束时间')(v)),
    },
    updateSchema:
      kind === 'pic' ? picStoreResource.schema.partial() : videoStoreResource.schema.partial().extend({ posterKey: videoRegisterSchema.shape.posterKey }),
    operations: { create: false, remove: false },
    refusals: { update: { 403: '只能修改自己（或本部门）上传的素材', 409: '已发布内容在使用，修改标题或封面需经审核，或标题含敏感内容' } },
    hooks: {
      async beforeUpdate({ tx, user }, before, patch) {
        await assertMayChange(tx, user, [before.uploaderId as number | null]);
        await assertMayChangeShown(tx, user, kind, before as unknown as ShownFields, patch as Partial<ShownFields>, contentService);
        if (patch.tagIds) await assertTagsExist(tx, tagTable, patch.tagIds as number[]);
        if (typeof patch.cover === 'string' && patch.cover && !/^(https?:\/\/|\/uploads\/)/.test(patch.cover))
          throw badRequest('封面必须是图片库或上传的图片', { cover: '封面必须是图片库或上传的图片' });
        if (kind === 'video' && 'posterKey' in patch) return replacePoster(tx, storage, user, before.id as number, patch);
        return patch;
      },
    },
    extend(app) {
      /**
       * Who has uploaded to this library, for the 上传者 filter: the distinct uploader ids are read
       * by skipping through `(uploader_id, created_at)` (one index probe per uploader, not a scan of
       * a million rows), then named; `keyword` matches name or username, `ids` names given ones.
       * Only for people who work with this library (its screen or a screen that picks from it):
       * names and departments are not a staff directory for every account (issue 14 I6).
       */
      app.get('/uploaders', access.anyRoute(catalogue.uploaders[kind]), queryInput(uploaderQuery), answers(uploaderList), async (c) => {
        const q = c.req.valid('query');
        return ok(c, { list: await uploadersOf(c.get('db'), kind, q) });
      });
      /**
       * The named items in the list's shape (any order; missing ones left out), readable like one
       * item; a video carries its playable URL too. The preview's one call per library.
       */
      app.get('/by_ids', access.signedIn(), queryInput(byIdsQuery), answers(kind === 'pic' ? picsByIds : videosByIds), async (c) => {
        const { ids } = c.req.valid('query');
        const rows = await c
          .get('db')
          .select({ ...columns, key: t.key, storage: t.storage })
          .from(table)
          .leftJoin(users, eq(users.id, t.uploaderId))
          .leftJoin(departments, eq(departments.id, users.departmentId))
          .where(inArray(t.id, ids));
        return ok(c, {
          list: rows.map(({ key, storage: stored, ...row }) =>
            kind === 'video' ? { ...row, playUrl: playUrl(storage, { key, url: row.url, storage: stored }).url } : row,
          ),
        });
      });
      app.post(
        '/',
        access.anyRoute(catalogue.uploaders[kind]),
        jsonBody(kind === 'pic' ? picRegisterSchema : videoRegisterSchema),
        answers(resource.record, { 409: '库中已有相同的文件，或这个文件已经登记过了' }),
        async (c) => {
          const input = c.req.valid('json') as z.infer<typeof videoRegisterSchema>;
          return ok(c, await registerItem(c, storage, lib, input, routes.getOne));
        },
      );

      app.delete('/:id', access.route(resource.permission), answers(z.object({ id: z.number().int() }), IN_USE), async (c) => {
        const id = idParam(c);
        await removeItems(c, storage, lib, [id], catalogue.ownerNames);
        return ok(c, { id });
      });

      app.post('/batch', access.route(resource.permission), jsonBody(batchSchema), answers(libraryIds, { ...IN_USE, 404: '部分素材不存在' }), async (c) => {
        const input = c.req.valid('json');
        const ids = [...new Set(input.ids)];
        if (input.action === 'delete') {
          await removeItems(c, storage, lib, ids, catalogue.ownerNames);
          return ok(c, { ids });
        }
        if (!input.tagIds.length) throw badRequest('请选择标签', { tagIds: '请选择标签' });
        await changeTags(c, lib, ids, { action: input.action, tagIds: input.tagIds });
        return ok(c, { ids });
      });

      if (kind === 'pic') {
        /** Runs the picture check again (after the service was down, or with a new service). */
        app.post('/:id/check', access.route(resource.permission), answers(checkVerdict), async (c) => {
          const [row] = await c
            .get('db')
            .select({ id: picStores.id, url: picStores.url })
            .from(picStores)
            .where(eq(picStores.id, idParam(c)));
          if (!row) throw notFound('图片不存在');
          return ok(c, await runCheck(c.get('db'), storage, row));
        });
      }

      app.get('/:id/usage', access.signedIn(), answers(mediaUseList), async (c) => {
        const uses = await c
          .get('db')
          .select({ ownerType: mediaUsage.ownerType, ownerId: mediaUsage.ownerId, ownerTitle: mediaUsage.ownerTitle, createdAt: mediaUsage.createdAt })
          .from(mediaUsage)
          .where(and(eq(mediaUsage.mediaKind, kind), eq(mediaUsage.mediaId, idParam(c))))
          .orderBy(desc(mediaUsage.createdAt))
          .limit(100);
        // Each use names its owner as the library's refusals do (the declarations' labels, server/crud/catalogue.ts).
        const named = uses.map((u) => ({ ...u, ownerName: catalogue.ownerNames[u.ownerType] ?? u.ownerType }));
        return ok(c, await maskOutOfScope(c.get('db'), c.get('user')!, named));
      });
    },
  });

  return routes;
}

/** The two libraries, mounted at `/api/pic_stores` and `/api/video_stores`. */
export function mediaRoutes(storage: StorageConfig, catalogue: Catalogue, contentService: ContentService = {}) {
  return {
    picStores: libraryRoutes(storage, { kind: 'pic', table: picStores, tagTable: picStoreTags, resource: picStoreResource }, catalogue, contentService),
    videoStores: libraryRoutes(
      storage,
      { kind: 'video', table: videoStores, tagTable: videoStoreTags, resource: videoStoreResource },
      catalogue,
      contentService,
    ),
  };
}
