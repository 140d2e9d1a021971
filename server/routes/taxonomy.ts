import { and, asc, eq, ilike, inArray, like, max, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { categoryResource, categoryTypeResource, platformResource, tagResource, tagTypeResource, topicResource } from '../../lib/resources/taxonomy';
import { access } from '../auth/access';
import { articles, categories, categoryTypes, focusChannel, platforms, tags, tagTypes, topics, videos } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { crudRoutes, type HookContext } from '../crud/crud-routes';
import type { UsedBy } from '../crud/in-use';
import { searchChanged } from '../articles/search';
import { BATCH_MAX, moveToCategory } from '../articles/batch';
import { likePattern } from '../crud/list';
import { assertTreeParent } from '../crud/tree';
import { ApiError, badRequest, conflict, forbidden, parseInput } from '../http/errors';
import { idFilter } from '../http/params';
import { ok } from '../http/reply';

/** An id filter from the query string; one that cannot exist matches nothing. */
const byId = (column: AnyPgColumn) => (value: string) => {
  const id = idFilter(value);
  return id === null ? sql`false` : eq(column, id);
};
const byEnabled = (column: AnyPgColumn) => (v: string) => (v === 'true' || v === 'false' ? eq(column, v === 'true') : undefined);

const categoryCount = sql<number>`(SELECT count(*)::int FROM "categories" AS c WHERE c."type_id" = "category_types"."id")`;

/** 分类类型: drag-sorted; a type that still has categories is not deleted. */
export const categoryTypeRoutes = crudRoutes({
  resource: categoryTypeResource,
  table: categoryTypes,
  columns: { id: categoryTypes.id, name: categoryTypes.name, sort: categoryTypes.sort, categoryCount: categoryCount.as('category_count') },
  read: 'signedIn',
  keyword: [categoryTypes.name],
  unique: [{ field: 'name', column: categoryTypes.name, message: '分类类型名称已存在' }],
  hooks: {
    async beforeCreate({ tx }, values) {
      const [{ top }] = await tx.select({ top: max(categoryTypes.sort) }).from(categoryTypes);
      return { ...values, sort: (top ?? -1) + 1 };
    },
  },
  usedBy: [{ key: 'categories', table: categories, column: categories.typeId, label: '个分类' }],
});

const siblingsOf = (typeId: number, parentId: number | null): SQL =>
  and(eq(categories.typeId, typeId), parentId === null ? sql`${categories.parentId} IS NULL` : eq(categories.parentId, parentId))!;

async function assertCategoryPlacement(
  tx: DbOrTx,
  { id, typeId, parentId, name }: { id: number | null; typeId: number; parentId: number | null; name: string },
) {
  const [type] = await tx.select({ id: categoryTypes.id }).from(categoryTypes).where(eq(categoryTypes.id, typeId));
  if (!type) throw badRequest('分类类型不存在', { typeId: '分类类型不存在' });
  const nodes = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(eq(categories.typeId, typeId));
  assertTreeParent(nodes, { id, parentId, label: '分类' });
  const [twin] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(siblingsOf(typeId, parentId), eq(categories.name, name), id ? ne(categories.id, id) : undefined))
    .limit(1);
  if (twin) throw conflict(`同一级下已有名为「${name}」的分类`, { name: '同一级下已有同名分类' });
}

/** What keeps a category (issue 14); 文章 first: the delete can move them out in the same step. */
const CATEGORY_USED_BY: UsedBy[] = [
  { key: 'articles', table: articles, column: articles.categoryId, label: '篇文章', list: '/article/list?categoryId=' },
  { key: 'children', table: categories, column: categories.parentId, label: '个下级分类' },
  { key: 'videos', table: videos, column: videos.categoryId, label: '个短视频', list: '/article/videoList?categoryId=' },
  { key: 'focus', table: focusChannel, column: focusChannel.categoryId, label: '个频道焦点图', list: '/operation/pcfocus?categoryId=' },
];

/**
 * `DELETE /api/categories/{id}?moveTo={otherId}`: the category's articles move to another one first,
 * in the delete's transaction, under the rules of 文章列表's 移动到分类 (`/article/list`, the data
 * scope, each kind's route, 内容审核 for live ones), each move logged; then the delete checks what
 * else still uses it. At most BATCH_MAX articles move in one step.
 */
async function moveArticlesOut({ c, tx, user, afterCommit }: HookContext, before: { id: number }, moveTo: string) {
  const target = idFilter(moveTo);
  if (target === null) throw badRequest('请选择要移入的分类', { moveTo: '请选择要移入的分类' });
  if (target === before.id) throw badRequest('不能移到要删除的分类本身', { moveTo: '请选择另一个分类' });
  if (!user.routes.has('/article/list')) throw forbidden('没有「文章列表」权限，不能移动文章');
  const rows = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.categoryId, before.id))
    .orderBy(asc(articles.id))
    .limit(BATCH_MAX + 1);
  if (rows.length > BATCH_MAX) throw new ApiError(409, `该分类下的文章超过 ${BATCH_MAX} 篇，请先在文章列表中分批移动`);
  if (!rows.length) return;
  const moved = await moveToCategory(
    tx,
    c,
    rows.map((r) => r.id),
    target,
  );
  afterCommit(() => searchChanged(c, moved.ids));
}

