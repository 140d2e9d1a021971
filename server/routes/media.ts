import { Hono, type Context } from 'hono';
import { and, arrayContains, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { likePattern } from '../crud/list';
import { z } from 'zod';
import { INT4_MAX } from '../../lib/constants';
import { picRegisterSchema, picStoreResource, picStoreTagResource, videoRegisterSchema, videoStoreResource, videoStoreTagResource, UNTITLED, type UploadTicket } from '../../lib/resources/media';
import { access } from '../auth/access';
import { dataScope, scopeCondition, subtreeIdSet } from '../auth/scope';
import { articles, departments, mediaUsage, picStores, picStoreTags, uploadTickets, users, videos, videoStores, videoStoreTags } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';
import { crudRoutes } from '../crud/crud-routes';
import { logOperation } from '../crud/oplog';
import { ApiError, badRequest, conflict, forbidden, notFound, parseInput } from '../http/errors';
import { idFilter, idParam } from '../http/params';
import { ok } from '../http/reply';
import { readJson } from '../http/body';
import type { AppEnv, SessionUser } from '../http/types';
import type { MediaKind, StorageConfig } from '../storage/config';
import { checkImage, CHECK, type Verdict } from '../storage/image-check';
import { describePicture, receiveFile, removeFiles, thumbKeyOf } from '../storage/local';
import { queueDeletions, runDeletions, type FileRef } from '../storage/deletions';
import { qiniuPrivateUrl, upyunUpt } from '../storage/signing';
import { claimTicket, completeTicket, issueTicket, markRegistered, publicUrl, releaseTicket, remoteThumbUrl, ticketForRegister } from '../storage/tickets';
import { titleSearch } from '../media/title-search';
import { OPERATION_MEDIA_OWNERS } from '../../lib/resources/operations';
import { STATUS } from '../../lib/resources/workflow';
import { checkContent, type ContentService } from '../content/check';
import { articleTarget } from '../workflow/targets';
import { blockingHits } from '../workflow/engine';
import { ARTICLE_READ_ROUTES, BODY_LIMITS } from '../../lib/resources/articles';
import { VIDEO_READ_ROUTES } from '../../lib/resources/videos';

/**
 * Uploading is part of several screens (DESIGN §4, §7): the libraries, the editors (pasted images,
 * the 视频 and 图集 buttons) and the operation screens that take an image.
 */
export const UPLOADERS: Record<MediaKind, readonly string[]> = {
  pic: ['/photo', '/article/addArticle', '/article/addImage', '/article/addVideo', '/article/createVideo', '/store', '/setting/topic', '/operation/focus', '/operation/pcfocus', '/operation/videofocus', '/operation/nav', '/operation/friendLinks', '/operation/brand', '/operation/ad'],
  video: ['/video', '/article/addArticle', '/article/addVideo', '/article/createVideo'],
  poster: ['/video', '/article/addArticle', '/article/addVideo', '/article/createVideo'],
};
const ANY_UPLOADER = [...new Set(Object.values(UPLOADERS).flat())];

const mayUpload = (user: SessionUser, kind: MediaKind) => UPLOADERS[kind].some((r) => user.routes.has(r));

/** The library's own tags: GET, POST, PUT (SEED §7), drag-sorted; readable by every signed-in user. */
export const picStoreTagRoutes = crudRoutes({
  resource: picStoreTagResource,
  table: picStoreTags,
  columns: { id: picStoreTags.id, name: picStoreTags.name, sort: picStoreTags.sort },
  read: 'signedIn',
  keyword: [picStoreTags.name],
  unique: [{ field: 'name', column: picStoreTags.name, message: '标签名称已存在' }],
  operations: { remove: false },
});
export const videoStoreTagRoutes = crudRoutes({
  resource: videoStoreTagResource,
  table: videoStoreTags,
  columns: { id: videoStoreTags.id, name: videoStoreTags.name, sort: videoStoreTags.sort },
  read: 'signedIn',
  keyword: [videoStoreTags.name],
  unique: [{ field: 'name', column: videoStoreTags.name, message: '标签名称已存在' }],
  operations: { remove: false },
});

const ticketSchema = z.object({
  kind: z.enum(['pic', 'video', 'poster'], { error: '请说明上传的是图片、视频还是封面' }),
  filename: z.string().trim().max(255, '文件名过长').default(''),
  size: z.number({ error: '请提供文件大小' }).int().min(1, '文件是空的').max(Number.MAX_SAFE_INTEGER),
  mime: z.string({ error: '请提供文件类型' }).trim().toLowerCase().max(64),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'SHA-256 必须是 64 位十六进制').optional(),
});

/**
 * Upload tickets and the local driver's receiving end. `POST /api/upload_token` works with any
 * storage; the vendor-named calls of SEED §7 answer the same, but only when that vendor is the
 * configured storage.
 */
