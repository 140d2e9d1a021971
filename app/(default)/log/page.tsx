import { LoginLogScreen } from '@/components/log/login-log-screen';
import { routeMetadata } from '@/lib/page-title';
import { HydrationBoundary } from '@tanstack/react-query';
import { firstListState, type PageSearchParams } from '@/server/ssr/first-page';

export const metadata = routeMetadata('/log');

/** 登录日志 (/log). The screen reads its filters from the URL. Its first page comes with the HTML (server/ssr/first-page.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = await firstListState({ path: '/api/log/login', searchParams: await searchParams });
  return (
    <HydrationBoundary state={state}>
      <LoginLogScreen />
    </HydrationBoundary>
  );
}
