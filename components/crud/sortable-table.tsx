'use client';

import { createContext, useContext, useMemo, useRef, useState, type DragEvent, type HTMLAttributes, type MouseEvent } from 'react';
import { Table, theme, type TableColumnType, type TableProps } from 'antd';
import { HolderOutlined } from '@ant-design/icons';

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
}

/**
 * An antd Table whose rows are reordered by dragging the handle in the first column (native HTML5
 * drag and drop, no extra dependency). The new order shows at once; `onReorder` saves it, and the
 * next `dataSource` from the caller (after a reload) replaces it.
 */
export function SortableTable<T extends Row>({ onReorder, isSortDisabled, dataSource, columns, components, ...rest }: SortableTableProps<T>) {
  const [order, setOrder] = useState<{ source: typeof dataSource; ids: number[] } | null>(null);
  const [over, setOver] = useState<DragState['over']>(null);
  const dragged = useRef<number | null>(null);

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

  const handleColumn: TableColumnType<T> = {
    key: '__sort',
    title: '排序',
    width: 64,
    align: 'center',
    render: () => (
      <span data-drag-handle role="button" aria-label="拖动排序" title="拖动排序" style={{ cursor: 'grab', padding: 4 }}>
        <HolderOutlined />
      </span>
    ),
  };

  return (
    <DragContext.Provider value={isSortDisabled ? null : drag}>
      <Table<T>
        {...rest}
        // Rows are found by id (`data-row-key`), so the key must be the id.
        rowKey="id"
        dataSource={rows}
        columns={isSortDisabled ? columns : [handleColumn, ...(columns ?? [])]}
        components={{ ...components, body: { ...components?.body, row: DraggableRow } }}
      />
    </DragContext.Provider>
  );
}
