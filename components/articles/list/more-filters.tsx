'use client';

import { useEffect, useMemo, useState } from 'react';
import { TreeSelect } from 'antd';
import { http } from '@/lib/http';
import { isOk } from '@/lib/api/resource';
import { buildTree, type FlatNode } from '@/lib/tree';
import { clearable } from '@/components/crud';

/**
 * 文章列表's filters behind 更多筛选 that bring large antd parts along (issue 25): 部门 (antd's
 * TreeSelect) and 标签 (the tag picker with its quick-create dialog). The screen fetches this module
 * when 更多筛选 is reached for or when one of these filters is set, not with its first load.
 */
export { TagPicker } from '@/components/taxonomy/tag-picker';

/** A department from the organisation tree. */
export function DepartmentSelect({ value, onChange }: { value?: number; onChange: (id: number | undefined) => void }) {
  const [rows, setRows] = useState<FlatNode[]>([]);
  useEffect(() => {
    void http.main.get<FlatNode[]>('/api/departments/tree').then((reply) => isOk(reply) && setRows(reply.data));
  }, []);
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
