import { Placeholder } from '@/components/layout/placeholder';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/article/check');

export default function Page() {
  return <Placeholder path="/article/check" />;
}
