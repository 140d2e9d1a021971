import { Suspense } from 'react';
import { LoginLogScreen } from '@/components/log/login-log-screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/log');

/** 登录日志 (/log). The screen reads its filters from the URL, hence the Suspense boundary. */
export default function Page() {
  return (
    <Suspense>
      <LoginLogScreen />
    </Suspense>
  );
}
