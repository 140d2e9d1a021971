import { HydrationBoundary } from '@tanstack/react-query';
import { KeywordScreen } from '@/components/operations/keyword-screen';
import { routeMetadata } from '@/lib/page-title';
import type { PageSearchParams } from '@/server/ssr/first-page';
import { firstKeywordState } from '@/server/ssr/keywords';

export const metadata = routeMetadata('/operation/pckeywords');

const PLATFORMS = ['pc'];

/** PC搜索关键词. The platform tab and filters live in the URL; the open tab's first page comes with the HTML (server/ssr/keywords.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstKeywordState(PLATFORMS, await searchParams);
  return (
    <HydrationBoundary state={state}>
      <KeywordScreen platforms={PLATFORMS} />
    </HydrationBoundary>
  );
}
