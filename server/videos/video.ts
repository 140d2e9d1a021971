import type { Context } from 'hono';
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { VIDEO_READ_ROUTES } from '../../lib/resources/videos';
import { videoRecord, videoResource, videoSaveSchema, videoUpdateSchema } from '../../lib/resources/schemas/videos';
import { imageFields, mediaOwnerOf } from '../../lib/resources/define';
import { scopeCondition } from '../auth/scope';
import type { DbOrTx, Tx } from '../db/types';
import { categories, tags, users, videoStores, videos } from '../db/schema';
import { picturesAt, syncMediaUsage } from '../crud/media-usage';
import { checkContent, videoCheckTexts, type ContentService } from '../content/check';
import { recordRevision } from '../editorial/safety';
import { versionedSave } from '../editorial/save';
import { videoCopySchema } from '../editorial/autosave';
import type { EditorialTarget } from '../editorial/target';
import { videoWorkflowTarget } from './workflow-target';
import { allOf } from '../crud/list';
import { logOperation } from '../crud/oplog';
import { badRequest, notFound } from '../http/errors';
import { idParam } from '../http/params';
import type { AppEnv, SessionUser } from '../http/types';

/**
 * A short video (DESIGN §5, issue 8): loaded with its names, created, or saved with the version check
 * and the edit lock; as an editorial target (locks, revisions) and its autosave. The routes:
 * server/routes/videos.ts.
 */

/** Who edits short videos (发布短视频). */
export const VIDEO_EDIT_ROUTE = '/article/createVideo';

const scope = (user: SessionUser) => scopeCondition(user, { userColumn: videos.editorId, departmentColumn: videos.departmentId });

const reviewers = alias(users, 'reviewers');

/** One video with the names the form shows. */
export async function loadVideo(db: DbOrTx, user: SessionUser, id: number) {
  const [row] = await db
    .select({
      video: videos,
      videoTitle: videoStores.title,
      videoUrl: videoStores.url,
      duration: videoStores.duration,
      videoCover: videoStores.cover,
      categoryName: categories.name,
      editorName: users.name,
      reviewerName: reviewers.name,
    })
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

/** The declaration's picture fields (the cover) and its name as an owner of library items. */
const VIDEO_IMAGES = imageFields(videoResource);
const VIDEO_OWNER = mediaOwnerOf(videoResource)!;

/**
 * What this short video uses from the libraries (DESIGN §9 "where used"): its library video, and a
 * library picture chosen as its cover (the declaration's `image` fields). Replaces its previous rows,
 * so a changed cover frees the old picture.
 */
async function recordUsage(tx: Tx, v: { id: number; title: string; videoStoreId: number } & Record<string, unknown>) {
  const pics = await picturesAt(
    tx,
    VIDEO_IMAGES.map((f) => v[f] as string | null | undefined),
  );
  await syncMediaUsage(tx, { type: VIDEO_OWNER, id: v.id, title: v.title }, [
    { mediaKind: 'video', mediaId: v.videoStoreId },
    ...pics.map((mediaId) => ({ mediaKind: 'pic' as const, mediaId })),
  ]);
}

/** Creates a short video (POST /api/videos): references checked, content-checked, with its media usage, a first revision and an operation-log row. */
export async function createVideo(c: Context<AppEnv>, input: z.infer<typeof videoSaveSchema>, contentService: ContentService) {
  const user = c.get('user')!;
  return c.get('db').transaction(async (tx) => {
    await assertReferences(tx, input);
    // No cover chosen: the library video's poster.
    const [source] = await tx.select({ cover: videoStores.cover }).from(videoStores).where(eq(videoStores.id, input.videoStoreId));
    const checkResult = await checkContent(tx, videoCheckTexts(input), contentService);
    const [{ id }] = await tx
      .insert(videos)
      .values({
        ...input,
        cover: input.cover || source?.cover || '',
        categoryId: input.categoryId ?? null,
        checkResult,
        editorId: user.id,
        departmentId: user.departmentId,
      })
      .returning({ id: videos.id });
    const after = (await loadVideo(tx, user, id))!;
    await recordUsage(tx, after);
    await recordRevision(tx, { resource: 'video', id, kind: 'create', userId: user.id });
    await logOperation(tx, c, { type: 'create', resource: 'videos', resourceId: id, summary: `新建短视频「${after.title}」`, after });
    return after;
  });
}

/** A version- and lock-checked save of a short video (PUT and a restore of a revision). */
export async function updateVideo(
  c: Context<AppEnv>,
  {
    id,
    version,
    patch,
    contentService,
    lockToken,
    revision = { kind: 'save' },
  }: {
    id: number;
    version: number;
    patch: SaveInput;
    contentService: ContentService;
    lockToken?: string;
    revision?: { kind: 'save' | 'restore'; note?: string };
  },
) {
  const user = c.get('user')!;
  type Loaded = NonNullable<Awaited<ReturnType<typeof loadVideo>>>;
  return versionedSave<Loaded>(
    c,
    {
      resource: 'video',
      label: '短视频',
      logResource: 'videos',
      workflow: videoWorkflowTarget,
      table: videos,
      columns: { id: videos.id, version: videos.version },
      load: (tx, who, videoId) => loadVideo(tx, who, videoId),
      async columnsToWrite(tx, before) {
        await assertReferences(tx, patch);
        return { checkResult: await checkContent(tx, videoCheckTexts({ ...before, ...patch }), contentService) };
      },
      returning: { id: videos.id },
      after: async (tx) => (await loadVideo(tx, user, id))!,
      recordUsage: (tx, after) => recordUsage(tx, after),
    },
    { id, version, patch, lockToken, revision },
  );
}

/** Short videos as an editorial target (locks, revisions). */
export function videoEditorialTarget(contentService: ContentService): EditorialTarget {
  return {
    resource: 'video',
    label: '短视频',
    readRoutes: [...VIDEO_READ_ROUTES],
    editRoutes: [VIDEO_EDIT_ROUTE],
    listRoutes: ['/article/videoList'],
    load: (db, user, id) => loadVideo(db, user, id),
    patchSchema: videoUpdateSchema.omit({ version: true }),
    copySchema: videoCopySchema,
    workflow: videoWorkflowTarget,
    mayEdit: (user) => user.routes.has(VIDEO_EDIT_ROUTE),
    record: videoRecord,
    save: (c, { id, version, patch, lockToken, revision }) => updateVideo(c, { id, version, patch, contentService, lockToken, revision }),
  };
}

/** The short-video editor's autosave (server/editorial/autosave.ts `autosaveRoutes`; issue 15). */
export const videoAutosave = {
  editRoutes: [VIDEO_EDIT_ROUTE],
  kinds: ['short'] as [string, ...string[]],
  dataSchema: videoCopySchema,
  slotOf: async (c: Context<AppEnv>) => {
    if (c.req.param('id') === 'new') return { articleId: 0, kind: 'short' };
    const video = await loadVideo(c.get('db'), c.get('user')!, idParam(c));
    if (!video) throw notFound('短视频不存在');
    return { articleId: video.id, kind: 'short' };
  },
};
