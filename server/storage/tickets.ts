import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { UploadTicket } from '../../lib/api/types';
import { uploadTickets } from '../db/schema';
import type { Db, DbOrTx } from '../db/types';
import { schedule } from '../jobs/maintenance';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors';
import { UPYUN_API_URL, type MediaKind, type StorageConfig } from './config';
import { queueDeletions, runDeletions } from './deletions';
import { formatBytes, thumbKeyOf } from './local';
import { PICTURE_TYPES } from '../../lib/media-types';
import { qiniuUploadToken, upyunFormUpload } from './signing';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The public URL of a stored key (in the configured storage, or in `driver`, where a file was stored before a switch). */
export function publicUrl(storage: StorageConfig, key: string, driver: string = storage.driver): string {
  if (driver === 'qiniu') return `${storage.qiniu?.domain ?? ''}/${key}`;
  if (driver === 'upyun') return `${storage.upyun?.domain ?? ''}/${key}`;
  return `/uploads/${key}`;
}

/** The thumbnail of a picture stored with a vendor: their image processing makes it on request. */
export function remoteThumbUrl(storage: StorageConfig, url: string): string {
  if (storage.driver === 'qiniu') return `${url}?imageView2/2/w/320/format/webp`;
  return `${url}!/fw/320/format/webp`;
}

/**
 * Issues an upload ticket: the server names the file (`<kind>/<yyyy>/<mm>/<random>.<ext>`), limits
 * it to its kind's types and size, and signs the vendor's token for exactly that key. The browser
 * then sends the file straight to the storage.
 */
export async function issueTicket(
  db: DbOrTx,
  storage: StorageConfig,
  { kind, mime, size, userId }: { kind: MediaKind; mime: string; size: number; userId: number },
): Promise<Omit<UploadTicket, 'duplicates'>> {
  const rule = storage.kinds[kind];
  const ext = rule.types[mime];
  if (!ext) throw badRequest(`不支持的文件类型：${mime || '未知'}`, { mime: `只接受 ${Object.values(rule.types).join('、')} 文件` });
  if (size > rule.maxBytes) throw new ApiError(413, `文件过大（上限 ${formatBytes(rule.maxBytes)}）`, { size: `文件不能超过 ${formatBytes(rule.maxBytes)}` });
  await checkQuota(db, storage, userId, size);

  const now = new Date();
  const key = `${kind}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(12).toString('hex')}.${ext}`;
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + storage.ticketMinutes * 60_000);
  // `mime` holds the declared type until the file arrives, then the type its bytes show.
  // The local driver receives at most the size declared here (the quota counted it).
  await db.insert(uploadTickets).values({ tokenHash: hashToken(token), kind, storage: storage.driver, key, userId, maxSize: size, expiresAt, mime });
  const base = { driver: storage.driver, key, expiresAt: expiresAt.toISOString(), maxBytes: rule.maxBytes };
  const deadline = Math.floor(expiresAt.getTime() / 1000);

  if (storage.driver === 'qiniu') {
    const q = storage.qiniu!;
    const returnBody = '{"key":$(key),"hash":$(etag),"size":$(fsize),"mime":$(mimeType),"width":$(imageInfo.width),"height":$(imageInfo.height)}';
    const uploadToken = qiniuUploadToken(
      {
        scope: `${q.bucket}:${key}`,
        deadline,
        insertOnly: 1,
        fsizeLimit: size,
        mimeLimit: Object.keys(rule.types).join(';'),
        detectMime: 1,
        ...(kind === 'video' ? {} : { returnBody }),
      },
      q.accessKey,
      q.secretKey,
    );
    return { ...base, method: 'POST', url: q.uploadUrl, fields: { token: uploadToken, key }, fileField: 'file' };
  }
  if (storage.driver === 'upyun') {
    const u = storage.upyun!;
    const form = upyunFormUpload({
      bucket: u.bucket,
      operator: u.operator,
      password: u.password,
      params: { 'save-key': `/${key}`, expiration: deadline, 'content-length-range': `1,${size}`, 'allow-file-type': Object.values(rule.types).join(',') },
    });
    return { ...base, method: 'POST', url: `${UPYUN_API_URL}/${u.bucket}`, fields: form, fileField: 'file' };
  }
  return { ...base, method: 'PUT', url: `/api/uploads/${token}`, headers: { 'Content-Type': mime } };
}

