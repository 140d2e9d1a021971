import { z } from 'zod';
import { isPermissionRoute } from '../../routes';
import { withSchema, isoTime, optionalText, text } from './common';
import { roleResource as decl } from '../roles';

/** 角色 with its schema (the server's declaration). */
export const roleResource = withSchema(
  decl,
  z.object({
    name: text('角色名称', 64),
    description: optionalText('描述', 255).default(''),
    routes: z
      .array(z.string().refine(isPermissionRoute, '不是有效的页面权限'), { error: '请选择页面权限' })
      .max(200)
      .default([])
      .transform((r) => [...new Set(r)]),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择数据范围' }).default(3),
    /** Members must sign in with a second factor (issue 26). */
    requireTotp: z.boolean({ error: '「要求两步验证」只能是是或否' }).default(false),
  }),
  { add: { routes: z.array(z.string()), updatedAt: isoTime, userCount: z.number().int() } },
);
