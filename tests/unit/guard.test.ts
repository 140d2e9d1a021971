import { describe, expect, it } from 'vitest';
import {
  TOTP_SETUP_PATH,
  deniedPath,
  isKnownGuard,
  isPathAllowed,
  loginGuard,
  loginUrl,
  safeReturnPath,
  sessionEndReason,
  unknownGuard,
  userGuardDecide,
  userGuardNeedsFetch,
} from '@/lib/guard';
import { findRoute, ROUTES } from '@/lib/routes';
import { screenDeclarations } from '@/lib/resources/modules';

const auth = { '/': { name: '工作台' }, '/article/list': { name: '文章列表', home: '内容管理' } };

describe('login guard (SEED §4)', () => {
  it('sends a request with a session to / from the login area', () => {
    expect(loginGuard({ path: '/login', hasSession: true })).toEqual({ action: 'redirect', to: '/' });
  });
  it('lets /user/bindDingtalk through even with a session', () => {
    expect(loginGuard({ path: '/user/bindDingtalk', hasSession: true })).toEqual({ action: 'next' });
  });
  it('lets a request without a session through', () => {
    expect(loginGuard({ path: '/login', hasSession: false })).toEqual({ action: 'next' });
  });
});

describe('user guard (SEED §4, §6)', () => {
  it('without a session cookie goes to /login without fetching', () => {
    expect(userGuardNeedsFetch({ hasSession: false })).toEqual({ action: 'redirect', to: '/login' });
  });
  it('with a session cookie fetches the user detail', () => {
    expect(userGuardNeedsFetch({ hasSession: true })).toBe('fetch');
  });
  it('without a session remembers the page asked for', () => {
    expect(userGuardNeedsFetch({ hasSession: false, returnTo: '/department?dept=3' })).toEqual({
      action: 'redirect',
      to: '/login?from=%2Fdepartment%3Fdept%3D3',
    });
  });
  it('a non-zero status goes to /login, says the session ended and clears the stale cookie', () => {
    expect(userGuardDecide({ path: '/', detail: { status: 401 } })).toEqual({
      action: 'redirect',
      to: '/login?reason=ended',
      clearSession: true,
      endReason: 'ended',
    });
    expect(userGuardDecide({ path: '/role', detail: { status: 401 } })).toEqual({
      action: 'redirect',
      to: '/login?from=%2Frole&reason=ended',
      clearSession: true,
      endReason: 'ended',
    });
  });
  it('passes on the reason the server gives for an ended session', () => {
    expect(userGuardDecide({ path: '/', detail: { status: 401, reason: 'disabled' } })).toMatchObject({ to: '/login?reason=disabled' });
    expect(userGuardDecide({ path: '/', detail: { status: 401, reason: 'nonsense' } })).toMatchObject({ to: '/login?reason=ended' });
  });
  it('no answer at all is treated like a non-zero status', () => {
    expect(userGuardDecide({ path: '/', detail: null })).toEqual({ action: 'redirect', to: '/login?reason=ended', clearSession: true, endReason: 'ended' });
  });
  it('a path in the auth map proceeds', () => {
    expect(userGuardDecide({ path: '/article/list', detail: { status: 0, auth } })).toEqual({ action: 'next' });
  });
  it('a known path missing from the auth map goes to / saying which page was refused', () => {
    expect(userGuardDecide({ path: '/department', detail: { status: 0, auth } })).toEqual({ action: 'redirect', to: '/?denied=%2Fdepartment' });
    expect(deniedPath('/department')).toBe('/department');
    expect(deniedPath('/no/such')).toBeNull();
    expect(deniedPath('/login')).toBeNull();
  });
  it.each(['/', '/user/my', '/user/bindDingtalk'])('%s is always allowed, even with an empty auth map', (path) => {
    expect(userGuardDecide({ path, detail: { status: 0, auth: {} } })).toEqual({ action: 'next' });
  });
  it('a missing auth map allows only the always-allowed paths', () => {
    expect(isPathAllowed('/role', undefined)).toBe(false);
    expect(isPathAllowed('/user/my', undefined)).toBe(true);
  });
  it('does not treat inherited object keys as permissions', () => {
    expect(isPathAllowed('constructor', {})).toBe(false);
  });
});

