import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { ReviewScreen } from '@/components/articles/review/review-screen';

export const metadata = routeMetadata('/article/check');

/** 内容审核 (/article/check). The queue reads its filters from the URL, hence the Suspense boundary. */
export default function Page() {
  return (
    <Suspense>
      <ReviewScreen />
    </Suspense>
  );
}
