'use client';

import { useState, type ReactNode } from 'react';
import { App, Button, Grid, Switch, Typography, type TableColumnType, type TreeSelectProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  actionsColumn,
  emptyText,
  ResourceFilters,
  ResourceFormModal,
  SortableTable,
  useResourceList,
  type ResourceFormModalProps,
  type RowAction,
} from '@/components/crud';
import { isOk, type ListParams, type ResourceClient } from '@/lib/api/resource';
import { recordName } from '@/lib/resources/check';
import type { FieldOption, ResourceDef } from '@/lib/resources/define';

type Values = Record<string, unknown>;
type Row = { id: number; enabled?: boolean };

export interface SortableListProps<T extends Row> {
  def: ResourceDef;
  client: ResourceClient<T>;
  /** The record's own columns (the drag handle, 状态 switch and actions are added). */
  columns: TableColumnType<T>[];
  /** Parameters always sent (the list's group: a platform, a channel, a version …). */
  fixed?: ListParams;
  /** 新增… button text. */
  createLabel: string;
  /** Shown under the filters when the list can be dragged. */
  hint?: ReactNode;
  /** Something that stops adding and editing (e.g. no platform chosen yet), with the reason. */
  refusal?: string | null;
  /** Adds a 状态 column with a switch that writes `enabled`. */
  hasToggle?: boolean;
  /** Extra row actions (刷新 …). */
  more?: (record: T, reload: () => Promise<void>) => RowAction[];
  /** Deletes the record (only where the API has a delete). */
  onDelete?: (record: T) => Promise<unknown>;
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
  /** The list's toolbar extras besides 新增. */
  extra?: ReactNode;
  /** After any change saved from this list (a save, a move, a switch, a delete): e.g. counts elsewhere. */
  onChanged?: () => void;
}

/**
 * A drag-sorted resource list with its create/edit dialog: the shape of every operations list
 * (keywords, friend links, focus slots, nav icons). Rows move by dragging the handle or, with the
 * handle focused, by ↑ / ↓; each move saves the new order at once. Dragging is off while a filter
 * shows part of the list or past page 1 (the order of the hidden rows would be guessed).
 */
export function SortableList<T extends Row>({
  def,
  client,
  columns,
  fixed,
  createLabel,
  hint,
  refusal = null,
  hasToggle = false,
  more,
  onDelete,
  fieldsOverride,
  optionsFor,
  treeDataFor,
  extraFields,
  itemRules,
  initialValues,
  transform,
  formWidth = 640,
  narrowHidden = [],
  filters = def.filters ?? [],
  extra,
  onChanged,
}: SortableListProps<T>) {
  const { message } = App.useApp();
  const list = useResourceList<T>({ fetchList: client.list, filters, fixed: { pageSize: 100, ...fixed } });
  const [dialog, setDialog] = useState<{ open: boolean; record: T | null }>({ open: false, record: null });
  const isPaged = (Number(list.query.page) || 1) > 1;
  const isNarrow = Grid.useBreakpoint().md === false;

  const toggle = async (record: T, enabled: boolean) => {
    const reply = await client.update(record.id, { enabled } as never);
    if (isOk(reply)) void message.success(`「${recordName(record)}」已${enabled ? '启用' : '停用'}`);
    await list.reload();
    onChanged?.();
  };
  const reorder = async (ids: number[]) => {
    const reply = await client.sort(ids);
    if (isOk(reply)) void message.success('顺序已保存');
    await list.reload();
    onChanged?.();
  };

  const all: TableColumnType<T>[] = [
    ...columns,
    ...(hasToggle
      ? [
          {
            key: 'enabled',
            title: '启用',
            dataIndex: 'enabled',
            width: 80,
            render: (on: boolean, r: T) => (
              <Switch size="small" checked={on} disabled={Boolean(refusal)} aria-label={`启用「${recordName(r)}」`} onChange={(v) => toggle(r, v)} />
            ),
          } as TableColumnType<T>,
        ]
      : []),
    {
      ...actionsColumn<T>({
        onEdit: (r) => setDialog({ open: true, record: r }),
        editRefusal: () => refusal,
        onDelete: onDelete
          ? async (r) => {
              await onDelete(r);
              await list.reload();
              onChanged?.();
            }
          : undefined,
        more: more ? (r) => more(r, list.reload) : undefined,
        rowName: (r) => recordName(r),
      }),
      ...(isNarrow ? { fixed: undefined } : {}),
    },
  ];
  const shown = all.filter((c) => !(isNarrow && narrowHidden.includes(String(c.key))));

  return (
    <>
      <ResourceFilters
        filters={filters}
        values={list.query}
        onChange={list.setQuery}
        extra={
          <>
            {extra}
            {!refusal && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ open: true, record: null })}>
                {createLabel}
              </Button>
            )}
          </>
        }
        note={
          <Typography.Text type="secondary">
            {refusal ?? (list.isFiltered ? '筛选时不能调整顺序，清除筛选后可拖动。' : (hint ?? '拖动左侧手柄调整顺序；也可用 Tab 聚焦手柄后按 ↑ ↓ 移动。'))}
          </Typography.Text>
        }
      />
      <SortableTable<T>
        size="middle"
        columns={shown}
        dataSource={list.data?.list ?? []}
        loading={list.loading}
        pagination={(list.data?.total ?? 0) > 100 ? list.tableProps.pagination : false}
        onChange={list.tableProps.onChange as never}
        scroll={{ x: 'max-content' }}
        isSortDisabled={list.isFiltered || Boolean(refusal) || isPaged}
        onReorder={reorder}
        rowName={(r) => recordName(r)}
        rowClassName={(r) => (r.id === list.highlightId ? 'row-highlight' : '')}
        locale={{ emptyText: list.loading ? ' ' : emptyText(def.label, list.isFiltered, list.clearFilters, { canCreate: !refusal }) }}
      />
      <ResourceFormModal<T>
        def={def}
        open={dialog.open}
        record={dialog.record}
        initialValues={dialog.record ? undefined : initialValues}
        width={formWidth}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={(saved) => {
          setDialog((d) => ({ ...d, open: false }));
          if (dialog.record) void list.reload();
          else list.showCreated(saved.id);
          onChanged?.();
        }}
        fieldsOverride={fieldsOverride}
        optionsFor={optionsFor}
        treeDataFor={treeDataFor}
        extraFields={extraFields}
        itemRules={itemRules}
        transform={transform ? (v) => transform(v, dialog.record) : undefined}
        submit={(values) => (dialog.record ? client.update(dialog.record.id, values as never) : client.create(values as never))}
      />
    </>
  );
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
