import type { SessionUser } from '../http/types';

/**
 * The in-process session cache (issue 17): the user behind a session token, kept for a few seconds
 * so that a signed request does not join sessions, users and roles every time.
 *
 * It stays correct across instances through the database's session generation (migration 0025):
 * every committed change a session user reflects (a session ended or removed, a user's name, role,
 * department, flags or password, a role's routes or level) moves `session_generation.n`, whoever
 * wrote it. A cached user is served only while the generation is the one it was read under:
 * - PostgreSQL (several instances): the request reads `n` (one row by primary key, a prepared
 *   statement) and compares. A change committed on any instance before the request's read is seen.
 * - PGlite (one process per data folder, docs/decisions.md): the triggers' NOTIFY arrives with the
 *   committing statement's reply, before the next statement can run, and bumps the local number;
 *   no query at all.
 * A user read under generation g is cached as of g, where g was taken before (PGlite) or in the
 * same snapshot as (PostgreSQL) the read: a change committed meanwhile leaves it stale-marked.
 * Entries also expire after TTL_MS and with their session (`expiresAt`). The generation is what keeps
 * them correct; the TTL only bounds how long an idle entry holds memory. It was 5 s, which made an
 * editor whose autosave came every 10 s miss every time (a three-table join per save); a minute
 * covers the editors' 10–30 s autosave and the lock's 15 s heartbeat (issue 17: saves).
 */
export const SESSION_CACHE_TTL_MS = 60_000;
/** Entries kept at most; the oldest go first. */
export const SESSION_CACHE_MAX = 10_000;

interface Entry {
  user: SessionUser;
  /** `session_generation.n` as text (PostgreSQL's int8), or the local number (PGlite). */
  generation: string;
  expiresAt: number;
  until: number;
  /** When the session last served a request as this instance knows it (ms; issue 26 idle timeout). */
  lastSeen: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** PGlite: the generation as the NOTIFY listener last heard it. */
  private local = 0;

  constructor(
    /** 'notify': the local number is current (PGlite); 'query': read it from the database per request. */
    readonly mode: 'notify' | 'query',
    private readonly now: () => number = Date.now,
  ) {}

  /** PGlite's listener: a change a session user reflects was committed. */
  bump() {
    this.local++;
    this.entries.clear();
  }

  get localGeneration() {
    return this.local;
  }

  has(tokenHash: string): boolean {
    return this.entries.has(tokenHash);
  }

  /** The cached user when it was read under this generation and neither it nor its session has expired. */
  get(tokenHash: string, generation: string): SessionUser | null {
    const e = this.entries.get(tokenHash);
    if (!e) return null;
    const now = this.now();
    if (e.generation !== generation || e.until <= now || e.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return null;
    }
    return e.user;
  }

  set(tokenHash: string, user: SessionUser, { generation, expiresAt, lastSeen }: { generation: string; expiresAt: Date; lastSeen?: Date }) {
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    const now = this.now();
    this.entries.set(tokenHash, { user, generation, expiresAt: expiresAt.getTime(), until: now + SESSION_CACHE_TTL_MS, lastSeen: lastSeen?.getTime() ?? now });
  }

  /** The session's last use and absolute end as this instance knows them (undefined when not cached). */
  times(tokenHash: string): { lastSeen: number; expiresAt: number } | undefined {
    const e = this.entries.get(tokenHash);
    return e && { lastSeen: e.lastSeen, expiresAt: e.expiresAt };
  }

  /** The session served a request at `at` (written to the database by the caller, throttled). */
  touch(tokenHash: string, at: number) {
    const e = this.entries.get(tokenHash);
    if (e && at > e.lastSeen) e.lastSeen = at;
  }

  /** Forgets one session at once (this instance's own logout; the generation tells the others). */
  delete(tokenHash: string) {
    this.entries.delete(tokenHash);
  }

  get size() {
    return this.entries.size;
  }
}

/**
 * Databases and their caches, on `globalThis`: Next.js gives instrumentation.ts (which opens the
 * database) and the API route separate copies of this module, and both must find the one cache.
 */
const REGISTRY = Symbol.for('cms.sessionCaches');
const caches: WeakMap<object, SessionCache> = ((globalThis as Record<symbol, unknown>)[REGISTRY] as WeakMap<object, SessionCache> | undefined) ?? new WeakMap();
(globalThis as Record<symbol, unknown>)[REGISTRY] = caches;

/** Gives a database its session cache (server/db/client.ts, when it opens one). */
export function attachSessionCache(db: object, cache: SessionCache) {
  caches.set(db, cache);
}

/** The database's session cache; none for a database opened some other way (then every request reads). */
export function sessionCacheOf(db: object): SessionCache | undefined {
  return caches.get(db);
}
