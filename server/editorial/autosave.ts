import { answers } from '../http/answer';
import { autosaveCopySchema, autosaveDeletedSchema } from '../../lib/resources/schemas/editorial';
import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CONTENT_MAX } from '../../lib/resources/articles';
import { INT4_MAX } from '../../lib/constants';
import { access } from '../auth/access';
import { articleAutosaves } from '../db/schema';
import { ok } from '../http/reply';
import { jsonBody } from '../http/input';
import type { AppEnv } from '../http/types';

/**
 * The editors' server autosave (DESIGN §8, issue 7): one rolling copy per user and article.
 *
 * - `GET /api/articles/{id}/autosave` → `{ savedAt, baseVersion, data }` or `null`
 * - `PUT /api/articles/{id}/autosave` `{ baseVersion, data }` → the stored copy
 * - `DELETE /api/articles/{id}/autosave` → `{ deleted }` (after a real save, or when the editor discards it)
 *
 * `{id}` is an article id, or `new` with `kind` (query for GET/DELETE, body for PUT) for the user's
 * new article that was never saved (server/articles/editorial.ts `articleSlot`; mounted by
 * server/articles/routes.ts). Short videos have the same routes under `/api/videos` (kind `short`,
 * server/routes/videos.ts). Only the author of a copy ever reads it. The copy is not a save: it is
 * validated for shape and size only (a half-typed cover link or an empty title is kept as typed),
 * its HTML is sanitized, and it writes no operation log (one row rewritten every 5 s).
 */

const id = z.number({ error: 'id 必须是数字' }).int().positive().max(INT4_MAX);
const str = (label: string, max: number) => z.string({ error: `${label}必须是文字` }).max(max, `${label}不能超过 ${max} 个字符`);

/** The editor's fields, as typed (no format rules: it is a backup, not a save). */
export const autosaveDataSchema = z
  .object({
    title: str('标题', 128),
    subtitle: str('副标题', 128),
    summary: str('摘要', 500),
    cover: str('封面', 1024),
    content: str('正文', CONTENT_MAX),
    images: z
      .array(z.object({ picId: id.nullable(), url: str('图片', 1024), caption: str('图片说明', 500) }).strict(), { error: '图集图片格式不正确' })
      .max(200, '图集最多 200 张图片'),
    videoStoreId: id.nullable(),
    categoryId: id.nullable(),
    tagIds: z.array(id, { error: '标签必须是 id 列表' }).max(50, '标签最多 50 个'),
    topicIds: z.array(id, { error: '专题必须是 id 列表' }).max(20, '专题最多 20 个'),
    albumId: id.nullable(),
    platformIds: z.array(id, { error: '平台必须是 id 列表' }).max(20, '平台最多 20 个'),
    author: str('作者', 64),
    source: str('来源', 64),
  })
  .partial()
  .strict();

/**
 * A short video's unsaved copy, which its autosave and the edit lock's heartbeat carry: the same
 * rules, over its fields (issue 14, F1; issue 15).
 */
export const videoCopySchema = z
  .object({
    title: str('标题', 128),
    cover: str('封面', 1024),
    videoStoreId: id.nullable(),
    description: str('简介', 2000),
    categoryId: id.nullable(),
    tagIds: z.array(id, { error: '标签必须是 id 列表' }).max(50, '标签最多 50 个'),
  })
  .partial()
  .strict();

/**
 * Which autosave slot a request addresses: an item the user may edit (its id), or their new,
 * never-saved item of a kind (`articleId` 0). The table's `kind` tells articles' kinds and
 * short videos ('short') apart.
 */
type SlotOf = (c: Context<AppEnv>, kindInput: unknown) => Promise<{ articleId: number; kind: string }>;

/**
 * The rolling autosave routes of one editorial resource: `GET|PUT|DELETE /{id|new}/autosave`,
 * with its slot rule, its copy's schema and how the copy's HTML is cleaned (issue 15: short
 * videos have the same autosave as articles).
 */
export function autosaveRoutes({
  editRoutes,
  kinds,
  slotOf,
  dataSchema,
  clean = (d) => d,
}: {
  editRoutes: string[];
  kinds: [string, ...string[]];
  slotOf: SlotOf;
  dataSchema: z.ZodType<Record<string, unknown>>;
  clean?: (data: Record<string, unknown>) => Record<string, unknown>;
}) {
  const putSchema = z
    .object({
      kind: z.enum(kinds, { error: '类型不正确' }).optional(),
      baseVersion: z.number({ error: '缺少版本号' }).int().min(0).max(INT4_MAX),
      data: dataSchema,
    })
    .strict();
  return new Hono<AppEnv>()
    .get('/:id/autosave', access.anyRoute(editRoutes), answers(autosaveCopySchema.nullable()), async (c) => {
      const slot = await slotOf(c, c.req.query('kind'));
      const [row] = await c
        .get('db')
        .select()
        .from(articleAutosaves)
        .where(mine(c.get('user')!.id, slot))
        .limit(1);
      return ok(c, row ? shape(row) : null);
    })
    .put('/:id/autosave', access.anyRoute(editRoutes), jsonBody(putSchema), answers(autosaveCopySchema), async (c) => {
      const input = c.req.valid('json');
      const slot = await slotOf(c, input.kind);
      const data = clean(input.data);
      const userId = c.get('user')!.id;
      const savedAt = new Date();
      const [row] = await c
        .get('db')
        .insert(articleAutosaves)
        .values({ userId, articleId: slot.articleId, kind: slot.kind, baseVersion: input.baseVersion, data, savedAt })
        .onConflictDoUpdate({
          target: [articleAutosaves.userId, articleAutosaves.articleId, articleAutosaves.kind],
          set: { baseVersion: input.baseVersion, data, savedAt },
        })
        .returning();
      return ok(c, shape(row));
    })
    .delete('/:id/autosave', access.anyRoute(editRoutes), answers(autosaveDeletedSchema), async (c) => {
      const slot = await slotOf(c, c.req.query('kind'));
      const gone = await c
        .get('db')
        .delete(articleAutosaves)
        .where(mine(c.get('user')!.id, slot))
        .returning({ id: articleAutosaves.id });
      return ok(c, { deleted: gone.length });
    });
}

const mine = (userId: number, slot: { articleId: number; kind: string }) =>
  and(eq(articleAutosaves.userId, userId), eq(articleAutosaves.articleId, slot.articleId), eq(articleAutosaves.kind, slot.kind));

const shape = (row: typeof articleAutosaves.$inferSelect) => ({
  articleId: row.articleId || null,
  kind: row.kind,
  baseVersion: row.baseVersion,
  savedAt: row.savedAt,
  data: row.data,
});
