import { HydrationBoundary } from '@tanstack/react-query';
import { Card } from '@/components/common/card';
import { MediaLibrary } from '@/components/media/media-library';
import { routeMetadata } from '@/lib/page-title';
import { resourcePath } from '@/lib/query/keys';
import { listRead } from '@/lib/query/reads';
import { mediaListParams, picStoreResource } from '@/lib/resources/media';
import { askedOf, firstPages, type PageSearchParams } from '@/server/ssr/first-page';

export const metadata = routeMetadata('/photo');

/**
 * 图片库. Page, filters and view live in the URL; the page the URL asks
 * for comes with the HTML (server/ssr/first-page.ts).
 */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const pages = firstPages();
  await pages.read(listRead(resourcePath(picStoreResource), mediaListParams(askedOf(await searchParams))));
  return (
    <Card>
      <HydrationBoundary state={pages.state()}>
        <MediaLibrary kind="pic" />
      </HydrationBoundary>
    </Card>
  );
}
