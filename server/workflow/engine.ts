import type { Context } from 'hono';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  mayTake,
  publishActionFor as publishActionOf,
  STATUS,
  STATUS_LABELS,
  TRANSITIONS,
  WORKFLOW_ACTIONS,
  type Status,
  type WorkflowAction,
} from '../../lib/resources/publishing';
import { type TransitionInput } from '../../lib/resources/schemas/workflow';
import { contentEvents, operationLogs, scheduledJobs, type CheckResult } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';
import { scopeCondition } from '../auth/scope';
import { snapshot } from '../crud/oplog';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors';
import type { AppEnv, SessionUser } from '../http/types';
import { emitChange, type ContentChange, type InTransactionListener } from '../events';
import type { ContentService } from '../content/check';
import { refreshPublications } from '../content/statistics';

/**
 * The publishing workflow (DESIGN §8), one module for every reviewable content type (articles,
 * short videos). The transitions are a table; `transition()` applies one in the caller's
 * transaction: it locks the row, checks permission (403), data scope (404), status (409), version
 * (409) and the content check (409 with the words), then writes the new status with the version
 * bumped, a `content_events` row, an operation-log row and the scheduled jobs it needs.
 *
 * A content table joins by spreading `workflowColumns()` (server/db/schema/workflow.ts) and by its
 * target in its domain (server/articles/workflow-target.ts, server/videos/workflow-target.ts), listed in
 * server/publishing/targets.ts (the scheduler and the review queue find it there by `type`).
 */

export { STATUS };

const { draft, pending, rejected, published, offline, scheduled } = STATUS;

/** The transition table is the publishing model's (lib/resources/publishing.ts); this engine applies it. */
export { TRANSITIONS };

/** Why a status refuses an action, in words an editor understands. */
function refusal(label: string, status: number, action: WorkflowAction): string {
  const now = STATUS_LABELS[status] ?? `状态 ${status}`;
  const hints: Partial<Record<WorkflowAction, Partial<Record<number, string>>>> = {
    submit: { [pending]: '已在审核中，请等待审核结果', [published]: '已发布，无需再提交审核', [scheduled]: '已定时发布，如需修改请先取消定时' },
    approve: { [published]: '已发布', [rejected]: '已被驳回，需作者修改后重新提交' },
    reject: { [rejected]: '已被驳回' },
    publish: { [published]: '已发布', [offline]: '已下线，请使用「重新发布」' },
    offline: { [offline]: '已下线', [scheduled]: '尚未发布，请取消定时发布' },
    republish: { [published]: '已发布' },
  };
  const hint = hints[action]?.[status];
  return `${label}当前为「${now}」，不能${WORKFLOW_ACTIONS[action]}${hint ? `：${hint}` : ''}`;
}

export interface WorkflowColumns {
  id: AnyPgColumn;
  title: AnyPgColumn;
  editorId: AnyPgColumn;
  departmentId: AnyPgColumn;
  status: AnyPgColumn;
  version: AnyPgColumn;
  publishAt: AnyPgColumn;
  offlineAt: AnyPgColumn;
  publishedAt: AnyPgColumn;
  submittedAt: AnyPgColumn;
  reviewComment: AnyPgColumn;
  reviewerId: AnyPgColumn;
  reviewedAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  /** The stored content-check result (jsonb CheckResult), when the type keeps one: the queue shows its hits. */
  checkResult?: AnyPgColumn;
}

/** The row a transition reads (locked). */
export interface WorkflowRow {
  id: number;
  title: string;
  editorId: number;
  departmentId: number | null;
  status: number;
  version: number;
  publishAt: Date | null;
  offlineAt: Date | null;
  publishedAt: Date | null;
  reviewComment: string;
  /** The target's extra columns (e.g. an article's kind). */
  extra: Record<string, unknown>;
}

