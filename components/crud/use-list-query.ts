'use client';

import { useCallback, useMemo, useState } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { QueryPatch } from './list-query';

export type ListQuery = Record<string, string>;

/** The query after `patch` (empty values remove a parameter; a change of filters goes back to page 1). */
export function applyPatch(current: ListQuery, patch: QueryPatch, resetPage: boolean): ListQuery {
  const next: ListQuery = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === null || value === '') delete next[key];
    else next[key] = String(value);
  }
  if (resetPage) delete next.page;
  return next;
}

export type ListQueryState = [ListQuery, (patch: QueryPatch, opts?: { resetPage?: boolean }) => void];

/**
 * Page, filters and view of a list in the URL (reload, back and links keep them): the library
 * screens, the home figures; `useResourceList` keeps its query the same way. Needs a Suspense
 * boundary above it (useSearchParams).
 */
export function useUrlListQuery(): ListQueryState {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const queryKey = searchParams.toString();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(queryKey)), [queryKey]);
  const setQuery = useCallback(
    (patch: QueryPatch, { resetPage = true }: { resetPage?: boolean } = {}) => {
      const next = applyPatch(Object.fromEntries(new URLSearchParams(queryKey)), patch, resetPage);
      const qs = new URLSearchParams(next).toString();
      router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [queryKey, pathname, router],
  );
  return [query, setQuery];
}

/**
 * The same state in memory, for a picker dialog: a dialog must not rewrite the page's address, and
 * a page that only opens a picker needs no Suspense boundary for it.
 */
export function useLocalListQuery(): ListQueryState {
  const [query, setLocal] = useState<ListQuery>({});
  const setQuery = useCallback((patch: QueryPatch, { resetPage = true }: { resetPage?: boolean } = {}) => setLocal((q) => applyPatch(q, patch, resetPage)), []);
  return [query, setQuery];
}
