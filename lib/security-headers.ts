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

/**
 * Every page's policy (issue 14 I5): scripts only with this page's nonce, and what they load
 * themselves ('strict-dynamic': Next's chunks, self-hosted TinyMCE and its plugins); no plugins
 * (`object-src`), no `<base>` elsewhere, no framing. Next puts the nonce on its own scripts when
 * the request carries this header. Styles, pictures and media are not restricted: antd injects
 * `<style>` tags and style attributes, and pictures and videos come from any http(s) host
 * (library CDNs, linked images). The dev server needs 'unsafe-eval' (React's dev tooling).
 */
export function pageContentSecurityPolicy(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  return [
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
