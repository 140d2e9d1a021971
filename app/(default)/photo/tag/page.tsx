import { LibraryTagScreen } from '@/components/media/library-tag-screen';
import { routeMetadata } from '@/lib/page-title';
import { HydrationBoundary } from '@tanstack/react-query';
import { firstScreenState, type PageSearchParams } from '@/server/ssr/first-page';
import { picStoreTagResource } from '@/lib/resources/media';

export const metadata = routeMetadata('/photo/tag');

/** 图片标签: drag-sorted, add and rename. Its first page comes with the HTML (server/ssr/first-page.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstScreenState(picStoreTagResource, await searchParams, { pageSize: 100 });
  return (
    <HydrationBoundary state={state}>
      <LibraryTagScreen kind="pic" />
    </HydrationBoundary>
  );
}