/** 分类: a tree per type (`GET /tree?typeId=`), siblings drag-sorted, names unique among siblings. */
export const categoryRoutes = crudRoutes({
  resource: categoryResource,
  table: categories,
  columns: {
    id: categories.id,
    typeId: categories.typeId,
    parentId: categories.parentId,
    name: categories.name,
    sort: categories.sort,
    enabled: categories.enabled,
  },
  read: 'signedIn',
  keyword: [categories.name],
  filters: { typeId: byId(categories.typeId), parentId: byId(categories.parentId), enabled: byEnabled(categories.enabled) },
  orderBy: [asc(categories.typeId), asc(categories.parentId), asc(categories.sort), asc(categories.id)],
  // Siblings share type and parent: one sort never mixes two types' top levels.
  sortGroup: sql`${categories.typeId} || ':' || coalesce(${categories.parentId}, 0)` as unknown as AnyPgColumn,
  // The type is fixed once created (moving a subtree between types would strand its children).
  updateSchema: categoryResource.schema.omit({ typeId: true }).partial(),
  extend(app) {
    app.get('/tree', access.signedIn(), async (c) => {
      const { typeId } = parseInput(
        z.object({ typeId: z.coerce.number({ error: '请选择分类类型' }).int().positive('请选择分类类型').max(2147483647, '分类类型不存在') }),
        c.req.query(),
      );
      const rows = await c
        .get('db')
        .select({
          id: categories.id,
          typeId: categories.typeId,
          parentId: categories.parentId,
          name: categories.name,
          sort: categories.sort,
          enabled: categories.enabled,
        })
        .from(categories)
        .where(eq(categories.typeId, typeId))
        .orderBy(asc(categories.sort), asc(categories.id))
        .limit(5000);
      return ok(c, rows);
    });
  },
  hooks: {
    async beforeCreate({ tx }, values) {
      const parentId = (values.parentId as number | null | undefined) ?? null;
      const typeId = values.typeId as number;
      await assertCategoryPlacement(tx, { id: null, typeId, parentId, name: values.name as string });
      const [{ top }] = await tx
        .select({ top: max(categories.sort) })
        .from(categories)
        .where(siblingsOf(typeId, parentId));
      return { ...values, parentId, sort: (top ?? -1) + 1 };
    },
    async beforeUpdate({ tx }, before, patch) {
      if ('parentId' in patch || 'name' in patch) {
        const parentId = 'parentId' in patch ? ((patch.parentId as number | null) ?? null) : (before.parentId as number | null);
        await assertCategoryPlacement(tx, { id: before.id, typeId: before.typeId as number, parentId, name: (patch.name ?? before.name) as string });
      }
      return patch;
    },
    async beforeDelete(ctx, before) {
      const moveTo = ctx.c.req.query('moveTo');
      if (moveTo !== undefined) await moveArticlesOut(ctx, before, moveTo);
    },
  },
  usedBy: CATEGORY_USED_BY,
});

/** 平台: GET, POST, PUT (SEED §7 names no delete: content and focus slots refer to platforms). */
export const platformRoutes = crudRoutes({
  resource: platformResource,
  table: platforms,
  columns: { id: platforms.id, name: platforms.name, code: platforms.code, sort: platforms.sort, enabled: platforms.enabled },
  read: 'signedIn',
  orderBy: [asc(platforms.sort), asc(platforms.id)],
  filters: { enabled: byEnabled(platforms.enabled) },
  unique: [
    { field: 'name', column: platforms.name, message: '平台名称已存在' },
    { field: 'code', column: platforms.code, message: '平台代码已存在' },
  ],
  operations: { remove: false },
});

const tagCount = sql<number>`(SELECT count(*)::int FROM "tags" AS t WHERE t."type_id" = "tag_types"."id")`;

/** 标签类型: a type that still has tags is not deleted. */
export const tagTypeRoutes = crudRoutes({
  resource: tagTypeResource,
  table: tagTypes,
  columns: { id: tagTypes.id, name: tagTypes.name, sort: tagTypes.sort, tagCount: tagCount.as('tag_count') },
  read: 'signedIn',
  keyword: [tagTypes.name],
  unique: [{ field: 'name', column: tagTypes.name, message: '标签类型名称已存在' }],
  hooks: {
    async beforeCreate({ tx }, values) {
      const [{ top }] = await tx.select({ top: max(tagTypes.sort) }).from(tagTypes);
      return { ...values, sort: (top ?? -1) + 1 };
    },
  },
  usedBy: [{ key: 'tags', table: tags, column: tags.typeId, label: '个标签', list: '/setting/tag?typeId=' }],
});

