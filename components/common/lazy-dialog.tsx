'use client';

import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A dialog or drawer whose code is not part of the screen's first load (issue 17): it is fetched as
 * soon as the screen has mounted (after hydration, not before it), then mounted closed as before, so
 * opening it behaves as it always did (its opening animation, focus moving into it, Esc, keys typed
 * right after the click). Until the code is there nothing renders in its place: a closed antd Modal
 * or Drawer renders nothing either. Opened before its code arrived (a click within the first moments
 * on a slow machine), it appears when the code does.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
  /** False: not fetched after mount, only when opened (e.g. a drawer that only a narrow window offers). */
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
      if (Component || (!open && !preloadWhen())) return;
      let live = true;
      void get().then(
        (c) => live && setComponent(() => c),
        () => undefined,
      );
      return () => void (live = false);
    }, [Component, open]);
    return Component ? <Component {...props} /> : null;
  };
}

/** Fetches a module as soon as the screen has mounted (a dialog rendered only while open, through next/dynamic). */
export function usePreloadAfterMount(load: () => Promise<unknown>): void {
  useEffect(() => void load().catch(() => undefined), [load]);
}
