import { Suspense } from 'react';
import { PcFocusScreen } from '@/components/operations/focus-pages';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/operation/pcfocus');

/** PC焦点图（频道焦点图、首页右侧焦点图）. The group, filters and tab live in the URL. */
export default function Page() {
  return (
    <Suspense>
      <PcFocusScreen />
    </Suspense>
  );
}
