import type { Context } from 'hono';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { likePattern } from '../crud/list';
import { z } from 'zod';
import { UNTITLED } from '../../lib/resources/media';
import { picStoreResource, videoStoreResource, videoRegisterSchema } from '../../lib/resources/schemas/media';
import { dataScope, scopeCondition, subtreeIdSet } from '../auth/scope';
import { articles, mediaUsage, picStores, picStoreTags, uploadTickets, users, videos, videoStores, videoStoreTags } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';
import { logOperation } from '../crud/oplog';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { idFilter } from '../http/params';
import type { AppEnv, SessionUser } from '../http/types';
import type { StorageConfig } from '../storage/config';
import { checkImage, CHECK, type Verdict } from '../storage/image-check';
import { describePicture, removeFiles, thumbKeyOf } from '../storage/local';
import { queueDeletions, runDeletions, type FileRef } from '../storage/deletions';
import { qiniuPrivateUrl, upyunUpt } from '../storage/signing';
import { markRegistered, publicUrl, remoteThumbUrl, ticketForRegister } from '../storage/tickets';
import { LIVE_STATUSES, REVIEW_ROUTE } from '../../lib/resources/publishing';
import { checkContent, type ContentService } from '../content/check';
import { blockingHits } from '../workflow/engine';
import { ARTICLE_READ_ROUTES } from '../../lib/resources/articles';
import { VIDEO_READ_ROUTES } from '../../lib/resources/videos';

/**
 * The picture and video libraries' rules (DESIGN §4, §9): duplicates, the data scope of a change,
 * where items are used (and what a viewer may see of it), what live content shows of an item,
 * registering an upload, deleting items and their files, a video's poster, the picture check.
 * The routes: server/routes/media.ts (and the upload tickets, server/routes/uploads.ts).
 */

/** A playable URL for a library video, valid an hour: signed (`_upt`) on Upyun, signed on a private Qiniu bucket. */
export function playUrl(storage: StorageConfig, video: { key: string; url: string; storage: string }) {
  const etime = Math.floor(Date.now() / 1000) + 3600;
  let url = video.url;
  if (video.storage === 'upyun' && storage.upyun?.tokenSecret) url = `${video.url}?_upt=${upyunUpt(storage.upyun.tokenSecret, etime, `/${video.key}`)}`;
  if (video.storage === 'qiniu' && storage.qiniu?.isPrivate) url = qiniuPrivateUrl(video.url, etime, storage.qiniu.accessKey, storage.qiniu.secretKey);
  return { url, expiresAt: new Date(etime * 1000).toISOString() };
}

export type Library = {
  kind: 'pic' | 'video';
  table: typeof picStores | typeof videoStores;
  tagTable: typeof picStoreTags | typeof videoStoreTags;
  resource: typeof picStoreResource | typeof videoStoreResource;
};

export async function findDuplicates(db: DbOrTx, kind: 'pic' | 'video', sha256: string) {
  if (kind === 'pic') {
    return db
      .select({ id: picStores.id, title: picStores.title, url: picStores.url, thumbUrl: picStores.thumbUrl })
      .from(picStores)
      .where(eq(picStores.sha256, sha256))
      .limit(5);
  }
  return db
    .select({ id: videoStores.id, title: videoStores.title, url: videoStores.url, thumbUrl: videoStores.cover })
    .from(videoStores)
    .where(eq(videoStores.sha256, sha256))
    .limit(5);
}

export async function assertTagsExist(tx: DbOrTx, tagTable: Library['tagTable'], ids: number[]) {
  if (!ids.length) return;
  const found = await tx.select({ id: tagTable.id }).from(tagTable).where(inArray(tagTable.id, ids));
  if (found.length !== ids.length) throw badRequest('部分标签不存在', { tagIds: '部分标签不存在，请刷新后重选' });
}

/**
 * Writes to a library item follow the data scope (DESIGN §3): 全部数据 any item, 本部门 items its
 * department's people uploaded, 仅本人 one's own. Everyone signed in may read the whole library.
 */