export function uploadRoutes(storage: StorageConfig) {
  const app = new Hono<AppEnv>();

  const ticket = (only?: StorageConfig['driver']) => async (c: Context<AppEnv>) => {
    if (only && storage.driver !== only) throw conflict(`当前存储不是${only === 'qiniu' ? '七牛' : '又拍云'}（CMS_STORAGE=${storage.driver}），请使用 /api/upload_token`);
    const input = parseInput(ticketSchema, await readJson(c));
    const user = c.get('user')!;
    if (!mayUpload(user, input.kind)) throw forbidden(input.kind === 'pic' ? '没有上传图片的权限' : '没有上传视频的权限');
    const db = c.get('db');
    const issued = await issueTicket(db, storage, { kind: input.kind, mime: input.mime, size: input.size, userId: user.id });
    // The same file in the library already: the browser offers it instead of a second copy.
    const duplicates = input.sha256 && input.kind !== 'poster' ? await findDuplicates(db, input.kind, input.sha256) : [];
    return ok(c, { ...issued, duplicates } satisfies UploadTicket);
  };
  app.post('/upload_token', access.anyRoute(ANY_UPLOADER), ticket());
  app.post('/get_qiniu_token', access.anyRoute(ANY_UPLOADER), ticket('qiniu'));
  app.post('/upyun_up_token', access.anyRoute(ANY_UPLOADER), ticket('upyun'));

  /**
   * What each library accepts (this deployment's limits, configurable: README "Storage"): the
   * upload queue refuses a file that is too large or of the wrong type before asking for a ticket,
   * and its hint states the real limits. The ticket remains the authority. `imageCheck`: whether
   * pictures are checked at all (IMAGE_CHECK_URL).
   */
  app.get('/upload_limits', access.signedIn(), (c) =>
    ok(c, {
      driver: storage.driver,
      kinds: Object.fromEntries(
        (['pic', 'video'] as const).map((kind) => {
          const rule = storage.kinds[kind];
          return [kind, { maxBytes: rule.maxBytes, types: Object.keys(rule.types), extensions: [...new Set(Object.values(rule.types))] }];
        }),
      ),
      // Without a picture check every picture is 未检测: the library then leaves that chip out.
      imageCheck: Boolean(storage.imageCheckUrl),
    }),
  );

  /** A playable URL for a library video: signed (`_upt`) on Upyun, signed on a private Qiniu bucket. */
  app.post('/upyun_play_token', access.signedIn(), async (c) => {
    const { id } = parseInput(z.object({ id: z.number({ error: '请指定视频' }).int().positive().max(INT4_MAX, '视频不存在') }), await readJson(c));
    const [video] = await c.get('db').select({ key: videoStores.key, url: videoStores.url, storage: videoStores.storage }).from(videoStores).where(eq(videoStores.id, id));
    if (!video) throw notFound('视频不存在');
    return ok(c, playUrl(storage, video));
  });

  /** The local driver receives the file itself (raw body, the ticket's type), streamed to disk. */
  app.put('/uploads/:token', access.signedIn(), async (c) => {
    if (storage.driver !== 'local') throw conflict('当前存储不是本地存储');
    const db = c.get('db');
    const ticket = await claimTicket(db, c.req.param('token'));
    try {
      if (ticket.userId !== c.get('user')!.id) throw forbidden('这个上传凭证不是你的');
      const declared = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
      if (declared !== ticket.mime) throw new ApiError(415, `请求的内容类型应为 ${ticket.mime}`);
      const received = await receiveFile(c.req.raw.body, { uploadsDir: storage.uploadsDir, key: ticket.key, maxBytes: ticket.maxSize, declaredType: declared });
      await completeTicket(db, ticket.id, received);
      return ok(c, { key: ticket.key, url: publicUrl(storage, ticket.key), ...received });
    } catch (err) {
      await releaseTicket(db, ticket.id);
      // The person cancelled or the connection dropped: nothing to report on the server.
      if (!(err instanceof ApiError) && err instanceof Error && (err.message === 'aborted' || err.name === 'AbortError')) throw badRequest('上传被中断，可以重试');
      throw err;
    }
  });

  return app;
}

/** A playable URL for a library video, valid an hour: signed (`_upt`) on Upyun, signed on a private Qiniu bucket. */
function playUrl(storage: StorageConfig, video: { key: string; url: string; storage: string }) {
  const etime = Math.floor(Date.now() / 1000) + 3600;
  let url = video.url;
  if (video.storage === 'upyun' && storage.upyun?.tokenSecret) url = `${video.url}?_upt=${upyunUpt(storage.upyun.tokenSecret, etime, `/${video.key}`)}`;
  if (video.storage === 'qiniu' && storage.qiniu?.isPrivate) url = qiniuPrivateUrl(video.url, etime, storage.qiniu.accessKey, storage.qiniu.secretKey);
  return { url, expiresAt: new Date(etime * 1000).toISOString() };
}

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

