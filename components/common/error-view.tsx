'use client';

import type { ReactNode } from 'react';
import { Button, Result } from 'antd';

/**
 * The error page: status code (default 500) and message (default 'Error'), with a way home on 404.
 * @see SEED §2, §8
 */
export function ErrorView({
  statusCode = 500,
  message = 'Error',
  isPageHeading = false,
}: {
  statusCode?: number;
  message?: ReactNode;
  isPageHeading?: boolean;
}) {
  const status = statusCode === 404 || statusCode === 403 || statusCode === 500 ? statusCode : 'error';
  return (
    <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status={status}
        // Outside the shell (the 404 page) the status is the page's h1; inside it, the shell has one.
        title={isPageHeading ? <h1 style={{ font: 'inherit', margin: 0 }}>{statusCode}</h1> : String(statusCode)}
        subTitle={message}
        extra={
          statusCode === 404 ? (
            // A whole page load, not a client navigation: a 404 inside the signed-in layout (the catch-all
            // page of plain screens) stays on screen when the router reuses that layout for /.
            <a
              href="/"
              className="ant-btn ant-btn-primary"
              style={{ display: 'inline-flex', alignItems: 'center', padding: '4px 15px', borderRadius: 6, background: '#1d5bd8', color: '#fff' }}
            >
              返回首页
            </a>
          ) : (
            <Button onClick={() => window.location.reload()}>刷新页面</Button>
          )
        }
      />
    </div>
  );
}
