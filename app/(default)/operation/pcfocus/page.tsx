import { HydrationBoundary } from '@tanstack/react-query';
import { PcFocusScreen } from '@/components/operations/focus-pages';
import { routeMetadata } from '@/lib/page-title';
import { focusChannelResource, focusHomeRightResource } from '@/lib/resources/operations';
import type { PageSearchParams } from '@/server/ssr/first-page';
import { firstFocusState } from '@/server/ssr/focus';

export const metadata = routeMetadata('/operation/pcfocus');

/**
 * PC焦点图（频道焦点图、首页右侧焦点图）. The group, filters and tab live in the URL; the open tab's
 * slots (a channel's once the URL names one) come with the HTML (server/ssr/focus.ts).
 */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const asked = await searchParams;
  const state = await firstFocusState(
    asked.tab === 'right'
      ? { def: focusHomeRightResource, group: 'none', searchParams: asked }
      : { def: focusChannelResource, group: 'category', searchParams: asked },
  );
  return (
    <HydrationBoundary state={state}>
      <PcFocusScreen />
    </HydrationBoundary>
  );
}
