/**
 * 系统设置: the taxonomy editors pick from (categories, tags, topics, platforms). One declaration
 * per resource, as everywhere (lib/resources/define.ts); their schemas: schemas/taxonomy.ts. @see DESIGN §4, §5
 */
import { declareResource } from './define';
import { ENABLED_FILTER, ENABLED_OPTIONS } from './common';

/** 分类类型: drag-sorted. */
export const categoryTypeResource = declareResource({
  name: 'category_types',
  label: '分类类型',
  permission: '/setting',
  sortable: true,
  read: 'signedIn',
  keyword: ['name'],
  unique: [{ field: 'name', message: '分类类型名称已存在' }],
  usedBy: [{ resource: 'categories', field: 'typeId', label: '个分类' }],
  fields: [{ name: 'name', label: '类型名称', list: true, form: true, required: true, max: 64 }],
  example: { name: '示例分类类型' },
});

/** 分类: a tree within one type; siblings ordered by drag, names unique among siblings. */
export const categoryResource = declareResource({
  name: 'categories',
  label: '分类',
  permission: '/setting',
  sortable: true,
  read: 'signedIn',
  keyword: ['name'],
  // 文章 first: the delete can move them out in the same step (`?moveTo=`).
  usedBy: [
    { resource: 'articles', field: 'categoryId', label: '篇文章', list: '/article/list?categoryId=' },
    { resource: 'categories', field: 'parentId', label: '个下级分类', key: 'children' },
    { resource: 'videos', field: 'categoryId', label: '个短视频', list: '/article/videoList?categoryId=' },
    { resource: 'focus_channel', field: 'categoryId', label: '个频道焦点图', key: 'focus', list: '/operation/pcfocus?categoryId=' },
  ],
  example: { typeId: 1, name: '示例分类', enabled: true },
  exampleNeeds: { typeId: 'category_types' },
  fields: [
    { name: 'name', label: '分类名称', list: true, form: true, required: true, max: 64 },
    { name: 'typeId', label: '分类类型', form: 'create', input: 'select', required: true },
    { name: 'parentId', label: '上级分类', form: true, input: 'treeSelect', placeholder: '不选则为一级分类' },
    { name: 'enabled', label: '状态', list: { width: 90 }, form: true, input: 'switch' },
  ],
  filters: [
    { name: 'keyword', label: '关键词', input: 'keyword', placeholder: '分类名称' },
    { name: 'enabled', label: '状态', input: 'select', options: ENABLED_OPTIONS },
  ],
});

/** 平台: app, m 站, pc …; the code is what the site and the focus slots use. */
export const platformResource = declareResource({
  name: 'platform',
  label: '平台',
  permission: '/setting',
  read: 'signedIn',
  unique: [
    { field: 'name', message: '平台名称已存在' },
    { field: 'code', message: '平台代码已存在' },
  ],
  example: { name: '示例平台', code: 'demo', enabled: true },
  noDelete: 'SEED §7 lists GET, POST, PUT: content and focus slots refer to platforms by code; one is switched off instead',
  fields: [
    { name: 'name', label: '平台名称', list: true, form: true, required: true, max: 32 },
    {
      name: 'code',
      label: '平台代码',
      list: { width: 120 },
      form: true,
      required: true,
      max: 32,
      help: '小写字母开头，如 app、m、pc；焦点图按代码保存，有焦点图使用时不能修改',
    },
    { name: 'enabled', label: '状态', list: { width: 90 }, form: true, input: 'switch' },
  ],
});

/** 标签类型. */
export const tagTypeResource = declareResource({
  name: 'tags_types',
  label: '标签类型',
  permission: '/setting/tag',
  sortable: true,
  read: 'signedIn',
  keyword: ['name'],
  unique: [{ field: 'name', message: '标签类型名称已存在' }],
  usedBy: [{ resource: 'tags', field: 'typeId', label: '个标签', list: '/setting/tag?typeId=' }],
  fields: [{ name: 'name', label: '类型名称', list: true, form: true, required: true, max: 64 }],
  example: { name: '示例标签类型' },
});

