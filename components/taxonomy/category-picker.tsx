'use client';

import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Select, Typography } from 'antd';
import type { Category } from '@/lib/api/types';
import { buildTree, type TreeNode } from '@/lib/tree';
import type { CategoryGroup } from './category-groups';

/**
 * 分类 as a flat list grouped by type (issue 15, P2-9): every field that picks one category (the
 * editors' 分类, 文章列表's filter and 移动到分类, the category delete's 移到分类). antd's TreeSelect
 * with the types as `selectable: false` headings could not be driven by keyboard: after typing, its
 * first active node was a heading (its search skips a heading's children) and ArrowDown landed on
 * the heading, so Enter chose nothing. Here the types are option groups, which the keyboard skips;
 * each category is an option indented by its depth; typing filters by the category's own name and
 * makes the first match active; Enter chooses the active one. Each option's tooltip is its path.
 */

export interface CategoryOption {
  value: number;
  /** What the field shows once chosen. */
  label: string;
  /** What typing matches. */
  name: string;
  /** 资讯 / 行业动态 / 市场销量 (the option's title). */
  title: string;
  depth: number;
  disabled?: boolean;
}

export interface CategoryOptionGroup {
  label: string;
  title: string;
  options: CategoryOption[];
}

export interface CategoryOptionsConfig {
  /** Categories that cannot be chosen (the one being deleted). */
  disabledIds?: ReadonlySet<number>;
  /** Switched-off categories: shown greyed 「（已停用）」 and not choosable ('mark'), left out ('hide'), or like the others ('keep'). */
  switchedOff?: 'mark' | 'hide' | 'keep';
}

/** The groups and options of the picker, in tree order (pure; unit-tested). Types without categories are left out. */
export function categoryOptions(groups: CategoryGroup[], { disabledIds = new Set(), switchedOff = 'keep' }: CategoryOptionsConfig = {}): CategoryOptionGroup[] {
  const out: CategoryOptionGroup[] = [];
  for (const g of groups) {
    const rows = switchedOff === 'hide' ? withoutSwitchedOff(g.rows) : g.rows;
    const options: CategoryOption[] = [];
    const walk = (nodes: Array<TreeNode<Category>>, path: string[]) => {
      for (const n of nodes) {
        const off = n.record.enabled === false && switchedOff === 'mark';
        const here = [...path, n.record.name];
        options.push({
          value: n.record.id,
          label: off ? `${n.record.name}（已停用）` : n.record.name,
          name: n.record.name,
          title: here.join(' / '),
          depth: path.length - 1,
          disabled: disabledIds.has(n.record.id) || off || undefined,
        });
        walk(n.children, here);
      }
    };
    walk(buildTree(rows), [g.type.name]);
    if (options.length) out.push({ label: g.type.name, title: g.type.name, options });
  }
  return out;
}

/** A type's rows without switched-off categories and what is below them. */
function withoutSwitchedOff(rows: Category[]): Category[] {
  const gone = new Set<number>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (gone.has(r.id)) continue;
      if (r.enabled === false || (r.parentId !== null && gone.has(r.parentId))) {
        gone.add(r.id);
        grew = true;
      }
    }
  }
  return rows.filter((r) => !gone.has(r.id));
}

export interface CategoryPickerProps extends CategoryOptionsConfig {
  groups: CategoryGroup[];
  value?: number | null;
  onChange?: (id: number | undefined) => void;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  allowClear?: boolean | { clearIcon?: ReactNode };
  disabled?: boolean;
  style?: CSSProperties;
  notFoundContent?: ReactNode;
  popupMatchSelectWidth?: boolean | number;
}

/** One category, chosen by mouse or keyboard (Tab, type or ArrowDown, Enter). */
export function CategoryPicker({
  groups,
  value,
  onChange,
  id,
  placeholder = '选择分类',
  allowClear = true,
  disabled,
  style,
  notFoundContent = '没有匹配的分类',
  popupMatchSelectWidth,
  disabledIds,
  switchedOff,
  ...rest
}: CategoryPickerProps) {
  const options = useMemo(() => categoryOptions(groups, { disabledIds, switchedOff }), [groups, disabledIds, switchedOff]);
  const [typed, setTyped] = useState('');
  return (
    <Select<number>
      id={id}
      aria-label={rest['aria-label']}
      value={value ?? undefined}
      onChange={(v) => onChange?.(typeof v === 'number' ? v : undefined)}
      options={options}
      showSearch={{ optionFilterProp: 'name', onSearch: setTyped }}
      onOpenChange={(open) => !open && setTyped('')}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder}
      style={style}
      popupMatchSelectWidth={popupMatchSelectWidth}
      notFoundContent={notFoundContent}
      optionRender={(option) => {
        const o = option.data as CategoryOption;
        // Indented by depth; while searching, the path says where a match sits.
        return (
          <span style={{ display: 'flex', gap: 8, justifyContent: 'space-between', paddingInlineStart: typed ? 0 : o.depth * 16 }}>
            <span>{o.label}</span>
            {typed && o.depth > 0 && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {o.title.split(' / ').slice(1, -1).join(' / ')}
              </Typography.Text>
            )}
          </span>
        );
      }}
    />
  );
}
