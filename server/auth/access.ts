import type { MiddlewareHandler } from 'hono';
import { isPermissionRoute } from '../../lib/routes';
import { forbidden, unauthorized } from '../http/reply';
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
export type Access = { kind: 'public' } | { kind: 'signedIn' } | { kind: 'route'; route: string } | { kind: 'anyRoute'; routes: readonly string[] };

const ACCESS = Symbol.for('cms.access');

export type AccessMiddleware = MiddlewareHandler<AppEnv> & { [ACCESS]: Access };

export function canAccess(user: SessionUser, route: string): boolean {
  return user.routes.has(route);
}

function make(rule: Access): AccessMiddleware {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (rule.kind !== 'public') {
      const user = c.get('user');
      if (!user) throw unauthorized();
      if (rule.kind === 'route' && !canAccess(user, rule.route)) throw forbidden();
      if (rule.kind === 'anyRoute' && !rule.routes.some((r) => canAccess(user, r))) throw forbidden();
    }
    await next();
  };
  return Object.assign(mw, { [ACCESS]: rule });
}

export const access = {
  public: () => make({ kind: 'public' }),
  signedIn: () => make({ kind: 'signedIn' }),
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
