import { ResourcePage } from '@/components/screens/resource-page';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/setting/source');

/** 文章来源: the outlets an article may credit, in drag order. */
export default function Page() {
  return <ResourcePage module="taxonomy" name="article_sources" deletable narrowHidden={['updatedAt']} />;
}
