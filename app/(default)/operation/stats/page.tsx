import { routeMetadata } from '@/lib/page-title';
import { StatsScreen } from '@/components/statistics/stats-screen';
import { HydrationBoundary } from '@tanstack/react-query';
import { firstListState, type PageSearchParams } from '@/server/ssr/first-page';
import { statsParams } from '@/components/statistics/filters';

export const metadata = routeMetadata('/operation/stats');

/** 数据统计 (/operation/stats). The filters are in the URL. Its first page comes with the HTML (server/ssr/first-page.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstListState({
    path: '/api/statistics',
    url: '/api/statistics/list',
    searchParams: await searchParams,
    send: (p) => ({ ...p, ...statsParams(p as Record<string, string>) }),
  });
  return (
    <HydrationBoundary state={state}>
      <StatsScreen />
    </HydrationBoundary>
  );
}
