import { handle } from 'hono/vercel';
import { getDb } from '@/server/startup';
import { serverEnv } from '@/server/env';
import { createProductHost } from '@/server/hosts/product';

// The built-in product host: every /product-api/* request goes to the Hono app in server/hosts.
// Read-only, so GET only (Next answers 405 to other methods).
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const app = createProductHost({ getDb, trustProxyHops: serverEnv().CMS_TRUST_PROXY_HOPS });

export const GET = handle(app);
