import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { Hono, type Context } from 'hono';
import { and, count, desc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ARTICLE_READ_ROUTES } from '../../../lib/resources/articles';
import { VIDEO_READ_ROUTES } from '../../../lib/resources/videos';
import { INT4_MAX } from '../../../lib/constants';
import { DELIVERY_RESULTS, endpointState, isPrivateAddress, WEBHOOK_TEST_TYPE, type DeliveryResult } from '../../../lib/webhooks';
import {
  webhookCreateSchema,
  webhookDeliveryDetail,
  webhookDeliveryRecord,
  webhookEndpointList,
  webhookEndpointRecord,
  webhookItemSummary,
  webhookUpdateSchema,
} from '../../../lib/resources/schemas/webhooks';
import { access, canAccess } from '../../auth/access';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { DbOrTx } from '../../db/types';
import { allOf, listQuerySchema, pageOf, parseListQuery } from '../../crud/list';
import { logOperation } from '../../crud/oplog';
import { loadArticle } from '../../articles/article';
import { loadVideo } from '../../videos/video';
import { badRequest, forbidden, notFound, parseInput } from '../../http/errors';
import { answers } from '../../http/answer';
import { jsonBody, queryDoc, queryInput } from '../../http/input';
import { listOf } from '../../../lib/resources/schemas/common';
import { idParam } from '../../http/params';
import { ok } from '../../http/reply';
import type { AppEnv } from '../../http/types';
import { sendPolicyFromEnv, type SendPolicy } from './send';
import { attempt, claimDue, wakeWebhookWorkers } from './worker';

/**
 * The staff API of webhooks (DESIGN §12; issue 24 item 5), admins holding 站点接口
 * (`/setting/delivery`): endpoints (`/api/webhooks`), their deliveries and the log across them
 * (`/api/webhook_deliveries`), replay, and the editors' "what the site was told" of one item.
 * Every write is validated, done in one transaction and logged; the secret appears in the answer
 * of a create and of a rotation only, and never in the operation log.
 */

const ROUTE = '/setting/delivery';
/** The 400s a URL the route checks itself can answer, beside the validator's. */
const URL_REFUSED = '请求内容有误，或推送地址指向内网或本机';
/** An event goes to every subscribed endpoint: their number is bounded. */
export const MAX_ENDPOINTS = 50;

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** A URL whose host is written as a private address (or localhost) is refused unless the policy allows it. */
function assertPublicUrl(url: string, policy: SendPolicy) {
  if (policy.allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host)))
    throw badRequest('推送地址不能指向内网或本机', { url: '推送地址不能指向内网或本机（如需在内网测试，请由运维开启 WEBHOOK_ALLOW_PRIVATE）' });
}

const endpointColumns = {
  id: webhookEndpoints.id,
  name: webhookEndpoints.name,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  paused: webhookEndpoints.paused,
  pauseReason: webhookEndpoints.pauseReason,
  pausedAt: webhookEndpoints.pausedAt,
  failingSince: webhookEndpoints.failingSince,
  createdBy: webhookEndpoints.createdBy,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};
type EndpointRow = { [K in keyof typeof endpointColumns]: (typeof webhookEndpoints.$inferSelect)[K] };
const withState = (e: EndpointRow) => ({ ...e, state: endpointState(e) });

async function loadEndpoint(db: DbOrTx, id: number, lock = false) {
  const q = db.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('推送地址不存在');
  return row;
}

/** The list's and detail's columns of a delivery (payload and response only in the detail). */
const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  endpointName: webhookEndpoints.name,
  eventId: webhookDeliveries.eventId,
  messageId: webhookDeliveries.messageId,
  type: webhookDeliveries.type,
  contentType: webhookDeliveries.contentType,
  contentId: webhookDeliveries.contentId,
  state: webhookDeliveries.state,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastStatus: webhookDeliveries.lastStatus,
  lastError: webhookDeliveries.lastError,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  latencyMs: webhookDeliveries.latencyMs,
  createdAt: webhookDeliveries.createdAt,
};

const RESULT_STATES: Record<DeliveryResult, string[]> = { succeeded: ['succeeded'], failed: ['failed', 'dead'], pending: ['pending'] };

const deliveryFilters = z.object({
  endpointId: z.coerce.number().int().positive('推送地址 id 必须是正整数').max(INT4_MAX, '推送地址不存在').optional(),
  type: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,20}\.[a-z_]{1,24}$/, '事件类型格式不对（例如 article.published）')
    .optional(),
  /** `article-12`, `video-5`: one item's deliveries. */
  item: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,24}-\d{1,10}$/, '内容的写法是 类型-编号，例如 article-12')
    .optional(),
  result: z.enum(Object.keys(DELIVERY_RESULTS) as [DeliveryResult, ...DeliveryResult[]], { error: '结果只能是 succeeded、failed 或 pending' }).optional(),
});

