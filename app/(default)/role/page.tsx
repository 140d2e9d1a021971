import { Suspense } from 'react';
import { RoleScreen } from '@/components/role/role-screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/role');

/** 角色权限. The screen reads its page and filters from the URL, hence the Suspense boundary. */
export default function Page() {
  return (
    <Suspense>
      <RoleScreen />
    </Suspense>
  );
}
