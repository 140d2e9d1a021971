import 'server-only';
import { cookies } from 'next/headers';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { SESSION_COOKIE } from '../../lib/constants';
import { queryKeys, resourcePath } from '../../lib/query/keys';
import { listParams, screenFixed } from '../../lib/query/list-params';
import type { FilterDef, ResourceDecl } from '../../lib/resources/define';
import { nextApp } from '../next-app';

type Params = Record<string, string | number | boolean>;
/** A page's `searchParams` as Next hands them over. */
export type PageSearchParams = Record<string, string | string[] | undefined>;

/** The URL's query as the browser's `useSearchParams` reads it: the first value of each name. */
export function askedOf(searchParams: PageSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(searchParams)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[name] = first;
  }
  return out;
}

/**
 * GET `path` of the main API as the person whose session cookie came with this page request: the
 * API app of this process answers it in memory (no socket, no second request through Next), through
 * the very session lookup, permission check, data scope and input validation a browser's request
 * meets. The data of a success, else null (the screen then asks itself and says what went wrong).
 */
export async function readAsViewer<T>(path: string, params: Params): Promise<T | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  try {
    const res = await nextApp().request(query ? `${path}?${query}` : path, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    const body = (await res.json()) as { status?: number; data?: T };
    return body.status === 0 && body.data !== undefined ? body.data : null;
  } catch (error) {
    // A first page is a head start, never a reason for the page to fail: the screen loads it itself.
    console.error('[first-page] read failed:', error instanceof Error ? error.message : error);
    return null;
  }
}

/**
 * The first page of a list, read on the server for the URL's filters and handed to the screen as the
 * data layer's state (`<HydrationBoundary state>`), under the key the screen's `useResourceList`
 * reads (`listParams`, `queryKeys`): the rows are in the HTML and the screen asks for nothing until
 * the person filters, pages or writes. `url` is the API path read (the key path by default).
 */
export async function firstListState({
  path,
  url = path,
  filters = [],
  searchParams,
  fixed,
  only,
}: {
  path: string;
  url?: string;
  filters?: FilterDef[];
  searchParams: PageSearchParams;
  fixed?: Record<string, string | number | boolean | undefined>;
  only?: string[];
}): Promise<DehydratedState> {
  const params = listParams({ filters, asked: askedOf(searchParams), fixed, only });
  const client = new QueryClient();
  const data = path.startsWith('/api/') ? await readAsViewer(url, params) : null;
  if (data !== null) client.setQueryData(queryKeys.list(path, params), data);
  return dehydrate(client);
}

/** The first page of a declared resource's list screen (`ResourceListPage`: a drag-ordered list reads 100 rows). */
export function firstResourceListState(def: ResourceDecl, searchParams: PageSearchParams, { pageSize }: { pageSize?: number } = {}) {
  const size = pageSize ?? (def.sortable ? 100 : undefined);
  return firstListState({ path: resourcePath(def), filters: def.filters ?? [], searchParams, fixed: screenFixed({ pageSize: size }) });
}
