import { Suspense } from 'react';
import { AdScreen } from '@/components/operations/ad-screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/operation/ad');

/** 广告管理. Filters and page live in the URL. */
export default function Page() {
  return (
    <Suspense>
      <AdScreen />
    </Suspense>
  );
}
