'use client';

import { useRef, type ReactNode } from 'react';
import type { TableColumnType, TreeSelectProps } from 'antd';
import type { ListParams, ResourceClient } from '@/lib/api/resource';
import type { FieldOption, ResourceDef } from '@/lib/resources/define';
import { ResourceFilters } from './resource-filters';
import { ResourceFormModal, type ResourceFormModalProps } from './resource-form';
import type { RowAction } from './row-actions';
import { ResourceListTable, useResourceScreen, type ScreenRow } from './use-resource-screen';

type Values = Record<string, unknown>;

export interface SortableListProps<T extends ScreenRow> {
  def: ResourceDef;
  client: ResourceClient<T>;
  /** The record's own columns (the drag handle, 启用 switch and actions are added). */
  columns: TableColumnType<T>[];
  /** Parameters always sent (the list's group: a platform, a channel, a version …). */
  fixed?: ListParams;
  createLabel: string;
  /** Shown under the filters when the list can be dragged. */
  hint?: ReactNode;
  /** Something that stops adding and editing (e.g. no platform chosen yet), with the reason. */
  refusal?: string | null;
  hasToggle?: boolean;
  /** Extra row actions (刷新 …). */
  more?: (record: T, reload: () => Promise<void>) => RowAction[];
  /** Form pieces (ResourceFormModal). */
  fieldsOverride?: Record<string, ReactNode>;
  optionsFor?: Record<string, FieldOption[]>;
  treeDataFor?: Record<string, TreeSelectProps['treeData']>;
  extraFields?: ReactNode;
  itemRules?: ResourceFormModalProps<T>['itemRules'];
  initialValues?: Values;
  transform?: (values: Values, record: T | null) => Values;
  formWidth?: number;
  /** Columns hidden on a phone (pictures, times). */
  narrowHidden?: string[];
  /** Filters shown (default: the declaration's). */
  filters?: ResourceDef['filters'];
  /** After any change saved from this list (a save, a move, a switch, a delete): e.g. counts elsewhere. */
  onChanged?: () => void;
}

/**
 * A drag-sorted list of one group of records with hand-written columns (focus slots of a platform,
 * the icons of a nav type): `useResourceScreen` with the group fixed and up to 100 rows a page.
 * Rows move by dragging the handle or, with the handle focused, by ↑ / ↓; dragging is off while a
 * filter shows part of the list or past page 1 (the order of the hidden rows would be guessed).
 */
export function SortableList<T extends ScreenRow>({
  columns,
  more,
  fieldsOverride,
  optionsFor,
  treeDataFor,
  extraFields,
  itemRules,
  transform,
  formWidth = 640,
  ...options
}: SortableListProps<T>) {
  const reload = useRef<() => Promise<void>>(async () => {});
  const screen = useResourceScreen<T>(options.def, {
    ...options,
    pageSize: 100,
    fieldColumns: columns,
    more: more ? (r) => more(r, () => reload.current()) : undefined,
  });
  reload.current = screen.list.reload;
  const record = screen.dialog.record;
  return (
    <>
      <ResourceFilters {...screen.filtersProps} />
      <ResourceListTable<T> {...screen.tableProps} />
      <ResourceFormModal<T>
        {...screen.formModalProps}
        width={formWidth}
        fieldsOverride={fieldsOverride}
        optionsFor={optionsFor}
        treeDataFor={treeDataFor}
        extraFields={extraFields}
        itemRules={itemRules}
        transform={transform ? (v) => transform(v, record) : undefined}
      />
    </>
  );
}
