import { createApp, type App } from './app';
import { serverEnv } from './env';
import { getDb } from './startup';

let app: App | undefined;

/**
 * The one API app of this Next process: the route handler (app/api/[[...path]]/route.ts) serves it
 * and the server's first pages (server/ssr/first-page.ts) read through it, so both run the same
 * routes, session lookup, permission and data scope.
 */
export function nextApp(): App {
  if (!app) {
    const env = serverEnv();
    app = createApp({ getDb, trustProxyHops: env.CMS_TRUST_PROXY_HOPS, allowedOrigins: env.CMS_ALLOWED_ORIGINS });
  }
  return app;
}
