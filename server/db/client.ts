import 'server-only';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import * as schema from './schema';
import { acquireFolderLock, type FolderLock } from './lock';
import { prepareStatements } from './pglite-statements';
import type { Db } from './types';

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

/**
 * Runs after the migrations, still under the migration lock (server/startup.ts passes the bootstrap):
 * several instances starting at once run it one after the other.
 */
export type Prepare = (db: Db) => Promise<void>;

/**
 * What the application adds to a connection (server/startup.ts hands them in, so this layer imports
 * nothing above it: issue 24, the folder import check).
 */
export interface ConnectHooks {
  /**
   * The database is ready. `listen` is given when this process hears every commit's NOTIFY on a
   * channel with the reply of the committing statement (PGlite: one process holds the folder); null
   * on PostgreSQL, where other instances commit too.
   */
  opened?(db: Db, listen: ((channel: string, onNotify: () => void) => Promise<void>) | null): Promise<void> | void;
  /** Why a connection failed, in words for the log. */
  describeFailure?(err: unknown): string;
}

/** Extensions the migrations create; PGlite must load them when it opens. */
const PGLITE_EXTENSIONS = { pg_trgm };
const MIGRATE_LOCK = 'cms-migrate';

/**
 * Opens and migrates a database, then runs `prepare`. Only that: creating the administrator and
 * scheduling maintenance belong to the application (server/startup.ts `openDatabase`), so this layer
 * imports nothing above it.
 */
export async function connectDatabase(opts: OpenOptions, prepare: Prepare = async () => {}, hooks: ConnectHooks = {}): Promise<DbHandle> {
  if (opts.url) return openPostgres(opts.url, opts, prepare, hooks);
  return openPglite(opts.dataDir ?? 'memory', prepare, hooks);
}

async function openPglite(dir: string, prepare: Prepare, hooks: ConnectHooks): Promise<DbHandle> {
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
  await prepare(db);
  // After the migrations (which change the schema): each SQL text is parsed and described once.
  await prepareStatements(client);
  // One process holds a PGlite folder: the triggers' NOTIFY (migration 0025) reaches a listener
  // with the reply of the committing statement, before any other statement runs.
  await hooks.opened?.(db, async (channel, onNotify) => {
    await client.listen(channel, onNotify);
  });
  return {
    db,
    kind: 'pglite',
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

async function openPostgres(url: string, opts: OpenOptions, prepare: Prepare, hooks: ConnectHooks): Promise<DbHandle> {
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
  const describe = hooks.describeFailure ?? ((err: unknown) => (err instanceof Error ? err.message : String(err)));
  pool.on('error', (err) => console.error(`[db] 空闲连接断开，连接池将重新连接：${describe(err)}`));
  const db = drizzlePg(pool, { schema, logger: !!process.env.CMS_DB_LOG }) as unknown as Db;
  // Several instances may start at once: one migrates and bootstraps, the others wait.
  const lockClient = await pool.connect();
  try {
    // One lock for the whole database, not per schema: migrations also create extensions, which
    // are database-wide, and two schemas migrating at once would race to create them.
    await lockClient.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATE_LOCK]);
    if (opts.pgSchema) await lockClient.query(`CREATE SCHEMA IF NOT EXISTS "${opts.pgSchema}"`);
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema: opts.pgSchema ?? 'drizzle' });
    await prepare(db);
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATE_LOCK]).catch(() => {});
    lockClient.release();
  }
  await hooks.opened?.(db, null);
  return {
    db,
    kind: 'postgres',
    async close() {
      await pool.end();
    },
  };
}
