'use client';

import { HYDRATING_TEXT, useIsClient } from '@/components/common/use-is-client';
import type { ReactNode } from 'react';
import { Button, Grid, Switch, Typography, type TableColumnType } from 'antd';
import { Card } from '@/components/common/card';
import { PlusOutlined } from '@ant-design/icons';
import { resourceClient, type ListParams, type ResourceClient } from '@/lib/api/resource';
import { resourcePath } from '@/lib/query';
import { screenFixed } from '@/lib/query/list-params';
import { writeRefusal } from '@/lib/permissions';
import { recordName } from '@/lib/resources/check';
import type { FilterDef, ResourceDecl } from '@/lib/resources/define';
import { useViewer } from '@/stores/user';
import { columnsFrom } from './columns';
import { emptyText } from './empty';
import type { ResourceFiltersProps } from './resource-filters';
import { ResourceFilters } from './resource-filters';
import { ResourceFormModal, type ResourceFormModalProps } from './resource-form';
import { ResourceTable, type ResourceTableProps } from './resource-table';
import { actionsColumn, type RowAction } from './row-actions';
import { useResourceDialog } from './use-resource-dialog';
import { useRowWrites } from './row-writes';
import { SortableTable } from './sortable-table';
import { useResourceList } from './use-resource-list';

type Values = Record<string, unknown>;
export type ScreenRow = { id: number; enabled?: boolean };

export interface ResourceScreenOptions<T extends ScreenRow> {
  /** Default `resourceClient(def)`. */
  client?: ResourceClient<T>;
  /** Parameters always sent (the list's group: a platform, a version …). */
  fixed?: ListParams;
  /** Filters shown (default: the declaration's). */
  filters?: FilterDef[];
  /** Only these URL parameters go to the API (a panel whose screen keeps other parameters in the URL: a tab, a chosen type). */
  params?: string[];
  /** Load pages of this size; the pager shows only when there are more (a short, drag-ordered list). */
  pageSize?: number;
  /** The route whose permission writes the list (default `def.permission`): the refusal comes from `writeRefusal`. */
  route?: string;
  /** A screen's own reason to stop adding and editing (e.g. no platform chosen yet); the permission's comes first. */
  refusal?: string | null;
  /** 新增… button text (default `新增<label>`). */
  createLabel?: string;
  /** The note under the filters (of a drag-ordered list: how to drag, and `filteredHint` while filtered). */
  hint?: ReactNode;
  filteredHint?: string;
  /** Spread over the generated columns by key (field names, `enabled`, `actions`); `false` leaves one out. */
  columns?: Record<string, Partial<TableColumnType<T>> | false>;
  /** The record's own columns instead of the declaration's (`fields[].list`). */
  fieldColumns?: TableColumnType<T>[];
  /** With `fieldColumns`: adds a 启用 column whose switch writes `enabled` (the declaration's switch does so by itself). */
  hasToggle?: boolean;
  /** More columns, each after the column `after` names (default: before 操作). */
  addColumns?: Array<TableColumnType<T> & { after?: string }>;
  /** The columns' order by key when it differs from the form's (the declaration's order serves both). */
  order?: string[];
  /** Columns left out on a phone (pictures, long texts). */
  narrowHidden?: string[];
  /** `false`: no 编辑 (records are only added and deleted: the sensitive words). */
  canEdit?: boolean;
  /** Offers 删除 (the API has a delete); `deletedText` is the toast. */
  deletable?: boolean;
  deletedText?: (record: T) => string;
  deleteRefusal?: (record: T) => string | null;
  /** Why this row may not be edited (nor deleted), after the list's `refusal`. */
  editRefusal?: (record: T) => string | null;
  /** The delete confirmation (default `确定删除「name」吗？`). */
  deleteTitle?: (record: T) => ReactNode;
  /** After a record is deleted (before the reload). */
  onDeleted?: (record: T) => void;
  /** More row actions (刷新 …), after 编辑 and 删除; `reload` fetches the list again. */
  more?: (record: T, reload: () => Promise<void>) => RowAction[];
  /** The row actions' order by key (default: edit, delete, then the others). */
  actionOrder?: string[];
  rowName?: (record: T) => string;
  /** After any change saved from this list (a save, a move, a switch, a delete): e.g. counts elsewhere. */
  onChanged?: () => void;
  /** Starting values of a new record. */
  initialValues?: Values;
  /** Adjusts the dialog's values before they are sent; `record` is null for a new one. */
  transform?: (values: Values, record: T | null) => Values;
  /** After the dialog saved (after the list's own reload): e.g. choose the new record elsewhere. */
  onSaved?: (saved: T, isCreate: boolean) => void;
  /** Page and filters held in the screen, not the URL (a second list beside a first one). */
  isLocal?: boolean;
  /** Remembers the chosen columns (a list that is not drag-ordered). */
  settingsId?: string;
}

