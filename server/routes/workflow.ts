import { Hono, type Context } from 'hono';
import { and, asc, count, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ARTICLE_READ_ROUTES } from '../../lib/resources/articles';
import { STATUS } from '../../lib/resources/workflow';
import { reviewDecisionSchema } from '../../lib/resources/schemas/workflow';
import { focusUsageSchema, relationNamesSchema, reviewQueueSchema, transitionResultSchema, workbenchSchema } from '../../lib/resources/schemas/editorial';
import { answers } from '../http/answer';
import { access } from '../auth/access';
import { articles, users, videos } from '../db/schema';
import { listQuerySchema, parseListQuery } from '../crud/list';
import type { ContentService } from '../content/check';
import { workflowTarget, workflowTargets } from '../publishing/targets';
import { ARTICLE_ACTIONS, articleTarget } from '../articles/workflow-target';
import { isReviewer, targetScope, type WorkflowTarget } from '../workflow/engine';
import { ApiError, badRequest, notFound, parseInput } from '../http/errors';
import { idParam } from '../http/params';
import { ok } from '../http/reply';
import { jsonBody, queryDoc } from '../http/input';
import { offlineFocusSlots } from '../operations/focus';
import { runTransition, workflowRoutes } from '../workflow/handlers';
import { queueFilters, queueSelect, queueWhere } from '../workflow/queue';
import type { AppEnv } from '../http/types';
import { focusUsage, relationNames } from '../content/review-extras';

/**
 * The workflow's calls (DESIGN §8, issue 8): publish / submit / offline / schedule on an item,
 * the review queue and decisions (`/api/articles_review`), an item's history and the workbench.
 * The rules live in server/workflow/engine.ts, the targets in server/publishing/targets.ts, the
 * handlers every target mounts in server/workflow/handlers.ts; these routes parse, scope and answer.
 */

/** Routes under `/api/articles` (mounted beside server/articles/routes.ts): every action a person takes, and the batch submit. */
export function articleWorkflowRoutes({ contentService = {} }: { contentService?: ContentService } = {}) {
  return workflowRoutes(articleTarget, { actions: ARTICLE_ACTIONS, readRoutes: ARTICLE_READ_ROUTES, batchSubmit: true, contentService });
}

/** `POST /api/articles_review`: the decision with the item's id in the body. */
const reviewByIdSchema = reviewDecisionSchema.safeExtend({ id: z.number({ error: '请指定要审核的内容' }).int().positive().max(2_147_483_647) });

/** Maps a decision to the target's transition. */
async function decide(c: Context<AppEnv>, id: number, d: z.output<typeof reviewDecisionSchema>, contentService: ContentService) {
  const target = workflowTarget(d.contentType);
  if (!target) throw badRequest('内容类型不正确', { contentType: '内容类型不正确' });
  if (!isReviewer(target, c.get('user')!)) throw new ApiError(403, '没有审核权限');
  return runTransition(c, target, id, d.action, { comment: d.comment, version: d.version }, contentService);
}

/**
 * The target and id of `/:type/:id`, for a reviewer of that type and an item in their data scope
 * (404 otherwise, as everywhere an item is out of scope).
 */
async function reviewedItem(c: Context<AppEnv>) {
  const target = workflowTarget(c.req.param('type') ?? '');
  if (!target) throw notFound('内容类型不正确');
  const id = idParam(c);
  const user = c.get('user')!;
  if (!isReviewer(target, user)) throw new ApiError(403, '没有审核权限');
  const scope = targetScope(target, user);
  const [item] = await c
    .get('db')
    .select({ id: target.columns.id } as Record<string, AnyPgColumn>)
    .from(target.table)
    .where(scope ? and(eq(target.columns.id, id), scope) : eq(target.columns.id, id))
    .limit(1);
  if (!item) throw notFound(`${target.label}不存在`);
  return { target, id };
}

/** A decision on an item that is not pending or moved on (409), someone else's lock (423), an item not found (404). */
const DECISION_REFUSALS = { 404: '内容不存在或不在数据范围内', 409: '当前状态不能这样操作，或内容已被他人修改', 423: '他人正在编辑' };

