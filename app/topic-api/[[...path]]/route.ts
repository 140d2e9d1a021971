import { handle } from 'hono/vercel';
import { getDb } from '@/server/startup';
import { serverEnv } from '@/server/env';
import { createTopicHost } from '@/server/hosts/topic';

// The built-in topic host: every /topic-api/* request goes to the Hono app in server/hosts.
// Read-only, so GET only (Next answers 405 to other methods).
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const app = createTopicHost({ getDb, trustProxyHops: serverEnv().CMS_TRUST_PROXY_HOPS });

export const GET = handle(app);
