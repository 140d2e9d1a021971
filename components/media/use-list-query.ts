'use client';

import { useCallback, useMemo, useState } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { QueryPatch } from '@/components/crud';

export type ListQuery = Record<string, string>;

function applyPatch(current: ListQuery, patch: QueryPatch, resetPage: boolean): ListQuery {
  const next: ListQuery = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === null || value === '') delete next[key];
    else next[key] = String(value);
  }
  if (resetPage) delete next.page;
  return next;
}

/**
 * Page, filters and view of a library list: in the URL on the library screens (reload, back and links
 * keep them, like every list), in memory inside a picker dialog (a dialog must not rewrite the page's
 * address). Filters go back to page 1.
 */
export function useListQuery(inUrl: boolean): [ListQuery, (patch: QueryPatch, opts?: { resetPage?: boolean }) => void] {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const queryKey = searchParams.toString();
  const urlQuery = useMemo(() => Object.fromEntries(new URLSearchParams(queryKey)), [queryKey]);
  const [local, setLocal] = useState<ListQuery>({});

  const setQuery = useCallback(
    (patch: QueryPatch, { resetPage = true }: { resetPage?: boolean } = {}) => {
      if (!inUrl) {
        setLocal((q) => applyPatch(q, patch, resetPage));
        return;
      }
      const next = applyPatch(Object.fromEntries(new URLSearchParams(queryKey)), patch, resetPage);
      const qs = new URLSearchParams(next).toString();
      router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [inUrl, queryKey, pathname, router],
  );
  return [inUrl ? urlQuery : local, setQuery];
}
