import { Suspense } from 'react';
import { OperationLogScreen } from '@/components/log/operation-log-screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/log/operate');

/** 操作日志 (/log/operate). The screen reads its filters from the URL, hence the Suspense boundary. */
export default function Page() {
  return (
    <Suspense>
      <OperationLogScreen />
    </Suspense>
  );
}
