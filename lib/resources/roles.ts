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
  ],
  filters: [{ name: 'keyword', label: '关键词', input: 'keyword', placeholder: '角色名称（部分即可）' }],
});
