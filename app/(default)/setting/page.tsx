import { HydrationBoundary } from '@tanstack/react-query';
import { routeMetadata } from '@/lib/page-title';
import { SettingScreen } from '@/components/setting/setting-screen';
import { resourcePath } from '@/lib/query/keys';
import { categoryTreeRead } from '@/lib/query/reads';
import { categoryTypeResource, platformResource } from '@/lib/resources/taxonomy';
import { askedOf, firstPages, type PageSearchParams } from '@/server/ssr/first-page';

export const metadata = routeMetadata('/setting');

/**
 * 分类管理: category types, their category trees, platforms. The open tab comes with the HTML
 * (server/ssr/first-page.ts): the types and the tree of the type the URL names (or the first), or
 * the platforms' first page.
 */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const asked = await searchParams;
  const pages = firstPages();
  if (askedOf(asked).tab === 'platform') await pages.resourceList(platformResource, asked, { params: ['page', 'pageSize'] });
  else {
    // The types are held in the screen, not the URL: 100 a page, as its group list asks.
    const types = await pages.list<{ list: Array<{ id: number }> }>({ path: resourcePath(categoryTypeResource), searchParams: {}, fixed: { pageSize: 100 } });
    const typeId = Number(askedOf(asked).type) || types?.list[0]?.id;
    if (typeId) await pages.read(categoryTreeRead(typeId));
  }
  return (
    <HydrationBoundary state={pages.state()}>
      <SettingScreen />
    </HydrationBoundary>
  );
}
