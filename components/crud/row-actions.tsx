'use client';

import type { ReactNode } from 'react';
import { HYDRATING_TEXT, useIsClient } from '@/components/common/use-is-client';
import { Button, Dropdown, Space, Tooltip, type TableColumnType } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { DownOutlined } from '@ant-design/icons';
import { recordName } from '@/lib/resources/check';

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
  const { modal, message } = useApp();
  // Until the page has hydrated a click would not be taken: the buttons wait, greyed (HYDRATING_TEXT).
  const isHydrated = useIsClient();
  const waiting = isHydrated ? {} : { disabled: true, title: HYDRATING_TEXT };
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
            {...waiting}
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
          <Button type="link" size="small" aria-label={`「${rowName}」的更多操作`} {...waiting}>
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
