import { Suspense } from 'react';
import { FriendLinkScreen } from '@/components/operations/friend-link-screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/operation/friendLinks');

/** 友情链接. Filters live in the URL. */
export default function Page() {
  return (
    <Suspense>
      <FriendLinkScreen />
    </Suspense>
  );
}
