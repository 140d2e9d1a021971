import { Suspense } from 'react';
import { LoginLogScreen } from './login-log-screen';

/** 登录日志 (/log). The screen reads its filters from the URL, hence the Suspense boundary. */
export default function Page() {
  return (
    <Suspense>
      <LoginLogScreen />
    </Suspense>
  );
}
