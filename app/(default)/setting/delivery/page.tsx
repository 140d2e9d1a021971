import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { DeliveryScreen } from '@/components/delivery/delivery-screen';

export const metadata = routeMetadata('/setting/delivery');

/** 站点接口: API keys, webhook endpoints, the delivery log; the tab lives in the URL. */
export default function Page() {
  return (
    <Suspense>
      <DeliveryScreen />
    </Suspense>
  );
}
