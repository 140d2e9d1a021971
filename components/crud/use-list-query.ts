'use client';

import { useCallback, useMemo, useState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import type { QueryPatch } from './list-query';
import { afterDialogBack } from './unsaved-changes';

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

/**
 * Shows this page with another query (a list's filters, a tab, a chosen department …) through the
 * browser's history: Next keeps `useSearchParams` in step and Back returns to the previous query,
 * but the page is not rendered on the server again, so only the screen's own API calls run and the
 * document title (streamed with a server render) never blinks empty. `replace` for a choice the
 * person did not make (a default), so Back does not stop at it. Waits for a closing dialog's Back
 * (`afterDialogBack`).
 */
export function showQuery(pathname: string, query: URLSearchParams | Record<string, string>, { replace = false } = {}) {
  const qs = new URLSearchParams(query).toString();
  const href = qs ? `${pathname}?${qs}` : pathname;
  afterDialogBack(() => {
    if (replace) window.history.replaceState(null, '', href);
    else window.history.pushState(null, '', href);
  });
}

/**
 * The query of the address as it is now: what a change builds on. `useSearchParams` is what the
 * screen shows and follows a moment later (see `useUrlListQuery`).
 */
export function currentQuery(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

export type ListQueryState = [ListQuery, (patch: QueryPatch, opts?: { resetPage?: boolean }) => void];

/**
 * Page, filters and view of a list in the URL (reload, back and links keep them): every list
 * screen (`useResourceList`), the library screens, the home figures. The address changes through
 * the browser's own history (Next keeps `useSearchParams` in step), so a filter or a page asks the
 * API for the rows and nothing else: no server render of the page, no metadata streamed again (the
 * document title never blinks empty). Needs a Suspense boundary above it (useSearchParams).
 */
export function useUrlListQuery(): ListQueryState {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const queryKey = searchParams.toString();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(queryKey)), [queryKey]);
  // A patch applies to the address as it is now, not as this render saw it: the history changes
  // at once but `useSearchParams` follows in a transition, so a filter set right after another
  // (a status, then a keyword within the same moment) would otherwise drop the first.
  const setQuery = useCallback(
    (patch: QueryPatch, { resetPage = true }: { resetPage?: boolean } = {}) => {
      showQuery(pathname, applyPatch(Object.fromEntries(currentQuery()), patch, resetPage));
    },
    [pathname],
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
