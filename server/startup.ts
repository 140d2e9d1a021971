import 'server-only';
import path from 'node:path';
import { connectDatabase, type DbHandle, type OpenOptions } from './db/client';
import type { Db } from './db/types';
import { bootstrap } from './auth/bootstrap';
import { attachSessionCache, SessionCache } from './auth/session-cache';
import { dailyMaintenance, MAINTENANCE_EVERY_MS, MAINTENANCE_FIRST_DELAY_MS, schedule } from './jobs/maintenance';
import { dataDir, serverEnv } from './env';
import { dbUnavailableCause, describeError } from './http/failure';
import { startKeyRelay } from './delivery/relay';

/**
 * The application's database: opened and migrated (server/db/client.ts), bootstrapped under the
 * migration lock (server/auth/bootstrap.ts: the route catalogue and, on an empty database, the
 * super-administrator), and, for a file or PostgreSQL database, the daily maintenance scheduled
 * (server/jobs/maintenance.ts). Tests, scripts and the running server all open it here.
 */
export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  const handle = await connectDatabase(opts, (db) => bootstrap(db, { quiet: opts.quiet }), {
    // The session cache (server/auth/session-cache.ts): on PGlite the generation's NOTIFY (migration
    // 0025) bumps it at once; on PostgreSQL each request with a cached session reads the generation.
    async opened(db, listen) {
      if (!listen) return attachSessionCache(db, new SessionCache('query'));
      const cache = new SessionCache('notify');
      await listen('cms_session_generation', () => cache.bump());
      attachSessionCache(db, cache);
    },
    describeFailure: (err) => dbUnavailableCause(err) ?? describeError(err),
  });
  // On PostgreSQL, committed surrogate keys travel between the instances (server/delivery/relay.ts):
  // every instance's delivery answer cache drops what another one's change made stale.
  const relay = handle.kind === 'postgres' ? await startKeyRelay(handle.db, { log: !opts.quiet }) : null;
  // An in-memory database (tests) lives too briefly for a daily task. Every PostgreSQL instance
  // schedules it; a second run the same day finds nothing left to prune.
  const stopMaintenance = !opts.url && (opts.dataDir ?? 'memory') === 'memory' ? () => {} : scheduleMaintenance(handle.db, handle.kind, opts);
  return {
    ...handle,
    async close() {
      stopMaintenance();
      await relay?.stop();
      await handle.close();
    },
  };
}

/** The daily maintenance (server/jobs/maintenance.ts): some minutes after start, then once a day. */
function scheduleMaintenance(db: Db, kind: 'pglite' | 'postgres', opts: OpenOptions) {
  return schedule(
    async () => {
      const { prunedRevisions, vacuumMs } = await dailyMaintenance(db, kind);
      if (!opts.quiet) console.log(`[db] 例行维护完成：清理旧修订 ${prunedRevisions} 条${vacuumMs === null ? '' : `，VACUUM (ANALYZE) 用时 ${vacuumMs} ms`}`);
    },
    { firstDelayMs: MAINTENANCE_FIRST_DELAY_MS, everyMs: MAINTENANCE_EVERY_MS },
  );
}

const GLOBAL_KEY = Symbol.for('cms.db');
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<DbHandle> };

/**
 * The process's one database, opened lazily on first use. The promise lives on `globalThis` so
 * dev hot reload and the separate module copies Next makes for pages and route handlers share it.
 */
export function getDatabase(): Promise<DbHandle> {
  const g = globalThis as GlobalWithDb;
  if (!g[GLOBAL_KEY]) {
    const env = serverEnv();
    g[GLOBAL_KEY] = openDatabase({
      url: env.DATABASE_URL,
      dataDir: path.join(dataDir()),
      poolMax: env.CMS_DB_POOL_MAX,
    }).then((handle) => {
      registerShutdown(handle);
      return handle;
    });
    // A failed open must not be cached forever: the next request retries (and reports again).
    g[GLOBAL_KEY].catch((err) => {
      console.error(`[db] open failed: ${describeError(err)}`);
      delete g[GLOBAL_KEY];
    });
  }
  return g[GLOBAL_KEY];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

function registerShutdown(handle: DbHandle) {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // Next's own handler (if any) finishes requests and exits; otherwise exit once closed.
    const othersExit = process.listenerCount(signal) > 0;
    handle
      .close()
      .catch((err) => console.error(`[db] close failed: ${describeError(err)}`))
      .finally(() => {
        if (!othersExit) process.exit(signal === 'SIGINT' ? 130 : 143);
      });
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/**
 * Run by instrumentation.ts when the server starts: opens the database, so the first admin password
 * is printed at start and a second process on one PGlite folder stops at once.
 */
export async function openAtStart() {
  try {
    const handle = await getDatabase();
    console.log(`[cms] 数据库已就绪 (${handle.kind === 'pglite' ? 'PGlite 嵌入式' : 'PostgreSQL'})`);
  } catch (err) {
    console.error(`\n[cms] 无法启动：${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
