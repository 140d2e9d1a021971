import { KeywordScreen } from '@/components/operations/keyword-screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/operation/pckeywords');

/** PC搜索关键词. The platform tab and filters live in the URL. */
export default function Page() {
  return <KeywordScreen platforms={['pc']} />;
}
