import 'server-only';
import { cookies } from 'next/headers';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { SESSION_COOKIE } from '../../lib/constants';
import { queryKeys, resourcePath } from '../../lib/query/keys';
import { listParams, screenFixed } from '../../lib/query/list-params';
import { CATEGORY_TYPES_READ, categoryTreeRead, type ApiRead } from '../../lib/query/reads';
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
export async function readAsViewer<T>(path: string, params: Record<string, unknown>): Promise<T | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  // As axios sends them: a parameter without a value is left out.
  const sent = Object.entries(params).filter(([, v]) => v !== undefined && v !== null);
  const query = new URLSearchParams(sent.map(([k, v]) => [k, String(v)])).toString();
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

/** What a list page's server component names to read its list's first page (see `firstPages().list`). */
export interface FirstListRead {
  /** The key path (`resourcePath(def)`). */
  path: string;
  /** The API path read (the key path by default). */
  url?: string;
  filters?: FilterDef[];
  searchParams: PageSearchParams;
  fixed?: Record<string, string | number | boolean | undefined>;
  only?: string[];
  /** What the API is asked when the screen's loader turns the list's parameters into others (数据统计's range). */
  send?: (params: Params) => Record<string, unknown>;
  /** The screen's rows when its loader reshapes the API's answer (the review queue's keys). */
  shape?: (data: never) => unknown;
}

/**
 * The data a page reads on the server for its screen, gathered into one data-layer state to hand
 * over with `<HydrationBoundary state>`: each read sits under the very key the screen reads it by
 * (`listParams` + `queryKeys` for a list page, an `ApiRead`'s key for anything else), so the rows
 * are in the HTML and the screen asks for nothing until the person filters, pages or writes. A
 * read that fails hands over nothing: the screen then asks itself and says what went wrong. Reads
 * may depend on each other (a focus screen's slots on the platforms it groups by): each returns its
 * data (or null).
 */
export function firstPages() {
  const client = new QueryClient();
  const read = async <T>(one: ApiRead): Promise<T | null> => {
    const data = one.url.startsWith('/api/') ? await readAsViewer<T>(one.url, one.params ?? {}) : null;
    if (data !== null) client.setQueryData(one.key, data);
    return data;
  };
  const list = async <T = unknown>({ path, url = path, filters = [], searchParams, fixed, only, send, shape }: FirstListRead): Promise<T | null> => {
    const params = listParams({ filters, asked: askedOf(searchParams), fixed, only });
    // Another host's resource (`topic:/api/topics`) is not this process's to read.
    const answer = path.startsWith('/api/') ? await readAsViewer<never>(url, send ? send(params) : params) : null;
    const data = answer !== null && shape ? shape(answer) : answer;
    if (data !== null) client.setQueryData(queryKeys.list(path, params), data);
    return data as T | null;
  };
  return {
    /** One read of the main API (`lib/query/reads.ts`). */
    read,
    /** The first page of a list for the URL's filters, under the key `useResourceList` reads. */
    list,
    /** The first page of a declared resource's list screen (`useResourceScreen` given the same `pageSize`, `fixed` and `params`). */
    resourceList<T = unknown>(def: ResourceDecl, searchParams: PageSearchParams, options: ResourceListOptions = {}): Promise<T | null> {
      return list<T>({
        path: resourcePath(def),
        filters: options.filters ?? def.filters ?? [],
        searchParams,
        fixed: screenFixed({ pageSize: options.pageSize, fixed: options.fixed }),
        only: options.params,
      });
    },
    /** Every category type and each one's whole tree (`useCategoryGroups`: the category pickers). */
    async categoryGroups(): Promise<void> {
      const types = await read<{ list: Array<{ id: number }> }>(CATEGORY_TYPES_READ);
      await Promise.all((types?.list ?? []).map((t) => read(categoryTreeRead(t.id))));
    },
    /** What was read, to hand over. */
    state: (): DehydratedState => dehydrate(client),
  };
}

/** A declared list screen's own options that change what it asks (`useResourceScreen`'s of the same names). */
export interface ResourceListOptions {
  pageSize?: number;
  fixed?: Record<string, string | number | boolean | undefined>;
  params?: string[];
  filters?: FilterDef[];
}

/** The first page of one list, as a state to hand over (see `firstPages`). */
export async function firstListState(read: FirstListRead): Promise<DehydratedState> {
  const pages = firstPages();
  await pages.list(read);
  return pages.state();
}

/**
 * The first page of a declared resource's list screen (`ResourceListPage`: a drag-ordered list reads
 * 100 rows), as a state to hand over (see `firstPages().resourceList`).
 */
export async function firstResourceListState(def: ResourceDecl, searchParams: PageSearchParams, options: ResourceListOptions = {}) {
  const pages = firstPages();
  await pages.resourceList(def, searchParams, { ...options, pageSize: options.pageSize ?? (def.sortable ? 100 : undefined) });
  return pages.state();
}

/**
 * The first page of a screen built on `useResourceScreen` (or `ResourceList`) with these options
 * (no page size unless given, as there), as a state to hand over.
 */
export async function firstScreenState(def: ResourceDecl, searchParams: PageSearchParams, options: ResourceListOptions = {}) {
  const pages = firstPages();
  await pages.resourceList(def, searchParams, options);
  return pages.state();
}
