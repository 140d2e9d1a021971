import { describe, expect, it, vi } from 'vitest';
import { SESSION_CACHE_MAX, SESSION_CACHE_TTL_MS, SessionCache } from '@/server/auth/session-cache';
import type { SessionUser } from '@/server/http/types';

const user = (id: number): SessionUser => ({
  id,
  username: `u${id}`,
  name: `U${id}`,
  avatar: '',
  departmentId: null,
  totpEnabled: false,
  totpSetup: false,
  roleId: null,
  isSuper: false,
  level: 3,
  routes: new Set(),
  sessionId: id,
});

/** The cache's own rules; across instances and against the database: tests/api/request-path.test.ts. */
describe('SessionCache', () => {
  it('serves an entry only under the generation it was read in', () => {
    const cache = new SessionCache('query', () => 1_000);
    cache.set('h', user(1), { generation: '7', expiresAt: new Date(10_000_000) });
    expect(cache.get('h', '7')?.id).toBe(1);
    expect(cache.get('h', '8')).toBeNull();
    expect(cache.has('h')).toBe(false);
  });

  it('forgets an entry after the TTL and when its session expires', () => {
    let now = 1_000;
    const cache = new SessionCache('query', () => now);
    cache.set('a', user(1), { generation: '1', expiresAt: new Date(10_000_000) });
    cache.set('b', user(2), { generation: '1', expiresAt: new Date(2_000) });
    now += 1_500;
    expect(cache.get('a', '1')?.id).toBe(1);
    expect(cache.get('b', '1')).toBeNull();
    now += SESSION_CACHE_TTL_MS;
    expect(cache.get('a', '1')).toBeNull();
  });

  it('PGlite: a notification bumps the local generation and drops every entry', () => {
    const cache = new SessionCache('notify');
    cache.set('a', user(1), { generation: String(cache.localGeneration), expiresAt: new Date(Date.now() + 60_000) });
    cache.bump();
    expect(cache.size).toBe(0);
    expect(cache.localGeneration).toBe(1);
  });

  it('keeps at most SESSION_CACHE_MAX entries, dropping the oldest', () => {
    const cache = new SessionCache('query', () => 0);
    for (let i = 0; i <= SESSION_CACHE_MAX; i++) cache.set(`h${i}`, user(i), { generation: '1', expiresAt: new Date(60_000) });
    expect(cache.size).toBe(SESSION_CACHE_MAX);
    expect(cache.has('h0')).toBe(false);
    expect(cache.has(`h${SESSION_CACHE_MAX}`)).toBe(true);
  });

  it('one registry for every copy of the module (Next.js loads instrumentation.ts and the API route apart)', async () => {
    const db = {};
    const a = await import('@/server/auth/session-cache');
    vi.resetModules();
    const b = await import('@/server/auth/session-cache');
    expect(b).not.toBe(a);
    const cache = new a.SessionCache('notify');
    a.attachSessionCache(db, cache);
    expect(b.sessionCacheOf(db)).toBe(cache);
  });
});
