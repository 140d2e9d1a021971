/** 素材库's declarations with their schemas and the register calls' schemas (the server's). */
import { z } from 'zod';
import { withSchema, idList, imageUrl, optionalText, text } from './common';
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

export const picStoreResource = withSchema(decl.picStoreResource, z.object({ title: text('标题', 128), tagIds: idList('标签') }));

// The cover is shown as an <img> to everyone who opens the library: an http(s) picture or our own
// upload, never a path that climbs out of /uploads (`/uploads/../api/logout`).
export const videoStoreResource = withSchema(decl.videoStoreResource, z.object({ title: text('标题', 128), tagIds: idList('标签'), cover: imageUrl('封面') }));
