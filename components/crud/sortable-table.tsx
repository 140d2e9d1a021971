'use client';

import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Table, theme, type TableColumnType, type TableProps } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import { boundEllipsis } from './columns';
import { useTableMending } from './table-a11y';

type Row = { id: number };

interface DragState {
  /** Row key under the pointer while dragging, and whether the drop lands above or below it. */
  over: { id: number; isAbove: boolean } | null;
  start(id: number): void;
  hover(id: number, isAbove: boolean): void;
  drop(): void;
  end(): void;
}

const DragContext = createContext<DragState | null>(null);

/** Returns `ids` with `moved` placed just above or below `target`. */
export function moveId(ids: number[], moved: number, target: number, isAbove: boolean): number[] {
  if (moved === target) return ids;
  const rest = ids.filter((id) => id !== moved);
  const at = rest.indexOf(target);
  if (at < 0) return ids;
  rest.splice(isAbove ? at : at + 1, 0, moved);
  return rest;
}

/**
 * A body row that can be dragged, but only by its handle: the row turns `draggable` on a mouse down
 * over `[data-drag-handle]`, so selecting text and clicking buttons in other cells keep working.
 */
function DraggableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: number | string }) {
  const drag = useContext(DragContext);
  const { token } = theme.useToken();
  const id = Number(props['data-row-key']);
  if (!drag || Number.isNaN(id)) return <tr {...props} />;

  const isOver = drag.over?.id === id;
  const line = `inset 0 ${drag.over?.isAbove ? 2 : -2}px 0 ${token.colorPrimary}`;
  return (
    <tr
      {...props}
      style={{ ...props.style, boxShadow: isOver ? line : undefined }}
      onMouseDown={(e: MouseEvent<HTMLTableRowElement>) => {
        e.currentTarget.draggable = !!(e.target as Element).closest('[data-drag-handle]');
      }}
      onDragStart={(e: DragEvent<HTMLTableRowElement>) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(id)); // Firefox starts a drag only with data set
        drag.start(id);
      }}
      onDragOver={(e: DragEvent<HTMLTableRowElement>) => {
        e.preventDefault(); // allows the drop
        const box = e.currentTarget.getBoundingClientRect();
        drag.hover(id, e.clientY < box.top + box.height / 2);
      }}
      onDrop={(e: DragEvent<HTMLTableRowElement>) => {
        e.preventDefault();
        drag.drop();
      }}
      onDragEnd={(e: DragEvent<HTMLTableRowElement>) => {
        e.currentTarget.draggable = false;
        drag.end();
      }}
    />
  );
}

export interface SortableTableProps<T extends Row> extends Omit<TableProps<T>, 'rowKey'> {
  /** Called with the ids of the current page's rows in their new order. */
  onReorder: (ids: number[]) => void;
  /** Hides the handle column (e.g. while a filter shows only part of the records). */
  isSortDisabled?: boolean;
  /** Names a row for the handle's screen-reader label (拖动排序「…」). */
  rowName?: (record: T) => string;
}

/**
 * An antd Table whose rows are reordered by dragging the handle in the first column (native HTML5
 * drag and drop, no extra dependency). The new order shows at once; `onReorder` saves it, and the
 * next `dataSource` from the caller (after a reload) replaces it.
 */
export function SortableTable<T extends Row>({ onReorder, isSortDisabled, rowName, dataSource, columns, components, ...rest }: SortableTableProps<T>) {
  const [order, setOrder] = useState<{ source: typeof dataSource; ids: number[] } | null>(null);
  const [over, setOver] = useState<DragState['over']>(null);
  const dragged = useRef<number | null>(null);
  // The row moved by keyboard keeps the focus on its handle after it moves (and after the reload).
  const keyboardMoved = useRef<number | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');

  // A local order only holds for the dataSource it was made from.
  const rows = useMemo(() => {
    const list = [...(dataSource ?? [])];
    if (!order || order.source !== dataSource) return list;
    return order.ids.map((id) => list.find((r) => r.id === id)).filter((r): r is T => !!r);
  }, [dataSource, order]);

  const drag = useMemo<DragState>(
    () => ({
      over,
      start: (id) => {
        dragged.current = id;
      },
      hover: (id, isAbove) => setOver((o) => (o?.id === id && o.isAbove === isAbove ? o : { id, isAbove })),
      drop: () => {
        const moved = dragged.current;
        if (moved === null || !over) return;
        const ids = rows.map((r) => r.id);
        const next = moveId(ids, moved, over.id, over.isAbove);
        if (next.join() !== ids.join()) {
          setOrder({ source: dataSource, ids: next });
          onReorder(next);
        }
      },
      end: () => {
        dragged.current = null;
        setOver(null);
      },
    }),
    [over, rows, dataSource, onReorder],
  );

  // The same mending as ResourceTable: a table scrolling sideways is reachable by keyboard, and so on.
  useTableMending(tableRef);

  useEffect(() => {
    const id = keyboardMoved.current;
    if (id === null) return;
    const handle = tableRef.current?.querySelector<HTMLElement>(`tr[data-row-key="${id}"] [data-drag-handle]`);
    if (handle && document.activeElement !== handle) handle.focus();
  }, [rows]);

  /** ↑ / ↓ on a focused handle moves its row one place (Home / End: to the top / bottom). */
  const onHandleKey = (e: KeyboardEvent<HTMLElement>, record: T) => {
    const ids = rows.map((r) => r.id);
    const at = ids.indexOf(record.id);
    const to = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: ids.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    if (to < 0 || to >= ids.length || to === at) return;
    const next = ids.filter((id) => id !== record.id);
    next.splice(to, 0, record.id);
    keyboardMoved.current = record.id;
    setOrder({ source: dataSource, ids: next });
    setAnnouncement(`${rowName ? `「${rowName(record)}」` : '该行'}已移到第 ${to + 1} 位，共 ${ids.length} 位`);
    onReorder(next);
  };

  const handleColumn: TableColumnType<T> = {
    key: '__sort',
    title: '排序',
    width: 64,
    align: 'center',
    render: (_: unknown, record: T) => (
      <span
        data-drag-handle
        role="button"
        tabIndex={0}
        aria-label={`拖动排序${rowName ? `「${rowName(record)}」` : ''}，或按上下方向键移动`}
        aria-keyshortcuts="ArrowUp ArrowDown Home End"
        title="拖动排序（或聚焦后按 ↑ ↓）"
        style={{ cursor: 'grab', padding: 4, display: 'inline-block', borderRadius: 4 }}
        onKeyDown={(e) => onHandleKey(e, record)}
        onBlur={(e) => {
          // Focus going elsewhere on purpose ends it; a blur from the row being moved (no target) does not.
          if (e.relatedTarget && keyboardMoved.current === record.id) keyboardMoved.current = null;
        }}
      >
        <HolderOutlined />
      </span>
    ),
  };

  return (
    <DragContext.Provider value={isSortDisabled ? null : drag}>
      <span
        role="status"
        aria-live="polite"
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
      >
        {announcement}
      </span>
      <div ref={tableRef}>
        <Table<T>
          {...rest}
          // Rows are found by id (`data-row-key`), so the key must be the id.
          rowKey="id"
          dataSource={rows}
          columns={boundEllipsis(isSortDisabled ? (columns ?? []) : [handleColumn, ...(columns ?? [])])}
          components={{ ...components, body: { ...components?.body, row: DraggableRow } }}
        />
      </div>
    </DragContext.Provider>
  );
}
