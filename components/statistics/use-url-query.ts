'use client';

import { useCallback, useMemo } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { QueryPatch } from '@/components/crud';

/** The URL query as filter values, and a writer (empty values remove the parameter). */
export function useUrlQuery() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const key = searchParams.toString();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(key)), [key]);
  const setQuery = useCallback(
    (patch: QueryPatch) => {
      const next = new URLSearchParams(key);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === null || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      next.delete('page');
      const qs = next.toString();
      router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [key, pathname, router],
  );
  return { query, setQuery };
}
