'use client';

import type { ReactNode } from 'react';
import { Tag, Tooltip, Typography, type TableColumnType } from 'antd';
import dayjs from 'dayjs';
import type { FieldDef, FieldOption, ResourceDecl, SortOrder } from '@/lib/resources/define';

/** `2026-11-05 09:30`, or `-` for an empty value. */
export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = dayjs(value as string | number | Date);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm') : String(value);
}

/**
 * The width of a date-time column of a list: the date over the time (`DateTimeCell`), so a date
 * column takes 104 px, not 150 (at 1440 px no key column may sit under the pinned 操作 column:
 * ux-2026-11-28 P2-4).
 */
export const DATE_COLUMN_WIDTH = 104;

/** A date-time in a list cell: `2026-11-05` over `09:30`, or `-` (or `empty`) when there is none. */
export function DateTimeCell({ value, empty = '-' }: { value: unknown; empty?: ReactNode }) {
  const text = formatDateTime(value);
  if (text === '-') return <>{empty}</>;
  const [day, time] = text.split(' ');
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {day}
      {time && (
        <>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {time}
          </Typography.Text>
        </>
      )}
    </span>
  );
}

/** The label of the option holding `value` (compared as strings, since query values are strings). */
export function optionLabel(options: FieldOption[] | undefined, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '-';
  return options?.find((o) => String(o.value) === String(value))?.label ?? String(value);
}

/** How a field's value is shown in a list cell, by its input kind. */
function renderCell(field: FieldDef, value: unknown, isTag = false): ReactNode {
  switch (field.input) {
    case 'switch':
      // A switch with its own words for on and off (要求两步验证: 要求 / 不要求), else 启用 / 停用.
      if (field.options) return value ? <Tag color="success">{optionLabel(field.options, true)}</Tag> : <Tag>{optionLabel(field.options, false)}</Tag>;
      return value ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>;
    case 'radio':
    case 'select':
      return isTag ? <Tag>{optionLabel(field.options, value)}</Tag> : optionLabel(field.options, value);
    case 'date':
      return <DateTimeCell value={value} />;
    default:
      return value === null || value === undefined || value === '' ? '-' : String(value);
  }
}

/** A cell that ends in … when too long and shows the whole text in a tooltip (mouse and keyboard focus alike). */
export function EllipsisText({ text }: { text: ReactNode }) {
  if (text === null || text === undefined || text === '' || text === '-') return <>{text ?? '-'}</>;
  return (
    <Tooltip title={text} placement="topLeft">
      <span style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{text}</span>
    </Tooltip>
  );
}

/**
 * antd columns for the fields declared with `list`, in declaration order. The key column (declared
 * `list: { key: true }`, else the first) is pinned on the left; `sort: true` fields sort; `ellipsis`
 * fields end in … with a tooltip; by input kind, an `image` shows its thumbnail, a `link` opens in a
 * new tab, a select/radio its option's label, a date `YYYY-MM-DD HH:mm`. `overrides` (keyed by field
 * name) is spread over the generated column, so a screen can change a title, width or `render`.
 * @see STYLE §2 (ADP: one columns array drives the table)
 */
export function columnsFrom<T extends object>(
  def: ResourceDecl,
  overrides: Record<string, Partial<TableColumnType<T>>> = {},
  { sort, order }: { sort?: string; order?: SortOrder } = {},
): TableColumnType<T>[] {
  const listed = def.fields.filter((field) => field.list);
  const keyName = listed.find((f) => typeof f.list === 'object' && f.list.key)?.name ?? listed[0]?.name;
  return listed.map((field) => {
    const layout = typeof field.list === 'object' ? field.list : {};
    const isKey = field.name === keyName;
    const title = layout.title ?? field.label;
    let column: TableColumnType<T>;
    if (field.input === 'image') column = thumbColumn<T>(field.name, title, { width: layout.width, square: layout.square });
    else if (field.input === 'link') column = linkColumn<T>(field.name, title, layout.width);
    else {
      column = {
        key: field.name,
        title,
        dataIndex: field.name,
        width: field.input === 'date' && !isKey ? DATE_COLUMN_WIDTH : (layout.width ?? (isKey ? 140 : undefined)),
        fixed: isKey ? 'left' : undefined,
        ellipsis: layout.ellipsis ? { showTitle: false } : undefined,
        render: (value: unknown) => (layout.ellipsis ? <EllipsisText text={renderCell(field, value)} /> : renderCell(field, value, layout.tag)),
      };
    }
    if (field.sort || overrides[field.name]?.sorter) {
      column.sorter = true;
      column.sortOrder = sort === field.name ? (order ?? 'ascend') : null;
      column.sortDirections = ['ascend', 'descend'];
    }
    return { ...column, ...overrides[field.name] } as TableColumnType<T>;
  });
}

/**
 * Holds every ellipsized column to its declared width. A list table is as wide as its content
 * (`scroll.x: 'max-content'`), and there a cell of unbroken text grew to the whole text (专题's
 * 摘要 took 380 px of a declared 180), pushing the key columns under the pinned 操作 column
 * (ux-2026-11-28 P2-4). The cell's content gets a box of the width (less the cell's padding), and
 * the text ends in … inside it. Used by `ResourceTable` and `SortableTable`, so every list gets it.
 */
export function boundEllipsis<T>(columns: TableColumnType<T>[]): TableColumnType<T>[] {
  return columns.map((c) => {
    if (!c.ellipsis || typeof c.width !== 'number') return c;
    const { render, width } = c;
    return {
      ...c,
      render: (value: unknown, record: T, index: number) => (
        <div style={{ maxWidth: width - 16, overflow: 'hidden' }}>{(render ? render(value, record, index) : value) as ReactNode}</div>
      ),
    };
  });
}

/** A picture cell: the thumbnail, or 无. */
export function thumbColumn<T>(key: string, title: string, { width = 96, square = false }: { width?: number; square?: boolean } = {}): TableColumnType<T> {
  return {
    key,
    title,
    dataIndex: key,
    width,
    render: (url: string) =>
      url ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={url}
          alt=""
          style={{ width: square ? 40 : 80, height: square ? 40 : 45, objectFit: square ? 'contain' : 'cover', borderRadius: 4, display: 'block' }}
        />
      ) : (
        <Typography.Text type="secondary">无</Typography.Text>
      ),
  };
}

/** A link cell: opens in a new tab, shortened with a tooltip. */
export function linkColumn<T>(key = 'url', title = '链接', width = 200): TableColumnType<T> {
  return {
    key,
    title,
    dataIndex: key,
    width,
    ellipsis: { showTitle: false },
    render: (v: string) =>
      v ? (
        <a
          href={v}
          target="_blank"
          rel="noopener noreferrer"
          title={v}
          style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: width }}
        >
          {v}
        </a>
      ) : (
        '-'
      ),
  };
}
