import { rm } from 'node:fs/promises';
import { asc, inArray, lte, sql } from 'drizzle-orm';
import { storageDeletions } from '../db/schema';
import type { Db, DbOrTx } from '../db/types';
import { QINIU_RS_URL, UPYUN_API_URL, type StorageConfig } from './config';
import { KEY_PATTERN, localPath } from './local';
import { qiniuEncodedEntry, qiniuManagementToken, upyunSignature } from './signing';

/**
 * Removing a deleted library item's files from storage (issue 6: the original, the picture's
 * thumbnail, the video's poster), on every driver. The deleting transaction writes one
 * `storage_deletions` row per file (an outbox); after it commits the route asks for those rows to
 * be run at once, and the scheduler's process retries whatever failed (server/start-scheduler.ts). A
 * row goes when the storage confirms the file is gone (or was already gone); a failure keeps it
 * with its error and a growing delay. Each run claims its rows with a lease, so two instances never
 * delete the same file twice at once, and no transaction is held while the storage answers.
 */

export interface FileRef {
  storage: string;
  key: string;
  /** What the file belonged to, for the log. */
  source?: string;
}

/** Vendor calls give up after this long (the row is retried later). */
const REQUEST_TIMEOUT_MS = 10_000;
/** A claimed row is not claimed again for this long (a run that died mid-way gets retried). */
const LEASE_MS = 10 * 60_000;
/** First retry after a minute, doubling, at most this far apart. */
const MAX_DELAY_MS = 6 * 3600_000;
/** Qiniu takes at most 1000 operations per batch. */
const QINIU_BATCH = 1000;
/** Upyun has no batch delete: this many DELETE requests at a time. */
const UPYUN_PARALLEL = 4;

export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);

/** Queues the files in the caller's transaction; returns the row ids to run after it commits. */
export async function queueDeletions(tx: DbOrTx, storage: StorageConfig, files: FileRef[]): Promise<number[]> {
  const rows = files
    .filter((f) => f.key)
    .map((f) => ({
      storage: f.storage,
      key: f.key,
      source: (f.source ?? '').slice(0, 128),
      bucket: f.storage === 'qiniu' ? (storage.qiniu?.bucket ?? '') : f.storage === 'upyun' ? (storage.upyun?.bucket ?? '') : '',
    }));
  if (!rows.length) return [];
  const inserted = await tx.insert(storageDeletions).values(rows).returning({ id: storageDeletions.id });
  return inserted.map((r) => r.id);
}

type Row = typeof storageDeletions.$inferSelect;
/** `undefined`: gone (or never there); a string: why it is still there. */
type Outcome = string | undefined;

export interface RunResult {
  done: number;
  failed: number;
}

/**
 * Deletes the due files (or just `ids`, the rows a delete has just queued). Never throws: a failure
 * is logged and kept for the next run.
 */