describe('guard names (SEED §8)', () => {
  it('knows user and login', () => {
    expect(isKnownGuard('user')).toBe(true);
    expect(isKnownGuard('login')).toBe(true);
    expect(isKnownGuard('admin')).toBe(false);
  });
  it('an unknown guard is a 500 "Unknown middleware …"', () => {
    expect(unknownGuard('admin')).toEqual({ action: 'error', status: 500, message: 'Unknown middleware admin' });
  });
  it('every route of the catalogue names a known guard or none', () => {
    for (const r of ROUTES) expect(r.guard === null || isKnownGuard(r.guard), r.path).toBe(true);
  });
});

describe('route catalogue (SEED §2)', () => {
  const seedRoutes =
    '/, /home, /login, /department, /log, /log/operate, /photo, /photo/tag, /role, /setting, /setting/tag, /setting/topic, /store, /video, /video/tag, /user/my, /user/bindDingtalk, /article/add, /article/addArticle, /article/addImage, /article/addVideo, /article/check, /article/createVideo, /article/list, /article/preview, /article/videoList, /operation/ad, /operation/brand, /operation/focus, /operation/friendLinks, /operation/keywords, /operation/nav, /operation/pcfocus, /operation/pckeywords, /operation/stats, /operation/videofocus'.split(
      ', ',
    );
  it('holds exactly the routes of the spec, and the pages added since: 敏感词库 (issue 15), the declared plain screens (issue 16: 文章来源), 站点接口 (issue 24), the two-step enrolment (issue 26)', async () => {
    const declared = (await screenDeclarations()).map((s) => s.def.permission).filter((p) => !seedRoutes.includes(p));
    expect(declared).toContain('/setting/source');
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...seedRoutes, '/article/sensitiveWords', '/setting/delivery', TOTP_SETUP_PATH, ...declared].sort());
  });
  it('sends a member who must enrol in two-step sign-in to the enrolment page only, and everyone else away from it (issue 26)', () => {
    const mustEnrol = { status: 0, data: { totpSetup: true }, auth: { '/': { name: '工作台' }, '/role': { name: '角色权限' } } };
    const done = { status: 0, data: { totpSetup: false }, auth: { '/': { name: '工作台' } } };
    expect(userGuardDecide({ path: '/role', detail: mustEnrol })).toEqual({ action: 'redirect', to: TOTP_SETUP_PATH });
    expect(userGuardDecide({ path: '/user/my', detail: mustEnrol })).toEqual({ action: 'redirect', to: TOTP_SETUP_PATH });
    expect(userGuardDecide({ path: TOTP_SETUP_PATH, detail: mustEnrol })).toEqual({ action: 'next' });
    expect(userGuardDecide({ path: TOTP_SETUP_PATH, detail: done })).toEqual({ action: 'redirect', to: '/' });
    expect(safeReturnPath(TOTP_SETUP_PATH)).toBeNull();
  });
  it('finds routes with or without a trailing slash, and nothing for unknown paths', () => {
    expect(findRoute('/article/list/')?.name).toBe('文章列表');
    expect(findRoute('/article/lists')).toBeUndefined();
  });
  it('puts login in the bare login layout and preview in the bare preview layout', () => {
    expect(findRoute('/login')).toMatchObject({ layout: 'login', guard: 'login' });
    expect(findRoute('/article/preview')).toMatchObject({ layout: 'preview', guard: null, ignore: true });
  });
});

describe('return to the page asked for after signing in', () => {
  it.each(['/department?dept=3', '/role', '/', '/log/operate?type=create'])('accepts the back-office path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });
  it.each([
    '//evil.example/x',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
    '/no/such/page',
    '/article/preview',
    '',
    null,
    ' /role',
  ])('refuses %s', (value) => {
    expect(safeReturnPath(value as string | null)).toBeNull();
  });
  it('builds the login URL with the page and the reason', () => {
    expect(loginUrl()).toBe('/login');
    expect(loginUrl({ returnTo: '/role', reason: 'expired' })).toBe('/login?from=%2Frole&reason=expired');
    expect(loginUrl({ returnTo: 'https://evil.example/' })).toBe('/login');
  });
  it('knows the session-end reasons it can explain', () => {
    expect(sessionEndReason('password')).toBe('password');
    expect(sessionEndReason('constructor')).toBeNull();
  });
});
