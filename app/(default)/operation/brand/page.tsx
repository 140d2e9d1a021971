import { BrandScreen } from '@/components/operations/brand-screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/operation/brand');

/** 品牌管理. Filters, order and page live in the URL. */
export default function Page() {
  return <BrandScreen />;
}
