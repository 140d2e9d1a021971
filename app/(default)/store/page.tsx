import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { AlbumScreen } from '@/components/albums/album-screen';

export const metadata = routeMetadata('/store');

/** 专辑管理: albums in their display order, and the articles in each. */
export default function Page() {
  return (
    <Suspense>
      <AlbumScreen />
    </Suspense>
  );
}
