import { currentUserDetail } from '@/lib/current-user';
import { ROUTES } from '@/lib/routes';
import { Workbench, type Shortcut } from '@/components/home/workbench';
import { routeMetadata } from '@/lib/page-title';

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

/** 工作台: greeting and the user's quick entries. @see DESIGN §4 (`/`) */
export default async function HomePage() {
  const detail = await currentUserDetail();
  const auth = detail?.auth ?? {};
  const shortcuts: Shortcut[] = SHORTCUTS.filter((p) => auth[p]).map((p) => {
    const route = ROUTES.find((r) => r.path === p)!;
    return { path: p, name: route.name, group: route.home ?? '' };
  });
  const user = (detail?.data ?? {}) as { name?: string; username?: string; isSuper?: boolean; level?: number };
  return (
    <Workbench
      name={user.name ?? ''}
      username={user.username ?? ''}
      isSuper={Boolean(user.isSuper)}
      level={user.level ?? 3}
      shortcuts={shortcuts}
      writes={WRITING.some((p) => auth[p])}
    />
  );
}
