import { Suspense } from 'react';
import { ArticleEditorScreen } from '@/components/articles/editor/screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/article/addImage');

/** 发图集 (issue 7). `?id=` opens an existing one; the editor code loads only on this screen. */
export default function Page() {
  return (
    <Suspense>
      <ArticleEditorScreen kind="gallery" />
    </Suspense>
  );
}