export async function runDeletions(
  db: Db,
  storage: StorageConfig,
  { ids, now, limit = 500, log = (m: string) => console.warn(m) }: { ids?: number[]; now?: Date; limit?: number; log?: (message: string) => void } = {},
): Promise<RunResult> {
  try {
    if (ids && !ids.length) return { done: 0, failed: 0 };
    const at = now ?? new Date();
    // Rows just queued are run whatever the clocks say (the database's `now()` stamped them).
    const due = ids ? inArray(storageDeletions.id, ids) : lte(storageDeletions.nextAttemptAt, at);
    const claimed = await db
      .update(storageDeletions)
      .set({ attempts: sql`${storageDeletions.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + LEASE_MS) })
      .where(
        inArray(
          storageDeletions.id,
          db
            .select({ id: storageDeletions.id })
            .from(storageDeletions)
            .where(due)
            .orderBy(asc(storageDeletions.nextAttemptAt))
            .limit(limit)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
    if (!claimed.length) return { done: 0, failed: 0 };

    const outcomes = new Map<number, Outcome>();
    const groups = new Map<string, Row[]>();
    for (const row of claimed) {
      const group = `${row.storage}\u0000${row.bucket}`;
      groups.set(group, [...(groups.get(group) ?? []), row]);
    }
    for (const rows of groups.values()) {
      const results = await deleteGroup(storage, rows).catch((err: unknown) => rows.map(() => errorText(err)));
      rows.forEach((row, i) => outcomes.set(row.id, results[i]));
    }

    const done = claimed.filter((r) => outcomes.get(r.id) === undefined).map((r) => r.id);
    if (done.length) await db.delete(storageDeletions).where(inArray(storageDeletions.id, done));
    const failed = claimed.filter((r) => outcomes.get(r.id) !== undefined);
    for (const row of failed) {
      const error = outcomes.get(row.id)!.slice(0, 500);
      const next = new Date(at.getTime() + retryDelayMs(row.attempts));
      await db
        .update(storageDeletions)
        .set({ lastError: error, nextAttemptAt: next })
        .where(inArray(storageDeletions.id, [row.id]));
      log(`[storage] 删除 ${row.storage}:${row.key}（${row.source}）失败（第 ${row.attempts} 次）：${error}；${next.toISOString()} 重试`);
    }
    return { done: done.length, failed: failed.length };
  } catch (err) {
    log(`[storage] 删除存储文件的任务出错：${errorText(err)}`);
    return { done: 0, failed: 0 };
  }
}

/** One result per row, in order. */
async function deleteGroup(storage: StorageConfig, rows: Row[]): Promise<Outcome[]> {
  const kind = rows[0].storage;
  if (kind === 'local') return Promise.all(rows.map((r) => deleteLocal(storage.uploadsDir, r.key)));
  if (kind === 'qiniu') {
    const q = storage.qiniu;
    if (!q?.accessKey || !q.secretKey) return rows.map(() => '未配置七牛密钥（QINIU_ACCESS_KEY、QINIU_SECRET_KEY），无法删除');
    const bucket = rows[0].bucket || q.bucket;
    const out: Outcome[] = [];
    for (let i = 0; i < rows.length; i += QINIU_BATCH)
      out.push(
        ...(await deleteQiniu(
          { ...q, bucket },
          rows.slice(i, i + QINIU_BATCH).map((r) => r.key),
        )),
      );
    return out;
  }
  if (kind === 'upyun') {
    const u = storage.upyun;
    if (!u?.operator || !u.password) return rows.map(() => '未配置又拍云操作员（UPYUN_OPERATOR、UPYUN_PASSWORD），无法删除');
    const bucket = rows[0].bucket || u.bucket;
    const out: Outcome[] = new Array(rows.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < rows.length; i = next++) out[i] = await deleteUpyun({ ...u, bucket }, rows[i].key).catch(errorText);
    };
    await Promise.all(Array.from({ length: Math.min(UPYUN_PARALLEL, rows.length) }, worker));
    return out;
  }
  return rows.map(() => `未知的存储 ${kind}`);
}

async function deleteLocal(uploadsDir: string, key: string): Promise<Outcome> {
  // Keys come from our own rows; one that is not a key we make is never turned into a path.
  if (!KEY_PATTERN.test(key)) return `文件路径无效：${key}`;
  try {
    await rm(localPath(uploadsDir, key), { force: true });
    return undefined;
  } catch (err) {
    return errorText(err);
  }
}

/**
 * Qiniu's management API: `POST /delete/<EncodedEntryURI>` for one file, `POST /batch` with
 * `op=/delete/…` for several (200 all done, 298 some failed: one `{code}` per op). 612 means the
 * file is not there, which is what we want.
 */
async function deleteQiniu(q: { accessKey: string; secretKey: string; bucket: string; rsUrl?: string }, keys: string[]): Promise<Outcome[]> {
  const base = q.rsUrl || QINIU_RS_URL;
  const ops = keys.map((k) => `/delete/${qiniuEncodedEntry(q.bucket, k)}`);
  const single = ops.length === 1;
  const url = single ? `${base}${ops[0]}` : `${base}/batch`;
  const body = single ? '' : ops.map((op) => `op=${encodeURIComponent(op)}`).join('&');
  const contentType = 'application/x-www-form-urlencoded';
  const headers: Record<string, string> = { 'Content-Type': contentType, 'X-Qiniu-Date': qiniuDate(new Date()) };
  headers.Authorization = qiniuManagementToken({ accessKey: q.accessKey, secretKey: q.secretKey, method: 'POST', url, contentType, headers, body });
  const res = await fetch(url, { method: 'POST', headers, body: body || undefined, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  const gone = (code: number) => code === 200 || code === 612;
  if (single) return [gone(res.status) ? undefined : `七牛返回 HTTP ${res.status}：${text.slice(0, 200)}`];
  if (res.status !== 200 && res.status !== 298) return keys.map(() => `七牛返回 HTTP ${res.status}：${text.slice(0, 200)}`);
  let results: Array<{ code?: number; data?: { error?: string } }>;
  try {
    results = JSON.parse(text);
  } catch {
    return keys.map(() => `七牛的批量删除回复无法解析：${text.slice(0, 200)}`);
  }
  return keys.map((_, i) => {
    const code = results[i]?.code ?? 0;
    return gone(code) ? undefined : `七牛返回 ${code}：${results[i]?.data?.error ?? '未知错误'}`;
  });
}

/** `20060102T150405Z`, the form of the `X-Qiniu-Date` header. */
const qiniuDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** Upyun's REST API: `DELETE /<bucket>/<key>`, signed as `DELETE&/<bucket>/<key>&<date>`; 404 is fine. */
async function deleteUpyun(u: { bucket: string; operator: string; password: string }, key: string): Promise<Outcome> {
  const uri = `/${u.bucket}/${encodeURI(key)}`;
  const date = new Date().toUTCString();
  const res = await fetch(`${UPYUN_API_URL}${uri}`, {
    method: 'DELETE',
    headers: { Authorization: upyunSignature({ operator: u.operator, password: u.password, method: 'DELETE', uri, date }), Date: date },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  return res.status === 200 || res.status === 404 ? undefined : `又拍云返回 HTTP ${res.status}：${text.slice(0, 200)}`;
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError') return `存储服务 ${REQUEST_TIMEOUT_MS / 1000} 秒内没有回应`;
    const code = (err as { code?: string }).code;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return [code, err.message, cause?.code ?? cause?.message].filter(Boolean).join(' ');
  }
  return String(err);
}