/** `/api/articles_review`: the queue (GET), a decision (POST with `id`, or PUT /{id}). */
export function reviewRoutes({ contentService = {} }: { contentService?: ContentService } = {}) {
  const app = new Hono<AppEnv>();

  app.get('/', access.route('/article/check'), queryDoc(listQuerySchema, queueFilters), answers(reviewQueueSchema), async (c) => {
    const query = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ''));
    const { page, pageSize, keyword } = parseListQuery(query);
    const f = parseInput(queueFilters, query);
    const user = c.get('user')!;
    const db = c.get('db');
    const chosen = workflowTargets().filter((t) => (!f.contentType || t.type === f.contentType) && isReviewer(t, user));
    if (!chosen.length) return ok(c, { list: [], page, pageSize, total: 0, totalCapped: false });
    const selects = chosen.map((t) => queueSelect(db, t, queueWhere(t, user, f, keyword)));
    // Oldest first: the item waiting longest is reviewed first (rejected ones: newest first).
    // (A pending item without a submit time, from before the workflow, counts as the oldest.)
    const order = f.status === STATUS.pending ? [sql`submitted_at asc nulls first`, sql`id asc`] : [sql`submitted_at desc nulls last`, sql`id desc`];
    const union =
      selects.length === 1 ? selects[0].$dynamic() : (selects.slice(1).reduce((acc: any, s) => acc.unionAll(s), selects[0]) as (typeof selects)[0]).$dynamic();
    const cap = 10_000;
    const [list, counts] = await Promise.all([
      union
        .orderBy(...order)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      Promise.all(
        chosen.map(async (t) => {
          const limited = db
            .select({ one: sql`1` })
            .from(t.table)
            .where(queueWhere(t, user, f, keyword))
            .limit(cap + 1)
            .as('limited');
          const [{ n }] = await db.select({ n: count() }).from(limited);
          return n;
        }),
      ),
    ]);
    const total = counts.reduce((a, b) => a + b, 0);
    return ok(c, { list, page, pageSize, total: Math.min(total, cap), totalCapped: total > cap });
  });

  app.post('/', access.route('/article/check'), jsonBody(reviewByIdSchema), answers(transitionResultSchema, DECISION_REFUSALS), async (c) => {
    const { id, ...decision } = c.req.valid('json');
    return ok(c, await decide(c, id, decision, contentService));
  });

  app.put('/:id', access.route('/article/check'), jsonBody(reviewDecisionSchema), answers(transitionResultSchema, DECISION_REFUSALS), async (c) => {
    const id = idParam(c);
    return ok(c, await decide(c, id, c.req.valid('json'), contentService));
  });

  /**
   * `GET /focus_usage/{article|video}/{id}`: how many focus slots (enabled, not ended) point at the
   * item, per family; the 下线 confirmation warns with it (issue 15). Reviewers of that type, in scope.
   */
  app.get('/focus_usage/:type/:id', access.route('/article/check'), answers(focusUsageSchema), async (c) => {
    const { target, id } = await reviewedItem(c);
    return ok(c, await focusUsage(c.get('db'), target.type as 'article' | 'video', id));
  });

  /** `GET /relations/{article|video}/{id}`: the names of the item's tags, topics, platforms and album (the drawer's 描述). */
  app.get('/relations/:type/:id', access.route('/article/check'), answers(relationNamesSchema), async (c) => {
    const { target, id } = await reviewedItem(c);
    const db = c.get('db');
    if (target.type === 'video') {
      const [row] = await db.select({ tagIds: videos.tagIds }).from(videos).where(eq(videos.id, id));
      return ok(c, await relationNames(db, { tagIds: row?.tagIds }));
    }
    const [row] = await db
      .select({ tagIds: articles.tagIds, topicIds: articles.topicIds, platformIds: articles.platformIds, albumId: articles.albumId })
      .from(articles)
      .where(eq(articles.id, id));
    return ok(c, await relationNames(db, row ?? {}));
  });

  return app;
}

/** What the workbench lists of each kind. */
const WORKBENCH_LIMIT = 8;

/**
 * `GET /api/workbench`: my drafts, my rejected items with the reviewers' comments, what waits for
 * my review (reviewers), and scheduled items (mine; everything in scope for reviewers).
 */