export interface WorkflowTarget {
  /** content_events.content_type and scheduled_jobs.content_type: 'article', 'video'. */
  type: string;
  /** Chinese name in messages: 文章, 短视频. */
  label: string;
  /** Operation-log resource (named in the log by server/crud/catalogue.ts). */
  resource: string;
  table: PgTable;
  columns: WorkflowColumns;
  /** More columns the target needs to decide permissions (an article's kind). */
  extraColumns?: Record<string, AnyPgColumn>;
  /** The review permission route: its holders approve, reject, publish and take offline. */
  reviewRoute: string;
  /** Routes whose holders edit this item (and so submit, withdraw, cancel its schedule). */
  editRoutes(row: WorkflowRow): readonly string[];
  /** Every edit route of the target (the route guards: who may call an editor's action at all). */
  editRouteList: readonly string[];
  /** Runs the content check on the stored item (and keeps the result on it); null when it has none. */
  check?(tx: Tx, id: number, service: ContentService): Promise<CheckResult | null>;
  /** Listeners of each transition, in its transaction (server/events): the item's revision. */
  onChange?: readonly InTransactionListener[];
  /** After a person's transition commits (server/workflow/handlers.ts): e.g. the search engine re-reads the item. */
  afterCommit?(c: Context<AppEnv>, changes: readonly ContentChange[]): void;
}

/** Who acts: a signed-in user, or the scheduler. */
export type Actor = { kind: 'user'; user: SessionUser; ip: string } | { kind: 'system' };

export interface TransitionRequest extends TransitionInput {
  id: number;
  action: WorkflowAction;
  /**
   * The status the caller chose the action for (`PUT …/publish/{id}` reads it first): when the
   * locked row has moved on meanwhile (another reviewer rejected it), the action is refused (409)
   * instead of applied to a state nobody decided on.
   */
  fromStatus?: number;
  actor: Actor;
  now?: Date;
  contentService?: ContentService;
}

export interface TransitionResult {
  id: number;
  action: WorkflowAction;
  fromStatus: number;
  status: number;
  version: number;
  publishAt: Date | null;
  offlineAt: Date | null;
  publishedAt: Date | null;
  reviewComment: string;
  checkResult: CheckResult | null;
}

/** Whether a user holds the review route of a target. */
export const isReviewer = (target: WorkflowTarget, user: SessionUser) => user.routes.has(target.reviewRoute);

/** The data-scope condition on a target's rows (DESIGN §3). */
export const targetScope = (target: WorkflowTarget, user: SessionUser): SQL | undefined =>
  scopeCondition(user, { userColumn: target.columns.editorId, departmentColumn: target.columns.departmentId });

function mayAct(target: WorkflowTarget, action: WorkflowAction, actor: Actor, row: WorkflowRow): boolean {
  if (TRANSITIONS[action].who === 'system') return actor.kind === 'system';
  if (actor.kind === 'system') return true;
  const user = actor.user;
  return mayTake(action, {
    isReviewer: isReviewer(target, user),
    isAuthor: row.editorId === user.id,
    mayEdit: target.editRoutes(row).some((r) => user.routes.has(r)),
  });
}

/**
 * A save of what readers see (已发布) or will see at a set time (定时发布) is a reviewer's act: the
 * approval covered the text it read. Everyone else is refused (409) and told the way back through
 * review: cancel the schedule, or have a reviewer take the item offline, then edit and resubmit.
 */
export function assertMayChangeLive(target: WorkflowTarget, user: SessionUser, status: number) {
  if (isReviewer(target, user)) return;
  if (status === published)
    throw new ApiError(409, `${target.label}已发布，修改需经审核：请内容审核人员修改，或请其下线后再修改并重新提交审核`, { status: '已发布' });
  if (status === scheduled) throw new ApiError(409, `${target.label}已定时发布，修改需经审核：请先取消定时发布，修改后重新提交审核`, { status: '定时发布' });
}

/** Hits that block publishing: dictionary words, or the outside service's verdict. */
export function blockingHits(result: CheckResult | null): string[] | null {
  if (!result) return null;
  const words = [...result.hits];
  if (result.service.status === 'hits') words.push(result.service.note || '外部服务判定违规');
  return words.length ? words : null;
}

