import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../../lib/constants';
import { isPermissionRoute } from '../../lib/routes';
import { ApiError, forbidden } from '../http/errors';
import { explainSessionEnd } from './session';
import { SESSION_END_TEXT } from '../../lib/guard';
import type { AppEnv, SessionUser } from '../http/types';

/**
 * Who may call an API route. Every route registers exactly one `access(...)` middleware; the API
 * test walks `app.routes` and fails for a route without one.
 * - public: anyone (only POST /api/login)
 * - signedIn: any signed-in user (own profile, reference lists used by pickers)
 * - route: signed-in users whose role grants this page route (DESIGN §3: the route that manages it)
 * - anyRoute: signed-in users holding at least one of these routes (uploading to the library is
 *   part of several screens: the libraries, the editors, the operation screens)
 * @see DESIGN §3
 */
export type Access =
  { kind: 'public' } | { kind: 'signedIn'; enrolling?: boolean } | { kind: 'route'; route: string } | { kind: 'anyRoute'; routes: readonly string[] };

const ACCESS = Symbol.for('cms.access');

export type AccessMiddleware = MiddlewareHandler<AppEnv> & { [ACCESS]: Access };

export function canAccess(user: SessionUser, route: string): boolean {
  return user.routes.has(route);
}

function make(rule: Access): AccessMiddleware {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (rule.kind !== 'public') {
      const user = c.get('user');
      if (!user) throw await notSignedIn(c);
      // Issue 26: a member whose role requires two-step sign-in reaches only enrolment and logout.
      if (user.totpSetup && !(rule.kind === 'signedIn' && rule.enrolling)) {
        throw new ApiError(403, '你的角色要求开启两步验证，请先完成设置', undefined, undefined, 'totp_setup');
      }
      if (rule.kind === 'route' && !canAccess(user, rule.route)) throw forbidden();
      if (rule.kind === 'anyRoute' && !rule.routes.some((r) => canAccess(user, r))) throw forbidden();
    }
    await next();
  };
  return Object.assign(mw, { [ACCESS]: rule });
}

/**
 * 401, saying (as `reason` beside the message) why the cookie no longer signs anyone in when the
 * server knows: the login screen and the shell's dialog explain it (lib/guard.ts SESSION_END_TEXT).
 */
async function notSignedIn(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<ApiError> {
  const reason = await explainSessionEnd(c.get('db'), getCookie(c, SESSION_COOKIE), { now: c.get('now')(), idleMinutes: c.get('sessionPolicy').idleMinutes });
  const message = {
    password: '密码已被修改，请用新密码重新登录',
    disabled: '账号已被停用',
    expired: '登录已过期，请重新登录',
  }[reason as 'password' | 'disabled' | 'expired'];
  const text = message ?? (reason && reason !== 'ended' ? SESSION_END_TEXT[reason].replace(/。$/, '') : '未登录或登录已过期，请重新登录');
  return new ApiError(401, text, undefined, undefined, reason ?? undefined);
}

export const access = {
  public: () => make({ kind: 'public' }),
  signedIn: () => make({ kind: 'signedIn' }),
  /** Signed in, and open while the role's two-step sign-in is still to be set up (enrolment, logout, login_info). */
  enrolling: () => make({ kind: 'signedIn', enrolling: true }),
  route: (route: string) => {
    if (!isPermissionRoute(route)) throw new Error(`access.route: ${route} is not a permission route of lib/routes.ts`);
    return make({ kind: 'route', route });
  },
  anyRoute: (routes: readonly string[]) => {
    const unknown = routes.filter((r) => !isPermissionRoute(r));
    if (unknown.length) throw new Error(`access.anyRoute: ${unknown.join(', ')} not permission routes of lib/routes.ts`);
    return make({ kind: 'anyRoute', routes });
  },
};

/** The access rule attached to a handler, if it is an access middleware. */
export function accessOf(handler: unknown): Access | undefined {
  return typeof handler === 'function' ? (handler as Partial<AccessMiddleware>)[ACCESS] : undefined;
}
