import { Placeholder } from '@/components/layout/placeholder';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/video');

export default function Page() {
  return <Placeholder path="/video" />;
}
