import { Placeholder } from '@/components/layout/placeholder';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/operation/keywords');

export default function Page() {
  return <Placeholder path="/operation/keywords" />;
}