export const workbenchRoutes = new Hono<AppEnv>().get('/', access.signedIn(), answers(workbenchSchema), async (c) => {
  const user = c.get('user')!;
  const db = c.get('db');
  const readable = workflowTargets();
  const rows = async (where: (t: WorkflowTarget) => SQL | undefined, order: (t: WorkflowTarget) => SQL[]) => {
    const parts = await Promise.all(
      readable.map(async (t) => {
        const col = t.columns;
        const kind = t.extraColumns?.kind;
        const list = await db
          .select({
            id: col.id,
            kind: kind ?? sql<string>`${t.type}`,
            title: col.title,
            status: col.status,
            version: col.version,
            editorName: users.name,
            updatedAt: col.updatedAt,
            submittedAt: col.submittedAt,
            publishAt: col.publishAt,
            offlineAt: col.offlineAt,
            reviewComment: col.reviewComment,
            reviewedAt: col.reviewedAt,
          } as Record<string, AnyPgColumn | SQL>)
          .from(t.table)
          .leftJoin(users, eq(users.id, col.editorId))
          .where(where(t))
          .orderBy(...order(t))
          .limit(WORKBENCH_LIMIT);
        return list.map((r) => ({ contentType: t.type, ...r }));
      }),
    );
    return parts.flat();
  };
  const mine = (t: WorkflowTarget) => eq(t.columns.editorId, user.id);
  const byTime = (key: string, dir: 1 | -1) => (a: Record<string, unknown>, b: Record<string, unknown>) =>
    dir * ((new Date((a[key] as string) ?? 0).getTime() || 0) - (new Date((b[key] as string) ?? 0).getTime() || 0));
  const reviewerOf = readable.filter((t) => isReviewer(t, user));

  const [drafts, rejected, scheduled, review, reviewTotal] = await Promise.all([
    rows(
      (t) => and(mine(t), eq(t.columns.status, STATUS.draft)),
      (t) => [desc(t.columns.updatedAt)],
    ),
    rows(
      (t) => and(mine(t), eq(t.columns.status, STATUS.rejected)),
      (t) => [desc(t.columns.reviewedAt)],
    ),
    rows(
      (t) =>
        and(
          isReviewer(t, user) ? targetScope(t, user) : mine(t),
          or(eq(t.columns.status, STATUS.scheduled), and(eq(t.columns.status, STATUS.published), isNotNull(t.columns.offlineAt))),
        ),
      (t) => [sql`case when ${t.columns.status} = ${STATUS.scheduled} then ${t.columns.publishAt} else ${t.columns.offlineAt} end asc`],
    ),
    reviewerOf.length
      ? rows(
          (t) => (isReviewer(t, user) ? and(targetScope(t, user), eq(t.columns.status, STATUS.pending)) : sql`false`),
          (t) => [sql`${t.columns.submittedAt} asc nulls first`, asc(t.columns.id)],
        )
      : Promise.resolve(null),
    Promise.all(
      reviewerOf.map(async (t) => {
        const limited = db
          .select({ one: sql`1` })
          .from(t.table)
          .where(and(targetScope(t, user), eq(t.columns.status, STATUS.pending)))
          .limit(1001)
          .as('limited');
        const [{ n }] = await db.select({ n: count() }).from(limited);
        return n;
      }),
    ),
  ]);
  return ok(c, {
    // Operators: focus slots whose article or video went offline (null without a focus screen).
    focus: await offlineFocusSlots(db, user),
    drafts: drafts.sort(byTime('updatedAt', -1)).slice(0, WORKBENCH_LIMIT),
    rejected: rejected.sort(byTime('reviewedAt', -1)).slice(0, WORKBENCH_LIMIT),
    scheduled: scheduled
      .sort((a, b) => {
        const at = (r: Record<string, unknown>) => new Date(((r.status === STATUS.scheduled ? r.publishAt : r.offlineAt) as string) ?? 0).getTime();
        return at(a) - at(b);
      })
      .slice(0, WORKBENCH_LIMIT),
    review: review ? review.sort(byTime('submittedAt', 1)).slice(0, WORKBENCH_LIMIT) : null,
    reviewTotal: reviewTotal.reduce((a, b) => a + b, 0),
  });
});
