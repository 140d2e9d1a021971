import { HydrationBoundary } from '@tanstack/react-query';
import { currentUserDetail } from '@/lib/current-user';
import { ROUTES } from '@/lib/routes';
import { Workbench, type Shortcut } from '@/components/home/workbench';
import { routeMetadata } from '@/lib/page-title';
import { WEBHOOKS_READ, WORKBENCH_READ } from '@/lib/query/reads';
import { firstPages } from '@/server/ssr/first-page';

export const metadata = routeMetadata('/');

/** Shortcuts offered on the workbench, shown only when the user holds the route. */
const SHORTCUTS = [
  '/article/add',
  '/article/list',
  '/article/check',
  '/photo',
  '/operation/focus',
  '/operation/pcfocus',
  '/operation/videofocus',
  '/operation/ad',
  '/operation/stats',
  '/department',
  '/role',
  '/home',
];
/** Holding any of these, a person writes content: the workbench shows their drafts, rejections and schedules. */
const WRITING = ['/article/addArticle', '/article/addImage', '/article/addVideo', '/article/createVideo'];

/**
 * 工作台: greeting and the user's quick entries, and 我的工作 read on the server as this person
 * (server/ssr/first-page.ts), so it comes with the HTML. @see DESIGN §4 (`/`)
 */
export default async function HomePage() {
  const pages = firstPages();
  const [detail] = await Promise.all([currentUserDetail(), pages.read(WORKBENCH_READ)]);
  const auth = detail?.auth ?? {};
  // 站点接口's admins see paused webhook endpoints at the top: read now, so nothing moves in later.
  if (auth['/setting/delivery']) await pages.read(WEBHOOKS_READ);
  const shortcuts: Shortcut[] = SHORTCUTS.filter((p) => auth[p]).map((p) => {
    const route = ROUTES.find((r) => r.path === p)!;
    return { path: p, name: route.name, group: route.home ?? '' };
  });
  const user = (detail?.data ?? {}) as { name?: string; username?: string; isSuper?: boolean; level?: number };
  return (
    <HydrationBoundary state={pages.state()}>
      <Workbench
        name={user.name ?? ''}
        username={user.username ?? ''}
        isSuper={Boolean(user.isSuper)}
        level={user.level ?? 3}
        shortcuts={shortcuts}
        writes={WRITING.some((p) => auth[p])}
      />
    </HydrationBoundary>
  );
}
