'use client';

import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

type Idle = { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/**
 * A dialog or drawer whose code is not part of the screen's first load (issue 17): it is fetched
 * once the screen has loaded and the browser is idle (or at once when it is opened before that),
 * then mounted closed as before, so opening it behaves as it always did (its opening animation,
 * focus moving into it, Esc). Until the code is there nothing renders in its place: a closed antd
 * Modal or Drawer renders nothing either.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
  /** False: not fetched at idle, only when opened (e.g. a drawer that only a narrow window offers). */
  preloadWhen: () => boolean = () => true,
): (props: P) => ReactNode {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const get = () =>
    (pending ??= load()
      .then((component) => (loaded = component))
      .catch((err: unknown) => {
        pending = null;
        throw err;
      }));
  return function LazyDialog(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const open = isOpen(props);
    useEffect(() => {
      if (Component) return;
      let live = true;
      const take = () =>
        void get().then(
          (c) => live && setComponent(() => c),
          () => undefined,
        );
      if (open || !preloadWhen()) {
        if (open) take();
        return () => void (live = false);
      }
      const idle = window as unknown as Idle;
      const id = idle.requestIdleCallback ? idle.requestIdleCallback(take, { timeout: 3000 }) : window.setTimeout(take, 500);
      return () => {
        live = false;
        if (idle.requestIdleCallback) idle.cancelIdleCallback?.(id);
        else window.clearTimeout(id);
      };
    }, [Component, open]);
    return Component ? <Component {...props} /> : null;
  };
}

/** Fetches a module once the screen is idle (a dialog rendered only while open, through next/dynamic). */
export function usePreloadWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => {
    const idle = window as unknown as Idle;
    const take = () => void load().catch(() => undefined);
    const id = idle.requestIdleCallback ? idle.requestIdleCallback(take, { timeout: 3000 }) : window.setTimeout(take, 500);
    return () => (idle.requestIdleCallback ? idle.cancelIdleCallback?.(id) : window.clearTimeout(id));
  }, [load]);
}
