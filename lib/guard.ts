/**
 * The two route guards as pure functions; `middleware.ts` only wires them to requests.
 * @see SEED §4 (session and guard flow), §6 (auth map), §8 (redirects, unknown middleware)
 */
import type { AuthMap } from './routes';

export type GuardDecision =
  | { action: 'next' }
  | { action: 'redirect'; to: string; clearSession?: boolean }
  | { action: 'error'; status: number; message: string };

/** The user-detail reply (GET /api/login_info). */
export interface UserDetail<U = Record<string, unknown>> {
  status: number;
  data?: U;
  auth?: AuthMap;
  message?: string;
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

/** User guard, before fetching the user detail: no session cookie → /login; otherwise fetch. */
export function userGuardNeedsFetch({ hasSession }: { hasSession: boolean }): GuardDecision | 'fetch' {
  return hasSession ? 'fetch' : { action: 'redirect', to: '/login' };
}

export function isPathAllowed(path: string, auth: AuthMap | undefined): boolean {
  if ((ALWAYS_ALLOWED as readonly string[]).includes(path)) return true;
  return Boolean(auth && Object.prototype.hasOwnProperty.call(auth, path));
}

/**
 * User guard, after fetching the user detail: a non-zero status goes to /login and clears the
 * stale session cookie (so the login guard cannot bounce it back: no redirect loop); a path missing
 * from the auth map goes to `/` unless always allowed; otherwise the request proceeds.
 */
export function userGuardDecide({ path, detail }: { path: string; detail: UserDetail | null }): GuardDecision {
  if (!detail || detail.status !== 0) return { action: 'redirect', to: '/login', clearSession: true };
  if (!isPathAllowed(path, detail.auth)) return { action: 'redirect', to: '/' };
  return next;
}
