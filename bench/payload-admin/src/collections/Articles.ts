import type { CollectionConfig } from 'payload';

/** 文章: title, a Lexical rich-text body, a status, a category; createdAt/updatedAt are Payload's own. */
export const Articles: CollectionConfig = {
  slug: 'articles',
  labels: { singular: '文章', plural: '文章' },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'category', 'status', 'updatedAt'] },
  fields: [
    { name: 'title', label: '标题', type: 'text', required: true, index: true },
    { name: 'body', label: '正文', type: 'richText' },
    {
      name: 'status',
      label: '状态',
      type: 'select',
      required: true,
      defaultValue: 'draft',
      index: true,
      options: [
        { label: '草稿', value: 'draft' },
        { label: '待审核', value: 'pending' },
        { label: '已驳回', value: 'rejected' },
        { label: '已发布', value: 'published' },
        { label: '定时发布', value: 'scheduled' },
        { label: '已下线', value: 'offline' },
      ],
    },
    { name: 'category', label: '分类', type: 'relationship', relationTo: 'categories', index: true, admin: { position: 'sidebar' } },
  ],
};
