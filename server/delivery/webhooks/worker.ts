import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_TEST_TYPE } from '../../../lib/webhooks';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Db, DbOrTx } from '../../db/types';
import { subscribeCommittedKeys } from '../../events/bus';
import { describeError } from '../../http/failure';
import { jobsOutageLog, type OutageLog } from '../../jobs/outage';
import { fanOut } from './fanout';
import { sendPolicyFromEnv, sendWebhook, type AttemptResult, type SendPolicy } from './send';

/**
 * The webhook worker (DESIGN §12; issue 24 item 4), started by the scheduler of each instance
 * (server/start-scheduler.ts). A round fans out what committed (./fanout.ts), then claims due
 * deliveries and sends them:
 * - exactly one instance per attempt: the claim raises `attempts` and sets a lease in one
 *   statement over rows taken `FOR UPDATE SKIP LOCKED`; the result is written only while the row
 *   still holds that attempt number. A worker killed after the claim leaves the lease to expire;
 *   the next attempt (same `webhook-id`, the next number) sends again. A worker killed before the
 *   claim committed left nothing: the row is claimed again as the same attempt.
 * - in order per item and endpoint: a delivery waits while an earlier event of the same item for
 *   the same endpoint is still open (pending or failed).
 * - retried with backoff from 5 s up to a day (`DEFAULT_BACKOFF_MS`, then given up: `dead`, and
 *   replayable); an endpoint that has failed every attempt for a day is paused (`failing`) and its
 *   waiting deliveries kept for when an admin resumes it.
 */

/** Waits after the 1st, 2nd … failed attempt; after the last, the delivery is given up (about 27 h in all). */
export const DEFAULT_BACKOFF_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000];
/** An endpoint failing this long without one success is paused. */
export const PAUSE_AFTER_MS = 24 * 3600_000;

export interface WorkerOptions {
  db: Db;
  /** The clock of due times and backoff (tests move it); signatures always use the real time. */
  now?: () => Date;
  intervalMs?: number;
  backoffMs?: readonly number[];
  /** How long a claimed attempt is this instance's (the send's timeout and some). */
  leaseMs?: number;
  pauseAfterMs?: number;
  batchSize?: number;
  policy?: SendPolicy;
  log?: (line: string) => void;
  outage?: OutageLog;
}

export interface WebhookWorker {
  /** Fans out and sends everything due now; resolves with the number of attempts made. */
  tick(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export interface Claimed {
  id: number;
  endpointId: number;
  messageId: string;
  type: string;
  attempt: number;
  payload: Record<string, unknown>;
  url: string;
  secret: string;
}

/** Claims up to `limit` due deliveries (or the one `onlyId`, whatever its time) for one attempt each. */
export async function claimDue(
  db: DbOrTx,
  { now, leaseMs, limit, onlyId }: { now: Date; leaseMs: number; limit: number; onlyId?: number },
): Promise<Claimed[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const res = await db.execute(sql`
    WITH due AS (
      SELECT d.id FROM webhook_deliveries d
      JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.state IN ('pending', 'failed')
        AND (d.lease_until IS NULL OR d.lease_until <= ${now.toISOString()}::timestamptz)
        AND ${onlyId === undefined ? sql`d.next_attempt_at <= ${now.toISOString()}::timestamptz AND NOT e.paused` : sql`d.id = ${onlyId}`}
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries p
          WHERE p.endpoint_id = d.endpoint_id AND p.content_type = d.content_type AND p.content_id = d.content_id
            AND p.event_id < d.event_id AND p.state IN ('pending', 'failed'))
      ORDER BY d.next_attempt_at, d.id
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE webhook_deliveries d SET attempts = d.attempts + 1, lease_until = ${leaseUntil.toISOString()}::timestamptz
    FROM due, webhook_endpoints e
    WHERE d.id = due.id AND e.id = d.endpoint_id
    RETURNING d.id, d.endpoint_id, d.message_id, d.type, d.attempts, d.payload, e.url, e.secret`);
  return (res.rows as Array<Record<string, unknown>>).map((r) => ({
    id: Number(r.id),
    endpointId: Number(r.endpoint_id),
    messageId: String(r.message_id),
    type: String(r.type),
    attempt: Number(r.attempts),
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    url: String(r.url),
    secret: String(r.secret),
  }));
}

/**
 * Writes an attempt's outcome: the attempt row, the delivery's state (only while it still holds
 * this attempt: a late result of an expired lease changes nothing), and the endpoint's failing time.
 */
export async function recordAttempt(
  db: Db,
  claimed: Claimed,
  result: AttemptResult,
  {
    now,
    backoffMs = DEFAULT_BACKOFF_MS,
    pauseAfterMs = PAUSE_AFTER_MS,
    log = () => {},
  }: { now: Date; backoffMs?: readonly number[]; pauseAfterMs?: number; log?: (line: string) => void },
): Promise<void> {
  const isTest = claimed.type === WEBHOOK_TEST_TYPE;
  await db.transaction(async (tx) => {
    await tx
      .insert(webhookAttempts)
      .values({
        deliveryId: claimed.id,
        attempt: claimed.attempt,
        status: result.status,
        ok: result.ok,
        error: result.error.slice(0, 255),
        latencyMs: result.latencyMs,
        responseExcerpt: result.excerpt,
        at: now,
      })
      .onConflictDoNothing();
    const outcome = {
      lastStatus: result.status,
      lastError: result.error.slice(0, 255),
      lastAttemptAt: now,
      latencyMs: result.latencyMs,
      responseExcerpt: result.excerpt,
      leaseUntil: null,
    };
    const mine = and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.attempts, claimed.attempt));
    if (result.ok) {
      const done = await tx
        .update(webhookDeliveries)
        .set({ ...outcome, state: 'succeeded' })
        .where(mine)
        .returning({ id: webhookDeliveries.id });
      if (done.length && !isTest) await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, claimed.endpointId));
      return;
    }
    if (isTest) {
      await tx
        .update(webhookDeliveries)
        .set({ ...outcome, state: 'dead' })
        .where(mine);
      return;
    }
    // The endpoint has failed since its first failure after the last success; a day of it pauses it.
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, claimed.endpointId))
      .returning({ failingSince: webhookEndpoints.failingSince, paused: webhookEndpoints.paused, name: webhookEndpoints.name });
    const pausing = !!endpoint && !endpoint.paused && now.getTime() - new Date(endpoint.failingSince!).getTime() >= pauseAfterMs;
    if (pausing) {
      await tx
        .update(webhookEndpoints)
        .set({ paused: true, pauseReason: 'failing', pausedAt: now, updatedAt: now })
        .where(and(eq(webhookEndpoints.id, claimed.endpointId), eq(webhookEndpoints.paused, false)));
      log(`[webhooks] 推送地址「${endpoint.name}」已连续失败超过一天，已自动暂停`);
    }
    const wait = backoffMs[claimed.attempt - 1];
    // Given up after the last wait, unless the endpoint is paused now: then it waits for the resume.
    if (wait === undefined && !pausing && !endpoint?.paused)
      await tx
        .update(webhookDeliveries)
        .set({ ...outcome, state: 'dead' })
        .where(mine);
    else
      await tx
        .update(webhookDeliveries)
        .set({ ...outcome, state: 'failed', nextAttemptAt: new Date(now.getTime() + (wait ?? 0)) })
        .where(mine);
  });
}

