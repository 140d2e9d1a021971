'use client';

import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { reloadOnChunkError } from '@/components/common/chunk-reload';
import { setDefaultNotifier } from '@/lib/http';

dayjs.locale('zh-cn');

export function Providers({ children }: { children: ReactNode }) {
  useEffect(() => reloadOnChunkError(), []);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1d5bd8', borderRadius: 6 } }}>
      <AntdApp>
        <NotifierBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}

/** Sends the http wrapper's error toasts through the themed App context. */
function NotifierBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => setDefaultNotifier((text) => void message.error(text)), [message]);
  return null;
}
