import { Placeholder } from '@/components/layout/placeholder';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/article/list');

export default function Page() {
  return <Placeholder path="/article/list" />;
}
