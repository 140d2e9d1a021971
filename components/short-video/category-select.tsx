'use client';

import { listRead } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';
import type { ListResult } from '@/lib/resources/define';
import type { FlatNode } from '@/lib/tree';
import { useCategoryGroups, type CategoryGroup } from '@/components/taxonomy/category-groups';
import { CategoryPicker } from '@/components/taxonomy/category-picker';

const NO_GROUPS: CategoryGroup[] = [];
const NO_ROWS: never[] = [];

interface CategoryRow extends FlatNode {
  typeId: number;
  enabled: boolean;
}

/** The enabled categories (a read of the data layer: a change in 分类管理 shows here too), for a form field or a filter. */
export function useCategories(): CategoryRow[] {
  return useApiRead<ListResult<CategoryRow>>(listRead('/api/categories', { pageSize: 100, enabled: 'true' })).data?.list ?? NO_ROWS;
}

/**
 * 分类: the categories grouped by type (switched-off ones greyed), chosen by mouse or keyboard (value / onChange, so it
 * sits in a Form.Item). The shared picker (components/taxonomy/category-picker.tsx).
 */
export function CategorySelect({
  value,
  onChange,
  id,
  disabled,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  disabled?: boolean;
}) {
  const groups = useCategoryGroups().groups ?? NO_GROUPS;
  return (
    <CategoryPicker
      groups={groups}
      id={id}
      value={value}
      onChange={(v) => onChange?.(v ?? null)}
      switchedOff="mark"
      disabled={disabled}
      placeholder="选择分类（可不选）"
      style={{ width: '100%' }}
    />
  );
}
