import { handle } from 'hono/vercel';
import { createApp } from '@/server/app';
import { getDb } from '@/server/startup';
import { serverEnv } from '@/server/env';

// The built-in main API: every /api/* request goes to the Hono app in server/.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const env = serverEnv();
const app = createApp({ getDb, trustProxyHops: env.CMS_TRUST_PROXY_HOPS, allowedOrigins: env.CMS_ALLOWED_ORIGINS });

export const GET = handle(app);
export const POST = handle(app);
export const PUT = handle(app);
export const PATCH = handle(app);
export const DELETE = handle(app);
