import { z } from 'zod';
import { withSchema, optionalId, refId, text } from './common';
import { departmentResource as decl } from '../departments';

/** 部门 with its schema (the server's declaration). */
export const departmentResource = withSchema(
  decl,
  z.object({
    name: text('部门名称', 64),
    parentId: optionalId('上级部门').optional(),
  }),
);

/** A node of `GET /api/departments/tree`: the department with its member counts. */
export const departmentTreeNode = departmentResource.record.extend({
  parentId: refId,
  /** Members of this department itself. */
  userCount: z.number().int(),
  /** Members of this department and every department below it. */
  totalCount: z.number().int(),
});
