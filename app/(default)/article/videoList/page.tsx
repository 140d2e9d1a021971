import { Placeholder } from '@/components/layout/placeholder';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/article/videoList');

export default function Page() {
  return <Placeholder path="/article/videoList" />;
}
