import type { ReactNode } from 'react';
import { notFound, redirect } from 'next/navigation';
import { AntdRegistry } from '@ant-design/nextjs-registry';
import { AppShell } from '@/components/layout/app-shell';
import { buildMenu } from '@/lib/menu';
import { currentUserDetail, isNoRoute } from '@/lib/current-user';
import type { UserInfo } from '@/stores/user';
import { Providers } from '../../components/layout/providers';
// antd's stylesheet cut to the components the signed-in screens use (scripts/antd-css.mjs), then ours over it.
import '@/styles/antd/app.css';
import '../globals.css';

/**
 * The default layout, guarded by "user" (middleware.ts). It reads the user detail the middleware
 * already fetched, so a navigation costs one user-detail call.
 */
export default async function DefaultLayout({ children }: { children: ReactNode }) {
  const detail = await currentUserDetail();
  // A path that is no route reaches this layout through the catch-all page of plain resource
  // screens (which answers 404 itself): signed out, it is a 404 too, not the sign-in.
  if (!detail && (await isNoRoute())) notFound();
  if (!detail) redirect('/login');
  const auth = detail.auth ?? {};
  return (
    <AntdRegistry>
      <Providers>
        <AppShell info={detail.data as unknown as UserInfo} auth={auth} menu={buildMenu(auth)}>
          {children}
        </AppShell>
      </Providers>
    </AntdRegistry>
  );
}
