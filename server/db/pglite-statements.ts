import 'server-only';
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite (issue 17: the request path).
 *
 * PGlite 0.5's `query` sends six protocol messages one after the other for every statement (Parse,
 * Describe statement, Bind, Describe portal, Execute, Sync), each a trip into WebAssembly, and
 * parses and plans the SQL again each time. On this machine that is 0.70–0.85 ms for the article
 * list's one statement, of which the database's own work is about 0.2 ms (docs/bench.md). Here each
 * distinct SQL text is parsed once as a named statement (its parameter types kept), and every
 * execution after that is one trip: Bind, Describe portal, Execute, Sync in one buffer.
 *
 * What stays as PGlite's `query` has it:
 * - the same mutexes: outside a transaction the transaction mutex, then the query mutex; inside one
 *   (`transaction(cb)`'s `tx.query`) the query mutex only, and a closed transaction refuses;
 * - the same messages reach PGlite's parser, so NOTIFY (the session cache's generation, migration
 *   0025) still reaches its listeners, and errors are PGlite's DatabaseError with `query`, `params`;
 * - the file system is synced after a statement outside a transaction;
 * - the same serializers and parsers (the caller's `serializers` / `parsers` options win), row modes.
 *
 * Plans: every execution is planned for its own values and settings, as the unnamed statement was
 * (`plan_cache_mode = force_custom_plan` for PGlite's one session). A generic plan would save about
 * 0.17 ms more on the article list, but it ignores the values (a rare keyword and a common one) and
 * it is reused under a changed planner setting: the article list's rare-keyword path runs its page
 * after `SET LOCAL enable_indexscan = off` (server/articles/list.ts), which a cached plan ignores.
 *
 * The statements live in the backend until the cache is full: the least recently used is closed
 * (Close) when a new text arrives past `max`. A statement whose plan is invalid after a schema
 * change ("cached plan must not change result type") is prepared again once, outside a transaction.
 * Calls with a blob (COPY … /dev/blob) or explicit `paramTypes` go to PGlite's own `query`.
 */
export async function prepareStatements(client: PGlite, max = 256): Promise<{ size(): number }> {
  // Once per client: a second wrapper would name its statements as the first did (cms_s1 …).
  const installed = (client as unknown as Record<symbol, { size(): number }>)[INSTALLED];
  if (installed) return installed;
  await client.exec('SET plan_cache_mode = force_custom_plan');
  const internals = client as unknown as Internals;
  const statements = new Map<string, Prepared>();
  const toClose: string[] = [];
  let counter = 0;
  const originalQuery = client.query.bind(client);
  const originalTransaction = client.transaction.bind(client);
  const { serialize } = protocol;

  async function prepare(text: string): Promise<Prepared> {
    const name = `cms_s${++counter}`;
    const parts: Uint8Array[] = [];
    if (statements.size >= max) {
      const [oldest, old] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldest);
      toClose.push(old.name);
    }
    for (const old of toClose.splice(0)) parts.push(serialize.close({ type: 'S', name: old }));
    parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    const messages = await client.execProtocolStream(concat(parts), { syncToFs: false });
    const prepared = { name, types: parse.parseDescribeStatementResults(messages) };
    statements.set(text, prepared);
    return prepared;
  }

  async function execute<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let prepared = statements.get(text);
    if (prepared) {
      // Most recently used last: the map's first entry is the one to close when it is full.
      statements.delete(text);
      statements.set(text, prepared);
    } else {
      prepared = await prepare(text);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const oid = prepared.types[i];
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await client.execProtocolStream(
      concat([serialize.bind({ statement: prepared.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  async function run<T>(text: string, params: unknown[] = [], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    return internals._runExclusiveQuery(async () => {
      try {
        const result = await execute<T>(text, params, options);
        if (!inTransaction) await client.syncToFs();
        return result;
      } catch (err) {
        if (isStalePlan(err)) {
          const stale = statements.get(text);
          if (stale) {
            statements.delete(text);
            toClose.push(stale.name);
          }
          if (!inTransaction) {
            const result = await execute<T>(text, params, options).catch((again) => {
              throw withQuery(again, text, params, options);
            });
            await client.syncToFs();
            return result;
          }
        }
        throw withQuery(err, text, params, options);
      }
    });
  }

  const ownPath = (options?: QueryOptions) => !options?.blob && !options?.paramTypes;

  client.query = async function query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!ownPath(options)) return originalQuery<T>(text, params, options);
    await internals._checkReady();
    return internals._runExclusiveTransaction(() => run<T>(text, params, options, false));
  } as PGlite['query'];

  client.transaction = function transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return originalTransaction((tx) => {
      const wrapped: Transaction = Object.create(tx);
      wrapped.query = async <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
        if (!ownPath(options)) return tx.query<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return run<R>(text, params, options, true);
      };
      return callback(wrapped);
    });
  } as PGlite['transaction'];

  const handle = { size: () => statements.size };
  Object.defineProperty(client, INSTALLED, { value: handle });
  return handle;
}

const INSTALLED = Symbol('cms prepared statements');

interface Prepared {
  name: string;
  /** The parameters' type oids, as PostgreSQL inferred them at Parse. */
  types: number[];
}

/** PGlite members its own `query` uses, public in JavaScript (their names start with `_`). */
interface Internals {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function isStalePlan(err: unknown): boolean {
  return (err as { code?: string })?.code === '0A000' && /cached plan/.test(String((err as Error).message));
}

/** As PGlite's own errors carry them (makePGliteError). */
function withQuery(err: unknown, query: string, params: unknown[], queryOptions: QueryOptions | undefined): unknown {
  if (err && typeof err === 'object' && 'code' in err && 'severity' in err) Object.assign(err, { query, params, queryOptions });
  return err;
}
