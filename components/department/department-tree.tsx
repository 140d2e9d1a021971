'use client';

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Spin, Tag, Tooltip } from 'antd';
import { Card } from '@/components/common/card';
import { useApp } from '@/components/common/app-feedback';
import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { ResourceFormModal, SortableTree, useResourceDialog, useRowWrites } from '@/components/crud';
import { resourceClient } from '@/lib/api/resource';
import { deleteDepartmentRefusal, structureRefusal } from '@/lib/permissions';
import { departmentResource } from '@/lib/resources/departments';
import type { Department } from '@/lib/api/types';
import { useViewer } from '@/stores/user';
import { ancestorIds, childCounts, subtreeOf } from '@/lib/tree';
import { buildDeptTree, type DeptNode } from './tree-data';

const client = resourceClient<Department>(departmentResource);

/**
 * The department tree: choose a department (mouse or keyboard: arrows move, Enter or Space
 * chooses), add (top-level or below one), edit, delete, and drag to reorder among siblings. It
 * opens fully once loaded; the ancestors of the chosen and of a new department open too. A parent
 * shows its own members and, after the slash, everyone below it (11 / 30).
 */
export function DepartmentTree({
  rows,
  loading,
  selectedId,
  onSelect,
  onChanged,
}: {
  rows: Department[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  onChanged: () => Promise<void> | void;
}) {
  const { message, modal } = useApp();
  // The server lets only the 全部数据 scope change the tree; others see it read-only.
  const viewer = useViewer();
  const refusal = viewer ? structureRefusal(viewer) : null;
  const canEdit = Boolean(viewer && !refusal);
  const editor = useResourceDialog<Department>(departmentResource, {
    client,
    onSaved: async (saved, isCreate) => {
      await onChanged();
      // A new department is shown where it now lives: its parents open, itself chosen.
      if (isCreate) {
        if (saved.parentId !== null) setExpanded((keys) => [...new Set([...keys, saved.parentId!, ...ancestorIds(rows, saved.parentId!)])]);
        onSelect(saved.id);
      }
    },
  });
  const editing = editor.dialog.record;
  const treeData = useMemo(() => buildDeptTree(rows), [rows]);
  const childCount = useMemo(() => childCounts(rows), [rows]);
  const pickerTree = useMemo(() => buildDeptTree(rows, editing ? subtreeOf(rows, editing.id) : new Set()), [rows, editing]);

  // Expanded nodes: everything once the tree first arrives, then whatever the person opens or
  // closes, plus the ancestors of the chosen department.
  // (A tree the server rendered with the page arrives expanded already.)
  const [expanded, setExpanded] = useState<number[]>(() => rows.filter((d) => childCount.has(d.id)).map((d) => d.id));
  const isExpandedOnce = useRef(rows.length > 0);
  useEffect(() => {
    if (isExpandedOnce.current || rows.length === 0) return;
    isExpandedOnce.current = true;
    setExpanded(rows.filter((d) => childCount.has(d.id)).map((d) => d.id));
  }, [rows, childCount]);
  useEffect(() => {
    if (selectedId === null) return;
    const up = ancestorIds(rows, selectedId);
    if (up.length) setExpanded((keys) => [...new Set([...keys, ...up])]);
  }, [rows, selectedId]);

  const activeKey = useRef<number | null>(null);
  // Enter chooses the active department (antd's tree would only fold it); arrows and Space as usual.
  // The key reaches the tree's focus holder: a hidden input in older rc-tree, the list element
  // (role="tree") in antd 6's; never a node's own buttons (编辑, 删除), which keep their Enter.
  const onKeyDownCapture = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (e.key === 'Enter' && activeKey.current !== null && (target.tagName === 'INPUT' || target.getAttribute('role') === 'tree')) {
      e.preventDefault();
      e.stopPropagation();
      onSelect(activeKey.current);
    }
  };

  const writes = useRowWrites<Department>(client, { rowName: (d) => d.name, onDeleted: (d) => selectedId === d.id && onSelect(null), onChanged });

  const title = (node: DeptNode) => {
    const d = node.record;
    const hasChildren = node.children.length > 0;
    const deleteRefusal = deleteDepartmentRefusal(d, childCount.get(d.id) ?? 0);
    const countText = hasChildren ? `${node.userCount} / ${node.totalCount}` : String(node.userCount);
    const countTitle = hasChildren ? `本部门 ${node.userCount} 人，含下级部门共 ${node.totalCount} 人` : `${node.userCount} 名员工`;
    return (
      <span className="dept-node" style={{ display: 'inline-flex', alignItems: 'center', gap: 6, maxWidth: '100%' }}>
        <span className="dept-name" style={{ wordBreak: 'break-all' }}>
          {node.name}
        </span>
        <Tooltip title={countTitle}>
          <Tag bordered={false} style={{ marginInlineEnd: 0 }} aria-label={countTitle} data-testid="dept-count">
            {countText}
          </Tag>
        </Tooltip>
        {canEdit && (
          <span className="dept-actions" onClick={(e) => e.stopPropagation()}>
            <Tooltip title="新增下级部门">
              <Button
                type="text"
                size="small"
                icon={<PlusOutlined aria-hidden />}
                aria-label={`在「${node.name}」下新增部门`}
                onClick={() => editor.show(null, { parentId: node.key })}
              />
            </Tooltip>
            <Tooltip title="编辑">
              <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={`编辑「${node.name}」`} onClick={() => editor.show(d)} />
            </Tooltip>
            <Tooltip title={deleteRefusal ?? '删除'} trigger={['hover', 'focus']}>
              <Button
                type="text"
                size="small"
                danger={!deleteRefusal}
                className={deleteRefusal ? 'is-disabled' : undefined}
                aria-disabled={deleteRefusal ? true : undefined}
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`删除「${node.name}」${deleteRefusal ? `（${deleteRefusal}）` : ''}`}
                onClick={() => {
                  if (deleteRefusal) {
                    void message.info(deleteRefusal);
                    return;
                  }
                  modal.confirm({
                    title: `确定删除「${node.name}」吗？`,
                    okText: '删除',
                    okButtonProps: { danger: true },
                    cancelText: '取消',
                    onOk: () => writes.remove(d),
                  });
                }}
              />
            </Tooltip>
          </span>
        )}
      </span>
    );
  };

  return (
    <Card
      title="部门"
      extra={
        !viewer ? null : canEdit ? (
          <Button type="primary" size="small" icon={<PlusOutlined aria-hidden />} onClick={() => editor.show()}>
            新增部门
          </Button>
        ) : (
          <Tooltip title={refusal} trigger={['hover', 'focus']}>
            <Tag tabIndex={0} aria-label={`只读：${refusal}`}>
              只读
            </Tag>
          </Tooltip>
        )
      }
      styles={{ body: { padding: 12 } }}
    >
      {/* The actions float over the right end of the row (no width reserved, nothing shifts under a dragging pointer). */}
      <style>{`.dept-tree .ant-tree-node-content-wrapper{position:relative}.dept-node .dept-actions{visibility:hidden;position:absolute;right:2px;top:50%;transform:translateY(-50%);display:inline-flex;background:#fff;border-radius:4px;box-shadow:0 0 0 1px #f0f0f0}.ant-tree-treenode:hover .dept-actions,.ant-tree-treenode-selected .dept-actions,.dept-actions:focus-within{visibility:visible}`}</style>
      <Button
        type="text"
        block
        icon={<TeamOutlined aria-hidden />}
        aria-pressed={selectedId === null}
        onClick={() => onSelect(null)}
        style={{
          justifyContent: 'flex-start',
          fontWeight: selectedId === null ? 600 : undefined,
          background: selectedId === null ? '#e8effc' : undefined,
          marginBottom: 4,
        }}
      >
        全部员工
      </Button>
      <Spin spinning={loading}>
        {rows.length === 0 && !loading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canEdit ? '还没有部门，点击「新增部门」建立第一个部门' : '还没有部门，请联系管理员建立'} />
        ) : (
          <div onKeyDownCapture={onKeyDownCapture}>
            <SortableTree<Department, DeptNode>
              className="dept-tree"
              aria-label="部门树，方向键移动，回车选择"
              rows={rows}
              canDrag={canEdit}
              noun="部门"
              onReorder={writes.reorder}
              treeData={treeData}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys.map(Number))}
              selectedKeys={selectedId === null ? [] : [selectedId]}
              titleRender={title}
              onActiveChange={(key) => {
                activeKey.current = key === null || key === undefined ? null : Number(key);
              }}
              onSelect={(keys, info) => onSelect(keys.length ? Number(keys[0]) : Number(info.node.key))}
            />
          </div>
        )}
      </Spin>
      <ResourceFormModal<Department> {...editor.formModalProps} treeDataFor={{ parentId: pickerTree }} />
    </Card>
  );
}
