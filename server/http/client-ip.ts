import type { Context } from 'hono';

/**
 * The client address. Next's server appends the socket peer to `x-forwarded-for`; behind N trusted
 * reverse proxies (CMS_TRUST_PROXY_HOPS) the client is N entries further left. Entries further left
 * are client-controlled and never trusted (they would let an attacker dodge the login rate limit).
 */
export function clientIp(c: Context, trustedHops: number): string {
  const chain = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (chain.length === 0) return c.req.header('x-real-ip')?.trim() || '';
  const index = Math.max(0, chain.length - 1 - trustedHops);
  return chain[index].slice(0, 64);
}
