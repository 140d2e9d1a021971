import { z } from 'zod';
import { withSchema, optionalId, text } from './common';
import { departmentResource as decl } from '../departments';

/** 部门 with its schema (the server's declaration). */
export const departmentResource = withSchema(
  decl,
  z.object({
    name: text('部门名称', 64),
    parentId: optionalId('上级部门').optional(),
  }),
);
