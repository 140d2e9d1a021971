'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { isOk, type ListParams, type Reply } from '@/lib/api/resource';
import { PAGE_SIZE_DEFAULT, type FilterDef, type ListResult, type SortOrder } from '@/lib/resources/define';
import { listEmptyText } from './empty';
import { clearPatch, isDefaultHiding, isFiltered, showAllPatch, withDefaults } from './list-query';
import { useLocalListQuery, useUrlListQuery } from './use-list-query';

/**
 * A list whose page and filters live in the URL query (reload and back keep them). Returns the
 * data, a loading flag, `setQuery` for filters, and prop bags to spread onto `ResourceFilters` and antd's Table.
 * @see STYLE §2 (RF useTable prop bags)
 */
export function useResourceList<T extends { id: number | string }>({
  fetchList,
  fixed,
  filters = [],
  isLocal = false,
  nothingYet,
}: {
  /** Loads one page; usually `client.list`. */
  fetchList: (params: ListParams) => Promise<Reply<ListResult<T>>>;
  /** Parameters always sent, not kept in the URL (e.g. a department chosen in a tree). */
  fixed?: ListParams;
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
  const [data, setData] = useState<ListResult<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [highlightId, setHighlightId] = useState<T['id'] | null>(null);
  const requestId = useRef(0);
  const fetchRef = useRef(fetchList);
  fetchRef.current = fetchList;

  const reload = useCallback(async () => {
    const id = ++requestId.current;
    setLoading(true);
    const reply = await fetchRef.current({ ...query, ...(JSON.parse(fixedKey) as ListParams) });
    if (id !== requestId.current) return; // a newer request superseded this one
    if (isOk(reply)) {
      setData(reply.data);
      setFailed(false);
    } else {
      setFailed(true);
    }
    setLoading(false);
  }, [query, fixedKey]);

  useEffect(() => {
    void reload();
  }, [reload]);

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
      else void reload();
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
