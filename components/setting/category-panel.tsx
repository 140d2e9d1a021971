'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Card, Col, Empty, Row, Spin, Switch, Tag, Tree, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ResourceFormModal, ResourceListTable, RowActions, useResourceScreen, type RowAction } from '@/components/crud';
import { buildTree, childCounts, placeSibling, shiftSibling, siblingIds, subtreeOf } from '@/components/taxonomy/tree-data';
import { isOk, resourceClient } from '@/lib/api/resource';
import { http, isFailure, NETWORK_FAILURE_TEXT } from '@/lib/http';
import { inUseOf, type InUseItem } from '@/lib/in-use';
import { MoveAndDeleteDialog } from './move-and-delete-dialog';
import { categoryResource, categoryTypeResource, type Category, type CategoryType } from '@/lib/resources/taxonomy';

const categoryClient = resourceClient<Category>(categoryResource);

type CategoryDialog = { open: boolean; record: Category | null; parentId: number | null };
type MoveState = { category: Category; message: string; items: InUseItem[] };

/**
 * 分类管理 · 分类: the category types on the left (drag to reorder; a type with categories cannot be
 * deleted), the chosen type's category tree on the right: enable switch, add below, edit, delete
 * (refused while it has children), and reorder among siblings by drag or by 上移 / 下移 (keyboard).
 */