/** What `ResourceListTable` takes: a ResourceTable's props, plus the drag props when the list is ordered by hand. */
export type ResourceListTableProps<T extends ScreenRow> = ResourceTableProps<T> & {
  onReorder?: (ids: number[]) => void;
  isSortDisabled?: boolean;
  rowName?: (record: T) => string;
};

/**
 * One list screen from prop bags (refine's `useTable` + `useModalForm`): the list in the URL, the
 * filter bar with 新增, the table with columns from the declaration (`fields[].list`, by input kind;
 * the `enabled` switch writes at once; a drag handle when `def.sortable`), 编辑/删除 row actions and
 * the create/edit dialog wired to reload. Every write is disabled with the reason from
 * `lib/permissions.ts` when the viewer may not make it. Spread the bags onto `ResourceFilters`,
 * `ResourceListTable` and `ResourceFormModal`, replacing or extending any of them inline.
 * @see STYLE §2, `ResourceListPage` for a screen with no overrides
 */
export function useResourceScreen<T extends ScreenRow>(def: ResourceDecl, options: ResourceScreenOptions<T> = {}) {
  const {
    client = resourceClient<T>(def),
    fixed,
    filters = def.filters ?? [],
    pageSize,
    route = def.permission,
    createLabel = `新增${def.label}`,
    narrowHidden = [],
    rowName = (r: T) => recordName(r),
    onChanged,
  } = options;
  const viewer = useViewer();
  const isHydrated = useIsClient();
  const refusal = writeRefusal(viewer, route) ?? options.refusal ?? null;
  const path = resourcePath(def);
  const list = useResourceList<T>({
    path,
    fetchList: client.list,
    filters,
    fixed: screenFixed({ pageSize, fixed }),
    params: options.params,
    isLocal: options.isLocal,
  });
  const { dialog, show, formModalProps } = useResourceDialog<T>(def, {
    client,
    initialValues: options.initialValues,
    transform: options.transform,
    onSaved: (saved, isCreate) => {
      // Either way every screen showing this resource reads it again (`reload` invalidates it).
      if (isCreate) list.showCreated(saved.id);
      else void list.reload();
      onChanged?.();
      options.onSaved?.(saved, isCreate);
    },
  });
  const isNarrow = Grid.useBreakpoint().md === false;
  const isSortable = Boolean(def.sortable);
  const isPaged = (Number(list.query.page) || 1) > 1;

  const { toggle, reorder, remove } = useRowWrites<T>(client, {
    path,
    rowName,
    deletedText: options.deletedText,
    onDeleted: options.onDeleted,
    canUndo: !def.noRestore,
    onChanged: () => onChanged?.(),
  });

  // Rows come with the HTML: until the page has hydrated a flip would not be taken, so the switch waits, greyed.
  const switchCell = (on: boolean, r: T) => (
    <Switch
      size="small"
      checked={on}
      disabled={Boolean(refusal) || !isHydrated}
      title={isHydrated ? undefined : HYDRATING_TEXT}
      aria-label={`启用「${rowName(r)}」`}
      onChange={(v) => toggle(r, v)}
    />
  );
  const generated: TableColumnType<T>[] = options.fieldColumns
    ? [...options.fieldColumns, ...(options.hasToggle ? [{ key: 'enabled', title: '启用', dataIndex: 'enabled', width: 80, render: switchCell }] : [])]
    : columnsFrom<T>(def, {}, { sort: list.sort, order: list.order }).map((column) =>
        column.key === 'enabled' && def.fields.some((f) => f.name === 'enabled' && f.input === 'switch') ? { ...column, render: switchCell } : column,
      );
  const actions: TableColumnType<T> = {
    ...actionsColumn<T>({
      onEdit: options.canEdit === false ? undefined : (r) => show(r),
      editRefusal: (r) => refusal ?? options.editRefusal?.(r) ?? null,
      onDelete: options.deletable ? remove : undefined,
      deleteRefusal: options.deleteRefusal,
      deleteTitle: options.deleteTitle,
      more: options.more && ((r) => options.more!(r, list.reload)),
      order: options.actionOrder,
      rowName,
    }),
    ...(isNarrow ? { fixed: undefined } : {}),
  };
  const all = [...generated];
  for (const { after, ...column } of options.addColumns ?? []) {
    const at = after ? all.findIndex((c) => c.key === after) + 1 : all.length;
    all.splice(at > 0 ? at : all.length, 0, column as TableColumnType<T>);
  }
  const rank = (c: TableColumnType<T>) => options.order?.indexOf(String(c.key)) ?? -1;
  if (options.order) all.sort((a, b) => (rank(a) < 0 ? 99 : rank(a)) - (rank(b) < 0 ? 99 : rank(b)));
  // The key column stays pinned only where it comes first (not after a drag handle or another column).
  for (const [i, c] of all.entries()) if (c.fixed === 'left' && (isSortable || i > 0)) all[i] = { ...c, fixed: undefined };
  all.push(actions);
  const columns = all
    .filter((c) => options.columns?.[String(c.key)] !== false && !(isNarrow && narrowHidden.includes(String(c.key))))
    .map((c) => ({ ...c, ...(options.columns?.[String(c.key)] || {}) }) as TableColumnType<T>);

  // Where there is no delete, the list says how a record is retired (ux-2026-11-28 P2-3).
  const hidesRetired = filters.some((f) => f.default !== undefined);
  const retireNote =
    def.noDelete && !refusal ? (def.retire ?? `不能删除：停用后不再展示${hidesRetired ? '；已停用的默认不列出，可在「状态」中选「全部」查看' : ''}。`) : null;
  const filtersProps: ResourceFiltersProps = {
    filters,
    values: list.query,
    onChange: list.setQuery,
    extra: !refusal && (
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => show()}>
        {createLabel}
      </Button>
    ),
    note: (
      <>
        {isSortable ? (
          <Typography.Text type="secondary">
            {refusal ??
              (list.isFiltered
                ? (options.filteredHint ?? '筛选时不能调整顺序，清除筛选后可拖动。')
                : (options.hint ?? '拖动左侧手柄调整顺序；也可用 Tab 聚焦手柄后按 ↑ ↓ 移动。'))}
          </Typography.Text>
        ) : (
          options.hint && <Typography.Text type="secondary">{options.hint}</Typography.Text>
        )}
        {retireNote && (
          <Typography.Text type="secondary" data-testid="retire-note" style={{ display: 'block' }}>
            {retireNote}
          </Typography.Text>
        )}
      </>
    ),
  };

  const tableProps: ResourceListTableProps<T> = {
    ...list.tableProps,
    size: 'middle',
    columns,
    highlightId: list.highlightId,
    isHighlightMissing: list.isHighlightMissing,
    onClearFilters: list.showAll,
    settingsId: options.settingsId,
    pagination: pageSize && (list.data?.total ?? 0) <= pageSize ? false : list.tableProps.pagination,
    locale: {
      emptyText: list.loading
        ? ' '
        : emptyText(def.label, list.isFiltered, list.clearFilters, {
            canCreate: !refusal,
            createLabel,
            onShowAll: list.isDefaultHiding ? list.showAll : undefined,
          }),
    },
    ...(isSortable ? { onReorder: reorder, isSortDisabled: list.isFiltered || Boolean(refusal) || isPaged, rowName } : {}),
  };

  return { list, refusal, dialog, show, toggle, reorder, remove, columns, filtersProps, tableProps, formModalProps };
}

