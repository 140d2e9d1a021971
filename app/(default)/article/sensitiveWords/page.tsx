import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { SensitiveWordScreen } from '@/components/sensitive-words/sensitive-words-screen';

export const metadata = routeMetadata('/article/sensitiveWords');

/** 敏感词库 (/article/sensitiveWords, comes with 内容审核). The search and page live in the URL. */
export default function Page() {
  return (
    <Suspense>
      <SensitiveWordScreen />
    </Suspense>
  );
}
