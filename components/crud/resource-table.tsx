'use client';

import { useContext, useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Grid, Popover, Space, Table, Typography, type TableColumnType, type TableProps } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { recordName } from '@/lib/resources/check';
import { HYDRATING_TEXT, useIsClient } from '@/components/common/use-is-client';
import { useTableMending } from './table-a11y';
import { boundEllipsis } from './columns';

/** The widest a pinned column may be on a phone (below md): the rest of the row scrolls beside it. */
const PHONE_PINNED_WIDTH = 150;

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

/**
 * antd renders the column titles once more in a hidden row that measures the columns (aria-hidden).
 * There the select-all box must not be focusable, already in the server's HTML: the rows come with
 * it (issue 25), and `useTableMending` only runs once the page has hydrated, which a slow phone (or
 * an accessibility check) does not wait for. Disabled and inert there; the same box everywhere else.
 */
function SelectAllTitle({ node }: { node: ReactNode }) {
  const isMeasureRow = useContext(TableMeasureRowContext);
  if (!isMeasureRow) return node;
  return (
    <fieldset disabled inert style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {node}
    </fieldset>
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
  // On a phone only the key column stays pinned, and at most PHONE_PINNED_WIDTH wide: a pinned
  // 操作 column as well, or a 280 px title, would cover most of a 390 px screen.
  const screens = Grid.useBreakpoint();
  const isNarrow = screens.md === false;
  const shown = useMemo(() => {
    const visible = columns.filter((c) => !hidden.includes(String(c.key)));
    if (!isNarrow) return boundEllipsis(visible);
    return visible.map((c) => {
      if (c.fixed === 'right') return { ...c, fixed: undefined };
      if (c.fixed === 'left' && typeof c.width === 'number' && c.width > PHONE_PINNED_WIDTH) {
        // The table is as wide as its content (scroll x max-content), so a width alone does not hold:
        // the cell's content gets a box of that width, and long text ends in … inside it.
        const render = c.render;
        const narrowed = (value: unknown, record: T, index: number) => (
          <div style={{ width: PHONE_PINNED_WIDTH - 32, overflow: 'hidden' }}>{(render ? render(value, record, index) : value) as ReactNode}</div>
        );
        return { ...c, width: PHONE_PINNED_WIDTH, render: narrowed };
      }
      return c;
    });
  }, [columns, hidden, isNarrow]);

  const box = useRef<HTMLDivElement>(null);
  useTableMending(box);

  const isHydrated = useIsClient();
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
                columnTitle: (node: ReactNode) => <SelectAllTitle node={node} />,
                fixed: 'left',
                getCheckboxProps: (record) => {
                  // The rows come with the HTML (issue 25): a tick before the page has hydrated would
                  // not be taken, so the boxes wait, greyed, saying why, and the tick lands once they are live.
                  const reason = isHydrated ? (selectRefusal?.(record) ?? null) : HYDRATING_TEXT;
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