export async function assertMayChange(tx: DbOrTx, user: SessionUser, uploaderIds: Array<number | null>) {
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
export async function usesOf(tx: DbOrTx, kind: 'pic' | 'video', ids: number[], limit = 5) {
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
export async function maskOutOfScope<T extends { ownerType: string; ownerId: number; ownerTitle: string }>(
  db: DbOrTx,
  user: SessionUser,
  uses: T[],
): Promise<T[]> {
  const visible = new Set<string>();
  const readers = { article: ARTICLE_READ_ROUTES, video: VIDEO_READ_ROUTES };
  for (const [type, table] of [
    ['article', articles],
    ['video', videos],
  ] as const) {
    if (!readers[type].some((r) => user.routes.has(r))) continue;
    const ids = [...new Set(uses.filter((u) => u.ownerType === type).map((u) => u.ownerId))];
    if (!ids.length) continue;
    if (dataScope(user).kind === 'all') {
      for (const id of ids) visible.add(`${type}:${id}`);
      continue;
    }
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, ids), scopeCondition(user, { userColumn: table.editorId, departmentColumn: table.departmentId })));
    for (const r of rows) visible.add(`${type}:${r.id}`);
  }
  return uses.map((u) =>
    (u.ownerType === 'article' || u.ownerType === 'video') && !visible.has(`${u.ownerType}:${u.ownerId}`) ? { ...u, ownerTitle: '' } : u,
  );
}

/** What a published article or short video shows of a library item: a picture's title (caption, alt), a video's title and cover (poster). */
export type ShownFields = { id: number; title: string; cover?: string };

/**
 * How many published or scheduled articles and short videos use a library item (through the
 * usage index, `media_usage`): what they show of it changes only through review.
 */
