import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { apiKeys } from '../db/schema';
import type { DbOrTx } from '../db/types';

/**
 * API keys of the delivery API (DESIGN §12): `cms_` and 32 random bytes (base64url), stored only as
 * their SHA-256. Each instance keeps the live keys it has read (`KeyCache`): a revocation publishes
 * `apiKeyBusKey(id)` once it commits (server/events/bus.ts), which drops the key here at once and on
 * every other instance as the PostgreSQL relay's NOTIFY arrives; a cached key is read again after
 * KEY_CACHE_MS whatever happens (a relay connection lost without notice).
 */

export const KEY_PREFIX = 'cms_';

export function newKey(): { key: string; hash: string; prefix: string } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashKey(key), prefix: key.slice(0, 8) };
}

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** What the framework needs of a live key. */
export interface LiveKey {
  id: number;
  /** Empty: every family. */
  families: readonly string[];
}

const bearer = (authorization: string | undefined) => /^Bearer\s+(\S{10,200})\s*$/i.exec(authorization ?? '')?.[1] ?? null;

async function liveKeyByHash(db: DbOrTx, hash: string): Promise<LiveKey | null> {
  const [row] = await db
    .select({ id: apiKeys.id, families: apiKeys.families })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** The live (not revoked) key for an `Authorization: Bearer …` header, or null, read from the database. */
export async function findKey(db: DbOrTx, authorization: string | undefined): Promise<LiveKey | null> {
  const key = bearer(authorization);
  return key ? liveKeyByHash(db, hashKey(key)) : null;
}

/** What a key's revocation publishes on the committed-keys bus: every instance's key cache drops it. */
export const apiKeyBusKey = (id: number) => `api_key-${id}`;
const BUS_KEY = /^api_key-(\d+)$/;

/** The longest a cached key is used without reading its row again. */
export const KEY_CACHE_MS = 30_000;

/**
 * The live keys this instance has read, by hash, so a cached answer costs no database read. Only
 * live keys are kept (a wrong or revoked key is read every time: a new key works at once, and
 * guesses fill nothing); bounded by `max` (live keys are a few, made by admins). `drop` takes the
 * committed bus keys: `api_key-<id>` forgets that key, `*` (the relay reconnected) forgets all. A
 * read that began before a drop does not store what it read (it may predate the revocation).
 */
export class KeyCache {
  private readonly byHash = new Map<string, { key: LiveKey; until: number }>();
  private epoch = 0;

  constructor(
    private readonly ttlMs = KEY_CACHE_MS,
    private readonly max = 1000,
  ) {}

  async find(db: DbOrTx, authorization: string | undefined, now: number): Promise<LiveKey | null> {
    const token = bearer(authorization);
    if (!token) return null;
    const hash = hashKey(token);
    const hit = this.byHash.get(hash);
    if (hit && hit.until > now) return hit.key;
    const epoch = this.epoch;
    const key = await liveKeyByHash(db, hash);
    if (!key) this.byHash.delete(hash);
    else if (epoch === this.epoch) {
      if (this.byHash.size >= this.max) this.byHash.clear();
      this.byHash.set(hash, { key, until: now + this.ttlMs });
    }
    return key;
  }

  drop(busKeys: readonly string[]): void {
    if (busKeys.includes('*')) {
      this.epoch++;
      this.byHash.clear();
      return;
    }
    const ids = new Set(
      busKeys
        .map((k) => BUS_KEY.exec(k)?.[1])
        .filter((id): id is string => !!id)
        .map(Number),
    );
    if (!ids.size) return;
    this.epoch++;
    for (const [hash, { key }] of this.byHash) if (ids.has(key.id)) this.byHash.delete(hash);
  }
}

export const mayRead = (key: LiveKey, family: string) => key.families.length === 0 || key.families.includes(family);

/** How often a key's last use is written: at most once a minute per key (one UPDATE, not one per request). */
export const LAST_USED_EVERY_MS = 60_000;

/** Records a key's use unless it was recorded less than LAST_USED_EVERY_MS ago (by any instance). */
export async function touchKey(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`${new Date(now.getTime() - LAST_USED_EVERY_MS)}`))));
}

/**
 * The per-key rate (DESIGN §12): a fixed window of a minute per key on this instance. Bounded: a
 * window that has passed is forgotten, and only live keys (a few, made by admins) get one.
 */
export class KeyRate {
  private readonly windows = new Map<number, { start: number; count: number }>();
  /** Keys last seen in this instance's table; pruned when it grows past the keys there are. */
  constructor(
    readonly perMinute: number,
    private readonly windowMs = 60_000,
  ) {}

  /** null: allowed; else the seconds to wait (Retry-After). */
  take(keyId: number, now: number): number | null {
    let w = this.windows.get(keyId);
    if (!w || now - w.start >= this.windowMs) {
      if (this.windows.size > 10_000) for (const [id, old] of this.windows) if (now - old.start >= this.windowMs) this.windows.delete(id);
      w = { start: now, count: 0 };
      this.windows.set(keyId, w);
    }
    if (w.count >= this.perMinute) return Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
    w.count += 1;
    return null;
  }
}
