'use client';

import { useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Dropdown,
  Empty,
  Grid,
  Popover,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnType,
  type TableProps,
} from 'antd';
import { DownOutlined, SettingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { recordName } from '@/lib/resources/check';
import type { FieldDef, FieldOption, ResourceDef, SortOrder } from '@/lib/resources/define';

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
 * fields end in … with a tooltip. `overrides` (keyed by field name) is spread over the generated
 * column, so a screen can change a title, width or `render`.
 * @see STYLE §2 (ADP: one columns array drives the table)
 */
export function columnsFrom<T extends object>(
  def: ResourceDef,
  overrides: Record<string, Partial<TableColumnType<T>>> = {},
  { sort, order }: { sort?: string; order?: SortOrder } = {},
): TableColumnType<T>[] {
  const listed = def.fields.filter((field) => field.list);
  const keyName = listed.find((f) => typeof f.list === 'object' && f.list.key)?.name ?? listed[0]?.name;
  return listed.map((field) => {
    const layout = typeof field.list === 'object' ? field.list : {};
    const isKey = field.name === keyName;
    const column: TableColumnType<T> = {
      key: field.name,
      title: field.label,
      dataIndex: field.name,
      width: layout.width ?? (isKey ? 140 : undefined),
      fixed: isKey ? 'left' : undefined,
      ellipsis: layout.ellipsis ? { showTitle: false } : undefined,
      render: (value: unknown) => (layout.ellipsis ? <EllipsisText text={renderCell(field, value)} /> : renderCell(field, value)),
    };
    if (field.sort || overrides[field.name]?.sorter) {
      column.sorter = true;
      column.sortOrder = sort === field.name ? (order ?? 'ascend') : null;
      column.sortDirections = ['ascend', 'descend'];
    }
    return { ...column, ...overrides[field.name] } as TableColumnType<T>;
  });
}

/**
 * One action of a row. `disabled` holds the reason the viewer cannot do it (shown in a tooltip;
 * the action stays focusable so the keyboard reaches the reason too). `confirm` asks first.
 */
export interface RowAction {
  key: string;
  label: string;
  onClick: () => unknown;
  danger?: boolean;
  disabled?: string | false;
  confirm?: { title: ReactNode; content?: ReactNode; okText?: string };
  /** Not offered at all (the server would refuse and there is nothing to explain). */
  hidden?: boolean;
}

export interface ActionsColumnOptions<T> {
  onEdit?: (record: T) => void;
  /** Return the request's promise: the confirm button spins until it settles. */
  onDelete?: (record: T) => unknown;
  /** Why this row may not be deleted (shown as the reason); return null when it may. */
  deleteRefusal?: (record: T) => string | null;
  /** Rows that may not be deleted show no 删除 (prefer `deleteRefusal`, which says why). */
  canDelete?: (record: T) => boolean;
  /** Why this row may not be edited; null when it may. */
  editRefusal?: (record: T) => string | null;
  /** The delete confirmation; default `确定删除「name」吗？`. */
  deleteTitle?: (record: T) => ReactNode;
  /** More actions, after 编辑 and 删除 (or `order` them). The first two actions are buttons, the rest go into 更多. */
  more?: (record: T) => RowAction[];
  /** How a row is named for screen readers and confirmations; default name（username）. */
  rowName?: (record: T) => string;
  /** The order of the actions by key (default: edit, delete, then the others). */
  order?: string[];
  title?: ReactNode;
  width?: number;
}

/** Renders a row's actions: the first two as link buttons, the rest in a 更多 menu. Labels carry the row's name. */
export function RowActions({ actions, rowName }: { actions: RowAction[]; rowName: string }) {
  const { modal, message } = App.useApp();
  const shown = actions.filter((a) => !a.hidden);
  const run = (action: RowAction) => {
    if (action.disabled) {
      void message.info(action.disabled);
      return;
    }
    if (action.confirm) {
      modal.confirm({
        title: action.confirm.title,
        content: action.confirm.content,
        okText: action.confirm.okText ?? action.label,
        okButtonProps: { danger: action.danger },
        cancelText: '取消',
        onOk: () => Promise.resolve(action.onClick()),
      });
      return;
    }
    void action.onClick();
  };
  const buttons = shown.slice(0, 2);
  const rest = shown.slice(2);
  return (
    <Space size={0} wrap={false}>
      {buttons.map((action) => {
        const button = (
          <Button
            key={action.key}
            type="link"
            size="small"
            danger={action.danger}
            aria-disabled={action.disabled ? true : undefined}
            className={action.disabled ? 'is-disabled' : undefined}
            aria-label={`${action.label}「${rowName}」${action.disabled ? `（${action.disabled}）` : ''}`}
            onClick={() => run(action)}
          >
            {action.label}
          </Button>
        );
        return action.disabled ? (
          <Tooltip key={action.key} title={action.disabled} trigger={['hover', 'focus']}>
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((action) => ({
              key: action.key,
              danger: action.danger && !action.disabled,
              label: action.disabled ? (
                <Tooltip title={action.disabled} placement="left">
                  <span className="is-disabled">{action.label}</span>
                </Tooltip>
              ) : (
                action.label
              ),
            })),
            onClick: ({ key }) => run(rest.find((a) => a.key === key)!),
          }}
        >
          <Button type="link" size="small" aria-label={`「${rowName}」的更多操作`}>
            更多 <DownOutlined aria-hidden style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}

/** The 操作 column: 编辑, 删除 (confirmed) and more actions; beyond two, they go into 更多. */
export function actionsColumn<T extends object>({
  onEdit,
  onDelete,
  canDelete,
  deleteRefusal,
  editRefusal,
  more,
  deleteTitle,
  rowName = recordName,
  order,
  title = '操作',
  width,
}: ActionsColumnOptions<T>): TableColumnType<T> {
  const actionsOf = (record: T): RowAction[] => {
    const out: RowAction[] = [];
    const editBlocked = editRefusal?.(record) ?? null;
    if (onEdit) out.push({ key: 'edit', label: '编辑', onClick: () => onEdit(record), disabled: editBlocked ?? false });
    if (onDelete && (canDelete?.(record) ?? true)) {
      out.push({
        key: 'delete',
        label: '删除',
        danger: true,
        disabled: deleteRefusal?.(record) ?? editBlocked ?? false,
        onClick: () => onDelete(record),
        confirm: { title: deleteTitle ? deleteTitle(record) : `确定删除「${rowName(record)}」吗？`, okText: '删除' },
      });
    }
    out.push(...(more?.(record) ?? []));
    if (order) out.sort((a, b) => (order.indexOf(a.key) + 1 || 99) - (order.indexOf(b.key) + 1 || 99));
    return out;
  };
  return {
    key: 'actions',
    title,
    // Two buttons and 更多 fit in 180 px; a narrower column is enough without a menu.
    width: width ?? (more ? 180 : 112),
    fixed: 'right',
    render: (_: unknown, record: T) => <RowActions actions={actionsOf(record)} rowName={rowName(record)} />,
  };
}

/**
 * What an empty table shows: an invitation to add the first record, or, when filters are active,
 * that nothing matched with a 清除筛选 button. Use as `locale={{ emptyText: emptyText('角色', …) }}`.
 */
export function emptyText(label: string, isFiltered = false, onClear?: () => void, { canCreate = true }: { canCreate?: boolean } = {}): ReactNode {
  if (isFiltered) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`没有符合条件的${label}，换个条件试试`}>
        {onClear && <Button onClick={onClear}>清除筛选</Button>}
      </Empty>
    );
  }
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canCreate ? `暂无${label}，点击「新增${label}」添加第一条` : `暂无${label}`} />;
}