/** Blank query values count as absent (cleared filter fields). */
const present = (q: Record<string, string>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== ''));

async function deliveryPage(c: Context<AppEnv>, fixedEndpoint?: number) {
  const query = present(c.req.query());
  const { page, pageSize } = parseListQuery(query);
  const f = parseInput(deliveryFilters, query);
  const endpointId = fixedEndpoint ?? f.endpointId;
  const [contentType, contentId] = f.item ? [f.item.slice(0, f.item.lastIndexOf('-')), Number(f.item.slice(f.item.lastIndexOf('-') + 1))] : [];
  const where = allOf([
    endpointId ? eq(webhookDeliveries.endpointId, endpointId) : undefined,
    f.type ? eq(webhookDeliveries.type, f.type) : undefined,
    contentType ? and(eq(webhookDeliveries.contentType, contentType), eq(webhookDeliveries.contentId, contentId!)) : undefined,
    f.result ? inArray(webhookDeliveries.state, RESULT_STATES[f.result]) : undefined,
  ]);
  const db = c.get('db');
  const select = db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(where)
    .orderBy(desc(webhookDeliveries.id));
  return pageOf(db, { query: select, table: webhookDeliveries, where, page, pageSize, cap: 10_000 });
}

/** A test event to one endpoint: a delivery of its own (no item), sent at once below. */
async function createTestDelivery(db: DbOrTx, endpoint: EndpointRow, now: Date) {
  const messageId = `msg_test_${randomBytes(8).toString('hex')}`;
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      eventId: null,
      messageId,
      type: WEBHOOK_TEST_TYPE,
      contentType: 'webhook',
      contentId: 0,
      nextAttemptAt: now,
      payload: {
        type: WEBHOOK_TEST_TYPE,
        timestamp: now.toISOString(),
        data: { endpoint: endpoint.name, message: '这是一条测试事件，收到即说明推送地址可用' },
      },
    })
    .returning({ id: webhookDeliveries.id });
  return row.id;
}

async function deliveryDetail(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...deliveryColumns, payload: webhookDeliveries.payload, responseExcerpt: webhookDeliveries.responseExcerpt, endpointUrl: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  if (!row) throw notFound('推送记录不存在');
  const attempts = await db
    .select({
      attempt: webhookAttempts.attempt,
      status: webhookAttempts.status,
      ok: webhookAttempts.ok,
      error: webhookAttempts.error,
      latencyMs: webhookAttempts.latencyMs,
      responseExcerpt: webhookAttempts.responseExcerpt,
      at: webhookAttempts.at,
    })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, id))
    .orderBy(desc(webhookAttempts.attempt))
    .limit(50);
  return { ...row, attemptLog: attempts };
}

