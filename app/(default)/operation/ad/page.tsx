import { AdScreen } from '@/components/operations/ad-screen';
import { routeMetadata } from '@/lib/page-title';
import { HydrationBoundary } from '@tanstack/react-query';
import { firstListState, type PageSearchParams } from '@/server/ssr/first-page';
import { resourcePath } from '@/lib/query/keys';
import { advertiseResource } from '@/lib/resources/operations';

export const metadata = routeMetadata('/operation/ad');

/** 广告管理. Filters and page live in the URL. Its first page comes with the HTML (server/ssr/first-page.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstListState({
    path: resourcePath(advertiseResource),
    url: '/api/advertise/list',
    filters: advertiseResource.filters,
    searchParams: await searchParams,
  });
  return (
    <HydrationBoundary state={state}>
      <AdScreen />
    </HydrationBoundary>
  );
}
