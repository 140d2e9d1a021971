/**
 * Typed client of the picture and video libraries (素材库) and of the upload path: ticket → send the
 * file straight to the storage (XHR, for per-file progress and cancel) → register. Browser only.
 * @see DESIGN §6, §9; server/routes/media.ts and server/routes/uploads.ts are the contract
 */
import type { z } from 'zod';
import type { mediaUseList, uploaderList, uploadLimitsSchema } from '../resources/schemas/media';
import { http, isFailure } from '../http';
import { picStoreResource, picStoreTagResource, UNTITLED, videoStoreResource, videoStoreTagResource } from '../resources/media';
import type { PicItem, UploadTicket, VideoItem } from './types';

export { UNTITLED };
import { resourceClient } from './resource';
import { BODY_LIMITS } from '../resources/articles';

export type LibraryKind = 'pic' | 'video';

export interface LibraryTag {
  id: number;
  name: string;
  sort: number;
}

/** Where an item is used (`ownerName`: what the owner is, as the server's declarations name it: 短视频, 友情链接 …). */
export type MediaUse = z.output<typeof mediaUseList>[number];

/** A row of either library, as the grid shows it. */
export type LibraryItem = (PicItem | VideoItem) & { thumbUrl?: string; cover?: string; duration?: number };

/**
 * Whether a library title is no real title, so that nobody copies it into an article or a short
 * video: the placeholder of an untitled upload (「未命名视频」), or a file name. Uploads were titled
 * with their file names before issue 15 (「photo-2」, 「factory-tour」, 「IMG_2034」): a title of
 * Latin letters and digits joined by - _ or . with no space or Chinese is taken for one. A real title
 * such as 「EV-1」 is misread as a file name at worst, and then only not proposed.
 */
