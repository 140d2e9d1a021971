import { z } from 'zod';
import { EMAIL_MAX_EXCLUSIVE, INT4_MAX } from '../constants';

/** Shared zod pieces with Chinese messages. */
export const text = (label: string, max: number) =>
  z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不能超过 ${max} 个字符`);

export const optionalText = (label: string, max: number) =>
  z.string({ error: `${label}必须是文字` }).trim().max(max, `${label}不能超过 ${max} 个字符`);

export const optionalId = (label: string) =>
  z.union([z.number({ error: `请选择${label}` }).int().positive(`请选择${label}`).max(INT4_MAX, `${label}不存在`), z.null()], { error: `请选择${label}` });

export const email = z
  .string()
  .trim()
  .max(EMAIL_MAX_EXCLUSIVE - 1, `邮箱不能超过 ${EMAIL_MAX_EXCLUSIVE - 1} 个字符`)
  .refine((v) => v === '' || z.email().safeParse(v).success, '请输入有效的邮箱地址');

/** Shapes shared by the server's schemas and the client's form rules. */
export const PHONE_PATTERN = /^[+\d][\d\s-]{4,30}$/;
export const AVATAR_PATTERN = /^(https?:\/\/|\/)[^\s"'<>]+$/;

export const phone = z
  .string()
  .trim()
  .max(32, '电话不能超过 32 个字符')
  .refine((v) => v === '' || PHONE_PATTERN.test(v), '请输入有效的电话号码');

export const password = (label = '密码') =>
  z
    .string({ error: `请输入${label}` })
    .min(8, `${label}至少 8 个字符`)
    .max(64, `${label}不能超过 64 个字符`)
    .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), `${label}需同时包含字母和数字`);

export const ENABLED_OPTIONS = [
  { label: '启用', value: 'true' },
  { label: '停用', value: 'false' },
];

/** An http(s) link or a site path: never `javascript:` or `data:`. */
export const avatarUrl = optionalText('头像地址', 512).refine(
  (v) => v === '' || AVATAR_PATTERN.test(v),
  '头像地址必须是 http(s) 链接或站内路径',
);
