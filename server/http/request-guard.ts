import type { Context } from 'hono';
import { ApiError, badRequest } from './errors';
import { bodyPolicy, tooLarge } from './body';

/**
 * Defences every API route inherits from the core, before any route code runs (DESIGN §3):
 * unsafe methods come only from the deployment's own origin and carry JSON (or, where a route
 * declares it, multipart), and bodies over a cap are refused before they are read whole.
 */

export const isUnsafeMethod = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());

/**
 * Whether a request comes from the deployment's own origin. Browsers send `Sec-Fetch-Site` (which
 * a page cannot forge) and, on unsafe methods, `Origin`. A request with neither is not from a
 * browser, so no one's cookies ride on it without their knowing.
 * - `Sec-Fetch-Site: same-origin` → yes.
 * - An `Origin` → yes when it names this host or one of `allowedOrigins` (deployments on several
 *   hostnames or behind a proxy that rewrites Host).
 * - No `Origin`: yes only without `Sec-Fetch-Site` too (curl, scripts).
 */
export function isSameOrigin(
  req: Request,
  { allowedOrigins, trustForwardedHost }: { allowedOrigins: ReadonlySet<string>; trustForwardedHost: boolean },
): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site === 'same-origin') return true;
  const origin = req.headers.get('origin');
  if (!origin) return site === null;
  if (allowedOrigins.has(origin.toLowerCase())) return true;
  let originHost: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    originHost = url.host;
  } catch {
    return false; // "null" (sandboxed frames, file:) and anything unparseable
  }
  return originHost.toLowerCase() === requestHost(req, trustForwardedHost).toLowerCase();
}

/**
 * The host the browser asked for: a trusted proxy's `X-Forwarded-Host`, else `Host`. Not the
 * request URL's: under `next start` that names Next's own listener (`localhost:<port>`), whatever
 * the browser used.
 */
export function requestHost(req: Request, trustForwardedHost: boolean): string {
  const forwarded = trustForwardedHost ? req.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  return forwarded || req.headers.get('host') || new URL(req.url).host;
}

/**
 * A navigation (GET) that another site started: a link or image pointing at us from elsewhere.
 * Typed addresses and bookmarks (`none`) and our own pages (`same-origin`) are not.
 */
export function isCrossSiteNavigation(req: Request): boolean {
  const site = req.headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}

/**
 * A browser request that is not a top-level navigation: an `<img>`, a script, a fetch, a frame
 * (Fetch Metadata). A GET that changes state (`GET /api/logout`, SEED §7) acts only for a typed
 * address, a link followed or a bookmark; a request without these headers (curl, an older
 * browser) is not told apart and passes.
 */
export function isSubresourceRequest(req: Request): boolean {
  const mode = req.headers.get('sec-fetch-mode');
  const dest = req.headers.get('sec-fetch-dest');
  return (mode !== null && mode !== 'navigate') || (dest !== null && dest !== 'document');
}

const mediaType = (header: string | null) => (header ?? '').split(';')[0].trim().toLowerCase();

/** The `charset` parameter of a Content-Type, lower case and unquoted; undefined when it names none. */
export function charsetOf(header: string | null): string | undefined {
  for (const param of (header ?? '').split(';').slice(1)) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    return param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return undefined;
}

/**
 * Refuses an unsafe request from elsewhere (403), of the wrong type (415), declared too large (413)
 * or declared in a charset other than UTF-8 (400).
 */
export function guardUnsafeRequest(c: Context, opts: { allowedOrigins: ReadonlySet<string>; trustForwardedHost: boolean }) {
  const req = c.req.raw;
  if (!isSameOrigin(req, opts)) throw new ApiError(403, '请求来源不是本系统，已拒绝（跨站请求）');
  const policy = bodyPolicy(c.req.path);
  const length = req.headers.get('content-length');
  const hasBody = req.headers.has('transfer-encoding') || (length !== null && length.trim() !== '0');
  const type = mediaType(req.headers.get('content-type'));
  // A bodiless DELETE may come without a type; anything else names one of the accepted types.
  if ((hasBody || type) && !policy.types.includes(type)) {
    throw new ApiError(415, `请求内容类型必须是 ${policy.types.join(' 或 ')}`);
  }
  if (length !== null && !(Number(length) <= policy.max)) throw tooLarge(policy.max);
  // JSON is UTF-8 (RFC 8259): a body declared in another charset (a GBK system's script) would be
  // read as something it is not. Refused before it is read; body.ts refuses bytes that are not UTF-8.
  const charset = type === 'application/json' ? charsetOf(req.headers.get('content-type')) : undefined;
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw badRequest(`请求内容必须以 UTF-8 编码发送（收到的字符集为 ${charset.slice(0, 32) || '空'}）`);
  }
}
