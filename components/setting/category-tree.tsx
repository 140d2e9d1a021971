'use client';

import { HYDRATING_TEXT, useIsClient } from '@/components/common/use-is-client';
import { useMemo, useState } from 'react';
import { Button, Empty, Spin, Switch, Tag, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { useApp } from '@/components/common/app-feedback';
import { PlusOutlined } from '@ant-design/icons';
import { ResourceFormModal, RowActions, siblingMoves, SortableTree, useResourceDialog, useRowWrites, useTreeRows, type RowAction } from '@/components/crud';
import { resourceClient } from '@/lib/api/resource';
import { http, isFailure, NETWORK_FAILURE_TEXT } from '@/lib/http';
import { inUseOf, type InUseItem } from '@/lib/in-use';
import { categoryResource } from '@/lib/resources/taxonomy';
import type { Category, CategoryType } from '@/lib/api/types';
import { buildTree, childCounts, subtreeOf } from '@/lib/tree';
import { MoveAndDeleteDialog } from './move-and-delete-dialog';

const categoryClient = resourceClient<Category>(categoryResource);

type MoveState = { category: Category; message: string; items: InUseItem[] };

/**
 * The chosen type's category tree: enable switch, add below, edit, delete (refused while it has
 * children; a category articles still use offers to move them), and reorder among siblings by drag
 * or by 上移 / 下移 (keyboard). `onChanged` reloads the types (their counts).
 */
export function CategoryTree({
  type,
  types,
  typesLoading,
  refusal,
  onChanged,
}: {
  type: CategoryType | null;
  types: CategoryType[];
  typesLoading: boolean;
  refusal: string | null;
  onChanged: () => Promise<void>;
}) {
  const { message } = useApp();
  const [expanded, setExpanded] = useState<number[]>([]);
  const [moving, setMoving] = useState<MoveState | null>(null);
  const canEdit = !refusal;
  const isHydrated = useIsClient();
  // Everything open once loaded: trees of categories are shallow and a person wants to see them whole.
  const tree = useTreeRows<Category>(type && '/api/categories', { typeId: type?.id ?? '' }, (loaded) => setExpanded(loaded.map((c) => c.id)));
  const { rows, reload } = tree;
  const reloadAll = () => Promise.all([reload(), onChanged()]);
  const editor = useResourceDialog<Category>(categoryResource, { client: categoryClient, onSaved: reloadAll });
  const { toggle, reorder } = useRowWrites<Category>(categoryClient, { rowName: (c) => c.name, onChanged: reload });
  const counts = useMemo(() => childCounts(rows), [rows]);
  const treeData = useMemo(() => buildTree(rows), [rows]);
  const editing = editor.dialog.record;
  const parentTree = useMemo(() => buildTree(rows, editing ? subtreeOf(rows, editing.id) : new Set()), [rows, editing]);

  // A category still in use is not deleted (issue 14): when only articles keep it, the refusal
  // opens the move dialog (move them to another category and delete, in one server call).
  const remove = async (c: Category) => {
    const result = await http.main.send('DELETE', `/api/categories/${c.id}`);
    if (isFailure(result)) http.main.notify(NETWORK_FAILURE_TEXT);
    else if (result.body.status === 0) void message.success(`已删除「${c.name}」`);
    else if (result.httpStatus === 409 && inUseOf(result.body.data))
      setMoving({ category: c, message: result.body.message ?? '', items: inUseOf(result.body.data)! });
    else http.main.notify(result.body.message || '删除失败');
    await reloadAll();
  };
  const blocked: string | false = refusal ?? false;
  const nodeActions = (c: Category): RowAction[] => [
    { key: 'child', label: '新增下级', onClick: () => editor.show(null, { typeId: type?.id, parentId: c.id }), disabled: blocked },
    { key: 'edit', label: '编辑', onClick: () => editor.show(c), disabled: blocked },
    ...siblingMoves(rows, c.id, reorder, blocked),
    {
      key: 'delete',
      label: '删除',
      danger: true,
      disabled: blocked || (counts.get(c.id) ? `「${c.name}」下还有 ${counts.get(c.id)} 个下级分类，请先删除它们` : false),
      onClick: () => remove(c),
      confirm: { title: `确定删除分类「${c.name}」吗？`, okText: '删除' },
    },
  ];

  return (
    <Card
      size="small"
      title={type ? `「${type.name}」的分类` : '分类'}
      extra={
        canEdit &&
        type && (
          <Button size="small" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.show(null, { typeId: type.id, parentId: null })}>
            新增一级分类
          </Button>
        )
      }
    >
      {!type ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={typesLoading ? '加载中…' : '请先在左侧新增或选择一个分类类型'} />
      ) : tree.loading && rows.length === 0 ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canEdit ? '这个类型下还没有分类，点击「新增一级分类」添加' : '这个类型下还没有分类'} />
      ) : (
        <>
          <SortableTree<Category, (typeof treeData)[number]>
            aria-label={`「${type.name}」的分类`}
            rows={rows}
            canDrag={canEdit}
            noun="分类"
            onReorder={reorder}
            treeData={treeData}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(Number))}
            selectable={false}
            titleRender={({ record: c }) => (
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
                  <Switch
                    size="small"
                    checked={c.enabled}
                    disabled={!canEdit || !isHydrated}
                    title={isHydrated ? undefined : HYDRATING_TEXT}
                    aria-label={`启用「${c.name}」`}
                    onChange={(on) => toggle(c, on)}
                  />
                  <RowActions rowName={c.name} actions={nodeActions(c)} />
                </span>
              </span>
            )}
          />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
            {canEdit ? '拖动分类可在同级之间调整顺序（键盘可用「更多」里的上移、下移）；停用的分类在写文章时不可选。' : refusal}
          </Typography.Paragraph>
        </>
      )}
      {moving && (
        <MoveAndDeleteDialog
          {...moving}
          onClose={() => setMoving(null)}
          onDeleted={() => {
            void message.success(`已删除「${moving.category.name}」`);
            setMoving(null);
            void reloadAll();
          }}
        />
      )}
      <ResourceFormModal<Category>
        {...editor.formModalProps}
        locked={{ typeId: '分类类型在左侧选择' }}
        optionsFor={{ typeId: types.map((t) => ({ value: t.id, label: t.name })) }}
        treeDataFor={{ parentId: parentTree }}
      />
    </Card>
  );
}
