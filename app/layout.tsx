import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AntdRegistry } from '@ant-design/nextjs-registry';
import { APP_TITLE } from '@/lib/constants';
import { Providers } from './providers';
import './globals.css';

export const metadata: Metadata = {
  title: APP_TITLE,
  icons: { icon: '/logo.svg' },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="zh-CN">
      <body>
        <AntdRegistry>
          <Providers>{children}</Providers>
        </AntdRegistry>
      </body>
    </html>
  );
}
