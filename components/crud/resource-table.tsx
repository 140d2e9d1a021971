'use client';

import type { ReactNode } from 'react';
import { Button, Empty, Popconfirm, Space, Tag, type TableColumnType } from 'antd';
import dayjs from 'dayjs';
import type { FieldDef, FieldOption, ResourceDef } from '@/lib/resources/define';

/** `2026-11-05 09:30`, or `-` for an empty value. */
export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = dayjs(value as string | number | Date);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm') : String(value);
}

/** The label of the option holding `value` (compared as strings, since query values are strings). */
export function optionLabel(options: FieldOption[] | undefined, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '-';
  return options?.find((o) => String(o.value) === String(value))?.label ?? String(value);
}

/** How a field's value is shown in a list cell, by its input kind. */
function renderCell(field: FieldDef, value: unknown): ReactNode {
  switch (field.input) {
    case 'switch':
      return value ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>;
    case 'radio':
    case 'select':
      return optionLabel(field.options, value);
    case 'date':
      return formatDateTime(value);
    default:
      return value === null || value === undefined || value === '' ? '-' : String(value);
  }
}

/**
 * antd columns for the fields declared with `list`, in declaration order. `overrides` (keyed by field
 * name) is spread over the generated column, so a screen can change a title, width or `render`.
 * @see STYLE §2 (ADP: one columns array drives the table)
 */
export function columnsFrom<T extends object>(def: ResourceDef, overrides: Record<string, Partial<TableColumnType<T>>> = {}): TableColumnType<T>[] {
  return def.fields
    .filter((field) => field.list)
    .map((field) => {
      const layout = typeof field.list === 'object' ? field.list : {};
      return {
        key: field.name,
        title: field.label,
        dataIndex: field.name,
        width: layout.width,
        ellipsis: layout.ellipsis,
        render: (value: unknown) => renderCell(field, value),
        ...overrides[field.name],
      } as TableColumnType<T>;
    });
}

export interface ActionsColumnOptions<T> {
  onEdit?: (record: T) => void;
  /** Return the request's promise: the confirm button spins until it settles. */
  onDelete?: (record: T) => unknown;
  /** More actions, rendered after 删除. */
  extra?: (record: T) => ReactNode;
  /** Rows that may not be deleted (the server refuses them too) show no 删除. */
  canDelete?: (record: T) => boolean;
  /** The delete confirmation; default `确定删除「name」吗？`. */
  deleteTitle?: (record: T) => ReactNode;
  title?: ReactNode;
  width?: number;
}

function nameOf(record: object): string {
  const r = record as { name?: unknown; title?: unknown; id?: unknown };
  return String(r.name ?? r.title ?? r.id ?? '');
}

/** The 操作 column: 编辑, 删除 (confirmed with a Popconfirm) and any extra actions. */
export function actionsColumn<T extends object>({ onEdit, onDelete, canDelete, extra, deleteTitle, title = '操作', width = 140 }: ActionsColumnOptions<T>): TableColumnType<T> {
  return {
    key: 'actions',
    title,
    width,
    fixed: 'right',
    render: (_: unknown, record: T) => (
      <Space size={0}>
        {onEdit && (
          <Button type="link" size="small" onClick={() => onEdit(record)}>
            编辑
          </Button>
        )}
        {onDelete && (canDelete?.(record) ?? true) && (
          <Popconfirm
            title={deleteTitle ? deleteTitle(record) : `确定删除「${nameOf(record)}」吗？`}
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => Promise.resolve(onDelete(record))}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        )}
        {extra?.(record)}
      </Space>
    ),
  };
}

/**
 * What an empty table shows: an invitation to add the first record, or, when filters are active,
 * that nothing matched. Use as `locale={{ emptyText: emptyText('角色', hasFilters) }}`.
 */
export function emptyText(label: string, isFiltered = false): ReactNode {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={isFiltered ? `没有符合条件的${label}，换个条件试试` : `暂无${label}，点击「新增${label}」添加第一条`}
    />
  );
}
