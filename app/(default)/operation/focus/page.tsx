import { Suspense } from 'react';
import { HomeFocusScreen } from '@/components/operations/focus-pages';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/operation/focus');

/** 首页焦点图. The group, filters and tab live in the URL. */
export default function Page() {
  return (
    <Suspense>
      <HomeFocusScreen />
    </Suspense>
  );
}