export function webhookRoutes({ policy = sendPolicyFromEnv(), now = () => new Date() }: { policy?: SendPolicy; now?: () => Date } = {}) {
  const app = new Hono<AppEnv>();

  app.get('/', access.route(ROUTE), answers(webhookEndpointList), async (c) => {
    const db = c.get('db');
    const list = await db.select(endpointColumns).from(webhookEndpoints).orderBy(desc(webhookEndpoints.id)).limit(MAX_ENDPOINTS);
    // Open deliveries per endpoint (the partial index of due work holds only those) and the last attempt.
    const open = await db
      .select({ endpointId: webhookDeliveries.endpointId, state: webhookDeliveries.state, n: count(), last: max(webhookDeliveries.lastAttemptAt) })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.state, ['pending', 'failed']))
      .groupBy(webhookDeliveries.endpointId, webhookDeliveries.state);
    const counts = (id: number, state: string) => open.find((o) => o.endpointId === id && o.state === state)?.n ?? 0;
    return ok(c, {
      list: list.map((e) => ({ ...withState(e), waiting: counts(e.id, 'pending'), retrying: counts(e.id, 'failed') })),
      total: list.length,
    });
  });

  app.post(
    '/',
    access.route(ROUTE),
    jsonBody(webhookCreateSchema),
    answers(webhookEndpointRecord, { 400: `${URL_REFUSED}，或已有 ${MAX_ENDPOINTS} 个推送地址` }),
    async (c) => {
      const input = c.req.valid('json');
      assertPublicUrl(input.url, policy);
      const secret = newSecret();
      const row = await c.get('db').transaction(async (tx) => {
        // One creation at a time counts the endpoints (the cap holds under concurrent creates).
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints'))`);
        const [{ n }] = await tx.select({ n: count() }).from(webhookEndpoints);
        if (n >= MAX_ENDPOINTS) throw badRequest(`最多添加 ${MAX_ENDPOINTS} 个推送地址，请先删除不用的`);
        const [created] = await tx
          .insert(webhookEndpoints)
          .values({ name: input.name, url: input.url, events: input.events, secret, createdBy: c.get('user')!.id })
          .returning(endpointColumns);
        await logOperation(tx, c, {
          type: 'create',
          resource: 'webhooks',
          resourceId: created.id,
          summary: `新增推送地址「${created.name}」${created.url}`,
          after: created,
        });
        return created;
      });
      return ok(c, { ...withState(row), secret });
    },
  );

  app.put('/:id', access.route(ROUTE), jsonBody(webhookUpdateSchema), answers(webhookEndpointRecord, { 400: URL_REFUSED }), async (c) => {
    const id = idParam(c);
    const input = c.req.valid('json');
    if (input.url) assertPublicUrl(input.url, policy);
    const secret = input.rotateSecret ? newSecret() : undefined;
    const at = now();
    const after = await c.get('db').transaction(async (tx) => {
      const before = await loadEndpoint(tx, id, true);
      const patch: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: at };
      if (input.name !== undefined) patch.name = input.name;
      if (input.url !== undefined) patch.url = input.url;
      if (input.events !== undefined) patch.events = input.events;
      if (secret) patch.secret = secret;
      if (input.paused === true && !before.paused) Object.assign(patch, { paused: true, pauseReason: 'manual', pausedAt: at });
      // Resumed: what waited is sent from now on, and the day of failures counts again from the next one.
      if (input.paused === false && before.paused) Object.assign(patch, { paused: false, pauseReason: '', pausedAt: null, failingSince: null });
      const [row] = await tx.update(webhookEndpoints).set(patch).where(eq(webhookEndpoints.id, id)).returning(endpointColumns);
      if (input.paused === false && before.paused)
        await tx
          .update(webhookDeliveries)
          .set({ nextAttemptAt: at })
          .where(and(eq(webhookDeliveries.endpointId, id), inArray(webhookDeliveries.state, ['pending', 'failed'])));
      const type = input.paused === true && !before.paused ? 'pause' : input.paused === false && before.paused ? 'resume' : secret ? 'rotate_secret' : 'update';
      const verb = { pause: '暂停', resume: '恢复', rotate_secret: '更换密钥：', update: '修改' }[type];
      await logOperation(tx, c, {
        type,
        resource: 'webhooks',
        resourceId: id,
        summary: `${verb}推送地址「${row.name}」${secret && type !== 'rotate_secret' ? '（并更换密钥）' : ''}`,
        before,
        after: row,
      });
      return row;
    });
    if (input.paused === false) wakeWebhookWorkers();
    return ok(c, secret ? { ...withState(after), secret } : withState(after));
  });

  app.delete('/:id', access.route(ROUTE), answers(z.null()), async (c) => {
    const id = idParam(c);
    await c.get('db').transaction(async (tx) => {
      const before = await loadEndpoint(tx, id, true);
      // Its deliveries and their attempts go with it (ON DELETE CASCADE).
      await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      await logOperation(tx, c, { type: 'delete', resource: 'webhooks', resourceId: id, summary: `删除推送地址「${before.name}」${before.url}`, before });
    });
    return ok(c, null);
  });

  // 发送测试: one signed test event, sent now (one attempt, ≤ 10 s) so the admin sees the answer.
  app.post('/:id/test', access.route(ROUTE), answers(webhookDeliveryDetail), async (c) => {
    const id = idParam(c);
    const db = c.get('db');
    const at = now();
    const deliveryId = await db.transaction(async (tx) => {
      const endpoint = await loadEndpoint(tx, id);
      const created = await createTestDelivery(tx, endpoint, at);
      await logOperation(tx, c, { type: 'test', resource: 'webhooks', resourceId: id, summary: `向推送地址「${endpoint.name}」发送测试事件` });
      return created;
    });
    const [claimed] = await claimDue(db, { now: at, leaseMs: policy.timeoutMs + 5_000, limit: 1, onlyId: deliveryId });
    if (claimed) await attempt(db, claimed, policy, { now: at });
    return ok(c, await deliveryDetail(db, deliveryId));
  });

  app.get('/:id/deliveries', access.route(ROUTE), queryDoc(listQuerySchema, deliveryFilters), answers(listOf(webhookDeliveryRecord)), async (c) => {
    const id = idParam(c);
    await loadEndpoint(c.get('db'), id);
    return ok(c, await deliveryPage(c, id));
  });

  return app;
}

