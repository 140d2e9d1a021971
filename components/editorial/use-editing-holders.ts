'use client';

import { useMemo } from 'react';
import type { EditorialPath, LockHolder } from '@/lib/api/editorial';
import { editingRead } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';

/** How often a list asks who is editing its rows, while the tab is visible (issue 8). */
export const EDITING_REFRESH_MS = 30_000;

/**
 * Who is editing the rows on screen (文章列表, 视频列表): one read of the data layer for the page's
 * ids, again every 30 s while the tab is visible and at once when it comes back. Silent: a failed
 * refresh keeps what was known rather than raising a toast every half minute.
 */
export function useEditingHolders(path: EditorialPath, ids: number[]): Map<number, LockHolder> {
  const key = ids.join(',');
  const read = useApiRead<{ list: Array<LockHolder & { id: number }> }>(key ? editingRead(path, ids) : null, { refetchInterval: EDITING_REFRESH_MS });
  const list = key ? read.data?.list : undefined;
  return useMemo(() => new Map((list ?? []).map((l) => [l.id, l])), [list]);
}
