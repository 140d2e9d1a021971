import { HydrationBoundary } from '@tanstack/react-query';
import { NavScreen } from '@/components/operations/nav-screen';
import { routeMetadata } from '@/lib/page-title';
import type { ListResult } from '@/lib/resources/define';
import { chameleonResource, NAV_TYPES_READ, NAV_VERSIONS_READ, navIconsFixed, navVersion } from '@/lib/resources/operations';
import { askedOf, firstPages, type PageSearchParams } from '@/server/ssr/first-page';

export const metadata = routeMetadata('/operation/nav');

/**
 * 导航图标. The chosen version lives in the URL. The versions, the icon types and each type's icons
 * of the chosen version come with the HTML (server/ssr/first-page.ts).
 */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const asked = await searchParams;
  const pages = firstPages();
  const [versions, types] = await Promise.all([
    pages.read<ListResult<{ id: number }>>(NAV_VERSIONS_READ),
    pages.read<ListResult<{ id: number }>>(NAV_TYPES_READ),
  ]);
  const version = navVersion(versions?.list ?? [], askedOf(asked).version);
  if (version) {
    await Promise.all(
      (types?.list ?? []).map((t) => pages.resourceList(chameleonResource, asked, { pageSize: 100, filters: [], fixed: navIconsFixed(version.id, t.id) })),
    );
  }
  return (
    <HydrationBoundary state={pages.state()}>
      <NavScreen />
    </HydrationBoundary>
  );
}
