import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { SESSION_COOKIE } from '../lib/constants';
import { loadSessionUser } from './auth/session';
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
import { authRoutes } from './routes/auth';
import { departmentRoutes } from './routes/departments';
import { logRoutes } from './routes/logs';
import { profileRoutes } from './routes/profile';
import { roleRoutes } from './routes/roles';
import { dingtalkFromEnv, type DingtalkConfig } from './dingtalk/client';
import { dingtalkRoutes } from './routes/dingtalk';
import { albumRoutes } from './routes/albums';
import { userRoutes } from './routes/users';
import { articleRoutes, articleSearchRoutes } from './articles/routes';
import { sensitiveWordRoutes } from './routes/sensitive-words';
import { videoRoutes } from './routes/videos';
import type { ContentService } from './content/check';
import { articleWorkflowRoutes, reviewRoutes, workbenchRoutes } from './routes/workflow';
import { searchBackendFromEnv, searchSync } from './articles/search';
import type { SearchBackend } from './articles/search/types';
import { mediaRoutes, picStoreTagRoutes, videoStoreTagRoutes } from './routes/media';
import { uploadRoutes } from './routes/uploads';
import { storageFromEnv, type StorageConfig } from './storage/config';
import { statisticsRoutes } from './routes/statistics';
import { categoryRoutes, categoryTypeRoutes, platformRoutes, tagRoutes, tagTypeRoutes, topicRoutes } from './routes/taxonomy';
import { focusChannelRoutes, focusHomeRightRoutes, focusHomeRoutes, focusTargetRoutes, focusVideoRoutes } from './routes/focus';
import { searchKeywordRoutes } from './routes/search-keywords';
import { chameleonRoutes, chameleonTypeRoutes, chameleonVersionRoutes } from './routes/chameleons';
import { advertiseRoutes, brandRoutes, friendLinkRoutes } from './routes/operations';

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
}: AppDeps) {
  const app = new Hono<AppEnv>().basePath('/api');
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
    c.set('user', await loadSessionUser(db, getCookie(c, SESSION_COOKIE)));
    await next();
  });

  // The floor of the request path (issue 17, bench/front.ts): the middleware above and an envelope,
  // no query. It tells a load balancer the process answers; it says nothing of the database.
  app.get('/ping', access.public(), (c) => c.json({ status: 0, data: 'pong', message: 'ok' }));

  app.route('/', authRoutes);
  app.route('/departments', departmentRoutes);
  app.route('/users', userRoutes);
  app.route('/roles', roleRoutes);
  app.route('/log', logRoutes);
  app.route('/profile', profileRoutes);
  app.route('/category_types', categoryTypeRoutes);
  app.route('/categories', categoryRoutes);
  app.route('/platform', platformRoutes);
  app.route('/tags_types', tagTypeRoutes);
  app.route('/tags', tagRoutes);
  app.route('/topic', topicRoutes);
  app.route('/', uploadRoutes(storage));
  const media = mediaRoutes(storage, contentService);
  app.route('/pic_stores', media.picStores);
  app.route('/video_stores', media.videoStores);
  app.route('/pic_store_tags', picStoreTagRoutes);
  app.route('/video_store_tags', videoStoreTagRoutes);
  // The workflow's calls, then locks, revisions, autosave, the list and the article (server/articles/routes.ts).
  app.route('/articles', articleWorkflowRoutes({ contentService }));
  app.route('/articles', articleRoutes({ contentService, search }));
  app.route('/articles_album', albumRoutes);
  app.route('/videos', videoRoutes({ contentService }));
  app.route('/dingtalk', dingtalkRoutes(dingtalk));
  app.route('/articles_review', reviewRoutes({ contentService }));
  app.route('/workbench', workbenchRoutes);
  app.route('/article_from_es', articleSearchRoutes(search));
  app.route('/sensitive_words', sensitiveWordRoutes);
  // 运营管理 (server/routes/focus.ts, search-keywords.ts, chameleons.ts, operations.ts).
  app.route('/focus_home', focusHomeRoutes);
  app.route('/focus_channel', focusChannelRoutes);
  app.route('/focus_home_right', focusHomeRightRoutes({ focusFlushUrl }));
  app.route('/focus_video', focusVideoRoutes);
  app.route('/focus_targets', focusTargetRoutes);
  app.route('/search_keywords', searchKeywordRoutes);
  app.route('/chameleon_version', chameleonVersionRoutes);
  app.route('/chameleon_type', chameleonTypeRoutes);
  app.route('/chameleon', chameleonRoutes);
  app.route('/friend_links', friendLinkRoutes);
  app.route('/brands', brandRoutes);
  app.route('/advertise', advertiseRoutes);
  app.route('/statistics', statisticsRoutes);

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
