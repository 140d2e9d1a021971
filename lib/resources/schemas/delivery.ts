import { z } from 'zod';
import { DELIVERY_FAMILY_VALUES } from '../delivery';
import { isoTime, recordId } from './common';

/** 站点接口: the page and the permission of the delivery side's staff API (admins). */
export const DELIVERY_ROUTE = '/setting/delivery';

/** `POST /api/api_keys` (DESIGN §12): a name, and the families it may read (none: all). */
export const apiKeyCreateSchema = z.object({
  name: z.string({ error: '请填写名称' }).trim().min(1, '请填写名称').max(64, '名称最多 64 个字符'),
  families: z
    .array(z.enum(DELIVERY_FAMILY_VALUES, { error: '没有这类内容' }), { error: '可读内容必须是列表' })
    .max(DELIVERY_FAMILY_VALUES.length)
    .optional(),
});

/** `GET /api/api_keys`: one key as 站点接口 lists it (never its secret). */
export const apiKeyRecord = z.object({
  id: recordId,
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  /** Empty: every family. */
  families: z.array(z.string()),
  createdAt: isoTime,
  createdByName: z.string().nullable(),
  lastUsedAt: isoTime.nullable(),
  revokedAt: isoTime.nullable(),
});

/** `POST /api/api_keys`: the new key, with its secret this once. */
export const createdKeyRecord = apiKeyRecord.pick({ id: true, name: true, prefix: true, families: true, createdAt: true }).extend({ key: z.string() });

/** `DELETE /api/api_keys/{id}`: the revoked key. */
export const revokedKeyRecord = z.object({ id: recordId, name: z.string(), revokedAt: isoTime.nullable() });

/** `POST /api/articles/{id}/preview_token`: a link for the site's preview page, valid a short while. */
export const previewTokenRecord = z.object({ token: z.string(), path: z.string(), expiresAt: isoTime });
