import { z } from 'zod';
import { defineResource } from './define';
import { optionalId, text } from './common';

/** 部门: a tree; siblings are ordered by `sort`. */
export const departmentResource = defineResource({
  name: 'departments',
  label: '部门',
  permission: '/department',
  sortable: true,
  schema: z.object({
    name: text('部门名称', 64),
    parentId: optionalId('上级部门').optional(),
  }),
  fields: [
    { name: 'name', label: '部门名称', list: true, form: true, required: true, max: 64 },
    { name: 'parentId', label: '上级部门', form: true, input: 'treeSelect', placeholder: '不选则为顶级部门' },
  ],
});

export interface Department {
  id: number;
  name: string;
  parentId: number | null;
  sort: number;
  /** Members of this department itself. */
  userCount?: number;
  /** Members of this department and every department below it. */
  totalCount?: number;
}
