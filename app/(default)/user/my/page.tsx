import { ProfileScreen } from '@/components/account/profile-screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/user/my');

/** 个人资料 (/user/my): open to every signed-in user. */
export default function Page() {
  return <ProfileScreen />;
}
