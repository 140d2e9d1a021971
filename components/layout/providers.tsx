'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { AppFeedbackRoot, useApp } from '@/components/common/app-feedback';
import { reloadOnChunkError } from '@/components/common/chunk-reload';
import { watchDecorativeIcons } from '@/components/common/decorative-icons';
import { setDefaultNotifier } from '@/lib/http';
import { followOtherTabs, makeQueryClient } from '@/lib/query';

dayjs.locale('zh-cn');

/** The brand blue; `BRAND_BLUE` is the only blue the product uses (links, focus, progress, highlights). */
export const BRAND_BLUE = '#1d5bd8';

/**
 * antd's default greys and status colours are below WCAG AA on white (placeholder 0.25 alpha,
 * secondary text 0.45, green and orange text on their light backgrounds); these meet 4.5:1.
 */
export const THEME: ThemeConfig = {
  // antd's component styles come from one static, cached stylesheet (antd/dist/antd.css, imported
  // in app/layout.tsx) instead of being generated and inlined into every page (issue 17); only the
  // design tokens below are set at runtime, as CSS variables.
  zeroRuntime: true,
  token: {
    colorPrimary: BRAND_BLUE,
    colorLink: BRAND_BLUE,
    // antd derives a lighter hover (#437ee6: 3.91:1 under white text). A darker hover keeps a
    // primary button's label at AA (8.0:1) and still shows the pointer is on it.
    colorPrimaryHover: '#1749b0',
    colorPrimaryActive: '#123a8c',
    colorLinkHover: '#1749b0',
    colorLinkActive: '#123a8c',
    colorInfo: BRAND_BLUE,
    borderRadius: 6,
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#ad4e00',
    colorWarningBg: '#fff7e6',
    colorWarningBorder: '#ffd591',
    colorError: '#cf1322',
    colorErrorBg: '#fff1f0',
    colorErrorBorder: '#ffccc7',
  },
};

/** The theme, antd's App context (its message and modal: components/common/app-feedback) and the tab's one query client (lib/query: what the server answered). */
export function Providers({ children }: { children: ReactNode }) {
  useEffect(() => reloadOnChunkError(), []);
  useEffect(() => watchDecorativeIcons(), []);
  // The page has hydrated: its controls take clicks and keys (rows that came with the HTML wait, greyed, until then).
  // A mark on <html> for whatever must know (the e2e journeys wait for it before hovering or pressing on a row).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // One per tab, made once (not per render): every screen reads and invalidates the same cache.
  const [queryClient] = useState(makeQueryClient);
  useEffect(() => followOtherTabs(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={THEME}>
        <AppFeedbackRoot>
          <NotifierBridge />
          {children}
        </AppFeedbackRoot>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** Sends the http wrapper's error toasts through the themed App context. */
function NotifierBridge() {
  const { message } = useApp();
  useEffect(() => setDefaultNotifier((text) => void message.error(text)), [message]);
  return null;
}
