import { routeMetadata } from '@/lib/page-title';
import { TopicScreen } from '@/components/setting/topic-screen';
import { HydrationBoundary } from '@tanstack/react-query';
import { firstScreenState, type PageSearchParams } from '@/server/ssr/first-page';
import { topicResource } from '@/lib/resources/taxonomy';

export const metadata = routeMetadata('/setting/topic');

/** 专题管理. Filters and page live in the URL. Its first page comes with the HTML (server/ssr/first-page.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstScreenState(topicResource, await searchParams);
  return (
    <HydrationBoundary state={state}>
      <TopicScreen />
    </HydrationBoundary>
  );
}