/** How many the tag picker shows at most. */
export const TAG_SEARCH_LIMIT = 20;

async function assertTagPlacement(tx: DbOrTx, { id, typeId, name }: { id: number | null; typeId: number; name: string }) {
  const [type] = await tx.select({ id: tagTypes.id }).from(tagTypes).where(eq(tagTypes.id, typeId));
  if (!type) throw badRequest('标签类型不存在', { typeId: '标签类型不存在' });
  const [twin] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.typeId, typeId), eq(tags.name, name), id ? ne(tags.id, id) : undefined))
    .limit(1);
  if (twin) throw conflict(`该类型下已有标签「${name}」`, { name: '该类型下已有同名标签' });
}

/**
 * 标签: the management list (keyword, type) and `GET /search`, the picker's as-you-type search:
 * names starting with the text first (a prefix index), then names containing it.
 */
export const tagRoutes = crudRoutes({
  resource: tagResource,
  table: tags,
  columns: { id: tags.id, typeId: tags.typeId, name: tags.name, typeName: tagTypes.name, createdAt: tags.createdAt },
  joins: (q) => (q as any).leftJoin(tagTypes, eq(tagTypes.id, tags.typeId)),
  read: 'signedIn',
  keyword: [tags.name],
  filters: {
    typeId: byId(tags.typeId),
    // `ids=1,2,3`: the names of tags a form already holds (at most 100), in one call.
    ids: (v) => {
      const ids = [
        ...new Set(
          v
            .split(',')
            .map((x) => idFilter(x.trim()))
            .filter((x): x is number => x !== null),
        ),
      ].slice(0, 100);
      return ids.length ? inArray(tags.id, ids) : sql`false`;
    },
  },
  extend(app) {
    app.get('/search', access.signedIn(), async (c) => {
      const { keyword, typeId } = parseInput(
        z.object({
          keyword: z.string().trim().max(64, '关键词不能超过 64 个字符').default(''),
          typeId: z.coerce.number().int().positive().max(2147483647).optional(),
        }),
        c.req.query(),
      );
      const db = c.get('db');
      const cols = { id: tags.id, name: tags.name, typeId: tags.typeId };
      const inType = typeId ? eq(tags.typeId, typeId) : undefined;
      if (!keyword) return ok(c, await db.select(cols).from(tags).where(inType).orderBy(asc(tags.name)).limit(TAG_SEARCH_LIMIT));
      const prefix = `${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const starts = await db
        .select(cols)
        .from(tags)
        .where(and(like(tags.name, prefix), inType))
        .orderBy(asc(tags.name))
        .limit(TAG_SEARCH_LIMIT);
      if (starts.length >= TAG_SEARCH_LIMIT) return ok(c, starts);
      const seen = new Set(starts.map((t) => t.id));
      const contains = await db
        .select(cols)
        .from(tags)
        .where(and(ilike(tags.name, likePattern(keyword)), inType))
        .orderBy(asc(tags.name))
        .limit(TAG_SEARCH_LIMIT + starts.length);
      return ok(c, [...starts, ...contains.filter((t) => !seen.has(t.id))].slice(0, TAG_SEARCH_LIMIT));
    });
  },
  hooks: {
    async beforeCreate({ tx }, values) {
      await assertTagPlacement(tx, { id: null, typeId: values.typeId as number, name: values.name as string });
      return values;
    },
    async beforeUpdate({ tx }, before, patch) {
      if ('typeId' in patch || 'name' in patch) {
        await assertTagPlacement(tx, { id: before.id, typeId: (patch.typeId ?? before.typeId) as number, name: (patch.name ?? before.name) as string });
      }
      return patch;
    },
  },
  usedBy: [
    { key: 'articles', table: articles, column: articles.tagIds, many: true, label: '篇文章', list: '/article/list?tagId=' },
    { key: 'videos', table: videos, column: videos.tagIds, many: true, label: '个短视频' },
  ],
});

/** 专题: drag-sorted; GET, POST, PUT (SEED §7). */
export const topicRoutes = crudRoutes({
  resource: topicResource,
  table: topics,
  columns: {
    id: topics.id,
    title: topics.title,
    cover: topics.cover,
    summary: topics.summary,
    url: topics.url,
    activityId: topics.activityId,
    enabled: topics.enabled,
    sort: topics.sort,
    updatedAt: topics.updatedAt,
  },
  read: 'signedIn',
  keyword: [topics.title],
  filters: { enabled: byEnabled(topics.enabled) },
  operations: { remove: false },
  hooks: {
    async beforeCreate({ tx }, values) {
      const [{ top }] = await tx.select({ top: max(topics.sort) }).from(topics);
      return { ...values, sort: (top ?? -1) + 1 };
    },
  },
});
