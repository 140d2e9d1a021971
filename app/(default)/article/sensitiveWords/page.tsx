import { routeMetadata } from '@/lib/page-title';
import { SensitiveWordScreen } from '@/components/sensitive-words/sensitive-words-screen';
import { HydrationBoundary } from '@tanstack/react-query';
import { firstScreenState, type PageSearchParams } from '@/server/ssr/first-page';
import { sensitiveWordResource } from '@/lib/resources/sensitive-words';

export const metadata = routeMetadata('/article/sensitiveWords');

/** 敏感词库 (/article/sensitiveWords, comes with 内容审核). The search and page live in the URL. Its first page comes with the HTML (server/ssr/first-page.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstScreenState(sensitiveWordResource, await searchParams);
  return (
    <HydrationBoundary state={state}>
      <SensitiveWordScreen />
    </HydrationBoundary>
  );
}
