import { Suspense } from 'react';
import { EditorPreload } from '@/components/articles/editor/editor-preload';
import { ArticleEditorScreen } from '@/components/articles/editor/screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/article/addArticle');

/** 写文章 (issue 7). `?id=` opens an existing one; the editor code loads only on this screen. */
export default function Page() {
  return (
    <>
      <EditorPreload />
      <Suspense>
        <ArticleEditorScreen kind="article" />
      </Suspense>
    </>
  );
}
