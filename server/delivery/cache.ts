/**
 * The delivery API's in-process answer cache (DESIGN §12; issue 24 item 3): answers by path and
 * query, each filed under its surrogate keys, dropped when a change to one of those keys commits
 * (server/events/bus.ts; other instances hear it through server/delivery/relay.ts), and never kept
 * past the answer's own `next`. Bounded: at most `maxEntries` answers and `maxBytes` of bodies, the
 * least recently used going first.
 *
 * A request that started before a drop does not store what it read (it may have read the old row
 * while the change committed): every drop moves `epoch`, and `set` refuses an answer read under an
 * older one.
 */
export interface CachedAnswer {
  body: string;
  etag: string;
  keys: readonly string[];
  /** When it stops being true by itself (ms since epoch); null: only a write changes it. */
  next: number | null;
}

export interface CacheLimits {
  maxEntries: number;
  maxBytes: number;
}

export const DEFAULT_CACHE_LIMITS: CacheLimits = { maxEntries: 5000, maxBytes: 64 * 1024 * 1024 };

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly byKey = new Map<string, Set<string>>();
  private bytes = 0;
  /** Moves with every drop; see the class comment. */
  epoch = 0;

  constructor(private readonly limits: CacheLimits = DEFAULT_CACHE_LIMITS) {}

  get size() {
    return this.entries.size;
  }

  get(id: string, now: number): CachedAnswer | undefined {
    const hit = this.entries.get(id);
    if (!hit) return undefined;
    if (hit.next !== null && hit.next <= now) {
      this.remove(id);
      return undefined;
    }
    // Most recently used last (Map order).
    this.entries.delete(id);
    this.entries.set(id, hit);
    return hit;
  }

  /** Stores an answer read under `epoch` (see the class comment); one larger than a tenth of the budget is not kept. */
  set(id: string, answer: CachedAnswer, readAtEpoch: number): void {
    if (readAtEpoch !== this.epoch) return;
    const size = answer.body.length * 2;
    if (size > this.limits.maxBytes / 10) return;
    this.remove(id);
    this.entries.set(id, answer);
    this.bytes += size;
    for (const key of answer.keys) {
      let ids = this.byKey.get(key);
      if (!ids) this.byKey.set(key, (ids = new Set()));
      ids.add(id);
    }
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  /** Drops every answer filed under any of these keys. */
  drop(keys: readonly string[]): void {
    this.epoch += 1;
    for (const key of keys) {
      const ids = this.byKey.get(key);
      if (!ids) continue;
      for (const id of [...ids]) this.remove(id);
    }
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.byKey.clear();
    this.bytes = 0;
  }

  private remove(id: string): void {
    const hit = this.entries.get(id);
    if (!hit) return;
    this.entries.delete(id);
    this.bytes -= hit.body.length * 2;
    for (const key of hit.keys) {
      const ids = this.byKey.get(key);
      if (!ids) continue;
      ids.delete(id);
      if (!ids.size) this.byKey.delete(key);
    }
  }
}
