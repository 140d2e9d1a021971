import { Suspense } from 'react';
import { NavScreen } from '@/components/operations/nav-screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/operation/nav');

/** 导航图标. The chosen version lives in the URL. */
export default function Page() {
  return (
    <Suspense>
      <NavScreen />
    </Suspense>
  );
}
