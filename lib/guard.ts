/**
 * The two route guards as pure functions; `middleware.ts` only wires them to requests.
 * @see SEED §4 (session and guard flow), §6 (auth map), §8 (redirects, unknown middleware)
 */
import { findRoute, type AuthMap } from './routes';

export type GuardDecision =
  | { action: 'next' }
  | { action: 'redirect'; to: string; clearSession?: boolean; endReason?: SessionEndReason }
  | { action: 'error'; status: number; message: string };

/** The user-detail reply (GET /api/login_info). */
export interface UserDetail<U = Record<string, unknown>> {
  status: number;
  data?: U;
  auth?: AuthMap;
  message?: string;
  /** Why a session is not valid (when the server says): see `SessionEndReason`. */
  reason?: string;
}

export const KNOWN_GUARDS = ['user', 'login'] as const;

/** Paths a signed-in user may always open, whatever their auth map says. @see SEED §6 */
export const ALWAYS_ALLOWED = ['/', '/user/my', '/user/bindDingtalk'] as const;

const next: GuardDecision = { action: 'next' };

/** A route naming a guard that does not exist is a programming error shown as a 500. @see SEED §8 */
export function unknownGuard(name: string): GuardDecision {
  return { action: 'error', status: 500, message: `Unknown middleware ${name}` };
}

export function isKnownGuard(name: string): name is (typeof KNOWN_GUARDS)[number] {
  return (KNOWN_GUARDS as readonly string[]).includes(name);
}

/**
 * Login guard: a request carrying the session cookie to any path other than /user/bindDingtalk
 * goes to `/`. A stale cookie is harmless: `/` runs the user guard, which clears it.
 */
export function loginGuard({ path, hasSession }: { path: string; hasSession: boolean }): GuardDecision {
  if (hasSession && path !== '/user/bindDingtalk') return { action: 'redirect', to: '/' };
  return next;
}

/**
 * Where a return-to value may send a person after signing in: a path of this back office (same
 * origin, a known page of the default layout), never another site (`//evil.example`,
 * `https://…`, `/\\evil`) nor the login screen itself. Returns the path with its query, or null.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 1000 || !value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://cms.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://cms.invalid') return null;
  const route = findRoute(url.pathname);
  if (!route || route.layout !== 'default') return null;
  return url.pathname + url.search;
}

/** `/login`, carrying the page to return to (`?from=`) and why the person must sign in (`reason`). */
export function loginUrl({ returnTo, reason }: { returnTo?: string; reason?: SessionEndReason } = {}): string {
  const params = new URLSearchParams();
  const back = safeReturnPath(returnTo);
  if (back && back !== '/') params.set('from', back);
  if (reason) params.set('reason', reason);
  const qs = params.toString();
  return qs ? `/login?${qs}` : '/login';
}

/**
 * Why a session ended, as the login screen explains it. `ended`: the session is no longer valid
 * and the server did not say why (expired, signed out elsewhere, password reset, account disabled).
 */
export type SessionEndReason = 'ended' | 'expired' | 'idle' | 'password' | 'disabled' | 'signed_out' | 'revoked' | 'admin' | 'totp_reset';

export const SESSION_END_TEXT: Record<SessionEndReason, string> = {
  ended: '登录已失效（可能已过期、密码被重置或账号被停用），请重新登录。',
  expired: '登录已过期，请重新登录。',
  idle: '长时间未操作，登录已失效，请重新登录。',
  password: '密码已被修改，请用新密码重新登录。',
  disabled: '账号已被停用，如有疑问请联系管理员。',
  signed_out: '你已退出登录。',
  revoked: '这台设备的登录已在「个人资料 · 登录设备」中被退出，请重新登录。',
  admin: '管理员已将你的账号退出登录，请重新登录。',
  totp_reset: '管理员重置了你的两步验证，请重新登录。',
};

/**
 * The one page a person whose role requires two-step sign-in, and who has not enrolled, can open
 * (issue 26): the server answers nothing else for them either.
 */
export const TOTP_SETUP_PATH = '/login/totp';

/**
 * Cookie that remembers for a few minutes why a session was cleared. A background request (a link
 * prefetch) can meet the stale session first and clear it; the page the person then opens has no
 * session and no reason in its URL, and the login screen reads the reason from here instead.
 */
export const SESSION_END_COOKIE = 'cms_session_end';

export function sessionEndReason(value: string | null | undefined): SessionEndReason | null {
  return value && Object.prototype.hasOwnProperty.call(SESSION_END_TEXT, value) ? (value as SessionEndReason) : null;
}

/**
 * User guard, before fetching the user detail: no session cookie → /login (remembering the page
 * asked for, `returnTo` = path + query); otherwise fetch.
 */
export function userGuardNeedsFetch({ hasSession, returnTo }: { hasSession: boolean; returnTo?: string }): GuardDecision | 'fetch' {
  return hasSession ? 'fetch' : { action: 'redirect', to: loginUrl({ returnTo }) };
}

/** The `?denied=` value on `/`: a page path the person was refused, or null. */
export function deniedPath(value: string | null | undefined): string | null {
  const route = value ? findRoute(value) : undefined;
  return route && route.layout === 'default' && route.path !== '/' ? route.path : null;
}

export function isPathAllowed(path: string, auth: AuthMap | undefined): boolean {
  if ((ALWAYS_ALLOWED as readonly string[]).includes(path)) return true;
  return Boolean(auth && Object.prototype.hasOwnProperty.call(auth, path));
}

/**
 * User guard, after fetching the user detail: a non-zero status goes to /login and clears the
 * stale session cookie (so the login guard cannot bounce it back: no redirect loop), saying the
 * session ended (the reply's `reason` when the server gives one) and remembering the page; a path
 * missing from the auth map goes to `/?denied=<path>` (无权访问「…」) unless always allowed;
 * otherwise the request proceeds.
 */
export function userGuardDecide({ path, detail, returnTo }: { path: string; detail: UserDetail | null; returnTo?: string }): GuardDecision {
  if (!detail || detail.status !== 0) {
    const reason = sessionEndReason(detail?.reason) ?? 'ended';
    return { action: 'redirect', to: loginUrl({ returnTo: returnTo ?? path, reason }), clearSession: true, endReason: reason };
  }
  const mustEnrol = Boolean(detail.data?.totpSetup);
  if (mustEnrol !== (path === TOTP_SETUP_PATH)) return { action: 'redirect', to: mustEnrol ? TOTP_SETUP_PATH : '/' };
  if (mustEnrol) return next;
  if (!isPathAllowed(path, detail.auth)) return { action: 'redirect', to: `/?denied=${encodeURIComponent(path)}` };
  return next;
}
