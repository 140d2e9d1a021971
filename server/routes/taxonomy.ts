import { and, asc, eq, ilike, inArray, like, ne, sql, type SQL } from 'drizzle-orm';
import { byEnabled, byId } from '../crud/filters';
import { z } from 'zod';
import {
  categoryResource,
  categoryTreeNode,
  categoryTypeResource,
  platformResource,
  tagChoice,
  tagResource,
  tagTypeResource,
} from '../../lib/resources/schemas/taxonomy';
import { answers } from '../http/answer';
import { TAG_QUICK_CREATE_ROUTES } from '../../lib/resources/taxonomy';
import { access } from '../auth/access';
import { articles, categories, categoryTypes, focusHome, focusVideo, platforms, tags, tagTypes } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { crudRoutes, type HookContext } from '../crud/crud-routes';
import { searchChanged } from '../articles/search';
import { BATCH_MAX, moveToCategory } from '../articles/batch';
import { likePattern } from '../crud/list';
import { assertTreeParent } from '../crud/tree';
import { inUseError, lockForDelete, usageOf, type UsedBy } from '../crud/in-use';
import { ApiError, badRequest, conflict, forbidden } from '../http/errors';
import { idFilter } from '../http/params';
import { jsonBody, queryInput } from '../http/input';
import { logOperation } from '../crud/oplog';
import { ok } from '../http/reply';
import { categoryEvents, platformEvents } from '../delivery/families/events';

const categoryCount = sql<number>`(SELECT count(*)::int FROM "categories" AS c WHERE c."type_id" = "category_types"."id")`;