export function CategoryPanel({ typeId, onTypeChange, refusal }: { typeId: number | null; onTypeChange: (id: number | null) => void; refusal: string | null }) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<Category[]>([]);
  const [treeLoading, setTreeLoading] = useState(false);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [dialog, setDialog] = useState<CategoryDialog>({ open: false, record: null, parentId: null });
  const [moving, setMoving] = useState<MoveState | null>(null);
  const canEdit = !refusal;

  const typeScreen = useResourceScreen<CategoryType>(categoryTypeResource, {
    isLocal: true,
    pageSize: 100,
    filters: [],
    fieldColumns: [
      {
        key: 'name',
        title: '类型名称',
        render: (_: unknown, t: CategoryType) => (
          <Button
            type="link"
            size="small"
            style={{ paddingInline: 0, height: 'auto', whiteSpace: 'nowrap', textAlign: 'left', fontWeight: t.id === typeId ? 600 : undefined }}
            aria-pressed={t.id === typeId}
            onClick={() => onTypeChange(t.id)}
          >
            {t.name}
          </Button>
        ),
      },
      { key: 'count', title: '分类', dataIndex: 'categoryCount', width: 56, align: 'right' },
    ],
    columns: { actions: { width: 120, fixed: undefined } },
    deletable: true,
    deleteTitle: (t) => `确定删除分类类型「${t.name}」吗？`,
    deleteRefusal: (t) => (t.categoryCount ? `「${t.name}」下还有 ${t.categoryCount} 个分类，请先删除它们` : null),
    onDeleted: (t) => t.id === typeId && onTypeChange(null),
  });
  const typeData = typeScreen.list.data;
  const types = useMemo(() => typeData?.list ?? [], [typeData]);
  const typesLoading = typeScreen.list.loading;
  const loadTypes = typeScreen.list.reload;

  // The first type is chosen when none is (or the chosen one is gone).
  const current = types.find((t) => t.id === typeId) ?? null;
  useEffect(() => {
    if (!typesLoading && types.length && !current) onTypeChange(types[0].id);
  }, [typesLoading, types, current, onTypeChange]);

  const treeLoad = useRef(0);
  const loadTree = useCallback(async () => {
    const seq = ++treeLoad.current;
    if (!current) {
      setRows([]);
      return;
    }
    setTreeLoading(true);
    const reply = await http.main.get<Category[]>('/api/categories/tree', { typeId: current.id });
    if (seq !== treeLoad.current) return;
    if (isOk(reply)) {
      setRows(reply.data);
      // Everything open: trees of categories are shallow and a person wants to see them whole.
      setExpanded(reply.data.map((c) => c.id));
    }
    setTreeLoading(false);
  }, [current?.id]);
  useEffect(() => {
    void loadTree();
  }, [loadTree]);

  const counts = useMemo(() => childCounts(rows), [rows]);
  const treeData = useMemo(() => buildTree(rows), [rows]);
  const parentTree = useMemo(() => buildTree(rows, dialog.record ? subtreeOf(rows, dialog.record.id) : new Set()), [rows, dialog.record]);

  const saveOrder = async (ids: number[]) => {
    const reply = await categoryClient.sort(ids);
    if (isOk(reply)) void message.success('顺序已保存');
    await loadTree();
  };
  const toggle = async (c: Category, enabled: boolean) => {
    const reply = await categoryClient.update(c.id, { enabled });
    if (isOk(reply)) void message.success(`「${c.name}」已${enabled ? '启用' : '停用'}`);
    await loadTree();
  };
  // A category still in use is not deleted (issue 14): when only articles keep it, the refusal
  // opens the move dialog (move them to another category and delete, in one server call).
  const remove = async (c: Category) => {
    const result = await http.main.send('DELETE', `/api/categories/${c.id}`);
    if (isFailure(result)) http.main.notify(NETWORK_FAILURE_TEXT);
    else if (result.body.status === 0) void message.success(`已删除「${c.name}」`);
    else if (result.httpStatus === 409 && inUseOf(result.body.data))
      setMoving({ category: c, message: result.body.message ?? '', items: inUseOf(result.body.data)! });
    else http.main.notify(result.body.message || '删除失败');
    await Promise.all([loadTree(), loadTypes()]);
  };
  const nodeActions = (c: Category): RowAction[] => {
    const siblings = siblingIds(rows, c.id);
    const at = siblings.indexOf(c.id);
    const blocked = refusal ?? false;
    return [
      { key: 'child', label: '新增下级', onClick: () => setDialog({ open: true, record: null, parentId: c.id }), disabled: blocked },
      { key: 'edit', label: '编辑', onClick: () => setDialog({ open: true, record: c, parentId: c.parentId }), disabled: blocked },
      { key: 'up', label: '上移', onClick: () => saveOrder(shiftSibling(siblings, c.id, -1)), disabled: blocked || (at === 0 ? '已经在同级最前' : false) },
      {
        key: 'down',
        label: '下移',
        onClick: () => saveOrder(shiftSibling(siblings, c.id, 1)),
        disabled: blocked || (at === siblings.length - 1 ? '已经在同级最后' : false),
      },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        disabled: blocked || (counts.get(c.id) ? `「${c.name}」下还有 ${counts.get(c.id)} 个下级分类，请先删除它们` : false),
        onClick: () => remove(c),
        confirm: { title: `确定删除分类「${c.name}」吗？`, okText: '删除' },
      },
    ];
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9} xl={8}>
        <Card
          size="small"
          title={<span id="category-types-title">分类类型</span>}
          extra={
            canEdit && (
              <Button size="small" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => typeScreen.show()}>
                新增类型
              </Button>
            )
          }
        >
          <ResourceListTable<CategoryType>
            {...typeScreen.tableProps}
            size="small"
            aria-labelledby="category-types-title"
            locale={{
              emptyText: typesLoading ? (
                ' '
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canEdit ? '还没有分类类型，点击「新增类型」添加' : '还没有分类类型'} />
              ),
            }}
          />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
            {canEdit ? '拖动手柄调整类型顺序；点击名称查看它的分类。' : refusal}
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={15} xl={16} style={{ minWidth: 0 }}>
        <Card
          size="small"
          title={current ? `「${current.name}」的分类` : '分类'}
          extra={
            canEdit &&
            current && (
              <Button size="small" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ open: true, record: null, parentId: null })}>
                新增一级分类
              </Button>
            )
          }
        >
          {!current ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={typesLoading ? '加载中…' : '请先在左侧新增或选择一个分类类型'} />
          ) : treeLoading && rows.length === 0 ? (
            <Spin />
          ) : rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canEdit ? '这个类型下还没有分类，点击「新增一级分类」添加' : '这个类型下还没有分类'} />
          ) : (
            <>
              <Tree<(typeof treeData)[number]>
                blockNode
                aria-label={`「${current.name}」的分类`}
                draggable={canEdit ? { icon: false } : false}
                treeData={treeData}
                expandedKeys={expanded}
                onExpand={(keys) => setExpanded(keys.map(Number))}
                selectable={false}
                allowDrop={({ dragNode, dropNode, dropPosition }) => dropPosition !== 0 && dragNode.record.parentId === dropNode.record.parentId}
                onDrop={async (info) => {
                  const dragId = Number(info.dragNode.key);
                  const targetId = Number(info.node.key);
                  const drag = rows.find((r) => r.id === dragId);
                  const target = rows.find((r) => r.id === targetId);
                  if (!info.dropToGap || !drag || !target || drag.parentId !== target.parentId) {
                    void message.warning('只能在同级分类之间拖动排序；调整上级分类请用「编辑」');
                    return;
                  }
                  const position = Number(info.node.pos.split('-').at(-1));
                  await saveOrder(placeSibling(siblingIds(rows, dragId), dragId, targetId, info.dropPosition > position));
                }}
                titleRender={(node) => {
                  const c = node.record;
                  return (
                    <span
                      className="category-node"
                      data-testid="category-node"
                      style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap', padding: '2px 0' }}
                    >
                      <span className="category-name" style={{ fontWeight: 500 }}>
                        {c.name}
                      </span>
                      {!c.enabled && <Tag>已停用</Tag>}
                      <span style={{ marginLeft: 'auto', display: 'inline-flex', alignItems: 'center', gap: 4 }} onClick={(e) => e.stopPropagation()}>
                        <Switch size="small" checked={c.enabled} disabled={!canEdit} aria-label={`启用「${c.name}」`} onChange={(on) => toggle(c, on)} />
                        <RowActions rowName={c.name} actions={nodeActions(c)} />
                      </span>
                    </span>
                  );
                }}
              />
              <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
                {canEdit ? '拖动分类可在同级之间调整顺序（键盘可用「更多」里的上移、下移）；停用的分类在写文章时不可选。' : refusal}
              </Typography.Paragraph>
            </>
          )}
        </Card>
      </Col>
      {moving && (
        <MoveAndDeleteDialog
          {...moving}
          onClose={() => setMoving(null)}
          onDeleted={() => {
            void message.success(`已删除「${moving.category.name}」`);
            setMoving(null);
            void Promise.all([loadTree(), loadTypes()]);
          }}
        />
      )}
      <ResourceFormModal<CategoryType>
        {...typeScreen.formModalProps}
        onSaved={(saved) => {
          typeScreen.formModalProps.onSaved(saved);
          if (!typeScreen.dialog.record) onTypeChange(saved.id);
        }}
      />
      <ResourceFormModal<Category>
        def={categoryResource}
        open={dialog.open}
        record={dialog.record}
        initialValues={dialog.record ? undefined : { typeId: current?.id, parentId: dialog.parentId }}
        locked={{ typeId: '分类类型在左侧选择' }}
        optionsFor={{ typeId: types.map((t) => ({ value: t.id, label: t.name })) }}
        treeDataFor={{ parentId: parentTree }}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={() => {
          setDialog((d) => ({ ...d, open: false }));
          void Promise.all([loadTree(), loadTypes()]);
        }}
        submit={(values) => (dialog.record ? categoryClient.update(dialog.record.id, values) : categoryClient.create(values))}
      />
    </Row>
  );
}
