'use client';

import { useEffect, useMemo, useRef } from 'react';
import { Col, Row } from 'antd';
import { GroupListCard, groupListOptions, ResourceFormModal, useResourceScreen } from '@/components/crud';
import { categoryTypeResource } from '@/lib/resources/taxonomy';
import type { CategoryType } from '@/lib/api/types';
import { CategoryTree } from './category-tree';

/**
 * 分类管理 · 分类: the category types on the left (drag to reorder; a type with categories cannot be
 * deleted; a new one is chosen at once), the chosen type's category tree on the right.
 */
export function CategoryPanel({ typeId, onTypeChange, refusal }: { typeId: number | null; onTypeChange: (id: number | null) => void; refusal: string | null }) {
  const canEdit = !refusal;
  /** The type just created: chosen at once, before the list read again after the write holds it. */
  const created = useRef<number | null>(null);
  const typeScreen = useResourceScreen<CategoryType>(categoryTypeResource, {
    ...groupListOptions<CategoryType>({ chosen: typeId, onPick: (t) => onTypeChange(t.id), countTitle: '分类', count: (t) => t.categoryCount }),
    deleteTitle: (t) => `确定删除分类类型「${t.name}」吗？`,
    deleteRefusal: (t) => (t.categoryCount ? `「${t.name}」下还有 ${t.categoryCount} 个分类，请先删除它们` : null),
    onDeleted: (t) => t.id === typeId && onTypeChange(null),
    onSaved: (saved, isCreate) => {
      if (!isCreate) return;
      created.current = saved.id;
      onTypeChange(saved.id);
    },
  });
  const typeData = typeScreen.list.data;
  const types = useMemo(() => typeData?.list ?? [], [typeData]);
  const typesLoading = typeScreen.list.loading;

  // The first type is chosen when none is (or the chosen one is gone) — but not in place of the type
  // just created while the list that holds it is still on its way.
  const current = types.find((t) => t.id === typeId) ?? null;
  if (current && current.id === created.current) created.current = null;
  useEffect(() => {
    if (!typesLoading && types.length && !current && !(typeId !== null && typeId === created.current)) onTypeChange(types[0].id);
  }, [typesLoading, types, current, typeId, onTypeChange]);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9} xl={8}>
        <GroupListCard<CategoryType>
          title="分类类型"
          labelId="category-types-title"
          canCreate={canEdit}
          onCreate={() => typeScreen.show()}
          empty={canEdit ? '还没有分类类型，点击「新增类型」添加' : '还没有分类类型'}
          note={canEdit ? '拖动手柄调整类型顺序；点击名称查看它的分类。' : refusal}
          tableProps={typeScreen.tableProps}
        />
      </Col>
      <Col xs={24} lg={15} xl={16} style={{ minWidth: 0 }}>
        <CategoryTree type={current} types={types} typesLoading={typesLoading} refusal={refusal} onChanged={typeScreen.list.reload} />
      </Col>
      <ResourceFormModal<CategoryType> {...typeScreen.formModalProps} />
    </Row>
  );
}
