import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { DELIVERY_BASE, familyLabel } from '../../lib/resources/delivery';
import { securityHeaders } from '../../lib/security-headers';
import type { Db } from '../db/types';
import { subscribeCommittedKeys } from '../events/bus';
import { ApiError, fieldErrors } from '../http/errors';
import { unexpectedErrorReply } from '../http/failure';
import { errorBody } from '../http/reply';
import { storageFromEnv, type StorageConfig } from '../storage/config';
import { AnswerCache, DEFAULT_CACHE_LIMITS, type CachedAnswer, type CacheLimits } from './cache';
import { deliveryRoutes } from './families';
import { KeyCache, KeyRate, LAST_USED_EVERY_MS, mayRead, touchKey } from './keys';
import { deliveryOpenApi } from './openapi';
import type { DeliveryContext, DeliveryRoute } from './registry';
import { ALL_KEYS } from './relay';

z.config(z.locales.zhCN());

export { DELIVERY_BASE };

export interface DeliveryDeps {
  getDb: () => Promise<Db>;
  /** The clock every answer is worked out at; tests pass their own. */
  now?: () => Date;
  /** Origins whose pages may read the API from the browser (DELIVERY_CORS_ORIGINS; `*`: any). */
  corsOrigins?: readonly string[];
  /** Requests per key per minute on this instance (DELIVERY_RATE_PER_MINUTE). */
  ratePerMinute?: number;
  /** Longest `max-age` and `stale-while-revalidate` sent, in seconds. */
  maxAge?: number;
  staleWhileRevalidate?: number;
  cacheLimits?: CacheLimits;
  storage?: StorageConfig;
  /** The endpoints (server/delivery/families); tests may pass their own. */
  routes?: (ctx: DeliveryContext) => DeliveryRoute[];
}

const METHODS = 'GET, HEAD, OPTIONS';
const EXPOSED = 'ETag, Retry-After, Surrogate-Key, Cache-Tag';

/**
 * The delivery API `/content-api/v1/*` (DESIGN §12; issue 24): read-only, for the site and the apps.
 * Every endpoint is a family route (server/delivery/registry.ts); this is what they share: the API
 * key (`Authorization: Bearer`, cookies ignored; live keys cached per instance and dropped when a
 * revocation commits, here and on every instance: ./keys.ts `KeyCache`), the key's families, the per-key rate (429 with Retry-After), CORS for the
 * configured origins, the envelope of DESIGN §2, a strong ETag and 304, `Cache-Control` whose
 * max-age (and stale-while-revalidate) never reach past the answer's `next`, `Surrogate-Key` and
 * `Cache-Tag`, and the in-process answer cache dropped by committed keys (server/delivery/cache.ts).
 */
