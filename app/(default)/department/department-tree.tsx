'use client';

import { useMemo, useState } from 'react';
import { App, Badge, Button, Card, Empty, Popconfirm, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ResourceFormModal } from '@/components/crud';
import { isOk, resourceClient } from '@/lib/api/resource';
import { departmentResource, type Department } from '@/lib/resources/departments';
import { useUserStore } from '@/stores/user';
import { buildDeptTree, reorderSiblings, subtreeIds } from './tree-data';

const client = resourceClient<Department>(departmentResource);

type Editing = { mode: 'create'; parentId: number | null } | { mode: 'edit'; record: Department } | null;

/**
 * The department tree: choose a department, add (top-level or below one), edit, delete, and drag
 * to reorder among siblings.
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
  onChanged: () => void;
}) {
  const { message } = App.useApp();
  // The server lets only the 全部数据 scope change the tree; others see it read-only.
  const me = useUserStore((s) => s.info);
  const canEdit = Boolean(me && (me.isSuper || me.level === 1));
  const [editing, setEditing] = useState<Editing>(null);
  const treeData = useMemo(() => buildDeptTree(rows), [rows]);
  const parentOf = useMemo(() => new Map(rows.map((d) => [d.id, d.parentId])), [rows]);
  const pickerTree = useMemo(
    () => buildDeptTree(rows, editing?.mode === 'edit' ? subtreeIds(rows, editing.record.id) : new Set()),
    [rows, editing],
  );

  const remove = async (d: Department) => {
    const reply = await client.remove(d.id);
    if (isOk(reply)) {
      void message.success(`已删除「${d.name}」`);
      if (selectedId === d.id) onSelect(null);
      onChanged();
    }
  };

  const title = (node: { key: number; name: string; userCount: number }) => {
    const d = rows.find((r) => r.id === node.key)!;
    return (
      <span className="dept-node" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <span>{node.name}</span>
        <Badge count={node.userCount} showZero color="#bfbfbf" size="small" title={`${node.userCount} 名员工`} />
        {canEdit && (
          <span className="dept-actions" onClick={(e) => e.stopPropagation()}>
            <Tooltip title="新增下级部门">
              <Button type="text" size="small" icon={<PlusOutlined />} aria-label={`在「${node.name}」下新增部门`} onClick={() => setEditing({ mode: 'create', parentId: node.key })} />
            </Tooltip>
            <Tooltip title="编辑">
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={`编辑「${node.name}」`} onClick={() => setEditing({ mode: 'edit', record: d })} />
            </Tooltip>
            <Popconfirm title={`确定删除「${node.name}」吗？`} description="部门下不能还有员工或下级部门。" okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => remove(d)}>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除「${node.name}」`} />
            </Popconfirm>
          </span>
        )}
      </span>
    );
  };

  return (
    <Card
      title="部门"
      extra={
        !me ? null : canEdit ? (
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create', parentId: null })}>
            新增部门
          </Button>
        ) : (
          <Tooltip title="调整部门结构需要「全部数据」的数据范围">
            <Typography.Text type="secondary">只读</Typography.Text>
          </Tooltip>
        )
      }
      styles={{ body: { padding: 12 } }}
    >
      <style>{`.dept-node .dept-actions{visibility:hidden}.ant-tree-treenode:hover .dept-actions,.ant-tree-treenode-selected .dept-actions{visibility:visible}`}</style>
      <Typography.Text
        strong={selectedId === null}
        style={{ display: 'block', padding: '4px 8px', cursor: 'pointer', borderRadius: 4, background: selectedId === null ? '#e6f0ff' : undefined }}
        onClick={() => onSelect(null)}
      >
        全部员工
      </Typography.Text>
      <Spin spinning={loading}>
        {rows.length === 0 && !loading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canEdit ? '还没有部门，点击「新增部门」建立第一个部门' : '还没有部门，请联系管理员建立'} />
        ) : (
          <Tree<(typeof treeData)[number]>
            blockNode
            defaultExpandAll
            draggable={canEdit ? { icon: false } : false}
            treeData={treeData}
            selectedKeys={selectedId === null ? [] : [selectedId]}
            titleRender={title}
            onSelect={(keys) => keys.length && onSelect(Number(keys[0]))}
            allowDrop={({ dragNode, dropNode, dropPosition }) => dropPosition !== 0 && parentOf.get(Number(dragNode.key)) === parentOf.get(Number(dropNode.key))}
            onDrop={async (info) => {
              const dragId = Number(info.dragNode.key);
              const targetId = Number(info.node.key);
              if (!info.dropToGap || parentOf.get(dragId) !== parentOf.get(targetId)) {
                void message.warning('只能在同级部门之间拖动排序；调整上级部门请用「编辑」');
                return;
              }
              const position = Number(info.node.pos.split('-').at(-1));
              const after = info.dropPosition > position;
              const siblings = rows.filter((r) => r.parentId === parentOf.get(dragId)).map((r) => r.id);
              const reply = await client.sort(reorderSiblings(siblings, dragId, targetId, after));
              if (isOk(reply)) void message.success('顺序已保存');
              onChanged();
            }}
          />
        )}
      </Spin>
      <ResourceFormModal<Department>
        def={departmentResource}
        open={editing !== null}
        record={editing?.mode === 'edit' ? editing.record : null}
        initialValues={editing?.mode === 'create' ? { parentId: editing.parentId ?? undefined } : undefined}
        treeDataFor={{ parentId: pickerTree }}
        transform={(v) => ({ ...v, parentId: v.parentId ?? null })}
        submit={(values) => (editing?.mode === 'edit' ? client.update(editing.record.id, values) : client.create(values))}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          onChanged();
        }}
      />
    </Card>
  );
}
