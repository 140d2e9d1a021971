'use client';

import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { CATEGORY_TYPES_READ, categoryTreeRead } from '@/lib/query/reads';
import { apiReadQuery, useApiRead } from '@/lib/query/use-api-read';
import type { ListResult } from '@/lib/resources/define';
import type { Category, CategoryType } from '@/lib/api/types';

export interface CategoryGroup {
  type: CategoryType;
  /** The type's whole tree, flat, in sibling order (`buildTree` nests it). */
  rows: Category[];
}

/**
 * Every category type with all its categories: the types (few), then each type's whole tree
 * (`categoryTreeRead`), all reads of the data layer. Every picker on every screen shares them, and
 * a change saved in 分类管理 (which invalidates `/api/categories` or `/api/category_types`) shows in
 * them without a reload; what the server rendered with the page is there at once. Null until the
 * types and every tree have answered (a tree that failed counts as empty); `failed` when the types did not answer.
 */
export function useCategoryGroups(): { groups: CategoryGroup[] | null; failed: boolean } {
  // A picker that opens (mounts) reads them again, as it always did: channels someone else added
  // since show at once (what is cached is shown meanwhile).
  const types = useApiRead<ListResult<CategoryType>>(CATEGORY_TYPES_READ, { refetchOnMount: 'always' });
  const list = types.data?.list;
  const trees = useQueries({
    queries: (list ?? []).map((t) => ({ ...apiReadQuery<Category[]>(categoryTreeRead(t.id)), refetchOnMount: 'always' as const })),
  });
  const isReady = Boolean(list) && trees.every((t) => !t.isPending);
  const rowsKey = trees.map((t) => t.dataUpdatedAt).join(',');
  const groups = useMemo(
    () => (isReady && list ? list.map((type, i) => ({ type, rows: (trees[i]?.data as Category[] | undefined) ?? [] })) : null),
    // `trees` is a new array every render; its answers change only with their times.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [isReady, list, rowsKey],
  );
  return { groups, failed: types.isError };
}
