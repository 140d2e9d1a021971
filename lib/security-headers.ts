/**
 * Headers every reply carries, pages and API alike (next.config.ts and the API core): no framing
 * by any other page, no content sniffing, no referrer beyond our own origin, and HSTS over https.
 */
export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': "frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
  };
  if (https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/** The request header the middleware hands a page's nonce on in (`headers().get(NONCE_HEADER)`). */
export const NONCE_HEADER = 'x-nonce';

/**
 * A fresh nonce for one page (128 random bits, base64). Web Crypto: the middleware runs on the edge.
 */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Upyun's REST and FORM API host, where the browser sends Upyun uploads (server/storage/tickets.ts). */
export const UPYUN_API_URL = 'https://v0.api.upyun.com';
/** Qiniu's upload host when QINIU_UPLOAD_URL names none (the z0 region), as server/env.ts defaults it. */
export const QINIU_UPLOAD_URL_DEFAULT = 'https://upload.qiniup.com';

/** Hosts other than this server's own that pages reach, beyond pictures (which may come from anywhere). */
export interface PolicyHosts {
  /** Fetches and uploads: API hosts configured elsewhere, the storage vendors' upload hosts. */
  connect: string[];
  /** Videos: the storage vendors' public domains. */
  media: string[];
}

const originOf = (url: string | undefined): string | null => {
  if (!url || !/^https?:\/\//i.test(url)) return null; // relative bases are this server's own
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};
const origins = (urls: Array<string | undefined>) => [...new Set(urls.map(originOf).filter((o): o is string => o !== null))];

/**
 * The hosts of this deployment's configuration (.env.example): the browser's API hosts
 * (NEXT_PUBLIC_*), and for Qiniu and Upyun, when configured (as server/storage/config.ts decides),
 * the upload host the browser sends files to and the public domain videos play from.
 */
export function policyHostsFromEnv(env: Record<string, string | undefined>): PolicyHosts {
  const qiniu = env.CMS_STORAGE === 'qiniu' || Boolean(env.QINIU_ACCESS_KEY && env.QINIU_SECRET_KEY && env.QINIU_BUCKET);
  const upyun = env.CMS_STORAGE === 'upyun' || Boolean(env.UPYUN_BUCKET && env.UPYUN_OPERATOR && env.UPYUN_PASSWORD);
  return {
    connect: origins([
      env.NEXT_PUBLIC_API_BASE,
      env.NEXT_PUBLIC_PRODUCT_API,
      env.NEXT_PUBLIC_TOPIC_API,
      qiniu ? env.QINIU_UPLOAD_URL || QINIU_UPLOAD_URL_DEFAULT : undefined,
      upyun ? UPYUN_API_URL : undefined,
    ]),
    media: origins([qiniu ? env.QINIU_DOMAIN : undefined, upyun ? env.UPYUN_DOMAIN : undefined]),
  };
}

/**
 * Every page's policy (issue 14 I5, issue 23 I4). Anything not named is this server's only
 * (`default-src 'self'`); then, per kind:
 * - scripts: only with this page's nonce, and what they load themselves ('strict-dynamic': Next's
 *   chunks, self-hosted TinyMCE and its plugins). The dev server also needs 'unsafe-eval' (React's
 *   dev tooling). Next puts the nonce on its own scripts when the request carries this header.
 * - styles: our files, and inline styles. antd's css-in-js, TinyMCE (its editing iframe is a
 *   `srcdoc` document under this same policy, and TinyMCE has no nonce option for the style
 *   elements it writes there) and several screens' `<style>` elements are inline; what people
 *   type cannot carry styles (the sanitizer keeps only `text-align`). No other host's stylesheets.
 * - pictures: any http(s) host, data: and blob: (an upload's preview). Pictures are content:
 *   covers, body images and ad creatives may be hotlinked from anywhere, and hiding them would hide
 *   what an editor reviews.
 * - fetches and uploads (`connect-src`), videos (`media-src`): this server and the configured hosts,
 *   and blob: (TinyMCE reads a pasted picture back from its blob: URL before uploading it).
 * - no frames at all (TinyMCE's `srcdoc` frame is not a load), no plugins, no `<base>` elsewhere,
 *   forms post only here, and no page may frame ours.
 */
export function pageContentSecurityPolicy(
  nonce: string,
  { dev = false, hosts = { connect: [], media: [] } }: { dev?: boolean; hosts?: PolicyHosts } = {},
): string {
  const list = (extra: string[]) => (extra.length ? ` ${extra.join(' ')}` : '');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    `connect-src 'self' blob:${list(hosts.connect)}`,
    `media-src 'self' blob:${list(hosts.media)}`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