export function createDeliveryApp({
  getDb,
  now = () => new Date(),
  corsOrigins = [],
  ratePerMinute = 600,
  maxAge = 60,
  staleWhileRevalidate = 300,
  cacheLimits = DEFAULT_CACHE_LIMITS,
  storage = storageFromEnv(),
  routes = deliveryRoutes,
}: DeliveryDeps) {
  const app = new Hono().basePath(DELIVERY_BASE);
  const cache = new AnswerCache(cacheLimits);
  const liveKeys = new KeyCache();
  // Whatever another instance or this one committed drops the answers filed under its keys (and a revoked API key).
  subscribeCommittedKeys((keys) => {
    if (keys.includes(ALL_KEYS)) cache.clear();
    else cache.drop(keys);
    liveKeys.drop(keys);
  });
  const rate = new KeyRate(ratePerMinute);
  const touched = new Map<number, number>();
  const origins = new Set(corsOrigins.map((o) => o.toLowerCase()));
  const list = routes({ storage });

  const security = Object.entries(securityHeaders({ https: false }));
  app.use('*', async (c, next) => {
    for (const [name, value] of security) c.header(name, value);
    const origin = c.req.header('origin');
    if (origins.size) c.header('Vary', 'Origin');
    if (origin && (origins.has('*') || origins.has(origin.toLowerCase()))) {
      c.header('Access-Control-Allow-Origin', origins.has('*') ? '*' : origin);
      c.header('Access-Control-Expose-Headers', EXPOSED);
    }
    if (c.req.method === 'OPTIONS') {
      c.header('Allow', METHODS);
      if (c.res.headers.get('Access-Control-Allow-Origin') ?? c.req.header('origin')) {
        c.header('Access-Control-Allow-Methods', METHODS);
        c.header('Access-Control-Allow-Headers', 'Authorization, If-None-Match');
        c.header('Access-Control-Max-Age', '600');
      }
      return c.body(null, 204);
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      c.header('Allow', METHODS);
      throw new ApiError(405, '内容接口只读：只接受 GET（以及 HEAD、OPTIONS）');
    }
    await next();
  });

  let description: unknown;
  app.get('/openapi.json', (c) => {
    c.header('Cache-Control', `public, max-age=${maxAge}`);
    return c.json((description ??= deliveryOpenApi(list, DELIVERY_BASE)));
  });

  for (const route of list) {
    app.get(route.path, async (c) => {
      const at = now();
      const db = await getDb();
      const key = await liveKeys.find(db, c.req.header('authorization'), at.getTime());
      if (!key) {
        c.header('WWW-Authenticate', 'Bearer');
        throw new ApiError(401, '缺少或无效的 API 密钥：请在请求头带上 Authorization: Bearer <密钥>');
      }
      if (!mayRead(key, route.family)) throw new ApiError(403, `此 API 密钥无权读取「${familyLabel(route.family)}」`);
      const wait = rate.take(key.id, at.getTime());
      if (wait !== null) {
        c.header('Retry-After', String(wait));
        throw new ApiError(429, `请求过于频繁，请 ${wait} 秒后重试`);
      }
      if ((touched.get(key.id) ?? 0) + LAST_USED_EVERY_MS <= at.getTime()) {
        touched.set(key.id, at.getTime());
        await touchKey(db, key.id, at);
      }
      const query = parseQuery(route, { ...c.req.query(), ...c.req.param() });
      // Unknown parameters (a `_t` cache-buster) are not part of the validated query: one entry for all.
      const id = `${route.path} ${JSON.stringify(query)}`;
      if (route.cache === 'private') {
        const answer = await route.handler(db, query, at);
        if (!answer) throw notFound();
        c.header('Cache-Control', 'private, no-store');
        return c.json({ status: 0, data: answer.data, message: 'ok' });
      }
      let entry = cache.get(id, at.getTime());
      if (!entry) {
        const epoch = cache.epoch;
        const answer = await route.handler(db, query, at);
        if (!answer) throw notFound();
        const body = JSON.stringify({ status: 0, data: answer.data, message: 'ok' });
        entry = {
          body,
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
          keys: answer.keys,
          next: answer.next?.getTime() ?? null,
        };
        cache.set(id, entry, epoch);
      }
      return reply(c, entry, at.getTime());
    });
  }

  /** The cacheable reply: ETag (304 when it matches), Cache-Control up to `next`, the surrogate keys. */
  const reply = (c: Context, entry: CachedAnswer, at: number) => {
    const { maxAge: a, swr: b } = freshness(entry.next, at, maxAge, staleWhileRevalidate);
    c.header('ETag', entry.etag);
    c.header('Cache-Control', `public, max-age=${a}, stale-while-revalidate=${b}`);
    c.header('Surrogate-Key', entry.keys.join(' '));
    c.header('Cache-Tag', entry.keys.join(','));
    if (etagMatches(c.req.header('if-none-match'), entry.etag)) return c.body(null, 304);
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return c.body(entry.body, 200);
  };

  app.notFound((c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(errorBody(404, `没有这个内容接口：${c.req.path}`), 404);
  });

  app.onError((err, c) => {
    c.header('Cache-Control', 'no-store');
    if (err instanceof ApiError) return c.json(errorBody(err.status, err.message, err.errors), err.status);
    if (err instanceof HTTPException) return c.json(errorBody(err.status, err.message || '请求无法处理'), err.status);
    return unexpectedErrorReply(c, err, 'content-api');
  });

  return Object.assign(app, { answerCache: cache });
}

export type DeliveryApp = ReturnType<typeof createDeliveryApp>;

const notFound = () => new ApiError(404, '内容不存在或未发布');

/**
 * The query and path parameters through the route's schema. A bad path parameter (an id that cannot
 * exist) is a missing item, 404; a bad query parameter is a 400 with field errors.
 */
function parseQuery(route: DeliveryRoute, input: Record<string, string>) {
  const parsed = route.query.safeParse(input);
  if (parsed.success) return parsed.data;
  const pathParams = new Set([...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]));
  if (parsed.error.issues.some((i) => pathParams.has(String(i.path[0])))) throw notFound();
  throw new ApiError(400, '查询参数有误', fieldErrors(parsed.error));
}

/**
 * max-age and stale-while-revalidate for an answer that changes by itself at `next`: together they
 * never reach past it (a focus slot ending at 10:00 is served by no cache that obeys the header
 * after 10:00); an answer already due gets 0 and 0.
 */
export function freshness(next: number | null, at: number, maxAge: number, swr: number): { maxAge: number; swr: number } {
  if (next === null) return { maxAge, swr };
  const left = Math.max(0, Math.floor((next - at) / 1000));
  const a = Math.min(maxAge, left);
  return { maxAge: a, swr: Math.max(0, Math.min(swr, left - a)) };
}

/** `If-None-Match`: `*`, or one of a list of (strong) tags; a weak `W/` tag matches the same strong one. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