export type Ticket = typeof uploadTickets.$inferSelect;

/** The ticket behind a local upload URL, claimed for this upload (a second upload on it is refused). */
export async function claimTicket(db: DbOrTx, token: string): Promise<Ticket> {
  const [ticket] = await db
    .select()
    .from(uploadTickets)
    .where(eq(uploadTickets.tokenHash, hashToken(token)));
  if (!ticket || ticket.storage !== 'local') throw notFound('上传凭证无效');
  if (ticket.expiresAt < new Date()) throw forbidden('上传凭证已过期，请重新上传');
  const [claimed] = await db
    .update(uploadTickets)
    .set({ uploadedAt: new Date() })
    .where(and(eq(uploadTickets.id, ticket.id), isNull(uploadTickets.uploadedAt)))
    .returning();
  if (!claimed) throw new ApiError(409, '这个上传凭证已经用过了');
  return claimed;
}

/** Gives a claimed ticket back after a failed upload, so the person can retry with it. */
export async function releaseTicket(db: DbOrTx, id: number) {
  await db
    .update(uploadTickets)
    .set({ uploadedAt: null })
    .where(and(eq(uploadTickets.id, id), isNull(uploadTickets.size)));
}

export async function completeTicket(db: DbOrTx, id: number, received: { size: number; mime: string; sha256: string }) {
  await db.update(uploadTickets).set(received).where(eq(uploadTickets.id, id));
}

/**
 * The ticket a register call names: issued to this user for this kind and storage, not registered
 * yet, and (local driver) with its file received. Registration is allowed until a day after expiry.
 */
export async function ticketForRegister(
  db: DbOrTx,
  storage: StorageConfig,
  { key, kind, userId }: { key: string; kind: MediaKind; userId: number },
): Promise<Ticket> {
  const [ticket] = await db
    .select()
    .from(uploadTickets)
    .where(and(eq(uploadTickets.storage, storage.driver), eq(uploadTickets.key, key)))
    .for('update');
  const refuse = (message: string) => badRequest(message, { key: message });
  if (!ticket || ticket.userId !== userId) throw refuse('找不到这个上传（key 无效或不是你上传的）');
  if (ticket.kind !== kind) throw refuse(kind === 'poster' ? '封面必须用封面上传凭证上传' : '文件类型与素材库不符');
  if (ticket.registeredAt) throw new ApiError(409, '这个文件已经登记过了', { key: '这个文件已经登记过了' });
  if (ticket.expiresAt.getTime() + REGISTER_GRACE_MS < Date.now()) throw refuse('上传已过期，请重新上传');
  if (storage.driver === 'local' && ticket.size === null) throw refuse('文件尚未上传完成');
  return ticket;
}

export async function markRegistered(db: DbOrTx, id: number) {
  await db.update(uploadTickets).set({ registeredAt: new Date() }).where(eq(uploadTickets.id, id));
}

/** Registration is allowed until this long after a ticket's expiry; then an unregistered upload is swept. */
export const REGISTER_GRACE_MS = 24 * 3600_000;

/**
 * Upload allowance per person (README "Storage"): tickets per hour, and bytes uploaded or on their
 * way that are not registered yet (kept until registered or swept). Over either: 429.
 */
export const DEFAULT_QUOTA = { ticketsPerHour: 300, pendingBytes: 10 * 1024 ** 3 };

