import { HydrationBoundary } from '@tanstack/react-query';
import { VideoFocusScreen } from '@/components/operations/focus-pages';
import { routeMetadata } from '@/lib/page-title';
import { focusVideoResource } from '@/lib/resources/operations';
import type { PageSearchParams } from '@/server/ssr/first-page';
import { firstFocusState } from '@/server/ssr/focus';

export const metadata = routeMetadata('/operation/videofocus');

/** 视频焦点图. The group, filters and tab live in the URL; the chosen platform's slots come with the HTML (server/ssr/focus.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstFocusState({ def: focusVideoResource, group: 'platform', searchParams: await searchParams });
  return (
    <HydrationBoundary state={state}>
      <VideoFocusScreen />
    </HydrationBoundary>
  );
}
