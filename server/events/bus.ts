/**
 * Committed surrogate keys (DESIGN §12; issue 24 item 3): once a transaction that wrote change
 * events has committed, the keys those events touch are published here, and every subscriber (the
 * delivery API's answer cache) drops what it holds under them. On PGlite the one process is the
 * only instance; on PostgreSQL the delivery side also relays the keys to the other instances
 * (NOTIFY / LISTEN) and calls `publishCommittedKeys` there with `{ remote: true }`.
 *
 * This module imports nothing of a domain: the writers (server/events, the scheduler, the
 * operations lists) publish, the readers subscribe.
 */
export type KeysListener = (keys: readonly string[], origin: { remote: boolean }) => void;

// On globalThis: Next gives the pages and the API route separate copies of a module in one process.
const holder = globalThis as typeof globalThis & { __cmsCommittedKeys?: Set<KeysListener> };
const listeners = (holder.__cmsCommittedKeys ??= new Set<KeysListener>());

/** Subscribes; returns the unsubscribe. */
export function subscribeCommittedKeys(listener: KeysListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call only after the commit. A listener's failure is logged, never the caller's. */
export function publishCommittedKeys(keys: readonly string[], origin: { remote: boolean } = { remote: false }): void {
  if (!keys.length) return;
  for (const listener of listeners) {
    try {
      listener(keys, origin);
    } catch (err) {
      console.error('[cms] committed-keys listener failed', err);
    }
  }
}
