'use client';

import { useQuery } from '@tanstack/react-query';
import { http } from '../http';
import { unwrap } from './index';
import type { ApiRead } from './reads';

/**
 * A read of the main API held by the data layer (lib/query): cached under `read.key`, asked once
 * however many components show it, read again when the tab comes back into focus and whenever a
 * write invalidates its resource; what the server rendered with the page (server/ssr/first-page.ts)
 * is already there. `null` asks nothing (nothing chosen yet); `refetchInterval` reads it again
 * every so many ms while the tab is visible; `refetchOnMount: 'always'` reads it again whenever a
 * component showing it mounts, however fresh. Returns TanStack Query's result:
 * `data` (undefined until it arrives), `isPending`, `isError`, `refetch`.
 */
export function useApiRead<T>(
  read: ApiRead | null,
  { refetchInterval, refetchOnMount }: { refetchInterval?: number; refetchOnMount?: boolean | 'always' } = {},
) {
  // (An interval pauses while the tab is in the background; the tab coming back reads at once.)
  return useQuery({ ...apiReadQuery<T>(read ?? NOTHING), enabled: read !== null, refetchInterval, refetchOnMount });
}

const NOTHING: ApiRead = { key: ['nothing'], url: '' };

/** The query of one read (its key and how it is asked), for `useQuery` or `useQueries`. */
export function apiReadQuery<T>(read: ApiRead) {
  return { queryKey: read.key, queryFn: async () => unwrap(await http.main.request<T>('GET', read.url, read.params, { quiet: read.quiet })) };
}
