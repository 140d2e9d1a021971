import { z } from 'zod';
import { DELIVERY_FAMILY_VALUES } from '../delivery';

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