export class ContentBlockedError extends ApiError {
  constructor(label: string, words: string[], checkResult: CheckResult) {
    super(
      409,
      `内容检测未通过，不能发布：${label}含有敏感内容「${words.slice(0, 20).join('」「')}」，请修改后再发布`,
      { content: `含敏感内容：${words.slice(0, 20).join('、')}` },
      { checkResult, words },
    );
    this.name = 'ContentBlockedError';
  }
}

const future = (d: Date | null | undefined, now: Date): d is Date => !!d && d.getTime() > now.getTime();

/**
 * Applies one transition in `tx`. Throws ApiError (404 out of scope or missing, 403 not permitted,
 * 409 wrong status / stale version / content blocked, 400 bad times) and then nothing has changed
 * as long as the caller lets the transaction roll back.
 */
export async function transition(tx: Tx, target: WorkflowTarget, req: TransitionRequest): Promise<TransitionResult> {
  const { actor, action } = req;
  const now = req.now ?? new Date();
  const rule = TRANSITIONS[action];
  const c = target.columns;
  const scope = actor.kind === 'user' ? targetScope(target, actor.user) : undefined;
  const [raw] = await tx
    .select({
      id: c.id,
      title: c.title,
      editorId: c.editorId,
      departmentId: c.departmentId,
      status: c.status,
      version: c.version,
      publishAt: c.publishAt,
      offlineAt: c.offlineAt,
      publishedAt: c.publishedAt,
      reviewComment: c.reviewComment,
      ...(target.extraColumns ?? {}),
    } as Record<string, AnyPgColumn>)
    .from(target.table)
    .where(scope ? and(eq(c.id, req.id), scope) : eq(c.id, req.id))
    .for('update')
    .limit(1);
  if (!raw) throw notFound(`${target.label}不存在`);
  const extra = Object.fromEntries(Object.keys(target.extraColumns ?? {}).map((k) => [k, raw[k]]));
  const row = { ...(raw as unknown as WorkflowRow), extra };

  if (!mayAct(target, action, actor, row)) {
    throw forbidden(
      rule.who === 'reviewer'
        ? `没有审核权限，不能${WORKFLOW_ACTIONS[action]}（需要「内容审核」权限）`
        : rule.who === 'author' && actor.kind === 'user' && row.editorId !== actor.user.id
          ? `只有作者本人可以${WORKFLOW_ACTIONS[action]}；审核人可以驳回`
          : `没有编辑这篇${target.label}的权限`,
    );
  }
  if (req.fromStatus !== undefined && req.fromStatus !== row.status) {
    throw new ApiError(
      409,
      `${target.label}的状态已变为「${STATUS_LABELS[row.status] ?? row.status}」（你操作时为「${STATUS_LABELS[req.fromStatus] ?? req.fromStatus}」），没有${WORKFLOW_ACTIONS[action]}，请刷新后再操作`,
      undefined,
      { status: row.status, version: row.version },
    );
  }
  if (!rule.from.includes(row.status as Status))
    throw new ApiError(409, refusal(target.label, row.status, action), undefined, { status: row.status, version: row.version });
  if (req.version !== undefined && req.version !== row.version) {
    throw new ApiError(
      409,
      `${target.label}已在你打开之后被修改（你的版本 ${req.version}，当前版本 ${row.version}），请刷新后再操作`,
      { version: '版本已过期' },
      { status: row.status, version: row.version },
    );
  }

  // The times: what the request says, else what the item holds.
  const publishAt = req.publishAt === undefined ? row.publishAt : req.publishAt ? new Date(req.publishAt) : null;
  const offlineAt = req.offlineAt === undefined ? row.offlineAt : req.offlineAt ? new Date(req.offlineAt) : null;
  if (req.publishAt && !future(publishAt, now) && (action === 'schedule' || action === 'submit'))
    throw badRequest('定时发布时间必须晚于现在', { publishAt: '定时发布时间必须晚于现在' });
  if (action === 'schedule' && !future(publishAt, now)) throw badRequest('请设置晚于现在的定时发布时间', { publishAt: '请设置晚于现在的定时发布时间' });
  if (req.offlineAt && !future(offlineAt, now)) throw badRequest('定时下线时间必须晚于现在', { offlineAt: '定时下线时间必须晚于现在' });
  if (action === 'schedule_offline' && !future(offlineAt, now)) throw badRequest('请设置晚于现在的定时下线时间', { offlineAt: '请设置晚于现在的定时下线时间' });
  if (action === 'unschedule_offline' && !row.offlineAt) throw new ApiError(409, `${target.label}没有设置定时下线`);
  if (offlineAt && publishAt && future(publishAt, now) && offlineAt <= publishAt)
    throw badRequest('定时下线时间必须晚于发布时间', { offlineAt: '定时下线时间必须晚于发布时间' });
  const comment = (req.comment ?? '').trim();
  if (action === 'reject' && !comment) throw badRequest('请填写驳回理由，作者会看到它', { comment: '请填写驳回理由，作者会看到它' });

  // Where it lands: an approval or publication with a future time is a scheduled publication.
  let to: Status = rule.to === 'keep' ? (row.status as Status) : rule.to;
  if (action === 'approve' && future(publishAt, now)) to = scheduled;

  let checkResult: CheckResult | null = null;
  if (rule.check && target.check) {
    checkResult = await target.check(tx, row.id, req.contentService ?? {});
    const words = blockingHits(checkResult);
    if (words) throw new ContentBlockedError(target.label, words, checkResult!);
  }

  const set: Record<string, unknown> = { status: to, version: sql`${c.version} + 1`, updatedAt: now };
  const userId = actor.kind === 'user' ? actor.user.id : null;
  switch (action) {
    case 'submit':
      Object.assign(set, { submittedAt: now, publishAt, offlineAt });
      break;
    case 'withdraw':
      break;
    case 'approve':
    case 'reject':
      Object.assign(set, { reviewComment: comment, reviewerId: userId, reviewedAt: now });
      break;
    case 'publish':
      // Publishing now: a pending schedule is dropped.
      Object.assign(set, { publishAt: null, offlineAt, reviewerId: userId, reviewedAt: now, reviewComment: comment });
      break;
    case 'schedule':
      Object.assign(set, { publishAt, offlineAt, reviewerId: userId, reviewedAt: now });
      break;
    case 'unschedule':
      // Back to a draft with nothing scheduled: its offline job is cancelled below, so the time goes
      // too (kept, a later schedule would quietly bring the old offline time back).
      Object.assign(set, { publishAt: null, offlineAt: null });
      break;
    case 'offline':
    case 'scheduled_offline':
      Object.assign(set, { offlineAt: null });
      break;
    case 'schedule_offline':
    case 'unschedule_offline':
      Object.assign(set, { offlineAt: action === 'schedule_offline' ? offlineAt : null });
      break;
    case 'schedule_blocked':
      Object.assign(set, { submittedAt: now, reviewComment: comment });
      break;
    default:
      break;
  }
  if (to === published && row.status !== published) {
    // The publication time: the first one stays through offline and republish.
    if (!(action === 'republish' && row.publishedAt)) set.publishedAt = now;
  }

  const [after] = await tx
    .update(target.table)
    .set(set as never)
    .where(eq(c.id, row.id))
    .returning({
      version: c.version,
      status: c.status,
      publishAt: c.publishAt,
      offlineAt: c.offlineAt,
      publishedAt: c.publishedAt,
      reviewComment: c.reviewComment,
    } as Record<string, AnyPgColumn>);
  const result = after as unknown as Omit<TransitionResult, 'id' | 'action' | 'fromStatus' | 'checkResult'>;

  // The jobs: exactly the ones the new state needs.
  const jobKey = (jobAction: 'publish' | 'offline') =>
    and(
      eq(scheduledJobs.contentType, target.type),
      eq(scheduledJobs.contentId, row.id),
      eq(scheduledJobs.action, jobAction),
      eq(scheduledJobs.state, 'pending'),
    );
  const cancelJob = (jobAction: 'publish' | 'offline') => tx.update(scheduledJobs).set({ state: 'cancelled', finishedAt: now }).where(jobKey(jobAction));
  const putJob = async (jobAction: 'publish' | 'offline', runAt: Date) => {
    await cancelJob(jobAction);
    await tx.insert(scheduledJobs).values({ contentType: target.type, contentId: row.id, action: jobAction, runAt, createdBy: userId });
  };
  if (to === scheduled && (action === 'schedule' || action === 'approve')) await putJob('publish', result.publishAt!);
  if (to !== scheduled && row.status === scheduled && action !== 'scheduled_publish') await cancelJob('publish');
  if (to === offline || to === draft || to === pending) await cancelJob('offline');
  else if ((to === published || to === scheduled) && action !== 'scheduled_publish' && result.offlineAt && future(result.offlineAt, now))
    await putJob('offline', result.offlineAt);
  else if (action === 'unschedule_offline') await cancelJob('offline');

  await tx.insert(contentEvents).values({
    contentType: target.type,
    contentId: row.id,
    action,
    fromStatus: row.status,
    toStatus: to,
    userId,
    ownerId: row.editorId,
    departmentId: row.departmentId,
    comment: comment.slice(0, 500),
    at: now,
  });
  // DESIGN §11: a publication counts in the editor's statistics of that day, in this transaction.
  if (to === published && row.status !== published) await refreshPublications(tx, row.editorId, now);
  // The change, in this transaction: its listeners keep a revision of the item (DESIGN §8) and, after
  // commit, tell whoever follows it (server/events).
  await emitChange(
    tx,
    {
      contentType: target.type,
      id: row.id,
      action,
      fromStatus: row.status,
      toStatus: to,
      userId,
      note: `${WORKFLOW_ACTIONS[action]}：${STATUS_LABELS[row.status] ?? row.status} → ${STATUS_LABELS[to] ?? to}`,
      at: now,
    },
    target.onChange,
  );
  const summaryTime = to === scheduled && result.publishAt ? `（${result.publishAt.toISOString()}）` : '';
  await tx.insert(operationLogs).values({
    userId,
    username: actor.kind === 'user' ? actor.user.username : '系统定时任务',
    type: action,
    resource: target.resource,
    resourceId: String(row.id),
    summary: `${WORKFLOW_ACTIONS[action]}${target.label}「${row.title}」${summaryTime}${comment ? `：${comment}` : ''}`.slice(0, 255),
    before: snapshot({ status: row.status, version: row.version, publishAt: row.publishAt, offlineAt: row.offlineAt }),
    after: snapshot({
      status: to,
      version: result.version,
      publishAt: result.publishAt,
      offlineAt: result.offlineAt,
      comment: comment || undefined,
      hits: checkResult?.hits,
    }),
    ip: actor.kind === 'user' ? actor.ip : '',
  });

  return { id: row.id, action, fromStatus: row.status, checkResult, ...result };
}

/**
 * What `PUT /…/publish/{id}` does for this user and item: holders of the review route publish
 * (scheduled when a future time is set, republish when offline); everyone else submits for review.
 */
export function publishActionFor(target: WorkflowTarget, user: SessionUser, status: number, publishAt: Date | null, now = new Date()): WorkflowAction {
  return publishActionOf(isReviewer(target, user), status, publishAt, now);
}

/** The stored status and publish time (in scope), to choose an action before the transition. */
export async function currentState(db: DbOrTx, target: WorkflowTarget, user: SessionUser, id: number) {
  const scope = targetScope(target, user);
  const [row] = await db
    .select({ status: target.columns.status, publishAt: target.columns.publishAt } as Record<string, AnyPgColumn>)
    .from(target.table)
    .where(scope ? and(eq(target.columns.id, id), scope) : eq(target.columns.id, id))
    .limit(1);
  if (!row) throw notFound(`${target.label}不存在`);
  return row as unknown as { status: number; publishAt: Date | null };
}
