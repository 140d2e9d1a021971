import { KeywordScreen } from '@/components/operations/keyword-screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/operation/keywords');

/** 搜索关键词 (APP / M 站). The platform tab and filters live in the URL. */
export default function Page() {
  return <KeywordScreen platforms={['app', 'm']} />;
}