/** 分类类型: drag-sorted; a type that still has categories is not deleted. */
export const categoryTypeRoutes = crudRoutes({
  resource: categoryTypeResource,
  table: categoryTypes,
  columns: { id: categoryTypes.id, name: categoryTypes.name, sort: categoryTypes.sort, categoryCount: categoryCount.as('category_count') },
  // The delivery tree is grouped by type, in the types' order.
  events: categoryEvents(categoryTypeResource.name),
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

const treeQuery = z.object({ typeId: z.coerce.number({ error: '请选择分类类型' }).int().positive('请选择分类类型').max(2147483647, '分类类型不存在') });

/** 分类: a tree per type (`GET /tree?typeId=`), siblings drag-sorted, names unique among siblings. */
export const categoryRoutes = crudRoutes({
  resource: categoryResource,
  table: categories,
  filters: { typeId: byId(categories.typeId), parentId: byId(categories.parentId) },
  orderBy: [asc(categories.typeId), asc(categories.parentId), asc(categories.sort), asc(categories.id)],
  // Siblings share type and parent: one sort never mixes two types' top levels.
  sortGroup: [categories.typeId, categories.parentId],
  events: categoryEvents(),
  // The type is fixed once created (moving a subtree between types would strand its children).
  updateSchema: categoryResource.schema.omit({ typeId: true }).partial(),
  extend(app) {
    app.get('/tree', access.signedIn(), queryInput(treeQuery), answers(z.array(categoryTreeNode)), async (c) => {
      const { typeId } = c.req.valid('query');
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
      const parentId = values.parentId ?? null;
      await assertCategoryPlacement(tx, { id: null, typeId: values.typeId, parentId, name: values.name });
      return { ...values, parentId };
    },
    async beforeUpdate({ tx }, before, patch) {
      if ('parentId' in patch || 'name' in patch) {
        const parentId = 'parentId' in patch ? (patch.parentId ?? null) : before.parentId;
        await assertCategoryPlacement(tx, { id: before.id, typeId: before.typeId, parentId, name: patch.name ?? before.name });
      }
      return patch;
    },
    async beforeDelete(ctx, before) {
      const moveTo = ctx.c.req.query('moveTo');
      if (moveTo !== undefined) await moveArticlesOut(ctx, before, moveTo);
    },
  },
});

/** What stores a platform's code rather than its id: the focus slots grouped by platform. */
const PLATFORM_CODE_USERS: UsedBy[] = [
  { key: 'focus_home', table: focusHome, column: focusHome.platform, label: '个首页焦点图', list: '/operation/focus?platform=' },
  { key: 'focus_video', table: focusVideo, column: focusVideo.platform, label: '个视频焦点图', list: '/operation/videofocus?platform=' },
];

/**
 * 平台: GET, POST, PUT (SEED §7 names no delete: content and focus slots refer to platforms).
 * The code of a platform that focus slots use is not changed (issue 23 F4): the slots store the
 * code, and the site asks for them by it. Refused with the counts, like a delete of something in
 * use; the row is locked first, so a slot saved meanwhile (focus.ts reads the platform FOR KEY
 * SHARE) lands before the count or waits and then finds the code gone.
 */
export const platformRoutes = crudRoutes({
  resource: platformResource,
  table: platforms,
  filters: { enabled: byEnabled(platforms.enabled) },
  // The focus families answer by a platform's code: the site hears of its platforms' changes.
  events: platformEvents,
  hooks: {
    async beforeUpdate({ tx }, before, patch) {
      if ('code' in patch && patch.code !== before.code) {
        await lockForDelete(tx, platforms, before.id);
        const items = await usageOf(tx, PLATFORM_CODE_USERS, before.code);
        if (items.length) {
          throw inUseError('平台', items, {
            action: '修改平台代码',
            hint: `焦点图按平台代码「${before.code}」保存：先把它们移到其他平台或删除，才能修改代码；只改平台名称不受影响。`,
          });
        }
      }
      return patch;
    },
  },
});

const tagCount = sql<number>`(SELECT count(*)::int FROM "tags" AS t WHERE t."type_id" = "tag_types"."id")`;

/** 标签类型: a type that still has tags is not deleted. */
export const tagTypeRoutes = crudRoutes({
  resource: tagTypeResource,
  table: tagTypes,
  columns: { id: tagTypes.id, name: tagTypes.name, sort: tagTypes.sort, tagCount: tagCount.as('tag_count') },
});

const tagSearchQuery = z.object({
  keyword: z.string().trim().max(64, '关键词不能超过 64 个字符').default(''),
  typeId: z.coerce.number().int().positive().max(2147483647).optional(),
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
  filters: {
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
    // A newsroom names tags while writing: an editor creates one in an existing type from the tag
    // picker (P2-11, docs/decisions.md). Same rules as 标签管理's create, logged as the editor's.
    app.post(
      '/quick',
      access.anyRoute([...TAG_QUICK_CREATE_ROUTES]),
      jsonBody(tagResource.schema),
      answers(tagChoice, { 409: '该类型下已有同名标签' }),
      async (c) => {
        const values = c.req.valid('json');
        const created = await c.get('db').transaction(async (tx) => {
          await assertTagPlacement(tx, { id: null, typeId: values.typeId, name: values.name });
          const [row] = await tx
            .insert(tags)
            .values({ typeId: values.typeId, name: values.name })
            .returning({ id: tags.id, name: tags.name, typeId: tags.typeId });
          const [type] = await tx.select({ name: tagTypes.name }).from(tagTypes).where(eq(tagTypes.id, row.typeId));
          await logOperation(tx, c, {
            type: 'create',
            resource: 'tags',
            resourceId: row.id,
            summary: `写稿时新建标签「${row.name}」（${type?.name ?? '未知类型'}）`,
            after: row,
          });
          return row;
        });
        return ok(c, created);
      },
    );
    app.get('/search', access.signedIn(), queryInput(tagSearchQuery), answers(z.array(tagChoice)), async (c) => {
      const { keyword, typeId } = c.req.valid('query');
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
      await assertTagPlacement(tx, { id: null, typeId: values.typeId, name: values.name });
      return values;
    },
    async beforeUpdate({ tx }, before, patch) {
      if ('typeId' in patch || 'name' in patch) {
        await assertTagPlacement(tx, { id: before.id, typeId: patch.typeId ?? before.typeId, name: patch.name ?? before.name });
      }
      return patch;
    },
  },
});
