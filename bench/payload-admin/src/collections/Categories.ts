import type { CollectionConfig } from 'payload';

export const Categories: CollectionConfig = {
  slug: 'categories',
  labels: { singular: '分类', plural: '分类' },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'sort', 'updatedAt'] },
  fields: [
    { name: 'name', label: '名称', type: 'text', required: true },
    { name: 'sort', label: '排序', type: 'number', index: true },
  ],
};
