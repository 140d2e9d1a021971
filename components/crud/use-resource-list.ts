'use client';

import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ListParams, Reply } from '@/lib/api/resource';
import { invalidate, queryKeys, unwrap } from '@/lib/query';
import { PAGE_SIZE_DEFAULT, type FilterDef, type ListResult, type SortOrder } from '@/lib/resources/define';
import { listEmptyText } from './empty';
import { clearPatch, isDefaultHiding, isFiltered, listParams, showAllPatch, withDefaults } from './list-query';
import { useLocalListQuery, useUrlListQuery } from './use-list-query';

/**
 * A list whose page and filters live in the URL query (reload and back keep them). Returns the
 * data, a loading flag, `setQuery` for filters, and prop bags to spread onto `ResourceFilters` and antd's Table.
 * The page is a query of the data layer (lib/query) under `[path, 'list', params]`: cached, asked
 * once however many screens show it, read again when the tab comes back into focus and whenever a
 * write invalidates `path`; a first page the server rendered (server/ssr/first-page.ts)
 * is already there, so the rows show without a loading state.
 * @see STYLE §2 (RF useTable prop bags)
 */
export function useResourceList<T extends { id: number | string }>({
  path,
  fetchList,
  fixed,
  params: only,
  filters = [],
  isLocal = false,
  nothingYet,
}: {
  /** The API path the rows come from (`resourcePath(def)`): the key a write to them invalidates. */
  path: string;
  /** Loads one page; usually `client.list`. */
  fetchList: (params: ListParams) => Promise<Reply<ListResult<T>>>;
  /** Parameters always sent, not kept in the URL (e.g. a department chosen in a tree). */
  fixed?: ListParams;
  /** Only these URL parameters go to the API (with `fixed`): a screen that keeps others in its URL (a tab …). */
  params?: string[];
  /** The list's filters (usually `resource.filters`): for `isFiltered` and `clearFilters`. */
  filters?: FilterDef[];
  /** Page and filters held in the component, not the URL (a second list on a screen whose URL is the first's). */
  isLocal?: boolean;
  /** What the empty table says when nothing is filtered (may depend on the query); the table bag then says why it is empty (`listEmptyText`). */
  nothingYet?: string | ((query: Record<string, string>) => string);
}) {
  // Both are called (hooks never are conditionally); `isLocal` picks which one holds the query.
  const inUrl = useUrlListQuery();
  const inMemory = useLocalListQuery();
  const [asked, setQuery] = isLocal ? inMemory : inUrl;
  // A filter's default (hide retired records) applies while the address names no value.
  // (Keyed by the defaults, not the array: a caller's inline `filters` is new on every render.)
  const defaultsKey = JSON.stringify(filters.flatMap((f) => (f.default === undefined ? [] : [[f.name, f.default]])));
  const query = useMemo(
    () => withDefaults(JSON.parse(defaultsKey).map(([name, value]: [string, string]) => ({ name, default: value })) as FilterDef[], asked),
    [defaultsKey, asked],
  );
  const fixedKey = JSON.stringify(fixed ?? {});
  const onlyKey = only?.join(',');
  const sent = useMemo(
    () => listParams({ filters: [], asked: query, fixed: JSON.parse(fixedKey) as ListParams, only: onlyKey?.split(',') }),
    [query, fixedKey, onlyKey],
  );
  const [highlightId, setHighlightId] = useState<T['id'] | null>(null);
  const page$ = useQuery({
    queryKey: queryKeys.list(path, sent),
    queryFn: async () => unwrap(await fetchList(sent)),
    // Another page or filter keeps the rows on screen (with the spinner) until its own arrive.
    placeholderData: keepPreviousData,
  });
  const data = page$.data ?? null;
  // Loading: nothing yet for this query (the rows shown, if any, are the previous query's).
  const loading = page$.isPending || page$.isPlaceholderData;
  const failed = page$.isError;
  // After a write: every screen showing `path` reads it again (this list among them), not just this one.
  const queryClient = useQueryClient();
  const reload = useCallback(() => invalidate(queryClient, [queryKeys.all(path)]), [queryClient, path]);

  const sort = query.sort || undefined;
  const order: SortOrder | undefined = sort ? (query.order === 'descend' ? 'descend' : 'ascend') : undefined;

  /**
   * Shows a record just created: page 1 in the default order (newest first), filters kept, the row
   * highlighted. `isHighlightMissing` tells when the filters hide it.
   */
  const showCreated = useCallback(
    (id: T['id']) => {
      setHighlightId(id);
      if (query.page || query.sort) setQuery({ page: undefined, sort: undefined, order: undefined }, { resetPage: true });
      void reload();
    },
    [query.page, query.sort, setQuery, reload],
  );

  const page = Number(query.page) || 1;
  const pageSize = Number(query.pageSize) || PAGE_SIZE_DEFAULT;
  const pagination: TablePaginationConfig = {
    current: page,
    pageSize,
    total: data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total) => (data?.totalCapped ? `超过 ${total} 条` : `共 ${total} 条`),
  };

  const filtered = isFiltered(filters, query);
  const clearFilters = useCallback(() => setQuery(clearPatch(filters)), [filters, setQuery]);
  const showAll = useCallback(() => setQuery(showAllPatch(filters)), [filters, setQuery]);
  const isHiding = isDefaultHiding(filters, asked);
  const isHighlightMissing = highlightId !== null && !loading && !!data && !data.list.some((r) => r.id === highlightId);

  return {
    query,
    data,
    loading,
    failed,
    reload,
    setQuery,
    /** Any of `filters` set in the URL. */
    isFiltered: filtered,
    clearFilters,
    /** Every record: no filters, 全部 where a filter hides retired ones by default. */
    showAll,
    /** A filter's default hides some records now (已停用, 已过期). */
    isDefaultHiding: isHiding,
    sort,
    order,
    highlightId,
    isHighlightMissing,
    showCreated,
    /** Spread onto `ResourceFilters`. */
    filtersProps: { filters, values: query, onChange: setQuery },
    tableProps: {
      ...(nothingYet === undefined
        ? {}
        : {
            locale: {
              emptyText: listEmptyText({
                loading,
                failed,
                filtered,
                nothingYet: typeof nothingYet === 'function' ? nothingYet(query) : nothingYet,
                onClear: clearFilters,
                onRetry: () => void reload(),
              }),
            },
          }),
      rowKey: 'id' as const,
      dataSource: data?.list ?? [],
      loading,
      pagination,
      onChange: (p: TablePaginationConfig, _filters: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const nextSort = one?.order ? String(one.columnKey ?? one.field) : undefined;
        const nextOrder = one?.order ?? undefined;
        const isSortChange = nextSort !== sort || (nextSort !== undefined && nextOrder !== order);
        setQuery(
          {
            page: isSortChange || p.current === 1 ? undefined : p.current,
            pageSize: p.pageSize === PAGE_SIZE_DEFAULT ? undefined : p.pageSize,
            sort: nextSort,
            order: nextSort ? nextOrder : undefined,
          },
          { resetPage: false },
        );
      },
    },
  };
}
