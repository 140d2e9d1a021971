'use client';

import { useEffect } from 'react';
import { LazyErrorView } from './lazy-error-view';
import { isChunkLoadError, reloadForChunkError } from '@/components/common/chunk-reload';

export default function DefaultError({ error }: { error: Error & { digest?: string; statusCode?: number } }) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
  return <LazyErrorView statusCode={error.statusCode ?? 500} message={error.message || 'Error'} />;
}