/** 标签: unique within a type; searched as one types (the tag picker). */
export const tagResource = declareResource({
  name: 'tags',
  label: '标签',
  permission: '/setting/tag',
  read: 'signedIn',
  keyword: ['name'],
  usedBy: [
    { resource: 'articles', field: 'tagIds', label: '篇文章', list: '/article/list?tagId=' },
    { resource: 'videos', field: 'tagIds', label: '个短视频' },
  ],
  example: { typeId: 1, name: '示例标签' },
  exampleNeeds: { typeId: 'tags_types' },
  fields: [
    { name: 'name', label: '标签名称', list: { width: 180 }, form: true, required: true, max: 64 },
    { name: 'typeId', label: '标签类型', form: true, input: 'select', required: true },
    { name: 'createdAt', label: '创建时间', list: { width: 160 }, input: 'date' },
  ],
  filters: [
    { name: 'keyword', label: '关键词', input: 'keyword', placeholder: '标签名称' },
    { name: 'typeId', label: '标签类型', input: 'select' },
  ],
});

/**
 * Who may create a tag from the tag picker while tagging content (ux-2026-11-28 P2-11): the editors,
 * within an existing type, logged (`POST /api/tags/quick`). Types, renames and deletes stay with
 * 标签管理 (`/setting/tag`).
 */
export const TAG_QUICK_CREATE_ROUTES = [
  tagResource.permission,
  '/article/addArticle',
  '/article/addImage',
  '/article/addVideo',
  '/article/createVideo',
] as const;

/** 专题: a landing page, optionally tied to an activity of the topic host. */
export const topicResource = declareResource({
  name: 'topic',
  label: '专题',
  permission: '/setting/topic',
  sortable: true,
  read: 'signedIn',
  keyword: ['title'],
  example: { title: '示例专题', cover: '', summary: '', url: 'https://example.com/topic', enabled: true },
  noDelete: 'SEED §7 lists GET, POST, PUT: a topic is switched off instead',
  fields: [
    { name: 'title', label: '专题名称', list: { width: 200, ellipsis: true }, form: true, required: true, max: 128 },
    { name: 'cover', label: '封面', list: true, form: true, input: 'image', help: '从图片库选择或上传', default: '' },
    { name: 'summary', label: '摘要', list: { width: 160, ellipsis: true }, form: true, input: 'textarea', max: 500, default: '' },
    { name: 'url', label: '专题链接', list: { width: 160, title: '链接' }, form: true, input: 'link', max: 512, placeholder: 'https://', default: '' },
    { name: 'activityId', label: '关联活动', form: true, input: 'select', placeholder: '可选：话题站的投票活动' },
    { name: 'enabled', label: '状态', list: { width: 90 }, form: true, input: 'switch' },
    { name: 'updatedAt', label: '更新时间', list: { width: 150 }, input: 'date' },
  ],
  filters: [{ name: 'keyword', label: '关键词', input: 'keyword', placeholder: '专题名称' }, ENABLED_FILTER],
});

/** 文章来源: the outlets an article may credit (原创, 中国卡车网 …), in drag order. */
export const articleSourceResource = declareResource({
  name: 'article_sources',
  label: '文章来源',
  permission: '/setting/source',
  // Every signed-in person reads the list: the editors' 来源 field offers it (ux P3-13).
  read: 'signedIn',
  sortable: true,
  keyword: ['name'],
  unique: [{ field: 'name', message: '已有同名的文章来源' }],
  example: { name: '示例来源', url: 'https://example.com', enabled: true },
  screen: { narrowHidden: ['updatedAt'] },
  fields: [
    { name: 'name', label: '来源名称', list: { width: 200, ellipsis: true }, form: true, required: true, max: 64 },
    { name: 'url', label: '网址', list: { width: 260 }, form: true, input: 'link', max: 512, placeholder: 'https://（可选）', default: '' },
    { name: 'enabled', label: '状态', list: { width: 80, title: '启用' }, form: true, input: 'switch' },
    { name: 'updatedAt', label: '更新时间', list: { width: 150 }, input: 'date' },
  ],
  filters: [
    { name: 'keyword', label: '关键词', input: 'keyword', placeholder: '来源名称' },
    { name: 'enabled', label: '状态', input: 'select', options: ENABLED_OPTIONS },
  ],
});