/**
 * The table of a resource list: a `SortableTable` (drag handle, ↑ ↓) when it gets `onReorder`, else a
 * `ResourceTable` (列设置, selection). Both highlight the row just created.
 */
export function ResourceListTable<T extends ScreenRow>({ onReorder, isSortDisabled, rowName, ...props }: ResourceListTableProps<T>) {
  if (!onReorder) return <ResourceTable<T> {...props} />;
  const { highlightId, isHighlightMissing: _missing, onClearFilters: _clear, settingsId: _settings, bulk: _bulk, rowKey: _key, ...rest } = props;
  return (
    <SortableTable<T>
      {...(rest as object)}
      scroll={{ x: 'max-content', ...rest.scroll }}
      onReorder={onReorder}
      isSortDisabled={isSortDisabled}
      rowName={rowName}
      rowClassName={(r) => (r.id === highlightId ? 'row-highlight' : '')}
    />
  );
}

export type ResourceListPageProps<T extends ScreenRow> = Omit<ResourceScreenOptions<T>, 'hint'> & {
  def: ResourceDecl;
  /** Anything else for the dialog (inputs replaced, options, width …). */
  form?: Partial<ResourceFormModalProps<T>>;
  /** The note of a drag-ordered list; a function gets the chosen tab's value (`TabbedResourceListPage`). */
  hint?: ReactNode | ((tab: string) => ReactNode);
};

