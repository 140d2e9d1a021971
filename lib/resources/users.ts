import { z } from 'zod';
import { defineResource } from './define';
import { avatarUrl, email, ENABLED_OPTIONS, optionalId, password, phone, text } from './common';

const username = z
  .string({ error: '请输入用户名' })
  .trim()
  .min(3, '用户名至少 3 个字符')
  .max(32, '用户名不能超过 32 个字符')
  .regex(/^[A-Za-z0-9_.-]+$/, '用户名只能包含字母、数字、下划线、点和短横线');

/** 员工: staff accounts. The initial password is create-only; resets have their own call. */
export const userResource = defineResource({
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
  example: { username: 'example.editor', name: '示例员工', password: 'Example2026', departmentId: 1, roleId: 1, phone: '', email: '', enabled: true },
  exampleNeeds: { departmentId: 'departments', roleId: 'roles' },
  schema: z.object({
    username,
    name: text('姓名', 64),
    password: password('初始密码'),
    departmentId: optionalId('部门').optional(),
    roleId: optionalId('角色').optional(),
    phone: phone.default(''),
    email: email.default(''),
    avatar: avatarUrl.default(''),
    enabled: z.boolean({ error: '状态必须是启用或停用' }).default(true),
    isSuper: z.boolean({ error: '超级管理员必须是是或否' }).default(false),
  }),
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
    { name: 'phone', label: '电话', list: true, form: true, max: 32 },
    { name: 'email', label: '邮箱', form: true, max: 254 },
    { name: 'enabled', label: '状态', list: { width: 90 }, form: true, input: 'switch' },
    { name: 'isSuper', label: '超级管理员', form: true, input: 'switch', help: '拥有全部权限和全部数据；只有超级管理员能看到并设置此项' },
  ],
  filters: [
    { name: 'keyword', label: '关键词', input: 'keyword', placeholder: '用户名 / 姓名 / 电话' },
    { name: 'roleId', label: '角色', input: 'select' },
    { name: 'enabled', label: '状态', input: 'select', options: ENABLED_OPTIONS },
  ],
});

/** Updates: any subset except the username (fixed) and the password (reset separately). */
export const userUpdateSchema = userResource.schema.omit({ username: true, password: true }).partial();
export const passwordResetSchema = z.object({ password: password('新密码') });

export interface User {
  id: number;
  username: string;
  name: string;
  departmentId: number | null;
  roleId: number | null;
  phone: string;
  email: string;
  avatar: string;
  enabled: boolean;
  isSuper: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  departmentName?: string | null;
  roleName?: string | null;
  /** Whether a DingTalk account is bound, and its nickname (the DingTalk id stays on the server). */
  dingtalkBound?: boolean;
  dingtalkNick?: string | null;
}
