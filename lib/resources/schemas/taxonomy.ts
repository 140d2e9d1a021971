/** 系统设置's declarations with their schemas (the server's; the forms load them on demand). */
import { z } from 'zod';
import { withSchema, imageUrl, isoTime, linkUrl, optionalId, optionalText, refId, requiredId, SORT, STAMPS, text } from './common';
import * as decl from '../taxonomy';

export const categoryTypeResource = withSchema(decl.categoryTypeResource, z.object({ name: text('类型名称', 64) }), {
  add: { ...SORT, categoryCount: z.number().int() },
});

export const categoryResource = withSchema(
  decl.categoryResource,
  z.object({
    typeId: requiredId('分类类型'),
    parentId: optionalId('上级分类').optional(),
    name: text('分类名称', 64),
    enabled: z.boolean({ error: '状态必须是启用或停用' }).default(true),
  }),
  { add: { ...STAMPS, ...SORT, parentId: refId } },
);

/** A node of `GET /api/categories/tree?typeId=`: the category's record without its time stamps. */
export const categoryTreeNode = categoryResource.record.omit({ createdAt: true, updatedAt: true });

export const platformResource = withSchema(
  decl.platformResource,
  z.object({
    name: text('平台名称', 32),
    code: z
      .string({ error: '请输入平台代码' })
      .trim()
      .min(1, '请输入平台代码')
      .max(32, '平台代码不能超过 32 个字符')
      .regex(/^[a-z][a-z0-9_-]*$/, '平台代码只能包含小写字母、数字、下划线和短横线，并以字母开头'),
    enabled: z.boolean({ error: '状态必须是启用或停用' }).default(true),
  }),
  { add: { ...SORT, ...STAMPS } },
);

export const tagTypeResource = withSchema(decl.tagTypeResource, z.object({ name: text('类型名称', 64) }), { add: { ...SORT, tagCount: z.number().int() } });

export const tagResource = withSchema(
  decl.tagResource,
  z.object({
    typeId: requiredId('标签类型'),
    name: text('标签名称', 64),
  }),
  { add: { createdAt: isoTime, typeName: z.string().nullable() } },
);

/** A tag as the editors' picker finds it (`GET /api/tags/search`) and quick-creates it (`POST /api/tags/quick`). */
export const tagChoice = tagResource.record.pick({ id: true, name: true, typeId: true });

export const topicResource = withSchema(
  decl.topicResource,
  z.object({
    title: text('专题名称', 128),
    cover: imageUrl('封面').default(''),
    summary: optionalText('摘要', 500).default(''),
    url: linkUrl('专题链接').default(''),
    activityId: optionalId('关联活动').optional(),
    enabled: z.boolean({ error: '状态必须是启用或停用' }).default(true),
  }),
  { add: { ...STAMPS, ...SORT, activityId: refId } },
);

export const articleSourceResource = withSchema(
  decl.articleSourceResource,
  z.object({
    name: text('来源名称', 64),
    url: linkUrl('网址').default(''),
    enabled: z.boolean({ error: '状态必须是启用或停用' }).default(true),
  }),
  { add: STAMPS },
);
