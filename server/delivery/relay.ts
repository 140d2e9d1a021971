import { randomUUID } from 'node:crypto';
import { Client, type Pool } from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { publishCommittedKeys, subscribeCommittedKeys } from '../events/bus';

/**
 * Relays committed surrogate keys between the instances on one PostgreSQL (DESIGN §12; issue 24
 * item 3): keys published here after a local commit go out as a NOTIFY on the schema's channel;
 * every other instance LISTENs and publishes them locally with `{ remote: true }` (never sent on
 * again), so each one's answer cache drops them. One connection per instance holds the LISTEN; when
 * it drops, the relay connects again and, having perhaps missed some keys meanwhile, drops every
 * cached answer (ALL_KEYS). On PGlite one process holds the data: the bus alone is enough.
 */

/** Published when keys may have been missed: every answer cache empties. */
export const ALL_KEYS = '*';

/** A NOTIFY payload stays under PostgreSQL's 8000 bytes: long key lists go in several. */
const PAYLOAD_MAX = 7000;

const channelOf = (schema: string) => `cms_delivery_keys_${schema}`.slice(0, 63);

export interface KeyRelay {
  /** This instance's id (its own NOTIFYs come back to it and are skipped). */
  id: string;
  stop(): Promise<void>;
}

export async function startKeyRelay(db: Db, { log = true }: { log?: boolean } = {}): Promise<KeyRelay> {
  const pool = (db as unknown as { $client: Pool }).$client;
  const [{ schema }] = (await db.execute(sql`SELECT current_schema() AS schema`)).rows as Array<{ schema: string }>;
  const channel = channelOf(schema);
  const id = randomUUID();
  let stopped = false;
  let client: Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async (again: boolean): Promise<void> => {
    const c = new Client(pool.options);
    c.on('notification', (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      try {
        const { o, k } = JSON.parse(msg.payload) as { o: string; k: string[] };
        if (o !== id && Array.isArray(k)) publishCommittedKeys(k, { remote: true });
      } catch (err) {
        console.error('[delivery] 无法读取缓存失效通知', err);
      }
    });
    c.on('error', (err) => {
      if (log) console.error(`[delivery] 缓存失效通知的连接断开，稍后重连：${err.message}`);
    });
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      retry = setTimeout(() => void connect(true).catch(() => {}), 1000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
    } catch (err) {
      await c.end().catch(() => {});
      if (stopped) return;
      if (!again) throw err;
      retry = setTimeout(() => void connect(true).catch(() => {}), 2000);
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    // Keys committed while no one listened were not heard: forget every cached answer.
    if (again) publishCommittedKeys([ALL_KEYS], { remote: true });
  };
  await connect(false);

  const unsubscribe = subscribeCommittedKeys((keys, origin) => {
    if (origin.remote || stopped) return;
    for (const chunk of chunks(keys)) {
      pool.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify({ o: id, k: chunk })]).catch((err: Error) => {
        console.error(`[delivery] 无法通知其他实例清除缓存：${err.message}`);
      });
    }
  });

  return {
    id,
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

function* chunks(keys: readonly string[]): Iterable<string[]> {
  let chunk: string[] = [];
  let size = 0;
  for (const key of keys) {
    if (chunk.length && size + key.length + 3 > PAYLOAD_MAX) {
      yield chunk;
      chunk = [];
      size = 0;
    }
    chunk.push(key);
    size += key.length + 3;
  }
  if (chunk.length) yield chunk;
}
