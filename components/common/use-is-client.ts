'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while the page hydrates, true once the browser has taken over. For what
 * the server cannot render the same way, such as a drawer kept mounted while closed (its portal has
 * no place in the server's HTML, so rendering it during hydration is a mismatch: React error #418).
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
