import { declareResource } from './define';
import { ENABLED_OPTIONS } from './common';

/**
 * 员工: staff accounts. The initial password is create-only; resets have their own call. Schemas:
 * schemas/users.ts.
 */
export const userResource = declareResource({
  name: 'users',
  label: '员工',
  permission: '/department',
  keyword: ['username', 'name', 'phone'],
  unique: [{ field: 'username', message: '用户名已存在' }],
  // Whoever wrote content stays on it (its 编辑 column, the 仅本人 scope): disable such a person instead.
  usedBy: [
    { resource: 'articles', field: 'editorId', label: '篇文章', list: '/article/list?editorId=' },
    { resource: 'videos', field: 'editorId', label: '个短视频' },
  ],
  noRestore: 'the log keeps no password (nor the sessions a delete ends): a deleted employee is added again',
  example: { username: 'example.editor', name: '示例员工', password: 'Example2026', departmentId: 1, roleId: 1, phone: '', email: '', enabled: true },
  exampleNeeds: { departmentId: 'departments', roleId: 'roles' },
  fields: [
    {
      name: 'username',
      label: '用户名',
      list: { key: true },
      sort: true,
      form: 'create',
      required: true,
      max: 32,
      help: '3–32 位，可用字母、数字和 _ . -；创建后不能修改',
    },
    { name: 'name', label: '姓名', list: true, form: true, required: true, max: 64 },
    {
      name: 'password',
      label: '初始密码',
      stored: false,
      form: 'create',
      input: 'password',
      required: true,
      min: 8,
      max: 64,
      help: '至少 8 位，需包含字母和数字',
    },
    { name: 'departmentId', label: '部门', form: true, input: 'treeSelect' },
    { name: 'roleId', label: '角色', form: true, input: 'select' },
    { name: 'phone', label: '电话', list: true, form: true, max: 32, default: '' },
    { name: 'email', label: '邮箱', form: true, max: 254, default: '' },
    { name: 'enabled', label: '状态', list: { width: 90 }, form: true, input: 'switch', default: true },
    { name: 'isSuper', label: '超级管理员', form: true, input: 'switch', default: false, help: '拥有全部权限和全部数据；只有超级管理员能看到并设置此项' },
  ],
  filters: [
    { name: 'keyword', label: '关键词', input: 'keyword', placeholder: '用户名 / 姓名 / 电话' },
    { name: 'roleId', label: '角色', input: 'select' },
    { name: 'enabled', label: '状态', input: 'select', options: ENABLED_OPTIONS },
  ],
});
