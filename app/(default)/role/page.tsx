import { RoleScreen } from '@/components/role/role-screen';
import { routeMetadata } from '@/lib/page-title';
import { HydrationBoundary } from '@tanstack/react-query';
import { firstScreenState, type PageSearchParams } from '@/server/ssr/first-page';
import { roleResource } from '@/lib/resources/roles';

export const metadata = routeMetadata('/role');

/** 角色权限. The screen reads its page and filters from the URL. Its first page comes with the HTML (server/ssr/first-page.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstScreenState(roleResource, await searchParams);
  return (
    <HydrationBoundary state={state}>
      <RoleScreen />
    </HydrationBoundary>
  );
}
