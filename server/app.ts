import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { answers, answersOther } from './http/answer';
import { SESSION_COOKIE } from '../lib/constants';
import { loadSessionUser, type SessionPolicy } from './auth/session';
import { sessionPolicyFromEnv } from './env';
import { access } from './auth/access';
import { clientOf, stampedPeer, type Peer } from './http/peer';
import { ApiError, badRequest } from './http/errors';
import { errorBody } from './http/reply';
import { hasNul, safeDecode } from './http/params';
import { unexpectedErrorReply } from './http/failure';
import { guardUnsafeRequest, isUnsafeMethod, requestHost } from './http/request-guard';
import { securityHeaders } from '../lib/security-headers';
import type { AppEnv } from './http/types';
import type { Db } from './db/types';
import { API, CATALOGUE, routesOf } from './resources';
import { openApiDocument } from './openapi';
import { dingtalkFromEnv, type DingtalkConfig } from './dingtalk/client';
import type { ContentService } from './content/check';
import { searchBackendFromEnv, searchSync } from './articles/search';
import type { SearchBackend } from './articles/search/types';
import { storageFromEnv, type StorageConfig } from './storage/config';
import { registerDeliverySnapshots } from './delivery/snapshots';

z.config(z.locales.zhCN());

export interface AppDeps {
  /** The database for this request; the production app passes the process's one client. */
  getDb: () => Promise<Db>;
  /** Reverse proxies in front whose forwarded headers are trusted (CMS_TRUST_PROXY_HOPS). */
  trustProxyHops?: number;
  /** Origins besides the request's own host allowed to send writes (CMS_ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** The connection's peer; production reads the stamp of instrumentation.ts, tests pass their own. */
  peer?: (req: Request) => Peer | null;
  /** Waits; tests pass one that records instead of sleeping (sign-in slow-down). */
  sleep?: (ms: number) => Promise<void>;
  /** Where uploads go (CMS_STORAGE and its keys by default; tests pass a temporary folder). */
  storage?: StorageConfig;
  /** The outside content check (CONTENT_CHECK_URL); without it only the built-in dictionary runs. */
  contentService?: ContentService;
  /** The article search engine (ELASTICSEARCH_URL); null: PostgreSQL answers (DESIGN §10). */
  search?: SearchBackend | null;
  /** Where 刷新 of a right-side home focus slot is pushed (FOCUS_FLUSH_URL); unset = only recorded. */
  focusFlushUrl?: string;
  /** DingTalk sign-in and binding (DINGTALK_CLIENT_ID / _SECRET); null: not configured. */
  dingtalk?: DingtalkConfig | null;
  /** The clock of sessions and sign-in codes; tests pass their own (idle timeout, code drift). */
  now?: () => Date;
  /** Session lifetimes; SESSION_IDLE_MINUTES and SESSION_MAX_DAYS by default. */
  sessionPolicy?: SessionPolicy;
}

/**
 * The built-in main API (`/api/*`), assembled from one sub-app per resource.
 * @see DESIGN §2 (envelope, statuses), §3 (sessions, permissions)
 */
export function createApp({
  getDb,
  trustProxyHops = 0,
  allowedOrigins = [],
  peer = stampedPeer,
  sleep = defaultSleep,
  storage = storageFromEnv(),
  contentService = { url: process.env.CONTENT_CHECK_URL || undefined },
  search = searchBackendFromEnv(),
  focusFlushUrl = process.env.FOCUS_FLUSH_URL || undefined,
  dingtalk = dingtalkFromEnv(),
  now = () => new Date(),
  sessionPolicy = sessionPolicyFromEnv(),
}: AppDeps) {
  const app = new Hono<AppEnv>().basePath('/api');
  // Change events carry the item as the delivery API's readers see it (server/delivery/snapshots.ts).
  registerDeliverySnapshots(storage);
  // The search index follows article writes after their commit (`searchChanged(c, ids)`).
  const sync = searchSync(search);
  const origins = new Set(allowedOrigins.map((o) => o.toLowerCase()));

  app.use('*', async (c, next) => {
    // Replies depend on the session: never cache them in a shared cache. Frame, sniffing and
    // referrer headers go on every reply, refusals included.
    c.header('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(securityHeaders({ https: false }))) c.header(name, value);
    const client = clientOf(c, peer(c.req.raw), trustProxyHops);
    c.set('ip', client.ip);
    c.set('https', client.https);
    c.set('origin', `${client.https ? 'https' : 'http'}://${requestHost(c.req.raw, trustProxyHops > 0)}`);
    if (client.https) c.header('Strict-Transport-Security', securityHeaders({ https: true })['Strict-Transport-Security']);
    // Cross-site writes, wrong body types and oversized bodies stop here, before any route runs.
    if (isUnsafeMethod(c.req.method)) guardUnsafeRequest(c, { allowedOrigins: origins, trustForwardedHost: trustProxyHops > 0 });
    // PostgreSQL text cannot hold NUL: refuse it at the door instead of failing deep inside a query.
    if (hasNul(safeDecode(new URL(c.req.url).search))) throw badRequest('请求参数包含非法字符（NUL）');
    const db = await getDb();
    c.set('db', db);
    c.set('sleep', sleep);
    c.set('searchSync', sync);
    c.set('userAgent', c.req.header('user-agent') ?? '');
    c.set('now', now);
    c.set('sessionPolicy', sessionPolicy);
    c.set('user', await loadSessionUser(db, getCookie(c, SESSION_COOKIE), { now: now(), idleMinutes: sessionPolicy.idleMinutes }));
    await next();
  });

  // The floor of the request path (issue 17, bench/front.ts): the middleware above and an envelope,
  // no query. It tells a load balancer the process answers; it says nothing of the database.
  app.get('/ping', access.public(), answers(z.literal('pong')), (c) => c.json({ status: 0, data: 'pong', message: 'ok' }));

  // Every sub-app of the registry, in its order (server/resources.ts).
  const deps = { storage, contentService, search, focusFlushUrl, dingtalk, catalogue: CATALOGUE };
  const mounted = API.map((entry) => ({ entry, routes: routesOf(entry, deps) }));
  for (const { entry, routes } of mounted) app.route(`/${entry.name}`, routes);

  // The OpenAPI 3.1 description of everything above, for integrators (server/openapi.ts).
  let description: ReturnType<typeof openApiDocument> | undefined;
  app.get(
    '/openapi.json',
    access.signedIn(),
    answersOther({ status: 200, description: '本 API 的 OpenAPI 3.1 描述（JSON，不是 { status, data, message }）' }),
    (c) => c.json((description ??= openApiDocument(app.routes, mounted))),
  );

  app.notFound((c) => c.json(errorBody(404, `接口不存在: ${c.req.method} ${c.req.path}`), 404));

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(errorBody(err.status, err.message, err.errors, err.data ?? null, err.reason), err.status);
    if (err instanceof HTTPException) return c.json(errorBody(err.status, err.message || '请求无法处理'), err.status);
    // Unexpected: 503 while the database is away, else 500; the log never gets query parameters.
    return unexpectedErrorReply(c, err, 'api');
  });

  return app;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type App = ReturnType<typeof createApp>;
