import { routeMetadata } from '@/lib/page-title';
import { ReviewScreen } from '@/components/articles/review/review-screen';
import { HydrationBoundary } from '@tanstack/react-query';
import { firstListState, type PageSearchParams } from '@/server/ssr/first-page';
import { queueRows } from '@/components/articles/review/queue-rows';

export const metadata = routeMetadata('/article/check');

/** 内容审核 (/article/check). The queue reads its filters from the URL. Its first page comes with the HTML (server/ssr/first-page.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstListState({ path: '/api/articles_review', searchParams: await searchParams, shape: queueRows });
  return (
    <HydrationBoundary state={state}>
      <ReviewScreen />
    </HydrationBoundary>
  );
}