type Library = {
  kind: 'pic' | 'video';
  table: typeof picStores | typeof videoStores;
  tagTable: typeof picStoreTags | typeof videoStoreTags;
  resource: typeof picStoreResource | typeof videoStoreResource;
};

async function findDuplicates(db: DbOrTx, kind: 'pic' | 'video', sha256: string) {
  if (kind === 'pic') {
    return db.select({ id: picStores.id, title: picStores.title, url: picStores.url, thumbUrl: picStores.thumbUrl }).from(picStores).where(eq(picStores.sha256, sha256)).limit(5);
  }
  return db.select({ id: videoStores.id, title: videoStores.title, url: videoStores.url, thumbUrl: videoStores.cover }).from(videoStores).where(eq(videoStores.sha256, sha256)).limit(5);
}

async function assertTagsExist(tx: DbOrTx, tagTable: Library['tagTable'], ids: number[]) {
  if (!ids.length) return;
  const found = await tx.select({ id: tagTable.id }).from(tagTable).where(inArray(tagTable.id, ids));
  if (found.length !== ids.length) throw badRequest('部分标签不存在', { tagIds: '部分标签不存在，请刷新后重选' });
}

/**
 * Writes to a library item follow the data scope (DESIGN §3): 全部数据 any item, 本部门 items its
 * department's people uploaded, 仅本人 one's own. Everyone signed in may read the whole library.
 */
async function assertMayChange(tx: DbOrTx, user: SessionUser, uploaderIds: Array<number | null>) {
  const scope = dataScope(user);
  if (scope.kind === 'all') return;
  if (scope.kind === 'self') {
    if (uploaderIds.some((u) => u !== user.id)) throw forbidden('只能修改或删除自己上传的素材');
    return;
  }
  const ids = [...new Set(uploaderIds.filter((u): u is number => u !== null))];
  const depts = ids.length ? await tx.select({ id: users.id, departmentId: users.departmentId }).from(users).where(inArray(users.id, ids)) : [];
  const allowed = await subtreeIdSet(tx, scope.rootId);
  const deptOf = new Map(depts.map((d) => [d.id, d.departmentId]));
  if (uploaderIds.some((u) => u === null || !allowed.has(deptOf.get(u) ?? -1))) throw forbidden('只能修改或删除本部门上传的素材');
}

/** Where items are used, at most `limit` names each: the refusal of a delete names them. */
async function usesOf(tx: DbOrTx, kind: 'pic' | 'video', ids: number[], limit = 5) {
  const rows = await tx
    .select({ mediaId: mediaUsage.mediaId, ownerType: mediaUsage.ownerType, ownerId: mediaUsage.ownerId, ownerTitle: mediaUsage.ownerTitle })
    .from(mediaUsage)
    .where(and(eq(mediaUsage.mediaKind, kind), inArray(mediaUsage.mediaId, ids)))
    .limit(limit * ids.length + 1);
  return rows;
}

/**
 * The titles of articles and short videos a viewer may not read are left out of a usage list (the
 * id stays, so it is still seen to be in use): articles need an article read route, short videos a
 * video read route, and both the viewer's data scope. The library is everyone's; drafts are not.
 */
async function maskOutOfScope<T extends { ownerType: string; ownerId: number; ownerTitle: string }>(db: DbOrTx, user: SessionUser, uses: T[]): Promise<T[]> {
  const visible = new Set<string>();
  const readers = { article: ARTICLE_READ_ROUTES, video: VIDEO_READ_ROUTES };
  for (const [type, table] of [['article', articles], ['video', videos]] as const) {
    if (!readers[type].some((r) => user.routes.has(r))) continue;
    const ids = [...new Set(uses.filter((u) => u.ownerType === type).map((u) => u.ownerId))];
    if (!ids.length) continue;
    if (dataScope(user).kind === 'all') {
      for (const id of ids) visible.add(`${type}:${id}`);
      continue;
    }
    const rows = await db.select({ id: table.id }).from(table).where(and(inArray(table.id, ids), scopeCondition(user, { userColumn: table.editorId, departmentColumn: table.departmentId })));
    for (const r of rows) visible.add(`${type}:${r.id}`);
  }
  return uses.map((u) => ((u.ownerType === 'article' || u.ownerType === 'video') && !visible.has(`${u.ownerType}:${u.ownerId}`) ? { ...u, ownerTitle: '' } : u));
}

/** What a published article or short video shows of a library item: a picture's title (caption, alt), a video's title and cover (poster). */
type ShownFields = { id: number; title: string; cover?: string };

