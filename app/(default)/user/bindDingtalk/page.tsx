import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { BindDingtalkScreen } from '@/components/account/bind-screen';

export const metadata = routeMetadata('/user/bindDingtalk');

/** 绑定钉钉: bind or unbind this account's DingTalk identity (issue 9). */
export default function Page() {
  return (
    <Suspense>
      <BindDingtalkScreen />
    </Suspense>
  );
}
