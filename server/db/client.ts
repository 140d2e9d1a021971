import 'server-only';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import * as schema from './schema';
import { acquireFolderLock, type FolderLock } from './lock';
import { bootstrap } from './bootstrap';
import { attachSessionCache, SessionCache } from '../auth/session-cache';
import { dailyMaintenance, MAINTENANCE_EVERY_MS, MAINTENANCE_FIRST_DELAY_MS, schedule } from './maintenance';
import { dataDir, serverEnv } from '../env';
import { dbUnavailableCause, describeError } from '../http/failure';

/**
 * The query API is the same on both drivers (same Drizzle pg-core dialect), so the rest of the
 * server is written against one type.
 */
export type Db = PgliteDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'server/db/migrations');

export interface OpenOptions {
  /** postgres://… ; without it PGlite is used. */
  url?: string;
  /** PGlite data folder; 'memory' for an in-memory database (tests). */
  dataDir?: string | 'memory';
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  pgSchema?: string;
  poolMax?: number;
  /** Print the generated admin password (off in tests). */
  quiet?: boolean;
}

/** Extensions the migrations create; PGlite must load them when it opens. */
const PGLITE_EXTENSIONS = { pg_trgm };
const MIGRATE_LOCK = 'cms-migrate';

/** Opens, migrates and bootstraps a database. */
export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  if (opts.url) return openPostgres(opts.url, opts);
  return openPglite(opts.dataDir ?? 'memory', opts);
}

async function openPglite(dir: string, opts: OpenOptions): Promise<DbHandle> {
  let lock: FolderLock | undefined;
  let client: PGlite;
  if (dir === 'memory') {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  } else {
    lock = acquireFolderLock(dir);
    try {
      client = new PGlite(path.join(dir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
    } catch (err) {
      lock.release();
      throw err;
    }
  }
  const db = drizzlePglite(client, { schema, logger: !!process.env.CMS_DB_LOG });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await bootstrap(db, { quiet: opts.quiet });
  // One process holds a PGlite folder: the triggers' NOTIFY (migration 0025) reaches the session
  // cache with the reply of the committing statement, before any other statement runs.
  const cache = new SessionCache('notify');
  await client.listen('cms_session_generation', () => cache.bump());
  attachSessionCache(db, cache);
  const stopMaintenance = dir === 'memory' ? () => {} : scheduleMaintenance(db, 'pglite', opts);
  return {
    db,
    kind: 'pglite',
    async close() {
      stopMaintenance();
      await client.close();
      lock?.release();
    },
  };
}

async function openPostgres(url: string, opts: OpenOptions): Promise<DbHandle> {
  const pool = new Pool({
    connectionString: url,
    max: opts.poolMax ?? 10,
    // Lists ask for 20–100 rows: a parallel worker's start-up (about 10 ms) costs more than it
    // saves there, and it chose parallel scans over the index a LIMIT query wants (docs/bench.md).
    options: [opts.pgSchema ? `-c search_path=${opts.pgSchema}` : '', '-c max_parallel_workers_per_gather=0'].filter(Boolean).join(' '),
  });
  // An idle client whose connection drops (a restart, a failover) is an 'error' event of the pool:
  // without a listener it is an uncaught exception. The pool drops that client and connects anew
  // for the next query; requests meanwhile answer 503 (server/http/failure.ts).
  pool.on('error', (err) => console.error(`[db] 空闲连接断开，连接池将重新连接：${dbUnavailableCause(err) ?? describeError(err)}`));
  const db = drizzlePg(pool, { schema, logger: !!process.env.CMS_DB_LOG }) as unknown as Db;
  // Several instances may start at once: one migrates and bootstraps, the others wait.
  const lockClient = await pool.connect();
  try {
    // One lock for the whole database, not per schema: migrations also create extensions, which
    // are database-wide, and two schemas migrating at once would race to create them.
    await lockClient.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATE_LOCK]);
    if (opts.pgSchema) await lockClient.query(`CREATE SCHEMA IF NOT EXISTS "${opts.pgSchema}"`);
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema: opts.pgSchema ?? 'drizzle' });
    await bootstrap(db, { quiet: opts.quiet });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATE_LOCK]).catch(() => {});
    lockClient.release();
  }
  // Several instances: each request with a cached session reads the generation (session-cache.ts).
  attachSessionCache(db, new SessionCache('query'));
  // Each instance runs it; a second run the same day finds nothing left to prune.
  const stopMaintenance = scheduleMaintenance(db, 'postgres', opts);
  return {
    db,
    kind: 'postgres',
    async close() {
      stopMaintenance();
      await pool.end();
    },
  };
}

/** The daily maintenance (server/db/maintenance.ts): some minutes after start, then once a day. */
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
