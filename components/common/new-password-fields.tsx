'use client';

import type { ReactNode } from 'react';
import { Form } from 'antd';
import { PasswordInput } from './password-input';
import type { FormRule } from 'antd';

/**
 * Client rules for a new password, with the same Chinese messages as the server's schema
 * (`password()` in lib/resources/common.ts). With `differentFrom` (another field's name, e.g. the
 * current password) the new one must also differ from that field's value.
 */
export function newPasswordRules(label = '新密码', { differentFrom }: { differentFrom?: string } = {}): FormRule[] {
  const out: FormRule[] = [
    { required: true, message: `请输入${label}` },
    { min: 8, message: `${label}至少 8 个字符` },
    { max: 64, message: `${label}不能超过 64 个字符` },
    {
      validator: async (_, v?: string) => (!v || (/[A-Za-z]/.test(v) && /\d/.test(v)) ? undefined : Promise.reject(new Error(`${label}需同时包含字母和数字`))),
    },
  ];
  if (differentFrom) {
    out.push(({ getFieldValue }) => ({
      validator: async (_, v?: string) => (v && v === getFieldValue(differentFrom) ? Promise.reject(new Error('新密码不能与当前密码相同')) : undefined),
    }));
  }
  return out;
}

/** The 新密码 + 确认新密码 pair (form fields `password` and `confirm`); the second must repeat the first. */
export function NewPasswordFields({
  label = '新密码',
  differentFrom,
  prefixIcon,
  extra = '至少 8 个字符，须同时包含字母和数字',
}: {
  label?: string;
  /** Name of a field the new password must not equal (e.g. `currentPassword`). */
  differentFrom?: string;
  /** Shown inside both inputs, e.g. `<LockOutlined />`. */
  prefixIcon?: ReactNode;
  /** Hint under the new-password input. */
  extra?: ReactNode;
}) {
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        dependencies={differentFrom ? [differentFrom] : undefined}
        extra={extra}
        rules={newPasswordRules(label, { differentFrom })}
      >
        <PasswordInput prefix={prefixIcon} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={`确认${label}`}
        dependencies={['password']}
        rules={[
          { required: true, message: `请再次输入${label}` },
          ({ getFieldValue }) => ({
            validator: async (_, v?: string) => (!v || v === getFieldValue('password') ? undefined : Promise.reject(new Error(`两次输入的${label}不一致`))),
          }),
        ]}
      >
        <PasswordInput prefix={prefixIcon} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
