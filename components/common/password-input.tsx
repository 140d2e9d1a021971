'use client';

import { Input } from 'antd';
import type { ComponentProps } from 'react';

/**
 * Every password field of the app: antd's Input.Password with its eye toggle out of the Tab order
 * (ux-2026-11-28 P3-17). As a Tab stop between 新密码 and 确认新密码 it swallowed what was typed next,
 * and Enter on it showed the password instead of going on. The mouse still toggles it.
 */
export function PasswordInput(props: ComponentProps<typeof Input.Password>) {
  return <Input.Password {...props} visibilityToggle={{ tabIndex: -1 }} />;
}
