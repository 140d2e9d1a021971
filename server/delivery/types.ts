import type { DbOrTx } from '../db/types';

/**
 * One answer of the delivery API (DESIGN §12; issue 24): what a family handler returns. `data` is
 * sent in the envelope; `keys` are the surrogate keys (server/events/keys.ts `surrogate`) of the
 * items and lists it depends on; `next` is the earliest time the answer changes by itself (a window
 * edge, a schedule; lib/resources/publishing.ts), null when only a write changes it.
 */
export interface DeliveryAnswer<T> {
  data: T;
  keys: string[];
  next: Date | null;
}

/**
 * A family handler: the database, the validated query (path parameters included), and the clock.
 * Null answers 404 (unknown, unpublished, offline or out of window: nothing of its content).
 */
export type FamilyHandler<Q, T> = (db: DbOrTx, query: Q, now: Date) => Promise<DeliveryAnswer<T> | null>;
