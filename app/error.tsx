'use client';

import { useEffect } from 'react';
import { ErrorView } from '@/components/common/error-view';
import { isChunkLoadError, reloadForChunkError } from '@/components/common/chunk-reload';

export default function DefaultError({ error }: { error: Error & { digest?: string; statusCode?: number } }) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
  return <ErrorView statusCode={error.statusCode ?? 500} message={error.message || 'Error'} />;
}
