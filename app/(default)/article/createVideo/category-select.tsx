'use client';

import { useEffect, useMemo, useState } from 'react';
import { TreeSelect } from 'antd';
import { http } from '@/lib/http';
import { isOk } from '@/lib/api/resource';
import { buildTree, type FlatNode } from '@/components/taxonomy/tree-data';

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

/** 分类: a tree select over the enabled categories (value / onChange, so it sits in a Form.Item). */
export function CategorySelect({ value, onChange, id, disabled }: { value?: number | null; onChange?: (v: number | null) => void; id?: string; disabled?: boolean }) {
  const rows = useCategories();
  const tree = useMemo(() => buildTree(rows), [rows]);
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={tree}
      disabled={disabled}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      placeholder="选择分类（可不选）"
      style={{ width: '100%' }}
    />
  );
}
