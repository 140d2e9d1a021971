'use client';

import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { buildTree, type FlatNode } from '@/lib/tree';
import { clearable, useTreeRows } from '@/components/crud';

/**
 * 文章列表's filters behind 更多筛选 that bring large antd parts along (issue 25): 部门 (antd's
 * TreeSelect) and 标签 (the tag picker with its quick-create dialog). The screen fetches this module
 * when 更多筛选 is reached for or when one of these filters is set, not with its first load.
 */
export { TagPicker } from '@/components/taxonomy/tag-picker';

/** A department from the organisation tree. */
export function DepartmentSelect({ value, onChange }: { value?: number; onChange: (id: number | undefined) => void }) {
  // The organisation tree 部门与员工 shows (a department saved there shows here too).
  const { rows } = useTreeRows<FlatNode>('/api/departments');
  const treeData = useMemo(() => buildTree(rows), [rows]);
  return (
    <TreeSelect
      aria-label="部门"
      value={value}
      onChange={(v: number | undefined) => onChange(v)}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear={clearable()}
      placeholder="全部部门"
      style={{ width: 160 }}
      popupMatchSelectWidth={false}
    />
  );
}