/**
 * Why a list is empty, for any list: still loading (nothing to say), loading failed (重新加载),
 * nothing matches the filters (清除筛选), or nothing yet (`nothingYet`).
 */
export function listEmptyText({
  loading,
  failed,
  filtered,
  nothingYet,
  onRetry,
  onClear,
}: {
  loading: boolean;
  failed: boolean;
  filtered: boolean;
  nothingYet: string;
  onRetry: () => void;
  onClear: () => void;
}): ReactNode {
  if (loading) return <div style={{ height: 120 }} />;
  if (failed) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="加载失败，请检查网络后重试">
        <Button onClick={onRetry}>重新加载</Button>
      </Empty>
    );
  }
  if (filtered) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的记录，试试放宽筛选条件">
        <Button onClick={onClear}>清除筛选</Button>
      </Empty>
    );
  }
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={nothingYet} />;
}

/**
 * Three things antd's table leaves for assistive technology, mended in place: its hidden
 * width-measuring row copies the header's checkbox (focusable inside aria-hidden), the select-all
 * box is labelled in English, and a table scrolling sideways cannot be reached by keyboard.
 * Idempotent: runs on every change of the table's DOM.
 */
export function mendTableAccessibility(root: HTMLElement) {
  root.querySelectorAll<HTMLElement>('.ant-table-measure-row').forEach((row) => {
    if (!row.hasAttribute('inert')) row.setAttribute('inert', '');
    row.querySelectorAll<HTMLElement>('input, button, [tabindex]').forEach((el) => el.getAttribute('tabindex') !== '-1' && el.setAttribute('tabindex', '-1'));
  });
  root.querySelectorAll<HTMLInputElement>('input[aria-label="Select all"]').forEach((el) => el.setAttribute('aria-label', '全选本页'));
  root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((el) => {
    const isScrolling = el.scrollWidth > el.clientWidth + 1;
    if (isScrolling && el.getAttribute('tabindex') !== '0') {
      el.setAttribute('tabindex', '0');
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', '列表（可左右滚动）');
    } else if (!isScrolling && el.getAttribute('tabindex') === '0') {
      el.removeAttribute('tabindex');
      el.removeAttribute('role');
      el.removeAttribute('aria-label');
    }
  });
}

