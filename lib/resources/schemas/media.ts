/** 素材库's declarations with their schemas and the register calls' schemas (the server's). */
import { z } from 'zod';
import { withSchema, idList, imageUrl, isoTime, optionalText, recordId, refId, text } from './common';
import * as decl from '../media';

/** A library tag's schema (图片标签 / 视频标签). */
const tagSchema = () => z.object({ name: text('标签名称', 32) });
export const picStoreTagResource = withSchema(decl.picStoreTagResource, tagSchema());
export const videoStoreTagResource = withSchema(decl.videoStoreTagResource, tagSchema());

const sha256 = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'SHA-256 必须是 64 位十六进制')
  .optional();
const dimension = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .int()
    .min(0)
    .max(100_000)
    .optional();

/** What the browser sends to register an uploaded picture. The file itself is checked on the server. */
export const picRegisterSchema = z.object({
  key: z.string({ error: '缺少文件 key' }).min(1, '缺少文件 key').max(512),
  title: optionalText('标题', 128).default(''),
  tagIds: idList('标签').default([]),
  /** Keep a second copy although the library holds the same file. */
  allowDuplicate: z.boolean().default(false),
  // Reported by the browser or the vendor's upload reply; the local driver measures them itself.
  width: dimension('宽度'),
  height: dimension('高度'),
  size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  mime: z.string().max(64).optional(),
  sha256,
});

export const videoRegisterSchema = picRegisterSchema.extend({
  /** Seconds, from the browser's <video> metadata. */
  duration: z
    .number({ error: '时长必须是数字' })
    .min(0)
    .max(24 * 3600, '时长过长')
    .default(0),
  /** The poster frame captured in the browser, uploaded with its own ticket (kind `poster`). */
  posterKey: z.string().max(512).optional(),
});

/**
 * What a library row answers beside its editable fields (server/routes/media.ts `columns`): the
 * file, who uploaded it (and their department), the picture check's verdict and how often it is used.
 */
const LIBRARY_ROW = {
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  uploaderId: refId,
  uploaderName: z.string().nullable(),
  /** The uploader's department (the newsroom asks "which desk shot this?"). */
  uploaderDepartment: z.string().nullable(),
  /** Its id: a 本部门 viewer changes only items uploaded in their department or below. */
  uploaderDepartmentId: refId,
  checkStatus: z.number().int(),
  checkNote: z.string(),
  createdAt: isoTime,
  usageCount: z.number().int(),
};

export const picStoreResource = withSchema(decl.picStoreResource, z.object({ title: text('标题', 128), tagIds: idList('标签') }), {
  add: { ...LIBRARY_ROW, thumbUrl: z.string() },
});

// The cover is shown as an <img> to everyone who opens the library: an http(s) picture or our own
// upload, never a path that climbs out of /uploads (`/uploads/../api/logout`).
export const videoStoreResource = withSchema(decl.videoStoreResource, z.object({ title: text('标题', 128), tagIds: idList('标签'), cover: imageUrl('封面') }), {
  add: { ...LIBRARY_ROW, cover: z.string(), duration: z.number() },
});

/** `GET /{library}/by_ids`: the named items in the list's shape; a video carries its playable address too. */
export const picsByIds = z.object({ list: z.array(picStoreResource.record) });
export const videosByIds = z.object({ list: z.array(videoStoreResource.record.extend({ playUrl: z.string() })) });

/** `GET /{library}/uploaders`: who has uploaded to a library (the 上传者 filter). */
export const uploaderList = z.object({
  list: z.array(z.object({ id: recordId, name: z.string(), username: z.string(), departmentName: z.string().nullable() })),
});

/** `GET /{library}/{id}/usage`: where an item is used, newest first (an out-of-scope draft's title left blank). */
export const mediaUseList = z.array(
  z.object({
    ownerType: z.string(),
    /** What the owner is, as the server's declarations name it (短视频, 友情链接 …). */
    ownerName: z.string(),
    ownerId: z.number().int(),
    ownerTitle: z.string(),
    createdAt: isoTime,
  }),
);

/** `POST /pic_stores/{id}/check`: the picture check's verdict. */
export const checkVerdict = z.object({ status: z.number().int(), note: z.string() });
/** `DELETE /{library}/{id}`, `POST /{library}/batch`: the items deleted or changed. */
export const libraryIds = z.object({ ids: z.array(recordId) });

/** `POST /api/upload_token` (and the vendor-named calls): how this browser sends this one file. */
export const uploadTicketSchema = z.object({
  driver: z.enum(['local', 'qiniu', 'upyun']),
  key: z.string(),
  method: z.enum(['PUT', 'POST']),
  url: z.string(),
  /** PUT: headers to send; POST: multipart fields to send before the file. */
  headers: z.record(z.string(), z.string()).optional(),
  fields: z.record(z.string(), z.string()).optional(),
  fileField: z.string().optional(),
  expiresAt: isoTime,
  maxBytes: z.number().int(),
  /** Library items holding the same file (when the browser sent its SHA-256). */
  duplicates: z.array(z.object({ id: recordId, title: z.string(), url: z.string(), thumbUrl: z.string().optional() })),
});

/** `PUT /api/uploads/{token}` (the local driver): the file as received. */
export const receivedFileSchema = z.object({ key: z.string(), url: z.string(), size: z.number().int(), sha256: z.string(), mime: z.string() });

/** `POST /api/upyun_play_token`: a playable address for a library video, valid an hour. */
export const playUrlSchema = z.object({ url: z.string(), expiresAt: isoTime });

const library = z.object({ maxBytes: z.number().int(), types: z.array(z.string()), extensions: z.array(z.string()) });
/** `GET /api/upload_limits`: this deployment's limits, the size cap and the types of each library. */
export const uploadLimitsSchema = z.object({
  driver: z.enum(['local', 'qiniu', 'upyun']),
  kinds: z.object({ pic: library, video: library }),
  /** A picture check service is configured (IMAGE_CHECK_URL). */
  imageCheck: z.boolean(),
});
