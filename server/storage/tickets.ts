import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { UploadTicket } from '../../lib/resources/media';
import { uploadTickets } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { ApiError, badRequest, forbidden, notFound } from '../http/reply';
import { UPYUN_API_URL, type MediaKind, type StorageConfig } from './config';
import { formatBytes, removeFiles } from './local';
import { qiniuUploadToken, upyunFormUpload } from './signing';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The public URL of a stored key. */
export function publicUrl(storage: StorageConfig, key: string): string {
  if (storage.driver === 'qiniu') return `${storage.qiniu!.domain}/${key}`;
  if (storage.driver === 'upyun') return `${storage.upyun!.domain}/${key}`;
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
  await sweepExpired(db, storage);

  const now = new Date();
  const key = `${kind}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(12).toString('hex')}.${ext}`;
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + storage.ticketMinutes * 60_000);
  // `mime` holds the declared type until the file arrives, then the type its bytes show.
  await db.insert(uploadTickets).values({ tokenHash: hashToken(token), kind, storage: storage.driver, key, userId, maxSize: rule.maxBytes, expiresAt, mime });
  const base = { driver: storage.driver, key, expiresAt: expiresAt.toISOString(), maxBytes: rule.maxBytes };
  const deadline = Math.floor(expiresAt.getTime() / 1000);

  if (storage.driver === 'qiniu') {
    const q = storage.qiniu!;
    const returnBody = '{"key":$(key),"hash":$(etag),"size":$(fsize),"mime":$(mimeType),"width":$(imageInfo.width),"height":$(imageInfo.height)}';
    const uploadToken = qiniuUploadToken({ scope: `${q.bucket}:${key}`, deadline, insertOnly: 1, fsizeLimit: rule.maxBytes, mimeLimit: Object.keys(rule.types).join(';'), detectMime: 1, ...(kind === 'video' ? {} : { returnBody }) }, q.accessKey, q.secretKey);
    return { ...base, method: 'POST', url: q.uploadUrl, fields: { token: uploadToken, key }, fileField: 'file' };
  }
  if (storage.driver === 'upyun') {
    const u = storage.upyun!;
    const form = upyunFormUpload({
      bucket: u.bucket,
      operator: u.operator,
      password: u.password,
      params: { 'save-key': `/${key}`, expiration: deadline, 'content-length-range': `1,${rule.maxBytes}`, 'allow-file-type': Object.values(rule.types).join(',') },
    });
    return { ...base, method: 'POST', url: `${UPYUN_API_URL}/${u.bucket}`, fields: form, fileField: 'file' };
  }
  return { ...base, method: 'PUT', url: `/api/uploads/${token}`, headers: { 'Content-Type': mime } };
}

export type Ticket = typeof uploadTickets.$inferSelect;

/** The ticket behind a local upload URL, claimed for this upload (a second upload on it is refused). */
export async function claimTicket(db: DbOrTx, token: string): Promise<Ticket> {
  const [ticket] = await db.select().from(uploadTickets).where(eq(uploadTickets.tokenHash, hashToken(token)));
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
  await db.update(uploadTickets).set({ uploadedAt: null }).where(and(eq(uploadTickets.id, id), isNull(uploadTickets.size)));
}

export async function completeTicket(db: DbOrTx, id: number, received: { size: number; mime: string; sha256: string }) {
  await db.update(uploadTickets).set(received).where(eq(uploadTickets.id, id));
}

/**
 * The ticket a register call names: issued to this user for this kind and storage, not registered
 * yet, and (local driver) with its file received. Registration is allowed until a day after expiry.
 */
export async function ticketForRegister(db: DbOrTx, storage: StorageConfig, { key, kind, userId }: { key: string; kind: MediaKind; userId: number }): Promise<Ticket> {
  const [ticket] = await db
    .select()
    .from(uploadTickets)
    .where(and(eq(uploadTickets.storage, storage.driver), eq(uploadTickets.key, key)))
    .for('update');
  const refuse = (message: string) => badRequest(message, { key: message });
  if (!ticket || ticket.userId !== userId) throw refuse('找不到这个上传（key 无效或不是你上传的）');
  if (ticket.kind !== kind) throw refuse(kind === 'poster' ? '封面必须用封面上传凭证上传' : '文件类型与素材库不符');
  if (ticket.registeredAt) throw new ApiError(409, '这个文件已经登记过了', { key: '这个文件已经登记过了' });
  if (ticket.expiresAt.getTime() + 24 * 3600_000 < Date.now()) throw refuse('上传已过期，请重新上传');
  if (storage.driver === 'local' && ticket.size === null) throw refuse('文件尚未上传完成');
  return ticket;
}

export async function markRegistered(db: DbOrTx, id: number) {
  await db.update(uploadTickets).set({ registeredAt: new Date() }).where(eq(uploadTickets.id, id));
}

/**
 * Housekeeping on every new ticket: tickets a day past expiry that were never registered go, and
 * with them their files (local driver), so abandoned uploads do not pile up.
 */
async function sweepExpired(db: DbOrTx, storage: StorageConfig) {
  const stale = await db
    .delete(uploadTickets)
    .where(and(isNull(uploadTickets.registeredAt), lt(uploadTickets.expiresAt, sql`now() - interval '1 day'`)))
    .returning({ key: uploadTickets.key, storage: uploadTickets.storage });
  const local = stale.filter((t) => t.storage === 'local').map((t) => t.key);
  if (local.length) await removeFiles(storage.uploadsDir, local);
}
