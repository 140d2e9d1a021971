import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { apiKeys } from '../db/schema';
import type { DbOrTx } from '../db/types';

/**
 * API keys of the delivery API (DESIGN §12): `cms_` and 32 random bytes (base64url), stored only as
 * their SHA-256. A request reads its key's row every time (one unique-index read), never a cached
 * copy, so a revoked key answers 401 on every instance from the next request on.
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

/** The live (not revoked) key for an `Authorization: Bearer …` header, or null. */
export async function findKey(db: DbOrTx, authorization: string | undefined): Promise<LiveKey | null> {
  const match = /^Bearer\s+(\S{10,200})\s*$/i.exec(authorization ?? '');
  if (!match) return null;
  const [row] = await db
    .select({ id: apiKeys.id, families: apiKeys.families })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashKey(match[1])), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
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
