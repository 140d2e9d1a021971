import { Suspense } from 'react';
import { ArticleListScreen } from '@/components/articles/list/article-list-screen';
import { EditorPrefetch } from '@/components/articles/editor/editor-preload';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/article/list');

/** 文章列表 (/article/list). The screen reads its filters from the URL, hence the Suspense boundary. */
export default function Page() {
  return (
    <>
      <EditorPrefetch />
      <Suspense>
        <ArticleListScreen />
      </Suspense>
    </>
  );
}
