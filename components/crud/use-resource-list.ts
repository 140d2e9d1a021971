'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { TablePaginationConfig } from 'antd';
import { isOk, type ListParams, type Reply } from '@/lib/api/resource';
import { PAGE_SIZE_DEFAULT, type ListResult } from '@/lib/resources/define';

export type QueryPatch = Record<string, string | number | boolean | null | undefined>;

/**
 * A list whose page and filters live in the URL query (reload and back keep them). Returns the
 * data, a loading flag, `setQuery` for filters, and a prop bag to spread onto antd's Table.
 * @see STYLE §2 (RF useTable prop bags)
 */
export function useResourceList<T extends { id: number | string }>({
  fetchList,
  fixed,
}: {
  /** Loads one page; usually `client.list`. */
  fetchList: (params: ListParams) => Promise<Reply<ListResult<T>>>;
  /** Parameters always sent, not kept in the URL (e.g. a department chosen in a tree). */
  fixed?: ListParams;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const queryKey = searchParams.toString();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(queryKey)), [queryKey]);
  const fixedKey = JSON.stringify(fixed ?? {});
  const [data, setData] = useState<ListResult<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
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

  /** Changes query parameters (empty values are removed); filters go back to page 1. */
  const setQuery = useCallback(
    (patch: QueryPatch, { resetPage = true }: { resetPage?: boolean } = {}) => {
      const next = new URLSearchParams(queryKey);
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (resetPage) next.delete('page');
      const qs = next.toString();
      router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [queryKey, pathname, router],
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

  return {
    query,
    data,
    loading,
    failed,
    reload,
    setQuery,
    tableProps: {
      rowKey: 'id' as const,
      dataSource: data?.list ?? [],
      loading,
      pagination,
      onChange: (p: TablePaginationConfig) =>
        setQuery({ page: p.current === 1 ? undefined : p.current, pageSize: p.pageSize === PAGE_SIZE_DEFAULT ? undefined : p.pageSize }, { resetPage: false }),
    },
  };
}
