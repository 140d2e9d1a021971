import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { connection } from 'next/server';
import { APP_TITLE } from '@/lib/constants';

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
      {/* Each layout group imports its part of antd's stylesheet and then app/globals.css (issue 25):
          the sign-in page only the components it draws, the signed-in screens the set they use. */}
      {/* antd's runtime (ConfigProvider, the css-in-js registry) is set up by the signed-in and preview
          layouts, not here: the login page renders without antd's JavaScript (issue 17). */}
      <body>{children}</body>
    </html>
  );
}
