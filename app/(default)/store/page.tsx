import { routeMetadata } from '@/lib/page-title';
import { AlbumScreen } from '@/components/albums/album-screen';
import { HydrationBoundary } from '@tanstack/react-query';
import { firstScreenState, type PageSearchParams } from '@/server/ssr/first-page';
import { albumResource } from '@/lib/resources/albums';

export const metadata = routeMetadata('/store');

/** 专辑管理: albums in their display order, and the articles in each. Its first page comes with the HTML (server/ssr/first-page.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstScreenState(albumResource, await searchParams);
  return (
    <HydrationBoundary state={state}>
      <AlbumScreen />
    </HydrationBoundary>
  );
}
