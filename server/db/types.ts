import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type * as schema from './schema';

/**
 * The query API is the same on both drivers (same Drizzle pg-core dialect), so the rest of the
 * server is written against one type. Opening a database is server/db/client.ts (and, with the
 * bootstrap and maintenance, server/startup.ts); code that only queries imports these types.
 */
export type Db = PgliteDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
