import { Suspense } from 'react';
import { ArticlePreview } from '@/components/article-editor/preview';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/article/preview');

/** Bare layout: no header or sidebar; the article at 912 px as the site renders it (issue 7). */
export default function Page() {
  return (
    <Suspense>
      <ArticlePreview />
    </Suspense>
  );
}
