'use client';

import { useSearchParams } from 'next/navigation';
import { Button, Col, Row } from 'antd';
import { Card } from '@/components/common/card';
import { PlusOutlined } from '@ant-design/icons';
import { GroupListCard, groupListOptions, ResourceFilters, ResourceFormModal, ResourceListTable, useResourceScreen } from '@/components/crud';
import { tagResource, tagTypeResource } from '@/lib/resources/taxonomy';
import type { Tag, TagType } from '@/lib/api/types';

/**
 * 标签管理: tag types on the left (drag-sorted, a type with tags cannot be deleted; a click filters
 * the tags), the tags on the right with keyword and type filters in the URL, newest first.
 */
export function TagScreen() {
  const typeId = Number(useSearchParams().get('typeId')) || null;
  const typeScreen = useResourceScreen<TagType>(tagTypeResource, {
    ...groupListOptions<TagType>({
      chosen: typeId,
      onPick: (t) => tags.list.setQuery({ typeId: t.id === typeId ? undefined : t.id }),
      countTitle: '标签',
      count: (t) => t.tagCount,
    }),
    deleteTitle: (t) => `确定删除标签类型「${t.name}」吗？`,
    deleteRefusal: (t) => (t.tagCount ? `「${t.name}」下还有 ${t.tagCount} 个标签，请先删除或移走它们` : null),
    onDeleted: (t) => typeId === t.id && tags.list.setQuery({ typeId: undefined }),
  });
  const types = typeScreen.list.data?.list ?? [];
  const typeOptions = types.map((t) => ({ value: t.id, label: t.name }));
  const tags = useResourceScreen<Tag>(tagResource, {
    addColumns: [{ key: 'typeName', title: '标签类型', dataIndex: 'typeName', width: 140, after: 'name', render: (v: string | undefined) => v ?? '-' }],
    deletable: true,
    onChanged: () => void typeScreen.list.reload(),
    initialValues: { typeId: typeId ?? types[0]?.id },
    settingsId: '/setting/tag',
  });
  const { refusal } = tags;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8} xl={7}>
        <GroupListCard<TagType>
          title="标签类型"
          canCreate={!refusal}
          onCreate={() => typeScreen.show()}
          empty="还没有标签类型"
          note={`点击类型名称只看它的标签，再点一次显示全部${refusal ? '' : '；拖动手柄调整顺序'}。`}
          tableProps={typeScreen.tableProps}
        />
      </Col>
      <Col xs={24} lg={16} xl={17} style={{ minWidth: 0 }}>
        <Card size="small" title="标签">
          <ResourceFilters
            {...tags.filtersProps}
            optionsFor={{ typeId: typeOptions }}
            extra={
              !refusal && (
                <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => tags.show()} disabled={!types.length}>
                  新增标签
                </Button>
              )
            }
          />
          <ResourceListTable<Tag> {...tags.tableProps} />
        </Card>
      </Col>
      <ResourceFormModal<TagType> {...typeScreen.formModalProps} />
      <ResourceFormModal<Tag> {...tags.formModalProps} optionsFor={{ typeId: typeOptions }} />
    </Row>
  );
}
