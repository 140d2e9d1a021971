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

/**
 * What a control that waits for the page to start says (its title): rows and their controls come
 * with the HTML (issue 25), but a click on them before hydration would not be taken, so they are
 * disabled, greyed, until `useIsClient()` turns true.
 */
export const HYDRATING_TEXT = '页面加载中，稍候即可操作';
