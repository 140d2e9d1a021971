import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { connection } from 'next/server';
import { APP_TITLE } from '@/lib/constants';
import 'antd/dist/antd.css';
import './globals.css';

export const metadata: Metadata = {
  title: APP_TITLE,
  icons: { icon: '/logo.svg' },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: its scripts carry that request's CSP nonce (middleware.ts);
  // a page prerendered at build time would have none and its scripts would be refused.
  await connection();
  return (
    <html lang="zh-CN">
      {/* antd's runtime (ConfigProvider, the css-in-js registry) is set up by the signed-in and preview
          layouts, not here: the login page renders without antd's JavaScript (issue 17). */}
      <body>{children}</body>
    </html>
  );
}
