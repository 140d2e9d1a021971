/**
 * The route catalogue: every page route of the product, its layout, its guard and, for routes that
 * appear in the menu, its name, group (`home`) and group icon. One source feeds the middleware
 * (known routes, guards), the menu, the role editor and the server's permission checks.
 *
 * @see SEED §2 (routes, layouts), §3 (auth map entries), DESIGN §4 (route map)
 */

export type LayoutName = 'default' | 'login' | 'preview';
/** Guard names as the spec calls them; `null` for an unguarded layout (preview). */
export type GuardName = 'user' | 'login';

export interface RouteDef {
  path: string;
  /** Menu / page title. */
  name: string;
  layout: LayoutName;
  guard: GuardName | string | null;
  /** Menu group label (SEED: `home`). */
  home?: string;
  /** Group icon, an @ant-design/icons component name. */
  icon?: string;
  /** Hidden from the menu (SEED: `ignore`). */
  ignore?: boolean;
  /** Open to every signed-in user, never part of a role (SEED §6: /, /user/my, /user/bindDingtalk). */
  alwaysAllowed?: boolean;
  /**
   * Grantable only with the 全部数据 scope (level 1): the logs show every account's addresses and
   * before/after snapshots, so they are not cut down to a department (docs/decisions.md).
   */
  fullScopeOnly?: boolean;
  /**
   * A page that comes with another page's permission (issue 15): whoever holds `grantedWith` holds
   * this page too. It is never granted on its own, so it is not a permission route, the role editor
   * does not list it, and the server checks `grantedWith` for its API (敏感词库 comes with 内容审核).
   */
  grantedWith?: string;
}

/** Menu groups in display order, each with its icon. */
export const MENU_GROUPS = [
  { home: '首页', icon: 'DashboardOutlined' },
  { home: '内容管理', icon: 'FileTextOutlined' },
  { home: '素材库', icon: 'PictureOutlined' },
  { home: '运营管理', icon: 'RocketOutlined' },
  { home: '系统设置', icon: 'SettingOutlined' },
  { home: '权限管理', icon: 'SafetyCertificateOutlined' },
] as const;

export type MenuGroupName = (typeof MENU_GROUPS)[number]['home'];

function inGroup(home: MenuGroupName, entries: Array<[path: string, name: string, extra?: Partial<RouteDef>]>): RouteDef[] {
  const icon = MENU_GROUPS.find((g) => g.home === home)!.icon;
  return entries.map(([path, name, extra]) => ({ path, name, layout: 'default', guard: 'user', home, icon, ...extra }));
}

