import { ProfileScreen } from './profile-screen';

/** 个人资料 (/user/my): open to every signed-in user. */
export default function Page() {
  return <ProfileScreen />;
}
