// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import nextConfig from '@/next.config';
import { internalOrigin } from '@/middleware';
import { installPeerStamp, normalizeIp, PEER_HEADER } from '@/server/http/peer';
import { JSON_MAX_DEPTH, jsonProblem } from '@/server/http/body';
import { isSameOrigin } from '@/server/http/request-guard';

describe('the peer stamp', () => {
  it('overwrites a client-sent copy with the real socket address', async () => {
    installPeerStamp();
    const server = http.createServer((req, res) => res.end(String(req.headers[PEER_HEADER])));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_HEADER]: '6.6.6.6|1', 'x-forwarded-for': '6.6.6.6' } });
      expect(await res.text()).toBe('127.0.0.1|0');
    } finally {
      server.close();
    }
  });

  it('keeps only valid IP addresses, in plain form', () => {
    expect(normalizeIp('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeIp('[2001:DB8::1]')).toBe('2001:db8::1');
    expect(normalizeIp('<img src=x>')).toBe('');
    expect(normalizeIp('10.0.0.1, 10.0.0.2')).toBe('');
  });
});

describe('the middleware’s way to its own API', () => {
  it('is the configured internal origin, else the address the server listens on; never the request’s', () => {
    expect(internalOrigin({ CMS_INTERNAL_ORIGIN: 'http://app:3000', __NEXT_PRIVATE_ORIGIN: 'http://localhost:3100', PORT: '3100' })).toBe('http://app:3000');
    expect(internalOrigin({ __NEXT_PRIVATE_ORIGIN: 'http://localhost:3100', PORT: '3100' })).toBe('http://localhost:3100');
    expect(internalOrigin({ PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(internalOrigin({})).toBe('http://127.0.0.1:3000');
  });
});

describe('same-origin check', () => {
  const opts = { allowedOrigins: new Set<string>(), trustForwardedHost: false };
  const req = (headers: Record<string, string>) =>
    new Request('http://cms.example.com/api/users', { method: 'POST', headers: { host: 'cms.example.com', ...headers } });
  it('accepts our own pages and non-browser clients, refuses other sites', () => {
    expect(isSameOrigin(req({ 'sec-fetch-site': 'same-origin' }), opts)).toBe(true);
    expect(isSameOrigin(req({ origin: 'http://cms.example.com' }), opts)).toBe(true);
    expect(isSameOrigin(req({}), opts)).toBe(true);
    expect(isSameOrigin(req({ origin: 'http://news.example.com', 'sec-fetch-site': 'same-site' }), opts)).toBe(false);
    expect(isSameOrigin(req({ 'sec-fetch-site': 'cross-site' }), opts)).toBe(false);
    expect(isSameOrigin(req({ origin: 'null' }), opts)).toBe(false);
    // X-Forwarded-Host counts only behind a configured proxy.
    expect(isSameOrigin(req({ origin: 'https://public.example.com', 'x-forwarded-host': 'public.example.com' }), opts)).toBe(false);
    expect(isSameOrigin(req({ origin: 'https://public.example.com', 'x-forwarded-host': 'public.example.com' }), { ...opts, trustForwardedHost: true })).toBe(
      true,
    );
  });
});

describe('JSON depth', () => {
  const nest = (n: number) => JSON.parse('['.repeat(n) + ']'.repeat(n));
  it('allows our forms’ shapes, refuses deep nesting without overflowing the stack', () => {
    expect(jsonProblem(nest(JSON_MAX_DEPTH))).toBeNull();
    expect(jsonProblem(nest(JSON_MAX_DEPTH + 1))).toBe('depth');
    expect(jsonProblem(nest(200_000))).toBe('depth');
    expect(jsonProblem({ a: [{ b: 'x\u0000' }] })).toBe('nul');
    expect(jsonProblem({ ['k\u0000']: 1 })).toBe('nul');
  });
});

describe('page security headers (next.config.ts)', () => {
  it('every page forbids framing and sniffing; HSTS when a TLS proxy says https; the API sets its own', async () => {
    const rules = await nextConfig.headers!();
    const plain = rules.find((r) => !r.has)!;
    const values = Object.fromEntries(plain.headers.map((h) => [h.key, h.value]));
    expect(values).toMatchObject({
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': "frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
    });
    const tls = rules.find((r) => r.has)!;
    expect(tls.headers[0].key).toBe('Strict-Transport-Security');
    // Which paths the rules reach is checked against the running server in e2e/security.spec.ts.
  });
});