export const ROUTES: readonly RouteDef[] = [
  { path: '/', name: '工作台', layout: 'default', guard: 'user', icon: 'HomeOutlined', alwaysAllowed: true },
  { path: '/login', name: '登录', layout: 'login', guard: 'login', ignore: true, alwaysAllowed: true },
  // Issue 26: where a member whose role requires two-step sign-in enrols before anything else.
  { path: '/login/totp', name: '开启两步验证', layout: 'login', guard: 'user', ignore: true, alwaysAllowed: true },
  ...inGroup('首页', [['/home', '数据概览']]),
  ...inGroup('内容管理', [
    ['/article/add', '发布内容'],
    ['/article/addArticle', '写文章'],
    ['/article/addImage', '发图集'],
    ['/article/addVideo', '发视频文章'],
    ['/article/list', '文章列表'],
    ['/article/check', '内容审核'],
    ['/article/sensitiveWords', '敏感词库', { grantedWith: '/article/check' }],
    ['/article/createVideo', '发布短视频'],
    ['/article/videoList', '视频列表'],
    ['/store', '专辑管理'],
  ]),
  // The preview is reached from the article list; it has no menu entry and its own bare layout.
  { path: '/article/preview', name: '预览', layout: 'preview', guard: null, ignore: true },
  ...inGroup('素材库', [
    ['/photo', '图片库'],
    ['/photo/tag', '图片标签'],
    ['/video', '视频库'],
    ['/video/tag', '视频标签'],
  ]),
  ...inGroup('运营管理', [
    ['/operation/focus', '首页焦点图'],
    ['/operation/pcfocus', 'PC焦点图'],
    ['/operation/videofocus', '视频焦点图'],
    ['/operation/keywords', '搜索关键词'],
    ['/operation/pckeywords', 'PC搜索关键词'],
    ['/operation/nav', '导航图标'],
    ['/operation/friendLinks', '友情链接'],
    ['/operation/brand', '品牌管理'],
    ['/operation/ad', '广告管理'],
    ['/operation/stats', '数据统计'],
  ]),
  ...inGroup('系统设置', [
    ['/setting', '分类管理'],
    ['/setting/tag', '标签管理'],
    ['/setting/topic', '专题管理'],
    ['/setting/source', '文章来源'],
    ['/setting/delivery', '站点接口', { fullScopeOnly: true }],
  ]),
  ...inGroup('权限管理', [
    ['/department', '部门与员工'],
    ['/role', '角色权限'],
    ['/log', '登录日志', { fullScopeOnly: true }],
    ['/log/operate', '操作日志', { fullScopeOnly: true }],
  ]),
  { path: '/user/my', name: '个人资料', layout: 'default', guard: 'user', ignore: true, alwaysAllowed: true },
  { path: '/user/bindDingtalk', name: '绑定钉钉', layout: 'default', guard: 'user', ignore: true, alwaysAllowed: true },
];

const byPath = new Map(ROUTES.map((r) => [r.path, r]));

/** The route definition for a pathname (trailing slash ignored), or undefined for no route at all. */
export function findRoute(pathname: string, routes: readonly RouteDef[] = ROUTES): RouteDef | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes === ROUTES ? byPath.get(path) : routes.find((r) => r.path === path);
}

/**
 * Routes a role can grant: everything that is not always allowed and does not come with another
 * route. `/article/preview` is part of the catalogue (as `ignore`) so a role can grant it.
 */
export const PERMISSION_ROUTES: readonly RouteDef[] = ROUTES.filter((r) => !r.alwaysAllowed && !r.grantedWith);

/** Pages that come with a permission route, by that route: `/article/check` → [敏感词库]. */
export function routesGrantedWith(path: string): RouteDef[] {
  return ROUTES.filter((r) => r.grantedWith === path);
}

export function isPermissionRoute(path: string): boolean {
  return PERMISSION_ROUTES.some((r) => r.path === path);
}

/** Routes that need the 全部数据 scope (level 1). */
export const FULL_SCOPE_ROUTES: ReadonlySet<string> = new Set(PERMISSION_ROUTES.filter((r) => r.fullScopeOnly).map((r) => r.path));

/** One entry of the auth map sent to the client (SEED §3). `router` is added by the client. */
export interface AuthEntry {
  name: string;
  home?: string;
  icon?: string;
  ignore?: boolean;
}

export type AuthMap = Record<string, AuthEntry>;

/** The auth-map entry for a catalogue route. */
export function toAuthEntry(route: RouteDef): AuthEntry {
  const entry: AuthEntry = { name: route.name };
  if (route.home) entry.home = route.home;
  if (route.icon) entry.icon = route.icon;
  if (route.ignore) entry.ignore = true;
  return entry;
}

/**
 * Build a user's auth map from the route paths their role grants, in catalogue order. `/` is always
 * present as a top-level entry (工作台) so every user has a way home in the menu. A page that comes
 * with a granted route (`grantedWith`) is in the map too: the guard and the menu read only the map.
 */
export function buildAuthMap(grantedPaths: Iterable<string>): AuthMap {
  const granted = new Set(grantedPaths);
  const map: AuthMap = { '/': toAuthEntry(byPath.get('/')!) };
  for (const route of ROUTES) {
    if (route.alwaysAllowed) continue;
    if (granted.has(route.grantedWith ?? route.path)) map[route.path] = toAuthEntry(route);
  }
  return map;
}
