import { declareResource } from './define';
import { LEVEL_OPTIONS } from './role-levels';

export { LEVEL_OPTIONS };

/** 角色: the route paths it grants and its data scope (schema: schemas/roles.ts). @see DESIGN §3 */
export const roleResource = declareResource({
  name: 'roles',
  label: '角色',
  permission: '/role',
  read: 'signedIn',
  keyword: ['name'],
  unique: [{ field: 'name', message: '角色名称已存在' }],
  example: { name: '示例角色', description: '', routes: ['/article/list'], level: 3 },
  fields: [
    { name: 'name', label: '角色名称', list: { key: true, width: 160 }, sort: true, form: true, required: true, max: 64 },
    { name: 'description', label: '描述', list: { ellipsis: true }, form: true, input: 'textarea', max: 255, default: '' },
    { name: 'level', label: '数据范围', list: { width: 120 }, form: true, input: 'radio', options: LEVEL_OPTIONS, required: true, default: 3 },
    {
      name: 'requireTotp',
      label: '要求两步验证',
      list: { width: 120 },
      form: true,
      input: 'switch',
      options: [
        { value: true, label: '要求' },
        { value: false, label: '不要求' },
      ],
      default: false,
      help: '开启后，此角色的员工登录时除密码（或钉钉）外还要输入手机验证器上的验证码；还没有设置的员工登录后只能先完成设置',
    },
  ],
  filters: [{ name: 'keyword', label: '关键词', input: 'keyword', placeholder: '角色名称（部分即可）' }],
});

export interface Role {
  id: number;
  name: string;
  description: string;
  routes: string[];
  level: 1 | 2 | 3;
  requireTotp?: boolean;
  userCount?: number;
  updatedAt?: string;
}
