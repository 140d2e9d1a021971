import { HydrationBoundary } from '@tanstack/react-query';
import { routeMetadata } from '@/lib/page-title';
import { HomeScreen } from '@/components/home/home-screen';
import { statsParams } from '@/components/statistics/filters';
import { STATS_OPTIONS_READ, STATS_SUM_READ, statsChartRead } from '@/lib/query/reads';
import { askedOf, firstPages, type PageSearchParams } from '@/server/ssr/first-page';

export const metadata = routeMetadata('/home');

/**
 * 数据概览 (/home). The figures, the filters' options and the trend of the URL's range are read on the
 * server as this person (server/ssr/first-page.ts), so they come with the HTML and nothing replaces
 * a skeleton after the page has drawn (Lighthouse measured a shift of 0.596 on a phone). No Suspense
 * boundary: a server render suspending inside one sends its content hidden until a script shows it.
 */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const pages = firstPages();
  const asked = askedOf(await searchParams);
  await Promise.all([pages.read(STATS_SUM_READ), pages.read(STATS_OPTIONS_READ), pages.read(statsChartRead(statsParams(asked)))]);
  return (
    <HydrationBoundary state={pages.state()}>
      <HomeScreen />
    </HydrationBoundary>
  );
}
