import { handle } from 'hono/vercel';
import { createDeliveryApp } from '@/server/delivery/app';
import { getDb } from '@/server/startup';
import { serverEnv } from '@/server/env';

// The delivery API (DESIGN §12): every /content-api/v1/* request goes to the Hono app in server/delivery/.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const env = serverEnv();
const app = createDeliveryApp({ getDb, corsOrigins: env.DELIVERY_CORS_ORIGINS, ratePerMinute: env.DELIVERY_RATE_PER_MINUTE });

export const GET = handle(app);
export const HEAD = handle(app);
export const OPTIONS = handle(app);
export const POST = handle(app);
export const PUT = handle(app);
export const PATCH = handle(app);
export const DELETE = handle(app);
