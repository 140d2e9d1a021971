'use client';

import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { THEME } from '@/components/layout/providers';

let isConfigured = false;

/**
 * The failed sign-in's toast: antd's `message` in the product's theme, as the signed-in screens
 * show it. Loaded only when a sign-in fails (./login-form.tsx), so the sign-in screen's first load
 * carries no antd JavaScript (issue 17).
 */
export function showLoginToast(text: string) {
  if (!isConfigured) {
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider locale={zhCN} theme={THEME}>
          {children}
        </ConfigProvider>
      ),
    });
    isConfigured = true;
  }
  void message.error(text);
}
