import { Placeholder } from '@/components/layout/placeholder';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/photo');

export default function Page() {
  return <Placeholder path="/photo" />;
}