const summaryQuery = z.object({
  contentType: z.enum(['article', 'video'], { error: '内容类型只能是 article 或 video' }),
  contentId: z.coerce.number({ error: '内容 id 必须是正整数' }).int('内容 id 必须是正整数').positive('内容 id 必须是正整数').max(INT4_MAX, '内容不存在'),
});

export function webhookDeliveryRoutes({ now = () => new Date() }: { now?: () => Date } = {}) {
  const app = new Hono<AppEnv>();

  // The log across endpoints (filters: endpoint, event, item, result).
  app.get('/', access.route(ROUTE), queryDoc(listQuerySchema, deliveryFilters), answers(listOf(webhookDeliveryRecord)), async (c) =>
    ok(c, await deliveryPage(c)),
  );

  /**
   * The editors' side panel: what the site was told of one item and when. Editors see it (their
   * read permission and data scope on the item); it names no address, only counts and times.
   */
  app.get(
    '/summary',
    access.anyRoute([...ARTICLE_READ_ROUTES, ...VIDEO_READ_ROUTES]),
    queryInput(summaryQuery),
    answers(webhookItemSummary, { 403: '没有这类内容的查看权限', 404: '内容不存在或不在数据范围内' }),
    async (c) => {
      const { contentType, contentId } = c.req.valid('query');
      const user = c.get('user')!;
      const db = c.get('db');
      const readers: readonly string[] = contentType === 'article' ? ARTICLE_READ_ROUTES : VIDEO_READ_ROUTES;
      if (!readers.some((r) => canAccess(user, r))) throw forbidden();
      const item = contentType === 'article' ? await loadArticle(db, user, contentId) : await loadVideo(db, user, contentId);
      if (!item) throw notFound(contentType === 'article' ? '文章不存在' : '短视频不存在');
      const ofItem: SQL = and(eq(webhookDeliveries.contentType, contentType), eq(webhookDeliveries.contentId, contentId))!;
      // The latest event sent for the item, and how its deliveries (one per endpoint) stand.
      const [last] = await db
        .select({ eventId: webhookDeliveries.eventId, type: webhookDeliveries.type, createdAt: webhookDeliveries.createdAt })
        .from(webhookDeliveries)
        .where(ofItem)
        .orderBy(desc(webhookDeliveries.id))
        .limit(1);
      if (!last) return ok(c, { last: null, canOpenLog: canAccess(user, ROUTE) });
      const states = await db
        .select({ state: webhookDeliveries.state, n: count(), at: max(webhookDeliveries.lastAttemptAt) })
        .from(webhookDeliveries)
        .where(and(ofItem, last.eventId === null ? sql`false` : eq(webhookDeliveries.eventId, last.eventId)))
        .groupBy(webhookDeliveries.state);
      const n = (s: string) => states.filter((r) => r.state === s).reduce((sum, r) => sum + r.n, 0);
      const succeededAt = states.find((r) => r.state === 'succeeded')?.at ?? null;
      return ok(c, {
        last: { type: last.type, createdAt: last.createdAt, succeeded: n('succeeded'), failed: n('failed') + n('dead'), pending: n('pending'), succeededAt },
        canOpenLog: canAccess(user, ROUTE),
      });
    },
  );

  app.get('/:id', access.route(ROUTE), answers(webhookDeliveryDetail), async (c) =>
    ok(c, await deliveryDetail(c.get('db'), idParam(c, { max: Number.MAX_SAFE_INTEGER }))),
  );

  // 重新推送: the same body and `webhook-id`, as the next attempt, as soon as the worker runs (paused: on resume).
  app.post('/:id/replay', access.route(ROUTE), answers(webhookDeliveryDetail), async (c) => {
    const id = idParam(c, { max: Number.MAX_SAFE_INTEGER });
    const at = now();
    await c.get('db').transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: webhookDeliveries.id,
          messageId: webhookDeliveries.messageId,
          type: webhookDeliveries.type,
          state: webhookDeliveries.state,
          endpointId: webhookDeliveries.endpointId,
        })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, id))
        .for('update');
      if (!row) throw notFound('推送记录不存在');
      await tx.update(webhookDeliveries).set({ state: 'pending', nextAttemptAt: at }).where(eq(webhookDeliveries.id, id));
      await logOperation(tx, c, { type: 'replay', resource: 'webhooks', resourceId: row.endpointId, summary: `重新推送 ${row.type}（${row.messageId}）` });
    });
    wakeWebhookWorkers();
    return ok(c, await deliveryDetail(c.get('db'), id));
  });

  return app;
}
