import { z } from 'zod';
import { isPermissionRoute } from '../routes';
import { defineResource } from './define';
import { optionalText, text } from './common';
import { LEVEL_OPTIONS } from './role-levels';

export { LEVEL_OPTIONS };

/** 角色: the route paths it grants and its data scope. @see DESIGN §3 */
export const roleResource = defineResource({
  name: 'roles',
  label: '角色',
  permission: '/role',
  read: 'signedIn',
  keyword: ['name'],
  unique: [{ field: 'name', message: '角色名称已存在' }],
  example: { name: '示例角色', description: '', routes: ['/article/list'], level: 3 },
  schema: z.object({
    name: text('角色名称', 64),
    description: optionalText('描述', 255).default(''),
    routes: z
      .array(z.string().refine(isPermissionRoute, '不是有效的页面权限'), { error: '请选择页面权限' })
      .max(200)
      .default([])
      .transform((r) => [...new Set(r)]),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择数据范围' }).default(3),
  }),
  fields: [
    { name: 'name', label: '角色名称', list: { key: true, width: 160 }, sort: true, form: true, required: true, max: 64 },
    { name: 'description', label: '描述', list: { ellipsis: true }, form: true, input: 'textarea', max: 255 },
    { name: 'level', label: '数据范围', list: { width: 120 }, form: true, input: 'radio', options: LEVEL_OPTIONS, required: true },
  ],
  filters: [{ name: 'keyword', label: '关键词', input: 'keyword', placeholder: '角色名称（部分即可）' }],
});

export interface Role {
  id: number;
  name: string;
  description: string;
  routes: string[];
  level: 1 | 2 | 3;
  userCount?: number;
  updatedAt?: string;
}
