'use client';

import { useMemo } from 'react';
import { Select } from 'antd';
import { useCategoryGroups, type CategoryGroup } from '@/components/taxonomy/category-groups';
import { CategoryPicker } from '@/components/taxonomy/category-picker';
import { clearable } from '@/components/crud';

const NO_GROUPS: CategoryGroup[] = [];

/**
 * A category from any type, grouped under its type (the type itself cannot be chosen), searchable
 * by name and chosen by keyboard too (components/taxonomy/category-picker.tsx). Used by the list's
 * filter, by 移动到分类 and by the category delete's 移到分类.
 */
export function CategorySelect({
  value,
  onChange,
  id,
  placeholder = '选择分类',
  style,
  'aria-label': ariaLabel = '分类',
  allowClear = true,
  disabledId,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  id?: string;
  placeholder?: string;
  style?: React.CSSProperties;
  'aria-label'?: string;
  allowClear?: boolean;
  /** A category that cannot be chosen (the one being deleted). */ disabledId?: number;
}) {
  const groups = useCategoryGroups().groups ?? NO_GROUPS;
  const disabledIds = useMemo(() => new Set(disabledId ? [disabledId] : []), [disabledId]);
  return (
    <CategoryPicker
      groups={groups}
      id={id}
      aria-label={ariaLabel}
      value={value}
      onChange={onChange}
      disabledIds={disabledIds}
      allowClear={allowClear ? clearable() : false}
      placeholder={placeholder}
      style={{ width: 180, ...style }}
      popupMatchSelectWidth={false}
      notFoundContent="没有分类，请先在「分类管理」中添加"
    />
  );
}

/**
 * An editor: the viewer and the editors seen in the list so far (no staff directory is needed to
 * filter, as in the library's uploader filter).
 */
export function EditorSelect({
  value,
  onChange,
  editors,
}: {
  value?: number;
  onChange: (id: number | undefined) => void;
  editors: Array<{ id: number; name: string }>;
}) {
  return (
    <Select
      aria-label="编辑"
      value={value}
      onChange={(v: number | undefined) => onChange(v)}
      options={editors.map((e) => ({ value: e.id, label: e.name }))}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={clearable()}
      placeholder="全部编辑"
      style={{ width: 140 }}
      notFoundContent="列表中出现过的编辑会列在这里"
    />
  );
}
