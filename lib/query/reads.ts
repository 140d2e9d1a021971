/*
 * The reads of the main API a screen makes besides its own list page (a tree, the workbench, the
 * platforms a focus screen groups by, a picker's options), each named once with the key it sits
 * under. The server's first page (server/ssr/first-page.ts, `firstPages().read`) and the browser's
 * `useApiRead` (lib/query/use-api-read.ts) take the same object, so the data a page renders on the
 * server is the very entry the screen then reads, and a write to the resource (which invalidates
 * `[path]`) reads it again on every screen showing it.
 */
import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from './keys';

type Params = Record<string, string | number | boolean>;

/** One GET of the main API: the key its answer is cached under, its path and its parameters. */
export interface ApiRead {
  key: QueryKey;
  url: string;
  params?: Params;
  /** A refusal or no answer shows no toast: the screen does without (an editor's optional choices). */
  quiet?: boolean;
}

/** A page of a resource's list asked with `params` (the key a list screen with the same parameters shares). */
export function listRead(path: string, params: Params = {}): ApiRead {
  return { key: queryKeys.list(path, params), url: path, params };
}

/** Every row of a short resource (platforms, roles …) for a picker or a group chooser: one page of 100. */
export function allRowsRead(path: string): ApiRead {
  return listRead(path, { pageSize: 100 });
}

/** A resource's tree (`/api/departments/tree`, `/api/categories/tree?typeId=`): under the resource, so its writes refresh it. */
export function treeRead(path: string, params: Params = {}): ApiRead {
  return { key: [...queryKeys.all(path), 'tree', params], url: `${path}/tree`, params };
}

/** 工作台's 我的工作 (what waits for my review, my rejections, drafts and schedules, offline focus slots). */
export const WORKBENCH_READ: ApiRead = { key: ['/api/workbench'], url: '/api/workbench' };

/** Every category type (few): the groups of the category pickers. */
export const CATEGORY_TYPES_READ: ApiRead = allRowsRead('/api/category_types');

/** One category type's whole tree, flat in sibling order (the paged list stops at 100 rows, too few for a newsroom's channels). */
export function categoryTreeRead(typeId: number): ApiRead {
  return treeRead('/api/categories', { typeId });
}

/**
 * The keys an editor's save or transition of an article or a short video (`/api/articles`,
 * `/api/videos`) changes: its list (文章列表 / 视频列表, every filter and page), the review queue and
 * the workbench. Invalidated with `invalidate`, so the person's other tabs read them again too.
 */
export function editorialKeys(path: 'articles' | 'videos'): QueryKey[] {
  return [queryKeys.all(`/api/${path}`), queryKeys.all('/api/articles_review'), WORKBENCH_READ.key];
}

/** Who is editing which of these articles or short videos (a list's 编辑中 tags): quiet, it refreshes in the background. */
export function editingRead(path: 'articles' | 'videos', ids: number[]): ApiRead {
  const list = ids.join(',');
  return { key: [...queryKeys.all(`/api/${path}`), 'locks', list], url: `/api/${path}/locks`, params: { ids: list }, quiet: true };
}

/** 站点接口's webhook endpoints (also the workbench's notice of paused ones; quiet there). */
export const WEBHOOKS_READ: ApiRead = { key: queryKeys.all('/api/webhooks'), url: '/api/webhooks' };

/** 数据概览's figures of today, this week and this month (read again when the tab comes back, and after a statistics write). */
export const STATS_SUM_READ: ApiRead = { key: [...queryKeys.all('/api/statistics'), 'sum'], url: '/api/statistics/sum' };

/** The departments and editors the statistics filters offer (quiet: the filters do without them). */
export const STATS_OPTIONS_READ: ApiRead = { key: [...queryKeys.all('/api/statistics'), 'options'], url: '/api/statistics/options', quiet: true };

/** The trend of a range, a department and an editor (the URL's `from`, `to`, `departmentId`, `userId`). */
export function statsChartRead(params: { from?: string; to?: string; departmentId?: string; userId?: string }): ApiRead {
  const sent = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Params;
  return { key: [...queryKeys.all('/api/statistics'), 'chart', sent], url: '/api/statistics/chart', params: sent };
}
