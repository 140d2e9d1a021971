'use client';

import Link from 'next/link';
import { Button, Result } from 'antd';

/**
 * The error page: status code (default 500) and message (default 'Error'), with a way home on 404.
 * @see SEED §2, §8
 */
export function ErrorView({ statusCode = 500, message = 'Error' }: { statusCode?: number; message?: string }) {
  const status = statusCode === 404 || statusCode === 403 || statusCode === 500 ? statusCode : 'error';
  return (
    <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status={status}
        title={String(statusCode)}
        subTitle={message}
        extra={
          statusCode === 404 ? (
            <Link href="/">
              <Button type="primary">返回首页</Button>
            </Link>
          ) : (
            <Button onClick={() => window.location.reload()}>刷新页面</Button>
          )
        }
      />
    </div>
  );
}