const SETTINGS_PREFIX = 'cms:columns:';

function readHidden(id: string | undefined): string[] {
  if (!id || typeof window === 'undefined') return [];
  try {
    const value = JSON.parse(localStorage.getItem(SETTINGS_PREFIX + id) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The 列设置 popover: which columns show. The key column and 操作 always show. */
function ColumnSettings<T>({ columns, hidden, onChange }: { columns: TableColumnType<T>[]; hidden: string[]; onChange: (hidden: string[]) => void }) {
  const optional = columns.filter((c) => c.key !== 'actions' && !c.fixed);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="显示的列"
      content={
        <Space orientation="vertical" size={4}>
          {optional.map((c) => (
            <Checkbox
              key={String(c.key)}
              checked={!hidden.includes(String(c.key))}
              onChange={(e) => onChange(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, String(c.key)])}
            >
              {c.title as ReactNode}
            </Checkbox>
          ))}
          {hidden.length > 0 && (
            <Button size="small" type="link" style={{ paddingInline: 0 }} onClick={() => onChange([])}>
              显示全部列
            </Button>
          )}
        </Space>
      }
    >
      <Button icon={<SettingOutlined aria-hidden />}>列设置</Button>
    </Popover>
  );
}

export interface ResourceTableProps<T extends { id: number | string }> extends Omit<TableProps<T>, 'columns' | 'title'> {
  columns: TableColumnType<T>[];
  /** Remembers the chosen columns under this name (usually the route path). */
  settingsId?: string;
  /** The record just created (`useResourceList().highlightId`): its row is highlighted. */
  highlightId?: T['id'] | null;
  /** The highlighted record is hidden by the filters: say so and offer to clear them. */
  isHighlightMissing?: boolean;
  onClearFilters?: () => void;
  /** Row selection with bulk actions: `bulk(selected, clear)` renders the bar's buttons. */
  bulk?: (selected: T[], clear: () => void) => ReactNode;
  /** Rows that cannot be selected, with the reason. */
  selectRefusal?: (record: T) => string | null;
  /** Clears the selection when this changes (e.g. the query string). */
  selectionKey?: string;
  /** Left of 列设置 (e.g. a switch). */
  toolbar?: ReactNode;
}

/**
 * The list table every screen uses: key column pinned left, 操作 pinned right, long text ellipsized,
 * 列设置, the row just created highlighted, optional selection with a bulk-action bar; it scrolls
 * sideways on narrow screens instead of squeezing text to one character per line.
 */
export function ResourceTable<T extends { id: number | string }>({
  columns,
  settingsId,
  highlightId,
  isHighlightMissing,
  onClearFilters,
  bulk,
  selectRefusal,
  selectionKey,
  toolbar,
  rowClassName,
  ...rest
}: ResourceTableProps<T>) {
  const [hidden, setHidden] = useState<string[]>([]);
  useEffect(() => setHidden(readHidden(settingsId)), [settingsId]);
  const saveHidden = (next: string[]) => {
    setHidden(next);
    if (settingsId) localStorage.setItem(SETTINGS_PREFIX + settingsId, JSON.stringify(next));
  };
  // On a phone only the key column stays pinned: a pinned 操作 column as well would cover the rest.
  const screens = Grid.useBreakpoint();
  const isNarrow = screens.md === false;
  const shown = useMemo(
    () => columns.filter((c) => !hidden.includes(String(c.key))).map((c) => (isNarrow && c.fixed === 'right' ? { ...c, fixed: undefined } : c)),
    [columns, hidden, isNarrow],
  );

  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const mend = () => mendTableAccessibility(root);
    mend();
    const observer = new MutationObserver(mend);
    observer.observe(root, { childList: true, subtree: true });
    window.addEventListener('resize', mend);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', mend);
    };
  }, []);

  const [selected, setSelected] = useState<Map<T['id'], T>>(new Map());
  useEffect(() => setSelected(new Map()), [selectionKey]);
  const clear = () => setSelected(new Map());

  // Bring the new row into view once it is there.
  useEffect(() => {
    if (highlightId === null || highlightId === undefined) return;
    const row = document.querySelector(`tr[data-row-key="${String(highlightId)}"]`);
    row?.scrollIntoView({ block: 'nearest' });
  }, [highlightId, rest.dataSource]);

  return (
    <div ref={box}>
      {(settingsId || toolbar) && (
        <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap', gap: 8, marginBottom: 8 }}>
          {toolbar}
          {settingsId && <ColumnSettings columns={columns} hidden={hidden} onChange={saveHidden} />}
        </div>
      )}
      {bulk && selected.size > 0 && (
        <div
          role="region"
          aria-label="批量操作"
          className="bulk-bar"
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 8,
            padding: '8px 12px',
            marginBottom: 8,
            background: '#f0f5ff',
            borderRadius: 6,
          }}
        >
          <Typography.Text strong>已选 {selected.size} 项</Typography.Text>
          {bulk([...selected.values()], clear)}
          <Button type="link" onClick={clear}>
            取消选择
          </Button>
        </div>
      )}
      {isHighlightMissing && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title="已保存。新记录不符合当前筛选条件，所以没有显示在列表中。"
          action={
            onClearFilters && (
              <Button size="small" onClick={onClearFilters}>
                清除筛选
              </Button>
            )
          }
        />
      )}
      <Table<T>
        size="middle"
        {...rest}
        columns={shown}
        scroll={{ x: 'max-content', ...rest.scroll }}
        rowClassName={(record, index, indent) =>
          [typeof rowClassName === 'function' ? rowClassName(record, index, indent) : rowClassName, record.id === highlightId ? 'row-highlight' : '']
            .filter(Boolean)
            .join(' ')
        }
        rowSelection={
          bulk
            ? {
                selectedRowKeys: [...selected.keys()] as Key[],
                preserveSelectedRowKeys: true,
                columnWidth: 40,
                fixed: 'left',
                getCheckboxProps: (record) => {
                  const reason = selectRefusal?.(record) ?? null;
                  return { disabled: reason !== null, title: reason ?? undefined, 'aria-label': `选择「${recordName(record)}」` } as never;
                },
                onChange: (_keys, rows) => {
                  const next = new Map<T['id'], T>();
                  for (const row of rows) if (row) next.set(row.id, row);
                  // Rows of other pages stay selected (antd passes only the loaded ones).
                  for (const [id, row] of selected) if (!next.has(id) && !(rest.dataSource ?? []).some((r) => r.id === id)) next.set(id, row);
                  setSelected(next);
                },
              }
            : undefined
        }
      />
    </div>
  );
}