/**
 * A whole list screen from its declaration: filters with 新增, the table and the dialog in a card
 * (`options` as `useResourceScreen`, `form` spread onto the dialog). A drag-ordered list shows up to
 * 100 rows a page. No Suspense boundary of its own: its pages render per request, and a server
 * render that suspends inside a boundary sends the rows hidden until a script shows them (issue 25).
 */
export function ResourceListPage<T extends ScreenRow>(props: ResourceListPageProps<T>) {
  return <ListPage<T> {...props} />;
}

/** A whole page of a drag-ordered list holds up to 100 rows (dragging stops past page 1). */
export const withPageSize = <P extends { pageSize?: number; def: ResourceDecl }>(given: P): P => ({
  ...given,
  pageSize: given.pageSize ?? (given.def.sortable ? 100 : undefined),
});

function ListPage<T extends ScreenRow>(given: ResourceListPageProps<T>) {
  return (
    <Card>
      <ResourceList<T> {...withPageSize(given)} />
    </Card>
  );
}

export type ResourceListProps<T extends ScreenRow> = ResourceListPageProps<T> & { tab?: string };

/**
 * The filters, table and dialog of one list, without the card: `ResourceListPage`'s body, and a list
 * among several on one screen (the focus slots of a platform, the icons of each nav type).
 */
export function ResourceList<T extends ScreenRow>({ def, form, hint, tab = '', ...options }: ResourceListProps<T>) {
  const screen = useResourceScreen<T>(def, { ...options, hint: typeof hint === 'function' ? hint(tab) : hint });
  return (
    <>
      <ResourceFilters {...screen.filtersProps} />
      <ResourceListTable<T> {...screen.tableProps} />
      <ResourceFormModal<T> {...screen.formModalProps} {...form} />
    </>
  );
}
