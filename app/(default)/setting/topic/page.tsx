import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { TopicScreen } from '@/components/setting/topic-screen';

export const metadata = routeMetadata('/setting/topic');

/** 专题管理. Filters and page live in the URL. */
export default function Page() {
  return (
    <Suspense>
      <TopicScreen />
    </Suspense>
  );
}
