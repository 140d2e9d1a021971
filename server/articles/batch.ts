import type { Context } from 'hono';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isDraft } from '../../lib/resources/publishing';
import { INT4_MAX } from '../../lib/constants';
import { articles, categories } from '../db/schema';
import { clearMediaUsage } from '../crud/media-usage';
import type { DbOrTx } from '../db/types';
import { allOf } from '../crud/list';
import { logOperation } from '../crud/oplog';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors';
import type { AppEnv, SessionUser } from '../http/types';
import { articleTarget } from './workflow-target';
import { assertMayChangeLive } from '../workflow/engine';
import { articleScope, kindLabel, routeOfKind, statusLabel } from './list';

/** Deleting drafts and the list's batch actions (move to a category, delete drafts). */

/** Most articles one batch action changes. */
export const BATCH_MAX = 500;

/** The articles of these ids the viewer's scope covers, locked for the change. */
async function lockInScope(tx: DbOrTx, user: SessionUser, ids: number[]) {
  return tx
    .select({
      id: articles.id,
      kind: articles.kind,
      title: articles.title,
      status: articles.status,
      categoryId: articles.categoryId,
      version: articles.version,
    })
    .from(articles)
    .where(allOf([inArray(articles.id, ids), articleScope(user)]))
    .orderBy(asc(articles.id))
    .for('update');
}

/** The viewer may edit each kind among these articles (写文章, 发图集, 发视频文章). */
function assertMayEdit(user: SessionUser, rows: Array<{ kind: string; title: string }>) {
  const refused = rows.find((r) => !user.routes.has(routeOfKind(r.kind) ?? ''));
  if (refused) throw forbidden(`没有编辑${kindLabel(refused.kind)}的权限：「${refused.title}」`);
}

/** Deletes drafts (their media usage with them), each logged; anything else refuses the lot. */
export async function deleteDrafts(tx: DbOrTx, c: Context<AppEnv>, ids: number[]) {
  const user = c.get('user')!;
  const rows = await lockInScope(tx, user, ids);
  if (rows.length !== ids.length) throw notFound(ids.length === 1 ? '文章不存在' : '部分文章不存在或不在你的数据范围内，没有删除任何文章');
  assertMayEdit(user, rows);
  const published = rows.filter((r) => !isDraft(r.status));
  if (published.length) {
    const names = published
      .slice(0, 3)
      .map((r) => `「${r.title}」（${statusLabel(r.status)}）`)
      .join('、');
    throw new ApiError(409, `只能删除草稿：${names}${published.length > 3 ? ` 等 ${published.length} 篇` : ''}不是草稿，没有删除任何文章`);
  }
  await clearMediaUsage(tx, 'article', ids);
  const deleted = await tx.delete(articles).where(inArray(articles.id, ids)).returning();
  for (const row of deleted) {
    const { search: _s, content, ...rest } = row;
    await logOperation(tx, c, {
      type: 'delete',
      resource: 'articles',
      resourceId: row.id,
      summary: `删除草稿「${row.title}」`,
      before: { ...rest, content: `${content.slice(0, 200)}…（${content.length} 字符）` },
    });
  }
  return deleted.map((r) => r.id);
}

/**
 * Moves these articles to a category (the list's 移动到分类, and a category's delete with
 * `?moveTo=`): the viewer's scope must hold every one (404 otherwise, nothing moved), they may edit
 * each kind, and a published or scheduled one moves only for people with 内容审核 (a move is an
 * edit: the version grows). Each move is logged. The target is read FOR KEY SHARE, so it cannot be
 * deleted under the move.
 */
export async function moveToCategory(tx: DbOrTx, c: Context<AppEnv>, ids: number[], categoryId: number) {
  const user = c.get('user')!;
  const [category] = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.id, categoryId)).for('key share');
  if (!category) throw badRequest('目标分类不存在', { categoryId: '目标分类不存在' });
  const rows = await lockInScope(tx, user, ids);
  if (rows.length !== ids.length) throw notFound('部分文章不存在或不在你的数据范围内，没有移动任何文章');
  assertMayEdit(user, rows);
  // A move is an edit: what readers see moves only through review (as for a save).
  for (const r of rows) if (r.categoryId !== category.id) assertMayChangeLive(articleTarget, user, r.status);
  const changing = rows.filter((r) => r.categoryId !== category.id);
  if (changing.length) {
    // A move is an edit: the version grows, so an editor open on an older copy is told (409).
    await tx
      .update(articles)
      .set({ categoryId: category.id, version: sql`${articles.version} + 1`, updatedAt: new Date() })
      .where(
        inArray(
          articles.id,
          changing.map((r) => r.id),
        ),
      );
    const names = new Map(
      (
        await tx
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(inArray(categories.id, [...new Set(changing.map((r) => r.categoryId).filter((x): x is number => x !== null))]))
      ).map((x) => [x.id, x.name]),
    );
    for (const r of changing) {
      await logOperation(tx, c, {
        type: 'update',
        resource: 'articles',
        resourceId: r.id,
        summary: `移动「${r.title}」到分类「${category.name}」`,
        before: { categoryId: r.categoryId, categoryName: r.categoryId ? (names.get(r.categoryId) ?? null) : null, version: r.version },
        after: { categoryId: category.id, categoryName: category.name, version: r.version + 1 },
      });
    }
  }
  return { ids: changing.map((r) => r.id), unchanged: rows.length - changing.length, categoryName: category.name };
}

export const batchSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('move'),
      ids: z.array(z.number().int().positive().max(INT4_MAX), { error: '请选择文章' }).min(1, '请选择文章').max(BATCH_MAX, `一次最多 ${BATCH_MAX} 篇`),
      categoryId: z.number({ error: '请选择目标分类' }).int().positive().max(INT4_MAX),
    }),
    z.object({
      action: z.literal('delete'),
      ids: z.array(z.number().int().positive().max(INT4_MAX), { error: '请选择文章' }).min(1, '请选择文章').max(BATCH_MAX, `一次最多 ${BATCH_MAX} 篇`),
    }),
  ],
  { error: '不支持的批量操作' },
);
