import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { contentVisibility, STATUS } from '../../../lib/resources/publishing';
import { categories, videos } from '../../db/schema';
import type { DbOrTx } from '../../db/types';
import { surrogate } from '../../events/keys';
import { loadMedia, videoSchema } from '../blocks';
import { cursorPage, cursorQuery, earliest, encodeCursor, idQuery, pathId } from '../query';
import { deliveryRoute, type DeliveryContext } from '../registry';

/**
 * 短视频 of the delivery API (DESIGN §12): `short_videos` (newest published first, by cursor;
 * filters categoryId, tagId) and `short_videos/{id}` with its video's play URL and poster. Visible
 * as lib/resources/publishing.ts `contentVisibility` says; anything else is a 404.
 */

export const shortVideoSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  description: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  tagIds: z.array(z.number().int()),
  publishedAt: z.string().nullable(),
});
export const shortVideoDetailSchema = shortVideoSummarySchema.extend({ video: videoSchema.nullable(), updatedAt: z.string() });

const columns = {
  id: videos.id,
  title: videos.title,
  cover: videos.cover,
  description: videos.description,
  categoryId: videos.categoryId,
  categoryName: categories.name,
  tagIds: videos.tagIds,
  publishedAt: videos.publishedAt,
  status: videos.status,
  publishAt: videos.publishAt,
  offlineAt: videos.offlineAt,
  videoStoreId: videos.videoStoreId,
  updatedAt: videos.updatedAt,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] } & { categoryName: string | null };

const summary = (r: Row): z.infer<typeof shortVideoSummarySchema> => ({
  id: r.id,
  title: r.title,
  cover: r.cover,
  description: r.description,
  categoryId: r.categoryId,
  categoryName: r.categoryName,
  tagIds: r.tagIds,
  publishedAt: r.publishedAt ? r.publishedAt.toISOString() : null,
});

const select = (db: DbOrTx) => db.select(columns).from(videos).leftJoin(categories, eq(categories.id, videos.categoryId));

export const shortVideoListQuery = cursorQuery(z.tuple([z.string().datetime(), z.number().int()])).extend({
  categoryId: idQuery('categoryId '),
  tagId: idQuery('tagId '),
});
export const shortVideoListData = cursorPage(shortVideoSummarySchema);

export async function listShortVideos(db: DbOrTx, q: z.output<typeof shortVideoListQuery>, now: Date) {
  const where: SQL[] = [eq(videos.status, STATUS.published), or(isNull(videos.offlineAt), sql`${videos.offlineAt} > ${now}`)!];
  const keys = new Set<string>([surrogate.videos]);
  if (q.categoryId) {
    where.push(eq(videos.categoryId, q.categoryId));
    keys.add(surrogate.category(q.categoryId));
  }
  if (q.tagId) where.push(sql`${videos.tagIds} @> ARRAY[${q.tagId}]::int[]`);
  if (q.cursor) where.push(sql`(${videos.publishedAt}, ${videos.id}) < (${new Date(q.cursor[0])}, ${q.cursor[1]})`);
  const rows = (await select(db)
    .where(and(...where))
    .orderBy(sql`${videos.publishedAt} DESC NULLS LAST`, desc(videos.id))
    .limit(q.limit + 1)) as Row[];
  const page = rows.slice(0, q.limit).filter((r) => contentVisibility(r, now).visible);
  for (const r of page) {
    keys.add(surrogate.video(r.id));
    if (r.categoryId) keys.add(surrogate.category(r.categoryId));
  }
  const last = page.at(-1);
  return {
    data: { list: page.map(summary), nextCursor: rows.length > q.limit && last?.publishedAt ? encodeCursor([last.publishedAt.toISOString(), last.id]) : null },
    keys: [...keys],
    next: earliest(page.map((r) => contentVisibility(r, now).next)),
  };
}

/** One short video as readers see it at `now` (or, for a preview, whatever its status), or null. */
export async function shortVideoAsRead(db: DbOrTx, ctx: DeliveryContext, id: number, now: Date, { visibleOnly = true } = {}) {
  const [row] = (await select(db).where(eq(videos.id, id)).limit(1)) as Row[];
  if (!row) return null;
  const visibility = contentVisibility(row, now);
  if (visibleOnly && !visibility.visible) return null;
  const media = await loadMedia(db, ctx.storage, [], [row.videoStoreId]);
  const data: z.infer<typeof shortVideoDetailSchema> = {
    ...summary(row),
    video: media.videos.get(row.videoStoreId) ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
  const keys = [surrogate.video(row.id), ...(row.categoryId ? [surrogate.category(row.categoryId)] : [])];
  return { data, keys, next: earliest([visibility.next, media.next]), status: row.status };
}

export function shortVideoRoutes(ctx: DeliveryContext) {
  return [
    deliveryRoute({
      path: '/short_videos',
      family: 'short_videos',
      summary: '已发布的短视频，按发布时间从新到旧（游标分页）',
      query: shortVideoListQuery,
      data: shortVideoListData,
      handler: listShortVideos,
    }),
    deliveryRoute({
      path: '/short_videos/:id',
      family: 'short_videos',
      summary: '一条已发布的短视频：播放地址与封面',
      query: z.object({ id: pathId }),
      data: shortVideoDetailSchema,
      handler: async (db, q, now) => {
        const found = await shortVideoAsRead(db, ctx, q.id, now);
        return found && { data: found.data, keys: found.keys, next: found.next };
      },
    }),
  ];
}