export async function liveUsesOf(db: DbOrTx, kind: 'pic' | 'video', id: number): Promise<{ articles: number; videos: number }> {
  const live = LIVE_STATUSES;
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
export async function assertMayChangeShown(
  tx: DbOrTx,
  user: SessionUser,
  kind: 'pic' | 'video',
  before: ShownFields,
  patch: Partial<ShownFields>,
  contentService: ContentService,
) {
  const changed = (['title', 'cover'] as const).filter((f) => patch[f] !== undefined && patch[f] !== before[f]);
  if (!changed.length) return;
  const uses = await liveUsesOf(tx, kind, before.id);
  if (!uses.articles && !uses.videos) return;
  const noun = kind === 'pic' ? '图片' : '视频';
  const what = changed.map((f) => (f === 'title' ? '标题' : '封面')).join('和');
  const users = [uses.articles && `${uses.articles} 篇已发布或定时发布的文章`, uses.videos && `${uses.videos} 条已发布或定时发布的短视频`]
    .filter(Boolean)
    .join('、');
  if (!user.routes.has(REVIEW_ROUTE)) {
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

export function usageRefusal(kind: 'pic' | 'video', uses: Awaited<ReturnType<typeof usesOf>>, ownerNames: Readonly<Record<string, string>>) {
  const names = uses.slice(0, 5).map((u) => `${ownerNames[u.ownerType] ?? u.ownerType}${u.ownerTitle ? `「${u.ownerTitle}」` : ` #${u.ownerId}`}`);
  return conflict(`${kind === 'pic' ? '图片' : '视频'}还在使用中，不能删除：${names.join('、')}${uses.length > 5 ? ' 等' : ''}`);
}

/**
 * Measures and thumbnails a local picture about to be registered, outside any transaction (the
 * transaction checks the ticket again). A picture over the pixel limit is refused for good: its
 * ticket and file go at once, so it is neither registered nor kept.
 */
export async function measureUpload(db: DbOrTx, storage: StorageConfig, key: string, userId: number) {
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
export async function dropUnregisteredThumb(db: DbOrTx, storage: StorageConfig, key: string, thumbKey: string) {
  const [row] = await db
    .select({ registeredAt: uploadTickets.registeredAt })
    .from(uploadTickets)
    .where(and(eq(uploadTickets.storage, storage.driver), eq(uploadTickets.key, key)));
  if (!row?.registeredAt) await removeFiles(storage.uploadsDir, [thumbKey]);
}

export type LibraryRow = { id: number; storage: string; key: string; title: string; posterKey?: string | null };

/**
 * The stored files of library items being deleted: each original; a local picture's thumbnail
 * (Qiniu and Upyun make theirs on request, no file); a video's own poster ({@link postersToRemove}).
 * A cover chosen from the picture library is that picture's, never removed here.
 */
export async function filesOf(tx: DbOrTx, storage: StorageConfig, kind: 'pic' | 'video', rows: LibraryRow[]): Promise<FileRef[]> {
  const files: FileRef[] = rows.map((row) => ({ storage: row.storage, key: row.key, source: sourceOf(kind, row) }));
  if (kind === 'pic')
    for (const row of rows) if (row.storage === 'local') files.push({ storage: 'local', key: thumbKeyOf(row.key), source: sourceOf(kind, row) });
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
export async function runCheck(db: DbOrTx, storage: StorageConfig, row: { id: number; url: string }) {
  if (!storage.imageCheckUrl) return { status: CHECK.unchecked, note: '未配置图片检测服务' };
  let verdict: Verdict;
  if (row.url.startsWith('/') && !storage.publicOrigin) verdict = { status: CHECK.unchecked, note: '未配置 CMS_PUBLIC_ORIGIN，检测服务无法取到本地图片' };
  else verdict = await checkImage(storage.imageCheckUrl, row.url.startsWith('/') ? `${storage.publicOrigin}${row.url}` : row.url);
  await db.update(picStores).set({ checkStatus: verdict.status, checkNote: verdict.note }).where(eq(picStores.id, row.id));
  return verdict;
}

/**
 * Deletes items in one transaction, refused whole when any is used. Their files (original,
 * local thumbnail, video poster) are queued for removal in the same transaction and removed from
 * storage after it commits (server/storage/deletions.ts): a storage that is down or slow never
 * blocks the delete nor brings the item back; its files are retried later.
 */
/** `ownerNames`: how the refusal names what uses an item (server/crud/catalogue.ts). */
export async function removeItems(
  c: Context<AppEnv>,
  storage: StorageConfig,
  { kind, table, resource }: Library,
  ids: number[],
  ownerNames: Readonly<Record<string, string>>,
) {
  const t = table as typeof picStores;
  const db = c.get('db');
  const queued = await db.transaction(async (tx: Tx) => {
    const rows = await tx.select().from(table).where(inArray(t.id, ids)).for('update');
    if (rows.length !== ids.length) throw notFound(`${resource.label}不存在`);
    await assertMayChange(
      tx,
      c.get('user')!,
      rows.map((r) => r.uploaderId),
    );
    const uses = await usesOf(tx, kind, ids);
    if (uses.length) throw usageRefusal(kind, await maskOutOfScope(tx, c.get('user')!, uses), ownerNames);
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
export async function replacePoster(tx: DbOrTx, storage: StorageConfig, user: SessionUser, id: number, patch: Record<string, unknown>) {
  const { posterKey: key, ...rest } = patch;
  if (typeof key !== 'string' || !key) return rest;
  const [row] = await tx
    .select({ id: videoStores.id, storage: videoStores.storage, title: videoStores.title, posterKey: videoStores.posterKey })
    .from(videoStores)
    .where(eq(videoStores.id, id))
    .for('update');
  if (row.storage !== storage.driver) throw badRequest('这个视频存放在另一个存储中，不能上传新封面，请从图片库选择', { posterKey: '不能上传新封面' });
  const poster = await ticketForRegister(tx, storage, { key, kind: 'poster', userId: user.id });
  await markRegistered(tx, poster.id);
  if (row.posterKey && row.posterKey !== poster.key) {
    const [old] = await postersToRemove(tx, storage, [{ ...row, key: '' }]);
    if (old) await queueDeletions(tx, storage, [old]);
  }
  return { ...rest, cover: publicUrl(storage, poster.key), posterKey: poster.key };
}

/**
 * Registers an uploaded file as a library item (`POST /api/pic_stores`, `/api/video_stores`): the
 * ticket must be this person's, the tags must exist, a file already in the library is refused (409,
 * naming it) unless `allowDuplicate`; logged; a picture is then checked in the background.
 */
export async function registerItem(
  c: Context<AppEnv>,
  storage: StorageConfig,
  { kind, tagTable, resource }: Library,
  input: z.infer<typeof videoRegisterSchema>,
  getOne: (db: DbOrTx, user: SessionUser, id: number) => Promise<Record<string, unknown> | undefined>,
) {
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
        if (existing)
          throw new ApiError(409, `${kind === 'pic' ? '图片' : '视频'}库中已有相同的文件「${existing.title}」`, { key: '库中已有相同的文件' }, { existing });
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
      created = (await getOne(tx, user, id))!;
      await logOperation(tx, c, { type: 'create', resource: resource.name, resourceId: id, summary: `上传${resource.label}「${title}」`, after: created });
    });
  } catch (err) {
    if (measured) await dropUnregisteredThumb(db, storage, input.key, measured.thumbKey);
    throw err;
  }
  if (kind === 'pic') void runCheck(c.get('db'), storage, created as { id: number; url: string });
  return created;
}

/** Adds or removes tags on items, in the viewer's scope (`POST …/batch` with addTags / removeTags); logged once. */
export async function changeTags(
  c: Context<AppEnv>,
  { table, tagTable, resource }: Library,
  ids: number[],
  input: { action: 'addTags' | 'removeTags'; tagIds: number[] },
) {
  const t = table as typeof picStores;
  await c.get('db').transaction(async (tx) => {
    const rows = await tx.select({ id: t.id, uploaderId: t.uploaderId }).from(table).where(inArray(t.id, ids)).for('update');
    if (rows.length !== ids.length) throw notFound(`部分${resource.label}不存在`);
    await assertMayChange(
      tx,
      c.get('user')!,
      rows.map((r) => r.uploaderId),
    );
    await assertTagsExist(tx, tagTable, input.tagIds);
    const tagArray = sql`ARRAY[${sql.join(
      input.tagIds.map((x) => sql`${x}`),
      sql`, `,
    )}]::int[]`;
    const next =
      input.action === 'addTags'
        ? sql`(SELECT coalesce(array_agg(DISTINCT x ORDER BY x), '{}') FROM unnest(${t.tagIds} || ${tagArray}) AS x)`
        : sql`(SELECT coalesce(array_agg(x ORDER BY x), '{}') FROM unnest(${t.tagIds}) AS x WHERE NOT x = ANY(${tagArray}))`;
    await tx
      .update(table)
      .set({ tagIds: next, updatedAt: new Date() } as never)
      .where(inArray(t.id, ids));
    await logOperation(tx, c, {
      type: 'update',
      resource: resource.name,
      summary: `批量${input.action === 'addTags' ? '添加' : '移除'}${resource.label}标签（${ids.length} 个）`,
      after: { ids, tagIds: input.tagIds },
    });
  });
}

/** Who has uploaded to a library (the 上传者 filter), 50 at most: by ids, or matching a name or username. */
export async function uploadersOf(db: DbOrTx, kind: 'pic' | 'video', q: { keyword?: string; ids?: string }) {
  const ids = (q.ids ?? '')
    .split(',')
    .map((v) => idFilter(v.trim()))
    .filter((v): v is number => v !== null)
    .slice(0, 50);
  const name = sql.raw(`"${kind === 'pic' ? 'pic_stores' : 'video_stores'}"`);
  const rows = await db.execute<{ id: number; name: string; username: string; departmentName: string | null }>(sql`
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
  return rows.rows.map((r) => ({ id: Number(r.id), name: r.name, username: r.username, departmentName: r.departmentName }));
}
