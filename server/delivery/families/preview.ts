import { z } from 'zod';
import { statusLabel } from '../../../lib/resources/publishing';
import { readPreviewToken } from '../preview';
import { deliveryRoute, type DeliveryContext } from '../registry';
import { articleAsRead, articleDetailSchema } from './articles';
import { shortVideoAsRead, shortVideoDetailSchema } from './short-videos';

/**
 * `preview/{token}` (DESIGN §12): the one item a preview token names, as it is now, whatever its
 * status, in the shape `articles/{id}` or `short_videos/{id}` answers. An invalid or expired token is
 * a 404 like an unknown item. Never cached (the framework's `private`).
 */
export const previewDataSchema = z.object({
  type: z.enum(['article', 'video']),
  status: z.number().int().describe('0 草稿 · 1 待审核 · 2 已驳回 · 3 已发布 · 4 已下线 · 5 定时发布'),
  statusLabel: z.string(),
  expiresAt: z.string().describe('When the link stops working'),
  article: articleDetailSchema.nullable(),
  shortVideo: shortVideoDetailSchema.nullable(),
});

export function previewRoutes(ctx: DeliveryContext) {
  return [
    deliveryRoute({
      path: '/preview/:token',
      family: 'preview',
      summary: '预览链接：一篇未发布（或已发布）的内容当前的样子',
      query: z.object({ token: z.string().max(200) }),
      data: previewDataSchema,
      cache: 'private',
      handler: async (db, q, now) => {
        const named = await readPreviewToken(db, q.token, now);
        if (!named) return null;
        const found =
          named.type === 'article'
            ? await articleAsRead(db, ctx, named.id, now, { visibleOnly: false })
            : await shortVideoAsRead(db, ctx, named.id, now, { visibleOnly: false });
        if (!found) return null;
        return {
          data: {
            type: named.type,
            status: found.status,
            statusLabel: statusLabel(found.status),
            expiresAt: named.expiresAt.toISOString(),
            article: named.type === 'article' ? (found.data as z.infer<typeof articleDetailSchema>) : null,
            shortVideo: named.type === 'video' ? (found.data as z.infer<typeof shortVideoDetailSchema>) : null,
          },
          keys: found.keys,
          next: named.expiresAt,
        };
      },
    }),
  ];
}
