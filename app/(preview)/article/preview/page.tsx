import { Suspense } from 'react';
import { ArticlePreview } from '@/components/articles/editor/preview';
import { ShortVideoPreview } from '@/components/short-video/preview';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/article/preview');

/**
 * Bare layout: no header or sidebar; the article at 912 px as the site renders it (issue 7), or a
 * short video (`?video=`, issue 15).
 */
export default async function Page({ searchParams }: { searchParams: Promise<{ video?: string }> }) {
  const video = Number((await searchParams).video) || null;
  return <Suspense>{video ? <ShortVideoPreview id={video} /> : <ArticlePreview />}</Suspense>;
}
