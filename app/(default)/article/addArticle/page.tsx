import { Placeholder } from '@/components/layout/placeholder';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/article/addArticle');

export default function Page() {
  return <Placeholder path="/article/addArticle" />;
}
