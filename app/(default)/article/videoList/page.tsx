import { routeMetadata } from '@/lib/page-title';
import { VideoListScreen } from '@/components/short-video/video-list-screen';
import { HydrationBoundary } from '@tanstack/react-query';
import { firstListState, type PageSearchParams } from '@/server/ssr/first-page';
import { resourcePath } from '@/lib/query/keys';
import { videoResource } from '@/lib/resources/videos';

export const metadata = routeMetadata('/article/videoList');

/** 视频列表: short videos with filters in the address, who is editing, edit and publish. Its first page comes with the HTML (server/ssr/first-page.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstListState({ path: resourcePath(videoResource), filters: videoResource.filters, searchParams: await searchParams });
  return (
    <HydrationBoundary state={state}>
      <VideoListScreen />
    </HydrationBoundary>
  );
}
