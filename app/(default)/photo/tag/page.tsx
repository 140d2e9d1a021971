import { Suspense } from 'react';
import { LibraryTagScreen } from '@/components/media/library-tag-screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/photo/tag');

/** 图片标签: drag-sorted, add and rename. */
export default function Page() {
  return (
    <Suspense>
      <LibraryTagScreen kind="pic" />
    </Suspense>
  );
}
