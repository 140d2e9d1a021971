import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { StatsScreen } from '@/components/statistics/stats-screen';

export const metadata = routeMetadata('/operation/stats');

/** 数据统计 (/operation/stats). The filters are in the URL, hence the Suspense boundary. */
export default function Page() {
  return (
    <Suspense>
      <StatsScreen />
    </Suspense>
  );
}
