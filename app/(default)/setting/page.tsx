import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { SettingScreen } from '@/components/setting/setting-screen';

export const metadata = routeMetadata('/setting');

/** 分类管理: category types, their category trees, platforms. */
export default function Page() {
  return (
    <Suspense>
      <SettingScreen />
    </Suspense>
  );
}