/** One claimed attempt: send, then record. */
export async function attempt(db: Db, claimed: Claimed, policy: SendPolicy, options: Parameters<typeof recordAttempt>[3]): Promise<AttemptResult> {
  const result = await sendWebhook(claimed, policy, new Date());
  await recordAttempt(db, claimed, result, options);
  return result;
}

// Routes and writers wake the workers of this process (a replay, a test, a commit) instead of waiting for the poll.
const holder = globalThis as typeof globalThis & { __cmsWebhookWakers?: Set<() => void> };
const wakers = (holder.__cmsWebhookWakers ??= new Set<() => void>());
export function wakeWebhookWorkers(): void {
  for (const wake of wakers) wake();
}

export function createWebhookWorker({
  db,
  now = () => new Date(),
  intervalMs = 500,
  backoffMs = DEFAULT_BACKOFF_MS,
  leaseMs = 60_000,
  pauseAfterMs = PAUSE_AFTER_MS,
  batchSize = 16,
  policy = sendPolicyFromEnv(),
  log = (line) => console.log(line),
  outage = jobsOutageLog(),
}: WorkerOptions): WebhookWorker {
  async function tick(): Promise<number> {
    await fanOut(db, now());
    let sent = 0;
    // Rounds until nothing is due: a delivery that succeeded lets the next event of its item go.
    // Bounded, so one tick never runs forever; the next tick carries on.
    for (let round = 0; round < 50; round++) {
      const claimed = await claimDue(db, { now: now(), leaseMs, limit: batchSize });
      if (!claimed.length) break;
      // Different items and endpoints go in parallel; a batch is at most `batchSize` requests of ≤ 10 s.
      await Promise.all(claimed.map((c) => attempt(db, c, policy, { now: now(), backoffMs, pauseAfterMs, log })));
      sent += claimed.length;
    }
    return sent;
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = true;
  const loop = () => {
    if (stopped) return;
    if (running) {
      again = true; // woken during a round: one more round right after it
      return;
    }
    if (timer) clearTimeout(timer);
    running = tick()
      .then(() => outage.succeeded())
      .catch((err) => {
        if (!outage.failed('Webhook 推送', err)) log(`[webhooks] round failed: ${describeError(err)}`);
      })
      .finally(() => {
        running = undefined;
        if (stopped) return;
        const delay = again ? 0 : intervalMs;
        again = false;
        timer = setTimeout(loop, delay);
        timer.unref?.();
      });
  };
  let unsubscribe: (() => void) | undefined;
  return {
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      wakers.add(loop);
      // A commit that wrote events (any writer of this process) starts a round at once.
      unsubscribe = subscribeCommittedKeys(() => queueMicrotask(loop));
      loop();
    },
    async stop() {
      stopped = true;
      wakers.delete(loop);
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