export function isPlaceholderTitle(title: string): boolean {
  const t = title.trim();
  if (!t || t === UNTITLED.pic || t === UNTITLED.video) return true;
  return /^[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+$/.test(t);
}

/** Both libraries answer rows of the same shape (a picture has `thumbUrl`, a video `cover` and `duration`). */
export const libraryClient = {
  pic: resourceClient<LibraryItem>(picStoreResource),
  video: resourceClient<LibraryItem>(videoStoreResource),
};
export const libraryTagClient = {
  pic: resourceClient<LibraryTag>(picStoreTagResource),
  video: resourceClient<LibraryTag>(videoStoreTagResource),
};

const base = (kind: LibraryKind) => (kind === 'pic' ? '/api/pic_stores' : '/api/video_stores');

/** A library item as `by_ids` answers it: a video carries a playable URL (signed where the storage needs it). */
export type ResolvedItem = LibraryItem & { playUrl?: string };

/** How many ids one `by_ids` call takes (the server's cap: as many pictures as a body may hold). */
export const BY_IDS_MAX = BODY_LIMITS.pictures;

/** The named items of a library in one call (any order, missing ones left out); null when the call failed. */
export async function libraryByIds(kind: LibraryKind, ids: number[]): Promise<ResolvedItem[] | null> {
  const reply = await http.main.get<{ list: ResolvedItem[] }>(`${base(kind)}/by_ids`, { ids: ids.join(',') });
  return isFailure(reply) || reply.status !== 0 || !reply.data ? null : reply.data.list;
}

/** Where an item is used (articles, focus slots …), newest first. */
export const mediaUsage = (kind: LibraryKind, id: number) => http.main.get<MediaUse[]>(`${base(kind)}/${id}/usage`, { _t: Date.now() });

export type BatchAction = 'addTags' | 'removeTags' | 'delete';
export const mediaBatch = (kind: LibraryKind, action: BatchAction, ids: number[], tagIds: number[] = []) =>
  http.main.post<{ ids: number[] }>(`${base(kind)}/batch`, { action, ids, tagIds });

/** Runs the picture check again. */
export const recheckPicture = (id: number) => http.main.post<{ status: number; note: string }>(`/api/pic_stores/${id}/check`);

/** A playable URL for a library video (signed on Upyun or a private Qiniu bucket). */
export const videoPlayUrl = (id: number) => http.main.post<{ url: string; expiresAt: string }>('/api/upyun_play_token', { id });

/**
 * Whether a picture's verdict is worth showing (review P3-2): a verdict always; 未检测 only where a
 * check service is configured, since without one every picture is 未检测 and the chip is noise.
 * `imageCheck` is null until the deployment's configuration is known (then 未检测 waits too).
 */
export function showsCheckVerdict(status: number, imageCheck: boolean | null): boolean {
  return status !== 0 || imageCheck === true;
}

/** Picture check verdicts (DESIGN §6): text and antd tag colour. */
export const CHECK_STATUS: Record<number, { text: string; color: string }> = {
  0: { text: '未检测', color: 'default' },
  1: { text: '通过', color: 'success' },
  2: { text: '疑似', color: 'warning' },
  3: { text: '违规', color: 'error' },
};

/** Someone who has uploaded to a library, for the 上传者 filter. */
export type Uploader = z.output<typeof uploaderList>['list'][number];

/** Uploaders of a library matching a name (or given ids); null when the call failed. */
export async function uploaderSearch(kind: LibraryKind, params: { keyword?: string; ids?: string }): Promise<Uploader[] | null> {
  const reply = await http.main.get<{ list: Uploader[] }>(`/api/${kind === 'pic' ? 'pic_stores' : 'video_stores'}/uploaders`, params);
  return isFailure(reply) || reply.status !== 0 || !reply.data ? null : reply.data.list;
}

/* ------------------------------------------------------------------------------------------------
 * Uploading
 * --------------------------------------------------------------------------------------------- */

/** What each kind accepts (the server enforces the same, DESIGN §9); the extension decides when the browser names no type. */
export const ACCEPT: Record<LibraryKind, Record<string, string>> = {
  pic: { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' },
  video: { mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' },
};
/** The default limits, for the drop zone's hint only: the ticket is the authority (the server's limits are configurable). */
export const DEFAULT_LIMIT_TEXT: Record<LibraryKind, string> = { pic: 'jpg、png、gif、webp，单个不超过 20 MB', video: 'mp4、mov、webm，单个不超过 2 GB' };

/** This deployment's limits (`GET /api/upload_limits`): the size cap and the types of each library. */
export type UploadLimits = z.output<typeof uploadLimitsSchema>;

let limitsPromise: Promise<UploadLimits | null> | null = null;

/** The limits, asked once per tab (null when the call failed: the ticket still refuses). */
export function uploadLimits(): Promise<UploadLimits | null> {
  limitsPromise ??= http.main.get<UploadLimits>('/api/upload_limits').then((reply) => {
    if (isFailure(reply) || reply.status !== 0 || !reply.data) {
      limitsPromise = null;
      return null;
    }
    return reply.data;
  });
  return limitsPromise;
}

/** The drop zone's hint from the real limits: "jpg、png、gif、webp，单个不超过 20 MB". */
export function limitText(kind: LibraryKind, limits: UploadLimits | null): string {
  if (!limits) return DEFAULT_LIMIT_TEXT[kind];
  const rule = limits.kinds[kind];
  return `${rule.extensions.join('、')}，单个不超过 ${formatBytes(rule.maxBytes)}`;
}

/** The media type of a file for its kind, or null when the kind does not take it. */
export function mediaTypeOf(kind: LibraryKind, file: { name: string; type: string }): string | null {
  const types = ACCEPT[kind];
  const declared = file.type.toLowerCase();
  if (declared && Object.values(types).includes(declared)) return declared;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  // A declared type of another kind (image/svg+xml, text/html) is never overridden by the name.
  if (declared && declared !== 'application/octet-stream') return null;
  return types[ext] ?? null;
}

export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '0 KB';
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.ceil(n / 1024))} KB`;
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds || 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/**
 * Files up to this size are hashed in the browser before the ticket is asked for, so the library can
 * offer an item it already holds before any byte is sent. `crypto.subtle.digest` takes the whole file
 * in memory, so larger videos skip it (the local driver hashes them itself as they arrive, and the
 * register call still answers 409 with the existing item).
 */
export const HASH_MAX_BYTES = 256 * 1024 * 1024;

export async function sha256Hex(file: Blob): Promise<string | undefined> {
  if (file.size > HASH_MAX_BYTES || typeof crypto === 'undefined' || !crypto.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** An upload failure a person can read, and whether trying again may help. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly reason: 'tooLarge' | 'type' | 'storage' | 'network' | 'expired' | 'server' | 'cancelled',
    readonly status?: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The Chinese reason for an API refusal (ticket or register), by HTTP status. */
export function refusalText(status: number, message?: string, errors?: Record<string, string>): UploadError {
  const detail = errors?.size ?? errors?.mime ?? errors?.key ?? message;
  if (status === 413) return new UploadError(detail ? (detail.includes('过大') ? detail : `文件过大：${detail}`) : '文件过大', 'tooLarge', status);
  if (status === 415 || (status === 400 && (errors?.mime || /类型/.test(message ?? ''))))
    return new UploadError(`文件类型不符：${detail ?? '不支持的文件类型'}`, 'type', status);
  if (status === 403 && /过期/.test(message ?? '')) return new UploadError('上传凭证已过期，请重试', 'expired', status);
  return new UploadError(detail || `上传失败（HTTP ${status}）`, 'server', status);
}

/** Asks for a ticket; never toasts (the queue shows the reason on the file's own row). */
export async function requestTicket(input: {
  kind: 'pic' | 'video' | 'poster';
  filename: string;
  size: number;
  mime: string;
  sha256?: string;
}): Promise<UploadTicket> {
  const reply = await http.main.send<UploadTicket>('POST', '/api/upload_token', input);
  if (isFailure(reply)) throw new UploadError('网络异常，无法连接服务器', 'network');
  if (reply.body.status !== 0 || !reply.body.data) throw refusalText(reply.httpStatus, reply.body.message, reply.body.errors);
  return reply.body.data;
}

export interface RegisterInput {
  key: string;
  title: string;
  tagIds: number[];
  allowDuplicate?: boolean;
  width?: number;
  height?: number;
  size?: number;
  mime?: string;
  sha256?: string;
  duration?: number;
  posterKey?: string;
}

/** A register refused because the library holds the same file: `existing` is that item. */
export class DuplicateError extends UploadError {
  constructor(
    message: string,
    readonly existing: { id: number; title: string; url: string; thumbUrl?: string },
  ) {
    super(message, 'server', 409);
  }
}

export async function registerUpload(kind: LibraryKind, input: RegisterInput): Promise<LibraryItem> {
  const reply = await http.main.send<LibraryItem & { existing?: DuplicateError['existing'] }>('POST', base(kind), input);
  if (isFailure(reply)) throw new UploadError('网络异常，登记失败，请重试', 'network');
  const { body } = reply;
  if (body.status === 0 && body.data) return body.data;
  const existing = (body.data as { existing?: DuplicateError['existing'] } | undefined)?.existing;
  if (reply.httpStatus === 409 && existing) throw new DuplicateError(body.message ?? '库中已有相同的文件', existing);
  throw refusalText(reply.httpStatus, body.message, body.errors);
}

export interface SendHandle {
  promise: Promise<void>;
  abort(): void;
}

/**
 * Sends one file as the ticket says: PUT the raw file (local driver) or a multipart form (Qiniu,
 * Upyun). XHR rather than fetch: fetch reports no upload progress.
 */
export function sendFile(ticket: UploadTicket, file: Blob, onProgress: (fraction: number) => void): SendHandle {
  const xhr = new XMLHttpRequest();
  const apiBase = process.env.NEXT_PUBLIC_API_BASE || '';
  const url = /^https?:\/\//.test(ticket.url) ? ticket.url : `${apiBase}${ticket.url}`;
  const promise = new Promise<void>((resolve, reject) => {
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      let body: { message?: string; errors?: Record<string, string>; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* a vendor's non-JSON answer */
      }
      if (ticket.method === 'PUT') reject(refusalText(xhr.status, body.message, body.errors));
      else
        reject(
          new UploadError(`存储服务拒绝了文件：${body.message ?? body.error ?? `HTTP ${xhr.status}`}`, xhr.status === 413 ? 'tooLarge' : 'storage', xhr.status),
        );
    };
    xhr.onerror = () => reject(new UploadError('网络异常，上传中断', 'network'));
    xhr.ontimeout = () => reject(new UploadError('网络超时，上传中断', 'network'));
    xhr.onabort = () => reject(new UploadError('已取消', 'cancelled'));
    xhr.open(ticket.method, url);
    if (ticket.method === 'PUT') {
      xhr.withCredentials = true;
      for (const [name, value] of Object.entries(ticket.headers ?? {})) xhr.setRequestHeader(name, value);
      xhr.send(file);
    } else {
      const form = new FormData();
      for (const [name, value] of Object.entries(ticket.fields ?? {})) form.append(name, value);
      form.append(ticket.fileField ?? 'file', file);
      xhr.send(form);
    }
  });
  return { promise, abort: () => xhr.abort() };
}

/** Width and height of a picture, read by the browser (remote drivers need them at register). */
export function pictureSize(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

export interface VideoFacts {
  duration: number;
  width: number;
  height: number;
  poster: Blob | null;
}

/**
 * Duration and size from a `<video>` element, and a poster frame drawn on a canvas (DESIGN §9:
 * captured in the browser at upload). The frame is taken a second in (or halfway into a shorter
 * video), past the black first frame most clips start with.
 */
export function readVideo(file: Blob, timeoutMs = 15_000): Promise<VideoFacts> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    video.playsInline = true;
    let facts: Omit<VideoFacts, 'poster'> = { duration: 0, width: 0, height: 0 };
    const done = (poster: Blob | null) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve({ ...facts, poster });
    };
    const timer = setTimeout(
      () => (facts.width ? done(null) : (URL.revokeObjectURL(url), reject(new UploadError('无法读取视频信息（文件可能已损坏）', 'type')))),
      timeoutMs,
    );
    video.onerror = () => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      reject(new UploadError('浏览器无法读取这个视频（文件损坏或编码不受支持）', 'type'));
    };
    video.onloadedmetadata = () => {
      // MediaRecorder files report Infinity until the end is sought once.
      const duration = Number.isFinite(video.duration) ? video.duration : 0;
      facts = { duration, width: video.videoWidth, height: video.videoHeight };
      video.currentTime = duration ? Math.min(1, duration / 2) : 1e9;
    };
    video.onseeked = () => {
      if (!facts.duration && Number.isFinite(video.duration)) facts.duration = video.duration;
      try {
        const canvas = document.createElement('canvas');
        const scale = Math.min(1, 1280 / Math.max(1, video.videoWidth));
        canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
        canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
        canvas.getContext('2d')!.drawImage(video, 0, 0, canvas.width, canvas.height);
        canvas.toBlob((blob) => done(blob), 'image/jpeg', 0.85);
      } catch {
        done(null);
      }
    };
    video.src = url;
  });
}
