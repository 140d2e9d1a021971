import { declareResource } from './define';

/** 部门: a tree; siblings are ordered by `sort`. Its schema: schemas/departments.ts. */
export const departmentResource = declareResource({
  name: 'departments',
  label: '部门',
  permission: '/department',
  sortable: true,
  read: 'signedIn',
  keyword: ['name'],
  // Content keeps the department it was written in (the 本部门 scope reads it): never orphaned.
  usedBy: [
    { resource: 'articles', field: 'departmentId', label: '篇文章', list: '/article/list?departmentId=' },
    { resource: 'videos', field: 'departmentId', label: '个短视频' },
  ],
  example: { name: '示例部门' },
  fields: [
    { name: 'name', label: '部门名称', list: true, form: true, required: true, max: 64 },
    { name: 'parentId', label: '上级部门', form: true, input: 'treeSelect', placeholder: '不选则为顶级部门' },
  ],
});
