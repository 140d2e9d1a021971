import { NextResponse, type NextRequest } from 'next/server';
import { DETAIL_LEVEL_COOKIE, NO_ROUTE_HEADER, SESSION_COOKIE, USER_DETAIL_HEADER, USER_ID_COOKIE } from './lib/constants';
import {
  isKnownGuard,
  loginGuard,
  SESSION_END_COOKIE,
  unknownGuard,
  userGuardDecide,
  userGuardNeedsFetch,
  type GuardDecision,
  type UserDetail,
} from './lib/guard';
import { findRoute, ROUTES, type RouteDef } from './lib/routes';
import { NONCE_HEADER, newNonce, pageContentSecurityPolicy, policyHostsFromEnv, securityHeaders, type PolicyHosts } from './lib/security-headers';
import { encodeUserDetail } from './lib/user-detail-header';

/**
 * Wires the guard rules of lib/guard.ts to requests. The rules themselves are pure and unit-tested.
 * Kept as an edge `middleware.ts` as the design asks (Next 16 suggests `proxy.ts`; see docs/decisions.md).
 * @see SEED §4, §6, §8
 */
export function middleware(req: NextRequest) {
  // API and upload paths reach the middleware only when they hold a percent sign (see the matcher).
  if (API_OR_UPLOADS.test(req.nextUrl.pathname)) return refuseMalformedEscape(req.nextUrl.pathname);
  return guardRequest(req, ROUTES);
}

const API_OR_UPLOADS = /^\/(?:api|product-api|topic-api|content-api|uploads)(?:\/|$)/;

/**
 * A malformed percent escape in an API or upload path (`/uploads/%E0%A4%A`) is a 400 here: Next
 * would fail decoding the catch-all route's parameters and answer a bare 500 (issue 14 I1).
 * Anything well-formed goes on to its route untouched.
 */
export function refuseMalformedEscape(path: string): NextResponse {
  try {
    decodeURIComponent(path);
    return NextResponse.next();
  } catch {
    return new NextResponse('请求地址中的百分号编码无效', {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders({ https: false }) },
    });
  }
}

/** The configured hosts of the page policy, read once (the environment does not change while running). */
let policyHosts: PolicyHosts | undefined;

/** The middleware over a given route table (tests pass one naming an unknown guard). */
export async function guardRequest(req: NextRequest, routes: readonly RouteDef[]) {
  const path = req.nextUrl.pathname;
  // Never trust a user detail sent by the client: only this middleware sets it.
  const headers = new Headers(req.headers);
  headers.delete(USER_DETAIL_HEADER);
  headers.delete(NO_ROUTE_HEADER);
  // Every page gets its own script nonce (issue 14 I5): on the request, Next puts it on its scripts;
  // on the reply, the browser runs only those.
  const nonce = newNonce();
  const csp = pageContentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === 'development', hosts: (policyHosts ??= policyHostsFromEnv(process.env)) });
  headers.set('content-security-policy', csp);
  headers.set(NONCE_HEADER, nonce);
  const pass = () => {
    const res = NextResponse.next({ request: { headers } });
    res.headers.set('Content-Security-Policy', csp);
    return res;
  };

  const route = findRoute(path, routes);
  // No route at all: Next renders 'This page could not be found' (404), the default layout too.
  if (!route) headers.set(NO_ROUTE_HEADER, '1');
  if (!route || !route.guard) return pass();
  if (!isKnownGuard(route.guard)) return respond(req, unknownGuard(route.guard));

  const hasSession = Boolean(req.cookies.get(SESSION_COOKIE)?.value);
  if (route.guard === 'login') {
    const decision = loginGuard({ path: route.path, hasSession });
    return decision.action === 'next' ? pass() : respond(req, decision);
  }

  // The page asked for, so the person returns to it after signing in (lib/guard.ts keeps it same-origin).
  const returnTo = route.path + req.nextUrl.search;
  const pre = userGuardNeedsFetch({ hasSession, returnTo });
  if (pre !== 'fetch') return respond(req, pre);
  const detail = await fetchUserDetail(req);
  const decision = userGuardDecide({ path: route.path, detail, returnTo });
  if (decision.action !== 'next') return respond(req, decision);
  headers.set(USER_DETAIL_HEADER, encodeUserDetail(detail!));
  return pass();
}

/**
 * Where the middleware reaches this server's own API: `CMS_INTERNAL_ORIGIN`, else the address the
 * server itself listens on (Next records it at start), never the request's origin, which the
 * client's Host and X-Forwarded-* headers decide (a forged `X-Forwarded-Proto: https` would send the
 * call to an https port nobody serves, and sign everyone out).
 */
export function internalOrigin(env: Record<string, string | undefined>): string {
  return env.CMS_INTERNAL_ORIGIN || env.__NEXT_PRIVATE_ORIGIN || `http://127.0.0.1:${env.PORT || 3000}`;
}

/** GET /api/login_info on the main host; server side it sends the session cookie and b_id. */
async function fetchUserDetail(req: NextRequest): Promise<UserDetail | null> {
  const base =
    process.env.NEXT_PUBLIC_API_BASE ||
    internalOrigin({
      CMS_INTERNAL_ORIGIN: process.env.CMS_INTERNAL_ORIGIN,
      __NEXT_PRIVATE_ORIGIN: process.env.__NEXT_PRIVATE_ORIGIN,
      PORT: process.env.PORT,
    });
  const cookie = [SESSION_COOKIE, USER_ID_COOKIE]
    .map((name) => {
      const value = req.cookies.get(name)?.value;
      return value ? `${name}=${value}` : '';
    })
    .filter(Boolean)
    .join('; ');
  try {
    const res = await fetch(new URL('/api/login_info', base), {
      headers: { cookie, accept: 'application/json', 'user-agent': req.headers.get('user-agent') ?? '' },
      cache: 'no-store',
    });
    return (await res.json()) as UserDetail;
  } catch (err) {
    console.error('[middleware] user detail fetch failed:', err instanceof Error ? err.message : err);
    return null;
  }
}

function respond(req: NextRequest, decision: GuardDecision): NextResponse {
  if (decision.action === 'redirect') {
    const res = NextResponse.redirect(new URL(decision.to, req.url));
    if (decision.clearSession) {
      for (const name of [SESSION_COOKIE, USER_ID_COOKIE, DETAIL_LEVEL_COOKIE]) res.cookies.delete(name);
      if (decision.endReason) res.cookies.set(SESSION_END_COOKIE, decision.endReason, { path: '/', maxAge: 600, sameSite: 'lax' });
    }
    return res;
  }
  if (decision.action === 'error') {
    const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${decision.status}</title></head><body style="font-family:sans-serif;text-align:center;padding-top:15vh"><h1>${decision.status}</h1><p>${escapeHtml(decision.message)}</p><p><a href="/">返回首页</a></p></body></html>`;
    return new NextResponse(html, { status: decision.status, headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
  return NextResponse.next();
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export const config = {
  // Every page: everything but the API hosts (the delivery API's keys are its own sign-in), Next
  // internals, self-hosted TinyMCE and static files…
  matcher: [
    '/((?!api/|api$|product-api|topic-api|content-api|_next/|tinymce/|uploads/|favicon.ico|.*\\.[a-zA-Z0-9]+$).*)',
    // …and API or upload paths holding a percent escape, to refuse malformed ones (issue 14 I1).
    '/(api|product-api|topic-api|content-api|uploads)/(.*%.*)',
  ],
};
