/**
 * The navigation loading bar's steps: it jumps to 30% when navigation starts, then advances by 45%
 * of what is left until the page arrives, never reaching 100% on its own.
 * @see SEED §9 (loading progress steps of 30 or 45 percent)
 */
export const PROGRESS_START = 30;
export const PROGRESS_STEP = 45;
export const PROGRESS_CEILING = 95;

export function advanceProgress(current: number): number {
  if (current < PROGRESS_START) return PROGRESS_START;
  const next = current + ((100 - current) * PROGRESS_STEP) / 100;
  return Math.min(PROGRESS_CEILING, Math.round(next));
}

/** After this long without the new page, a client-side navigation is finished as a full page load. */
export const NAVIGATION_WATCHDOG_MS = 10_000;

export interface NavigationWatchdog {
  /** Call when a navigation to `target` (path + query) starts. */
  arm(target: string): void;
  /** Call when the new route has rendered. */
  settle(): void;
}

/**
 * A client-side navigation can stall: a router fetch cut by a network blip has been seen to leave
 * Next's router waiting, the menu click then doing nothing at all. If the new route has not
 * rendered `delayMs` after `arm`, and the browser is not there already, `target` is loaded as a
 * full page. While offline it waits (a full load would only show the browser's error page).
 */
export function createNavigationWatchdog({
  delayMs,
  here,
  online,
  load,
}: {
  delayMs: number;
  here: () => string;
  online: () => boolean;
  load: (target: string) => void;
}): NavigationWatchdog {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const arm = (target: string) => {
    settle();
    timer = setTimeout(() => {
      timer = undefined;
      if (here() === target) return;
      if (!online()) return arm(target);
      load(target);
    }, delayMs);
  };
  return { arm, settle };
}
