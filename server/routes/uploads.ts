import { Hono, type MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { INT4_MAX } from '../../lib/constants';
import type { UploadTicket } from '../../lib/api/types';
import { answers } from '../http/answer';
import { playUrlSchema, receivedFileSchema, uploadLimitsSchema, uploadTicketSchema } from '../../lib/resources/schemas/media';
import { access } from '../auth/access';
import { videoStores } from '../db/schema';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { ok } from '../http/reply';
import { jsonBody, type WithJson } from '../http/input';
import type { AppEnv } from '../http/types';
import type { StorageConfig } from '../storage/config';
import { receiveFile } from '../storage/local';
import { claimTicket, completeTicket, issueTicket, publicUrl, releaseTicket } from '../storage/tickets';
import { findDuplicates, playUrl } from '../media/library';
import { anyUploader, type Catalogue } from '../crud/catalogue';

const ticketSchema = z.object({
  kind: z.enum(['pic', 'video', 'poster'], { error: '请说明上传的是图片、视频还是封面' }),
  filename: z.string().trim().max(255, '文件名过长').default(''),
  size: z.number({ error: '请提供文件大小' }).int().min(1, '文件是空的').max(Number.MAX_SAFE_INTEGER),
  mime: z.string({ error: '请提供文件类型' }).trim().toLowerCase().max(64),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'SHA-256 必须是 64 位十六进制')
    .optional(),
});

/**
 * Upload tickets and the local driver's receiving end. `POST /api/upload_token` works with any
 * storage; the vendor-named calls of SEED §7 answer the same, but only when that vendor is the
 * configured storage.
 */
export function uploadRoutes(storage: StorageConfig, uploaders: Catalogue['uploaders']) {
  const app = new Hono<AppEnv>();

  // The vendor-named calls answer only when that vendor is the storage (said before the body is looked at).
  const storageIs =
    (only: StorageConfig['driver']): MiddlewareHandler<AppEnv> =>
    async (_c, next) => {
      if (storage.driver !== only)
        throw conflict(`当前存储不是${only === 'qiniu' ? '七牛' : '又拍云'}（CMS_STORAGE=${storage.driver}），请使用 /api/upload_token`);
      await next();
    };
  const ticket = async (c: WithJson<typeof ticketSchema>) => {
    const input = c.req.valid('json');
    const user = c.get('user')!;
    if (!uploaders[input.kind].some((r) => user.routes.has(r))) throw forbidden(input.kind === 'pic' ? '没有上传图片的权限' : '没有上传视频的权限');
    const db = c.get('db');
    const issued = await issueTicket(db, storage, { kind: input.kind, mime: input.mime, size: input.size, userId: user.id });
    // The same file in the library already: the browser offers it instead of a second copy.
    const duplicates = input.sha256 && input.kind !== 'poster' ? await findDuplicates(db, input.kind, input.sha256) : [];
    return ok(c, { ...issued, duplicates } satisfies UploadTicket);
  };
  // A file over its kind's limit (413), of a type the kind does not take (415), over the hourly or pending quota (429).
  const ticketRefusals = { 413: '文件过大', 415: '文件类型不被接受', 429: '上传过于频繁，或未登记的上传已达上限' } as const;
  const otherStorage = { ...ticketRefusals, 409: '当前存储不是这个服务' };
  app.post('/upload_token', access.anyRoute(anyUploader(uploaders)), answers(uploadTicketSchema, ticketRefusals), jsonBody(ticketSchema), ticket);
  app.post(
    '/get_qiniu_token',
    access.anyRoute(anyUploader(uploaders)),
    answers(uploadTicketSchema, otherStorage),
    storageIs('qiniu'),
    jsonBody(ticketSchema),
    ticket,
  );
  app.post(
    '/upyun_up_token',
    access.anyRoute(anyUploader(uploaders)),
    answers(uploadTicketSchema, otherStorage),
    storageIs('upyun'),
    jsonBody(ticketSchema),
    ticket,
  );

  /**
   * What each library accepts (this deployment's limits, configurable: README "Storage"): the
   * upload queue refuses a file that is too large or of the wrong type before asking for a ticket,
   * and its hint states the real limits. The ticket remains the authority. `imageCheck`: whether
   * pictures are checked at all (IMAGE_CHECK_URL).
   */
  app.get('/upload_limits', access.signedIn(), answers(uploadLimitsSchema), (c) =>
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
  app.post(
    '/upyun_play_token',
    access.signedIn(),
    jsonBody(z.object({ id: z.number({ error: '请指定视频' }).int().positive().max(INT4_MAX, '视频不存在') })),
    answers(playUrlSchema, { 404: '视频不存在' }),
    async (c) => {
      const { id } = c.req.valid('json');
      const [video] = await c
        .get('db')
        .select({ key: videoStores.key, url: videoStores.url, storage: videoStores.storage })
        .from(videoStores)
        .where(eq(videoStores.id, id));
      if (!video) throw notFound('视频不存在');
      return ok(c, playUrl(storage, video));
    },
  );

  /** The local driver receives the file itself (raw body, the ticket's type), streamed to disk. */
  app.put(
    '/uploads/:token',
    access.signedIn(),
    answers(receivedFileSchema, { 409: '当前存储不是本地存储，或凭证已用过', 413: '文件过大', 415: '内容与凭证的类型不符' }),
    async (c) => {
      if (storage.driver !== 'local') throw conflict('当前存储不是本地存储');
      const db = c.get('db');
      const ticket = await claimTicket(db, c.req.param('token'));
      try {
        if (ticket.userId !== c.get('user')!.id) throw forbidden('这个上传凭证不是你的');
        const declared = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
        if (declared !== ticket.mime) throw new ApiError(415, `请求的内容类型应为 ${ticket.mime}`);
        const received = await receiveFile(c.req.raw.body, {
          uploadsDir: storage.uploadsDir,
          key: ticket.key,
          maxBytes: ticket.maxSize,
          declaredType: declared,
        });
        await completeTicket(db, ticket.id, received);
        return ok(c, { key: ticket.key, url: publicUrl(storage, ticket.key), ...received });
      } catch (err) {
        await releaseTicket(db, ticket.id);
        // The person cancelled or the connection dropped: nothing to report on the server.
        if (!(err instanceof ApiError) && err instanceof Error && (err.message === 'aborted' || err.name === 'AbortError'))
          throw badRequest('上传被中断，可以重试');
        throw err;
      }
    },
  );

  return app;
}
