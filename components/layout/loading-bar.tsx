'use client';

import { useEffect, useRef, useState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { advanceProgress } from '@/lib/progress';

type Listener = () => void;
const starters = new Set<Listener>();

/** Starts the loading bar; call before a programmatic `router.push`. */
export function startNavigationProgress() {
  starters.forEach((fn) => fn());
}

/**
 * A thin bar at the top during navigation: 30% at once, then steps of 45% of the rest, done when
 * the new path renders. Internal link clicks start it too. @see SEED §2, §9
 */
export function LoadingBar() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [progress, setProgress] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(() => {
    const start = () => {
      if (timer.current) clearInterval(timer.current);
      setProgress(advanceProgress(0));
      timer.current = setInterval(() => setProgress((p) => (p === null ? p : advanceProgress(p))), 400);
    };
    starters.add(start);
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || a.target === '_blank' || a.origin !== window.location.origin) return;
      if (a.pathname === window.location.pathname && a.search === window.location.search) return;
      start();
    };
    document.addEventListener('click', onClick, true);
    return () => {
      starters.delete(start);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  useEffect(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    setProgress((p) => (p === null ? null : 100));
    const hide = setTimeout(() => setProgress(null), 250);
    return () => clearTimeout(hide);
  }, [pathname, searchParams]);

  if (progress === null) return null;
  return (
    <div
      role="progressbar"
      aria-label="页面加载中"
      aria-valuenow={progress}
      data-testid="loading-bar"
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        width: `${progress}%`,
        background: '#1d5bd8',
        zIndex: 2000,
        transition: 'width 0.3s ease',
        boxShadow: '0 0 6px rgba(29,91,216,0.6)',
      }}
    />
  );
}