/**
 * How many published or scheduled articles and short videos use a library item (through the
 * usage index, `media_usage`): what they show of it changes only through review.
 */
export async function liveUsesOf(db: DbOrTx, kind: 'pic' | 'video', id: number): Promise<{ articles: number; videos: number }> {
  const live = [STATUS.published, STATUS.scheduled];
  const counts = await db
    .select({ ownerType: mediaUsage.ownerType, n: sql<number>`count(*)::int` })
    .from(mediaUsage)
    .leftJoin(articles, and(eq(mediaUsage.ownerType, 'article'), eq(articles.id, mediaUsage.ownerId)))
    .leftJoin(videos, and(eq(mediaUsage.ownerType, 'video'), eq(videos.id, mediaUsage.ownerId)))
    .where(and(eq(mediaUsage.mediaKind, kind), eq(mediaUsage.mediaId, id), or(inArray(articles.status, live), inArray(videos.status, live))))
    .groupBy(mediaUsage.ownerType);
  const of = (type: string) => Number(counts.find((c) => c.ownerType === type)?.n ?? 0);
  return { articles: of('article'), videos: of('video') };
}

/**
 * A change to what live items show of a library item (a picture's title, a video's title or
 * cover) reaches readers without review, so, like a save of a live item (assertMayChangeLive), it
 * is a reviewer's act: anyone else is refused (409) with the count and the way through review. A
 * reviewer's new title passes the content check first (issue 14 F8, docs/decisions.md).
 */
async function assertMayChangeShown(tx: DbOrTx, user: SessionUser, kind: 'pic' | 'video', before: ShownFields, patch: Partial<ShownFields>, contentService: ContentService) {
  const changed = (['title', 'cover'] as const).filter((f) => patch[f] !== undefined && patch[f] !== before[f]);
  if (!changed.length) return;
  const uses = await liveUsesOf(tx, kind, before.id);
  if (!uses.articles && !uses.videos) return;
  const noun = kind === 'pic' ? '图片' : '视频';
  const what = changed.map((f) => (f === 'title' ? '标题' : '封面')).join('和');
  const users = [uses.articles && `${uses.articles} 篇已发布或定时发布的文章`, uses.videos && `${uses.videos} 条已发布或定时发布的短视频`].filter(Boolean).join('、');
  if (!user.routes.has(articleTarget.reviewRoute)) {
    const message = `这个${noun}正被 ${users}使用，修改${what}会直接改变读者看到的内容，需经审核：请内容审核人员修改，或先将这些内容下线后再改`;
    throw new ApiError(409, message, Object.fromEntries(changed.map((f) => [f, `已发布内容在使用，修改${f === 'title' ? '标题' : '封面'}需经审核`])));
  }
  if (patch.title !== undefined && changed.includes('title')) {
    const words = blockingHits(await checkContent(tx, [patch.title], contentService));
    if (words) {
      const message = `内容检测未通过：新标题含有敏感内容「${words.slice(0, 20).join('」「')}」，而这个${noun}正被 ${users}使用，请修改后再保存`;
      throw new ApiError(409, message, { title: `含敏感内容：${words.slice(0, 20).join('、')}` });
    }
  }
}

const OWNER_NAMES: Record<string, string> = { article: '文章', video: '视频', focus: '焦点图', advertise: '广告', chameleon: '导航图标', brand: '品牌', topic: '专题', album: '专辑', ...OPERATION_MEDIA_OWNERS };

