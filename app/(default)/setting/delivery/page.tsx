import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { DeliveryScreen } from '@/components/delivery/delivery-screen';

export const metadata = routeMetadata('/setting/delivery');

/** 站点接口: webhook endpoints and the delivery log (the API keys' tab joins at merge). The tab and the log's filters live in the URL. */
export default function Page() {
  return (
    <Suspense>
      <DeliveryScreen />
    </Suspense>
  );
}