async function checkQuota(db: DbOrTx, storage: StorageConfig, userId: number, size: number) {
  const quota = storage.quota ?? DEFAULT_QUOTA;
  // Unregistered tickets are swept a day after expiry: two days of one person's rows (index on
  // user_id, created_at) hold every ticket that can still count.
  const [row] = await db
    .select({
      recent: sql<number>`count(*) FILTER (WHERE ${uploadTickets.createdAt} > now() - interval '1 hour')::int`,
      pending: sql<string>`coalesce(sum(coalesce(${uploadTickets.size}, ${uploadTickets.maxSize})) FILTER (WHERE ${uploadTickets.registeredAt} IS NULL AND (${uploadTickets.size} IS NOT NULL OR ${uploadTickets.expiresAt} > now())), 0)::text`,
    })
    .from(uploadTickets)
    .where(and(eq(uploadTickets.userId, userId), gt(uploadTickets.createdAt, sql`now() - interval '2 days'`)));
  if (row.recent >= quota.ticketsPerHour) throw new ApiError(429, `上传过于频繁：每人每小时最多 ${quota.ticketsPerHour} 个文件，请稍后再试`);
  if (Number(row.pending) + size > quota.pendingBytes) {
    throw new ApiError(429, `尚未登记的上传已达上限（每人 ${formatBytes(quota.pendingBytes)}）：请先登记已上传的文件，未登记的上传过期一天后自动清除`);
  }
}

/**
 * Tickets a day past expiry that were never registered go, and with them their files: queued in
 * the same transaction (server/storage/deletions.ts), so a file the storage fails to remove is
 * retried rather than forgotten. Runs on a timer ({@link scheduleUploadSweep}).
 */
export async function sweepExpired(db: Db, storage: StorageConfig, limit = 1000): Promise<number> {
  const queued = await db.transaction(async (tx) => {
    const stale = await tx
      .delete(uploadTickets)
      .where(
        inArray(
          uploadTickets.id,
          tx
            .select({ id: uploadTickets.id })
            .from(uploadTickets)
            .where(and(isNull(uploadTickets.registeredAt), lt(uploadTickets.expiresAt, new Date(Date.now() - REGISTER_GRACE_MS))))
            .limit(limit),
        ),
      )
      .returning({ key: uploadTickets.key, storage: uploadTickets.storage });
    const files = stale.flatMap((t) => [
      { storage: t.storage, key: t.key, source: '未登记的上传' },
      ...(t.storage === 'local' && t.key.startsWith('pic/') ? [{ storage: 'local', key: thumbKeyOf(t.key), source: '未登记的上传' }] : []),
    ]);
    return queueDeletions(tx, storage, files);
  });
  if (queued.length) await runDeletions(db, storage, { ids: queued });
  return queued.length;
}

/** Sweeps abandoned uploads now and then (the scheduler's process: server/start-scheduler.ts). */
export function scheduleUploadSweep(db: Db, storage: StorageConfig, { firstDelayMs = 60_000, everyMs = 10 * 60_000 } = {}): () => void {
  return schedule(() => sweepExpired(db, storage), { firstDelayMs, everyMs });
}

/**
 * Whether `/uploads/<key>` may be served: not while the file is an unregistered upload (F10: an
 * upload is not public before it is registered). A thumbnail follows its picture. One probe of
 * the `(storage, key)` index; files with no ticket (seeded ones) are served.
 */
export async function isServable(db: DbOrTx, key: string): Promise<boolean> {
  const keys = key.startsWith('thumbs/')
    ? [...new Set(Object.values(PICTURE_TYPES))].map((ext) => `${key.slice('thumbs/'.length).replace(/\.webp$/, '')}.${ext}`)
    : [key];
  const [pending] = await db
    .select({ id: uploadTickets.id })
    .from(uploadTickets)
    .where(and(eq(uploadTickets.storage, 'local'), inArray(uploadTickets.key, keys), isNull(uploadTickets.registeredAt)))
    .limit(1);
  return !pending;
}
