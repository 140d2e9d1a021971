import { z } from 'zod';
import { withSchema, avatarUrl, email, isoTime, optionalId, password, phone, recordId, refId, text } from './common';
import { userResource as decl } from '../users';

const username = z
  .string({ error: '请输入用户名' })
  .trim()
  .min(3, '用户名至少 3 个字符')
  .max(32, '用户名不能超过 32 个字符')
  .regex(/^[A-Za-z0-9_.-]+$/, '用户名只能包含字母、数字、下划线、点和短横线');

/** 员工 with its schema (the server's declaration). */
export const userResource = withSchema(
  decl,
  z.object({
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
  {
    // What the list joins in (department and role names, the DingTalk binding); never the password.
    add: {
      departmentId: refId,
      roleId: refId,
      createdAt: isoTime,
      lastLoginAt: isoTime.nullable(),
      departmentName: z.string().nullable(),
      roleName: z.string().nullable(),
      dingtalkBound: z.boolean(),
      dingtalkNick: z.string().nullable(),
      // Two-step sign-in is on (issue 26).
      totpEnabled: z.boolean(),
    },
    omit: ['password'],
  },
);

/** Updates: any subset except the username (fixed) and the password (reset separately). */
export const userUpdateSchema = userResource.schema.omit({ username: true, password: true }).partial();
export const passwordResetSchema = z.object({ password: password('新密码') });

/** `PUT /api/users/{id}/password`: the reset, and whether it ended the person's DingTalk binding. */
export const passwordResetAnswer = z.object({ id: recordId, dingtalkUnbound: z.boolean() });

/** `GET|PUT /api/profile`: one's own account as 个人资料 shows it. */
export const profileRecord = userResource.record
  .pick({
    id: true,
    username: true,
    name: true,
    phone: true,
    email: true,
    avatar: true,
    isSuper: true,
    lastLoginAt: true,
    departmentName: true,
    roleName: true,
  })
  .extend({
    totpEnabledAt: isoTime.nullable(),
    /** The role requires two-step sign-in: it cannot be turned off (issue 26). */
    totpRequired: z.boolean(),
    recoveryCodesLeft: z.number().int(),
  });
/** `PUT /api/profile/password`: changed; whether it ended one's DingTalk binding. */
export const passwordChangeAnswer = z.object({ dingtalkUnbound: z.boolean() });
