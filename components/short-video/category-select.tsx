'use client';

import { useEffect, useState } from 'react';
import { http } from '@/lib/http';
import { isOk } from '@/lib/api/resource';
import type { FlatNode } from '@/lib/tree';
import { loadCategoryGroups, type CategoryGroup } from '@/components/taxonomy/category-groups';
import { CategoryPicker } from '@/components/taxonomy/category-picker';

interface CategoryRow extends FlatNode {
  typeId: number;
  enabled: boolean;
}

/** The enabled categories as a tree (loaded once per page), for a form field or a filter. */
export function useCategories() {
  const [rows, setRows] = useState<CategoryRow[]>([]);
  useEffect(() => {
    let isCurrent = true;
    void http.main.get<{ list: CategoryRow[] }>('/api/categories', { pageSize: 100, enabled: 'true' }).then((reply) => {
      if (isCurrent && isOk(reply)) setRows(reply.data.list);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return rows;
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
  const [groups, setGroups] = useState<CategoryGroup[]>([]);
  useEffect(() => {
    let isCurrent = true;
    void loadCategoryGroups().then((g) => isCurrent && g && setGroups(g));
    return () => {
      isCurrent = false;
    };
  }, []);
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
