import { Hono, type Context } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { TRANSITIONS, type WorkflowAction } from '../../lib/resources/publishing';
import { batchSchema, transitionSchema, type TransitionInput } from '../../lib/resources/schemas/workflow';
import { answers } from '../http/answer';
import { batchOutcomeSchema, contentEventListSchema, transitionResultSchema } from '../../lib/resources/schemas/editorial';
import { access } from '../auth/access';
import { contentEvents, users } from '../db/schema';
import type { ContentService } from '../content/check';
import { ApiError, notFound } from '../http/errors';
import { idParam } from '../http/params';
import { ok } from '../http/reply';
import { jsonBody, type WithJson } from '../http/input';
import type { AppEnv } from '../http/types';
import { changeTransaction } from '../events';
import { currentState, publishActionFor, targetScope, transition, type WorkflowTarget } from './engine';

/**
 * The workflow's handlers for any target (server/publishing/targets.ts lists them): the article routes
 * (server/routes/workflow.ts) and the short-video routes (server/routes/videos.ts) mount the same ones.
 */

/**
 * Runs one transition in its own transaction for the signed-in user; after it commits, the target's
 * after-commit listener hears of it (articles: the search engine re-reads the item, DESIGN §10).
 */
export async function runTransition(
  c: Context<AppEnv>,
  target: WorkflowTarget,
  id: number,
  action: WorkflowAction,
  input: TransitionInput & { fromStatus?: number },
  contentService: ContentService,
) {
  const user = c.get('user')!;
  return changeTransaction(
    c.get('db'),
    (tx) => transition(tx, target, { ...input, id, action, actor: { kind: 'user', user, ip: c.get('ip') }, contentService }),
    [(changes) => target.afterCommit?.(c, changes)],
  );
}

/**
 * `PUT …/publish/{id}` for a target (articles here; short videos mount the same handler): holders
 * of the review route publish, or schedule when a future time is set, or republish an offline
 * item; everyone else's call submits the item for review (issue 8).
 */
export function publishHandler(target: WorkflowTarget, contentService: ContentService) {
  return async (c: WithJson<typeof transitionSchema>) => {
    const id = idParam(c);
    const input = c.req.valid('json');
    const user = c.get('user')!;
    const state = await currentState(c.get('db'), target, user, id);
    const publishAt = input.publishAt === undefined ? state.publishAt : input.publishAt ? new Date(input.publishAt) : null;
    const action = publishActionFor(target, user, state.status, publishAt);
    return ok(c, await runTransition(c, target, id, action, { ...input, fromStatus: state.status }, contentService));
  };
}

/** A handler applying one named action. */
export function actionHandler(target: WorkflowTarget, action: WorkflowAction, contentService: ContentService) {
  return async (c: WithJson<typeof transitionSchema>) => {
    const id = idParam(c);
    const input = c.req.valid('json');
    return ok(c, await runTransition(c, target, id, action, input, contentService));
  };
}

/** An item's history: its transitions, newest first, with who acted. */
export function historyHandler(target: WorkflowTarget) {
  return async (c: Context<AppEnv>) => {
    const id = idParam(c);
    const db = c.get('db');
    const user = c.get('user')!;
    const scope = targetScope(target, user);
    const [item] = await db
      .select({ id: target.columns.id } as Record<string, AnyPgColumn>)
      .from(target.table)
      .where(scope ? and(eq(target.columns.id, id), scope) : eq(target.columns.id, id))
      .limit(1);
    if (!item) throw notFound(`${target.label}不存在`);
    const list = await db
      .select({
        id: contentEvents.id,
        action: contentEvents.action,
        fromStatus: contentEvents.fromStatus,
        toStatus: contentEvents.toStatus,
        userId: contentEvents.userId,
        userName: users.name,
        comment: contentEvents.comment,
        at: contentEvents.at,
      })
      .from(contentEvents)
      .leftJoin(users, eq(users.id, contentEvents.userId))
      .where(and(eq(contentEvents.contentType, target.type), eq(contentEvents.contentId, id)))
      .orderBy(desc(contentEvents.id))
      .limit(200);
    return ok(c, { list });
  };
}

export interface BatchOutcome {
  done: number[];
  failed: Array<{ id: number; message: string }>;
}

/** Each item in its own transaction: one refused item does not hold back the others. */
export async function batch(
  c: Context<AppEnv>,
  target: WorkflowTarget,
  ids: number[],
  action: WorkflowAction,
  contentService: ContentService,
): Promise<BatchOutcome> {
  const out: BatchOutcome = { done: [], failed: [] };
  for (const id of [...new Set(ids)]) {
    try {
      await runTransition(c, target, id, action, {}, contentService);
      out.done.push(id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      out.failed.push({ id, message: err.message });
    }
  }
  return out;
}

/**
 * The workflow's routes of one target, mounted under its collection (`/api/articles`,
 * `/api/videos`): `PUT /publish/{id}`, one `PUT /{action}/{id}` per listed action with the guard
 * its rule's `who` implies (reviewers only: the review route; editors and authors: the review route
 * or an edit route of the target), the history, and the batch submit when asked for.
 */
export function workflowRoutes(
  target: WorkflowTarget,
  {
    actions,
    readRoutes,
    batchSubmit = false,
    contentService = {},
  }: {
    actions: readonly WorkflowAction[];
    readRoutes: readonly string[];
    batchSubmit?: boolean;
    contentService?: ContentService;
  },
) {
  const app = new Hono<AppEnv>();
  const actors = [target.reviewRoute, ...target.editRouteList];
  const guard = (action: WorkflowAction) => (TRANSITIONS[action].who === 'reviewer' ? access.route(target.reviewRoute) : access.anyRoute(actors));
  // A transition the item's status does not allow, or a version that moved on: 409; someone else's edit lock: 423.
  const refusesTransition = answers(transitionResultSchema, { 409: '当前状态不能这样操作，或内容已被他人修改', 423: '他人正在编辑' });
  app.put('/publish/:id', access.anyRoute(actors), refusesTransition, jsonBody(transitionSchema), publishHandler(target, contentService));
  for (const action of actions)
    app.put(`/${action}/:id`, guard(action), refusesTransition, jsonBody(transitionSchema), actionHandler(target, action, contentService));
  app.get('/events/:id', access.anyRoute(readRoutes), answers(contentEventListSchema), historyHandler(target));
  if (batchSubmit)
    app.put('/batch/submit', access.anyRoute(actors), jsonBody(batchSchema), answers(batchOutcomeSchema), async (c) => {
      const { ids } = c.req.valid('json');
      return ok(c, await batch(c, target, ids, 'submit', contentService));
    });
  return app;
}
