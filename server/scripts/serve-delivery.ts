/**
 * `npm run start:delivery` (issue 24): the delivery API `/content-api/v1/*` served by a plain Hono
 * node server (`@hono/node-server`) as a process of its own, beside `next start`, on the same
 * PostgreSQL. Next's request path costs more per request than a cached answer does
 * (docs/bench.md, "Issue 24: the delivery side"), so a site with much traffic runs one or more of
 * these behind its CDN. It only reads: the scheduler and the webhook worker stay with `next start`;
 * what another instance commits drops this one's cached answers through the PostgreSQL relay
 * (server/delivery/relay.ts, started when the database is opened).
 *
 * The embedded PGlite database may be opened by one process only, the one that owns its data
 * folder (`next start`, which serves `/content-api/v1/*` itself): without DATABASE_URL this refuses
 * to start, with a message saying so.
 *
 * Settings: DATABASE_URL (required), DELIVERY_PORT (3001), DELIVERY_HOST (0.0.0.0), and the
 * delivery API's own (DELIVERY_CORS_ORIGINS, DELIVERY_RATE_PER_MINUTE) as `next start` reads them.
 * `GET /healthz` answers `ok` without touching the database (a load balancer's check; a Hono route,
 * so it is also the server's empty handler in bench/delivery.ts).
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { z } from 'zod';
import { serverEnv } from '../env';
import { getDatabase, getDb } from '../startup';
import { describeError } from '../http/failure';
import { createDeliveryApp, DELIVERY_BASE } from '../delivery/app';

const settings = z.object({
  DELIVERY_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  DELIVERY_HOST: z.string().min(1).default('0.0.0.0'),
});

const PGLITE_REFUSAL =
  '[delivery] npm run start:delivery 需要 PostgreSQL（设置 DATABASE_URL）。嵌入式 PGlite 数据库只能由拥有数据目录的那一个进程打开：' +
  `请用 npm run start，由它在 ${DELIVERY_BASE}/* 提供内容接口。`;

async function main() {
  const env = serverEnv();
  if (!env.DATABASE_URL) {
    console.error(PGLITE_REFUSAL);
    process.exit(1);
  }
  const parsed = settings.safeParse(process.env);
  if (!parsed.success) {
    console.error(`[delivery] 配置有误：${parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`).join('；')}`);
    process.exit(1);
  }
  const { DELIVERY_PORT: port, DELIVERY_HOST: hostname } = parsed.data;
  try {
    // Opened (and migrated) before the port is taken: a bad DATABASE_URL stops here, not on the first request.
    await getDatabase();
  } catch (err) {
    console.error(`[delivery] 无法连接数据库：${describeError(err)}`);
    process.exit(1);
  }
  const delivery = createDeliveryApp({ getDb, corsOrigins: env.DELIVERY_CORS_ORIGINS, ratePerMinute: env.DELIVERY_RATE_PER_MINUTE });
  // The balancer's check: a Hono route like the API's, so it is also this server's empty handler (bench/delivery.ts).
  const health = new Hono().get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.text('ok');
  });
  const server = serve(
    {
      fetch: (req) => (new URL(req.url).pathname === '/healthz' ? health.fetch(req) : delivery.fetch(req)),
      port,
      hostname,
    },
    (info) => console.log(`[delivery] 内容接口已启动：http://${hostname}:${info.port}${DELIVERY_BASE}/（PostgreSQL）`),
  );
  // The database closes on SIGTERM / SIGINT (server/startup.ts); the listener stops taking connections first.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.prependOnceListener(signal, () => server.close());
}

void main();
