import { HydrationBoundary } from '@tanstack/react-query';
import { routeMetadata } from '@/lib/page-title';
import { TagScreen } from '@/components/setting/tag-screen';
import { resourcePath } from '@/lib/query/keys';
import { tagResource, tagTypeResource } from '@/lib/resources/taxonomy';
import { firstPages, type PageSearchParams } from '@/server/ssr/first-page';

export const metadata = routeMetadata('/setting/tag');

/**
 * 标签管理: tag types and tags; keyword, type and page live in the URL. Both lists' first pages
 * come with the HTML (server/ssr/first-page.ts): the types (held in the screen, not the URL: 100
 * a page) and the tags for the URL's filters.
 */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const asked = await searchParams;
  const pages = firstPages();
  await Promise.all([pages.list({ path: resourcePath(tagTypeResource), searchParams: {}, fixed: { pageSize: 100 } }), pages.resourceList(tagResource, asked)]);
  return (
    <HydrationBoundary state={pages.state()}>
      <TagScreen />
    </HydrationBoundary>
  );
}