function usageRefusal(kind: 'pic' | 'video', uses: Awaited<ReturnType<typeof usesOf>>) {
  const names = uses.slice(0, 5).map((u) => `${OWNER_NAMES[u.ownerType] ?? u.ownerType}${u.ownerTitle ? `「${u.ownerTitle}」` : ` #${u.ownerId}`}`);
  return conflict(`${kind === 'pic' ? '图片' : '视频'}还在使用中，不能删除：${names.join('、')}${uses.length > 5 ? ' 等' : ''}`);
}

/**
 * Library totals stop counting at 1 000 ("1000+"): a person narrows a million pictures with filters,
 * not by paging, and counting a tenth of them for every page cost 60 ms (docs/bench.md).
 */
const LIST_CAP = 1_000;

/**
 * Measures and thumbnails a local picture about to be registered, outside any transaction (the
 * transaction checks the ticket again). A picture over the pixel limit is refused for good: its
 * ticket and file go at once, so it is neither registered nor kept.
 */
async function measureUpload(db: DbOrTx, storage: StorageConfig, key: string, userId: number) {
  const ticket = await ticketForRegister(db, storage, { key, kind: 'pic', userId });
  try {
    return await describePicture(storage.uploadsDir, ticket.key);
  } catch (err) {
    if (err instanceof ApiError && err.status === 413) {
      await db.delete(uploadTickets).where(and(eq(uploadTickets.id, ticket.id), isNull(uploadTickets.registeredAt)));
      await removeFiles(storage.uploadsDir, [ticket.key, thumbKeyOf(ticket.key)]);
    }
    throw err;
  }
}

/** A registration that failed leaves no thumbnail behind, unless another call registered the key. */
async function dropUnregisteredThumb(db: DbOrTx, storage: StorageConfig, key: string, thumbKey: string) {
  const [row] = await db.select({ registeredAt: uploadTickets.registeredAt }).from(uploadTickets).where(and(eq(uploadTickets.storage, storage.driver), eq(uploadTickets.key, key)));
  if (!row?.registeredAt) await removeFiles(storage.uploadsDir, [thumbKey]);
}

const uploaderQuery = z.object({
  keyword: z.string().trim().max(32, '关键词最多 32 个字符').optional(),
  ids: z.string().max(600).optional(),
});

/** 图片库 / 视频库: list (filters, newest first, capped total), get, register, update, delete, batch. */
export function libraryRoutes(storage: StorageConfig, lib: Library, contentService: ContentService = {}) {
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
    checkStatus: t.checkStatus,
    checkNote: t.checkNote,
    createdAt: t.createdAt,
    usageCount: usageCount.as('usage_count'),
    ...(kind === 'pic' ? { thumbUrl: picStores.thumbUrl } : { duration: videoStores.duration, cover: videoStores.cover }),
  };
  const time = (label: string) => (v: string) => {
    const d = new Date(v);
    const year = d.getUTCFullYear();
    if (Number.isNaN(d.getTime()) || year < 1970 || year > 9999) throw badRequest(`${label}不是有效的时间`, { [label === '开始时间' ? 'from' : 'to']: `${label}不是有效的时间` });
    return d;
  };

  const routes = crudRoutes({
    resource,
    table,
    columns,
    joins: (q) => (q as any).leftJoin(users, eq(users.id, t.uploaderId)).leftJoin(departments, eq(departments.id, users.departmentId)),
    read: 'signedIn',
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
    updateSchema: kind === 'pic' ? picStoreResource.schema.partial() : videoStoreResource.schema.partial().extend({ posterKey: videoRegisterSchema.shape.posterKey }),
    operations: { create: false, remove: false },
    hooks: {
      async beforeUpdate({ tx, user }, before, patch) {
        await assertMayChange(tx, user, [before.uploaderId as number | null]);
        await assertMayChangeShown(tx, user, kind, before as unknown as ShownFields, patch as Partial<ShownFields>, contentService);
        if (patch.tagIds) await assertTagsExist(tx, tagTable, patch.tagIds as number[]);
        if (typeof patch.cover === 'string' && patch.cover && !/^(https?:\/\/|\/uploads\/)/.test(patch.cover)) throw badRequest('封面必须是图片库或上传的图片', { cover: '封面必须是图片库或上传的图片' });
        if (kind === 'video' && 'posterKey' in patch) return replacePoster(tx, user, before.id as number, patch);
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
      app.get('/uploaders', access.anyRoute(UPLOADERS[kind]), async (c) => {
        const q = parseInput(uploaderQuery, c.req.query());
        const ids = (q.ids ?? '').split(',').map((v) => idFilter(v.trim())).filter((v): v is number => v !== null).slice(0, 50);
        const name = sql.raw(`"${kind === 'pic' ? 'pic_stores' : 'video_stores'}"`);
        const rows = await c.get('db').execute<{ id: number; name: string; username: string; departmentName: string | null }>(sql`
          WITH RECURSIVE up AS (
            SELECT min(uploader_id) AS id FROM ${name}
            UNION ALL
            SELECT (SELECT min(uploader_id) FROM ${name} WHERE uploader_id > up.id) FROM up WHERE up.id IS NOT NULL
          )
          SELECT u.id, u.name, u.username, d.name AS "departmentName"
          FROM up JOIN users u ON u.id = up.id LEFT JOIN departments d ON d.id = u.department_id
          WHERE ${ids.length ? sql`u.id IN ${ids}` : sql`true`}
            AND ${q.keyword ? sql`(u.name ILIKE ${likePattern(q.keyword)} OR u.username ILIKE ${likePattern(q.keyword)})` : sql`true`}
          ORDER BY u.name, u.id
          LIMIT 50`);
        return ok(c, { list: rows.rows.map((r) => ({ id: Number(r.id), name: r.name, username: r.username, departmentName: r.departmentName })) });
      });
      /**
       * The named items in the list's shape (any order; missing ones left out), readable like one
       * item; a video carries its playable URL too. The preview's one call per library.
       */
      app.get('/by_ids', access.signedIn(), async (c) => {
        const { ids } = parseInput(byIdsQuery, c.req.query());
        const rows = await c
          .get('db')
          .select({ ...columns, key: t.key, storage: t.storage })
          .from(table)
          .leftJoin(users, eq(users.id, t.uploaderId))
          .leftJoin(departments, eq(departments.id, users.departmentId))
          .where(inArray(t.id, ids));
        return ok(c, { list: rows.map(({ key, storage: stored, ...row }) => (kind === 'video' ? { ...row, playUrl: playUrl(storage, { key, url: row.url, storage: stored }).url } : row)) });
      });
      app.post('/', access.anyRoute(UPLOADERS[kind]), async (c) => {
        const input = parseInput(kind === 'pic' ? picRegisterSchema : videoRegisterSchema, await readJson(c)) as z.infer<typeof videoRegisterSchema>;
        const user = c.get('user')!;
        const db = c.get('db');
        // A local picture is measured and thumbnailed before the transaction opens: decoding never
        // holds a connection (PGlite has only one) and a refused picture never gets that far.
        const measured = kind === 'pic' && storage.driver === 'local' ? await measureUpload(db, storage, input.key, user.id) : null;
        let created: Record<string, unknown> = {};
        try {
          await db.transaction(async (tx) => {
            const ticket = await ticketForRegister(tx, storage, { key: input.key, kind, userId: user.id });
            await assertTagsExist(tx, tagTable, input.tagIds);
            const sha256 = ticket.sha256 ?? input.sha256 ?? '';
            if (sha256 && !input.allowDuplicate) {
              const [existing] = await findDuplicates(tx, kind, sha256);
              if (existing) throw new ApiError(409, `${kind === 'pic' ? '图片' : '视频'}库中已有相同的文件「${existing.title}」`, { key: '库中已有相同的文件' }, { existing });
            }
            const url = publicUrl(storage, ticket.key);
            const local = storage.driver === 'local';
            const title = input.title || UNTITLED[kind];
            const common = {
              title,
              storage: storage.driver,
              key: ticket.key,
              url,
              mime: local ? ticket.mime! : (input.mime ?? ticket.mime ?? ''),
              size: local ? ticket.size! : (input.size ?? 0),
              sha256,
              tagIds: input.tagIds,
              uploaderId: user.id,
            };
            let id: number;
            if (kind === 'pic') {
              const values = {
                ...common,
                width: measured?.width ?? input.width ?? 0,
                height: measured?.height ?? input.height ?? 0,
                thumbUrl: measured ? publicUrl(storage, measured.thumbKey) : remoteThumbUrl(storage, url),
              };
              [{ id }] = await tx.insert(picStores).values(values).returning({ id: picStores.id });
            } else {
              let cover = '';
              let posterKey: string | null = null;
              if (input.posterKey) {
                const poster = await ticketForRegister(tx, storage, { key: input.posterKey, kind: 'poster', userId: user.id });
                await markRegistered(tx, poster.id);
                cover = publicUrl(storage, poster.key);
                posterKey = poster.key;
              }
              const values = { ...common, width: input.width ?? 0, height: input.height ?? 0, duration: input.duration, cover, posterKey };
              [{ id }] = await tx.insert(videoStores).values(values).returning({ id: videoStores.id });
            }
            await markRegistered(tx, ticket.id);
            created = (await routes.getOne(tx, user, id))!;
            await logOperation(tx, c, { type: 'create', resource: resource.name, resourceId: id, summary: `上传${resource.label}「${title}」`, after: created });
          });
        } catch (err) {
          if (measured) await dropUnregisteredThumb(db, storage, input.key, measured.thumbKey);
          throw err;
        }
        if (kind === 'pic') void runCheck(c.get('db'), storage, created as { id: number; url: string });
        return ok(c, created);
      });

      app.delete('/:id', access.route(resource.permission), async (c) => {
        const id = idParam(c);
        await removeItems(c, [id]);
        return ok(c, { id });
      });

      app.post('/batch', access.route(resource.permission), async (c) => {
        const input = parseInput(
          z.object({
            action: z.enum(['addTags', 'removeTags', 'delete'], { error: '不支持的批量操作' }),
            ids: z.array(z.number().int().positive().max(INT4_MAX), { error: '请选择素材' }).min(1, '请选择素材').max(100, '一次最多 100 个'),
            tagIds: z.array(z.number().int().positive().max(INT4_MAX)).max(50).default([]),
          }),
          await readJson(c),
        );
        const ids = [...new Set(input.ids)];
        if (input.action === 'delete') {
          await removeItems(c, ids);
          return ok(c, { ids });
        }
        if (!input.tagIds.length) throw badRequest('请选择标签', { tagIds: '请选择标签' });
        await c.get('db').transaction(async (tx) => {
          const rows = await tx.select({ id: t.id, uploaderId: t.uploaderId }).from(table).where(inArray(t.id, ids)).for('update');
          if (rows.length !== ids.length) throw notFound(`部分${resource.label}不存在`);
          await assertMayChange(tx, c.get('user')!, rows.map((r) => r.uploaderId));
          await assertTagsExist(tx, tagTable, input.tagIds);
          const tagArray = sql`ARRAY[${sql.join(input.tagIds.map((x) => sql`${x}`), sql`, `)}]::int[]`;
          const next =
            input.action === 'addTags'
              ? sql`(SELECT coalesce(array_agg(DISTINCT x ORDER BY x), '{}') FROM unnest(${t.tagIds} || ${tagArray}) AS x)`
              : sql`(SELECT coalesce(array_agg(x ORDER BY x), '{}') FROM unnest(${t.tagIds}) AS x WHERE NOT x = ANY(${tagArray}))`;
          await tx.update(table).set({ tagIds: next, updatedAt: new Date() } as never).where(inArray(t.id, ids));
          await logOperation(tx, c, { type: 'update', resource: resource.name, summary: `批量${input.action === 'addTags' ? '添加' : '移除'}${resource.label}标签（${ids.length} 个）`, after: { ids, tagIds: input.tagIds } });
        });
        return ok(c, { ids });
      });

      if (kind === 'pic') {
        /** Runs the picture check again (after the service was down, or with a new service). */
        app.post('/:id/check', access.route(resource.permission), async (c) => {
          const [row] = await c.get('db').select({ id: picStores.id, url: picStores.url }).from(picStores).where(eq(picStores.id, idParam(c)));
          if (!row) throw notFound('图片不存在');
          return ok(c, await runCheck(c.get('db'), storage, row));
        });
      }

      app.get('/:id/usage', access.signedIn(), async (c) => {
        const uses = await c
          .get('db')
          .select({ ownerType: mediaUsage.ownerType, ownerId: mediaUsage.ownerId, ownerTitle: mediaUsage.ownerTitle, createdAt: mediaUsage.createdAt })
          .from(mediaUsage)
          .where(and(eq(mediaUsage.mediaKind, kind), eq(mediaUsage.mediaId, idParam(c))))
          .orderBy(desc(mediaUsage.createdAt))
          .limit(100);
        return ok(c, await maskOutOfScope(c.get('db'), c.get('user')!, uses));
      });
    },
  });

  /**
   * Deletes items in one transaction, refused whole when any is used. Their files (original,
   * local thumbnail, video poster) are queued for removal in the same transaction and removed from
   * storage after it commits (server/storage/deletions.ts): a storage that is down or slow never
   * blocks the delete nor brings the item back; its files are retried later.
   */
  async function removeItems(c: Context<AppEnv>, ids: number[]) {
    const db = c.get('db');
    const queued = await db.transaction(async (tx: Tx) => {
      const rows = await tx.select().from(table).where(inArray(t.id, ids)).for('update');
      if (rows.length !== ids.length) throw notFound(`${resource.label}不存在`);
      await assertMayChange(tx, c.get('user')!, rows.map((r) => r.uploaderId));
      const uses = await usesOf(tx, kind, ids);
      if (uses.length) throw usageRefusal(kind, await maskOutOfScope(tx, c.get('user')!, uses));
      await tx.delete(table).where(inArray(t.id, ids));
      for (const row of rows) {
        await logOperation(tx, c, { type: 'delete', resource: resource.name, resourceId: row.id, summary: `删除${resource.label}「${row.title}」`, before: row });
      }
      const files = await filesOf(tx, storage, kind, rows as Array<LibraryRow>);
      // Their upload tickets go too: the keys are free, nothing can register them again.
      for (const store of new Set(files.map((f) => f.storage))) {
        const keys = files.filter((f) => f.storage === store && !f.key.startsWith('thumbs/')).map((f) => f.key);
        if (keys.length) await tx.delete(uploadTickets).where(and(eq(uploadTickets.storage, store), inArray(uploadTickets.key, keys)));
      }
      return queueDeletions(tx, storage, files);
    });
    void runDeletions(db, storage, { ids: queued });
  }

  /**
   * A new poster upload replaces a video's cover: the ticket must be this person's unused poster
   * upload in the video's storage; the video then owns it, and the poster it owned before is queued
   * for removal unless something still shows it (the scheduler's process runs the queue).
   */
  async function replacePoster(tx: DbOrTx, user: SessionUser, id: number, patch: Record<string, unknown>) {
    const { posterKey: key, ...rest } = patch;
    if (typeof key !== 'string' || !key) return rest;
    const [row] = await tx.select({ id: videoStores.id, storage: videoStores.storage, title: videoStores.title, posterKey: videoStores.posterKey }).from(videoStores).where(eq(videoStores.id, id)).for('update');
    if (row.storage !== storage.driver) throw badRequest('这个视频存放在另一个存储中，不能上传新封面，请从图片库选择', { posterKey: '不能上传新封面' });
    const poster = await ticketForRegister(tx, storage, { key, kind: 'poster', userId: user.id });
    await markRegistered(tx, poster.id);
    if (row.posterKey && row.posterKey !== poster.key) {
      const [old] = await postersToRemove(tx, storage, [{ ...row, key: '' }]);
      if (old) await queueDeletions(tx, storage, [old]);
    }
    return { ...rest, cover: publicUrl(storage, poster.key), posterKey: poster.key };
  }

  return routes;
}

type LibraryRow = { id: number; storage: string; key: string; title: string; posterKey?: string | null };

/**
 * The stored files of library items being deleted: each original; a local picture's thumbnail
 * (Qiniu and Upyun make theirs on request, no file); a video's own poster ({@link postersToRemove}).
 * A cover chosen from the picture library is that picture's, never removed here.
 */
async function filesOf(tx: DbOrTx, storage: StorageConfig, kind: 'pic' | 'video', rows: LibraryRow[]): Promise<FileRef[]> {
  const files: FileRef[] = rows.map((row) => ({ storage: row.storage, key: row.key, source: sourceOf(kind, row) }));
  if (kind === 'pic') for (const row of rows) if (row.storage === 'local') files.push({ storage: 'local', key: thumbKeyOf(row.key), source: sourceOf(kind, row) });
  return kind === 'video' ? [...files, ...(await postersToRemove(tx, storage, rows))] : files;
}

const sourceOf = (kind: 'pic' | 'video', row: LibraryRow) => `${kind === 'pic' ? 'pic_stores' : 'video_stores'} ${row.id}「${row.title}」`.slice(0, 128);

/**
 * The poster files these videos own (`poster_key`: the poster uploaded with the video or one that
 * replaced it), never a key read from the editable cover URL (issue 14 F6). A poster whose URL
 * another video, a short video or an article still shows as its cover is kept: it is not a library
 * item, so no usage protects it.
 */
async function postersToRemove(tx: DbOrTx, storage: StorageConfig, rows: LibraryRow[]): Promise<FileRef[]> {
  const owned = rows.filter((r): r is LibraryRow & { posterKey: string } => !!r.posterKey);
  if (!owned.length) return [];
  const urls = owned.map((r) => publicUrl(storage, r.posterKey, r.storage));
  const ids = rows.map((r) => r.id);
  const used = await tx.execute<{ url: string }>(sql`
    SELECT cover AS url FROM video_stores WHERE cover IN ${urls} AND NOT id IN ${ids}
    UNION SELECT cover FROM videos WHERE cover IN ${urls}
    UNION SELECT cover FROM articles WHERE cover IN ${urls}`);
  const kept = new Set(used.rows.map((r) => r.url));
  return owned.filter((r, i) => !kept.has(urls[i])).map((r) => ({ storage: r.storage, key: r.posterKey, source: sourceOf('video', r) }));
}

/**
 * Runs the picture check and keeps the verdict; without a service the picture stays 未检测. A local
 * picture's address is made from CMS_PUBLIC_ORIGIN only, never from the request: its Host is the
 * client's to choose, and a check fetched from the uploader's own server passes any picture.
 */
async function runCheck(db: DbOrTx, storage: StorageConfig, row: { id: number; url: string }) {
  if (!storage.imageCheckUrl) return { status: CHECK.unchecked, note: '未配置图片检测服务' };
  let verdict: Verdict;
  if (row.url.startsWith('/') && !storage.publicOrigin) verdict = { status: CHECK.unchecked, note: '未配置 CMS_PUBLIC_ORIGIN，检测服务无法取到本地图片' };
  else verdict = await checkImage(storage.imageCheckUrl, row.url.startsWith('/') ? `${storage.publicOrigin}${row.url}` : row.url);
  await db.update(picStores).set({ checkStatus: verdict.status, checkNote: verdict.note }).where(eq(picStores.id, row.id));
  return verdict;
}

export function mediaRoutes(storage: StorageConfig, contentService: ContentService = {}) {
  return {
    uploads: uploadRoutes(storage),
    picStores: libraryRoutes(storage, { kind: 'pic', table: picStores, tagTable: picStoreTags, resource: picStoreResource }, contentService),
    videoStores: libraryRoutes(storage, { kind: 'video', table: videoStores, tagTable: videoStoreTags, resource: videoStoreResource }, contentService),
  };
}

