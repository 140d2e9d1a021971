import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { TagScreen } from '@/components/setting/tag-screen';

export const metadata = routeMetadata('/setting/tag');

/** 标签管理: tag types and tags; keyword, type and page live in the URL. */
export default function Page() {
  return (
    <Suspense>
      <TagScreen />
    </Suspense>
  );
}
