import { BrandScreen } from '@/components/operations/brand-screen';
import { routeMetadata } from '@/lib/page-title';
import { HydrationBoundary } from '@tanstack/react-query';
import { firstResourceListState, type PageSearchParams } from '@/server/ssr/first-page';
import { brandResource } from '@/lib/resources/operations';

export const metadata = routeMetadata('/operation/brand');

/** 品牌管理. Filters, order and page live in the URL. Its first page comes with the HTML (server/ssr/first-page.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstResourceListState(brandResource, await searchParams);
  return (
    <HydrationBoundary state={state}>
      <BrandScreen />
    </HydrationBoundary>
  );
}
