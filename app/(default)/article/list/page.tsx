import { HydrationBoundary } from '@tanstack/react-query';
import { ArticleListScreen } from '@/components/articles/list/article-list-screen';
import { EditorPrefetch } from '@/components/articles/editor/editor-preload';
import { routeMetadata } from '@/lib/page-title';
import { firstListState, type PageSearchParams } from '@/server/ssr/first-page';

export const metadata = routeMetadata('/article/list');

/**
 * 文章列表 (/article/list). The screen reads its filters from the URL;
 * its first page (those filters, as this viewer may see it) comes with the HTML
 * (server/ssr/first-page.ts). The list's filters have no defaults, so the URL is the query as is.
 */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstListState({ path: '/api/articles', searchParams: await searchParams });
  return (
    <>
      <EditorPrefetch />
      <HydrationBoundary state={state}>
        <ArticleListScreen />
      </HydrationBoundary>
    </>
  );
}
