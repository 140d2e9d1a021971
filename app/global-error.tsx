'use client';

import { useEffect } from 'react';
import { isChunkLoadError, reloadForChunkError } from '@/components/common/chunk-reload';

/** Last resort when the root layout itself fails: plain HTML, no antd. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
  return (
    <html lang="zh-CN">
      <body style={{ fontFamily: 'sans-serif', textAlign: 'center', paddingTop: '15vh' }}>
        <h1>500</h1>
        <p>{error.message || 'Error'}</p>
        <p>
          <a href="/">返回首页</a>
        </p>
      </body>
    </html>
  );
}
