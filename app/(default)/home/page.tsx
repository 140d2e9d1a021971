import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { HomeScreen } from '@/components/home/home-screen';

export const metadata = routeMetadata('/home');

/** 数据概览 (/home). The range is in the URL. */
export default function Page() {
  return (
    <Suspense>
      <HomeScreen />
    </Suspense>
  );
}
