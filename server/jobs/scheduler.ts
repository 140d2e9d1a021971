import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { scheduledJobs } from '../db/schema';
import type { Db, Tx } from '../db/types';
import type { ContentService } from '../content/check';
import { ContentBlockedError, transition } from '../workflow/engine';
import { workflowTarget } from '../publishing/targets';
import { ApiError } from '../http/errors';
import { describeError } from '../http/failure';
import { jobsOutageLog, type OutageLog } from './outage';
import { changeTransaction } from '../events';

/**
 * Scheduled publish and offline (DESIGN §8). Jobs live in `scheduled_jobs`; every instance polls
 * once a second and takes due jobs with `FOR UPDATE SKIP LOCKED`, so N instances on one PostgreSQL
 * share the work and each job fires once: the job is marked done in the same transaction as the
 * transition it runs. A job that fell due while no instance was running fires on the first tick
 * after start. Each job runs in its own transaction that locks the item first and the job second,
 * the order of every transition (server/workflow/engine.ts): a cancel (it flips the pending row to
 * `cancelled` while holding the item) either commits first and wins, or waits for the job.
 */

export interface SchedulerOptions {
  db: Db;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Poll interval; jobs fire within this much of their time (plus the tick's own run). */
  intervalMs?: number;
  /** Due jobs read per round (each then runs in its own transaction). */
  batchSize?: number;
  contentService?: ContentService;
  /** An unexpected failure is retried this many times, a minute apart, then marked failed. */
  maxAttempts?: number;
  log?: (message: string) => void;
  /** Where a tick that found the database away is told (one line per outage, server/jobs/outage.ts). */
  outage?: OutageLog;
  /**
   * Told after each batch commits which items its jobs changed (published, taken offline, sent
   * back to review), so the search engine follows them as it follows a save (DESIGN §10).
   */
  onCommitted?: (changed: Array<{ contentType: string; id: number }>) => void;
  /**
   * Run at the end of every tick with the tick's time: the window edges of focus slots and ads
   * (server/delivery/window-edges.ts, handed in by server/start-scheduler.ts), told as they pass.
   */
  windowEdges?: (at: Date) => Promise<unknown>;
}

export interface Scheduler {
  /** Runs every due job now; resolves with the number fired (done or settled). */
  tick(): Promise<number>;
  /** Ticks at once (jobs missed while down) and then every interval. */
  start(): void;
  /** Stops polling and waits for a running tick. */
  stop(): Promise<void>;
}

export function createScheduler({
  db,
  now = () => new Date(),
  intervalMs = 1000,
  batchSize = 20,
  contentService = {},
  maxAttempts = 5,
  log = () => {},
  outage = jobsOutageLog(),
  onCommitted = () => {},
  windowEdges,
}: SchedulerOptions): Scheduler {
  type Job = typeof scheduledJobs.$inferSelect;

  /**
   * Runs one job in its own transaction, taking the locks in the order every transition takes
   * them (server/workflow/engine.ts): the item's row first, then its job rows. A cancel, a
   * reschedule or a publish-now holds the item while it changes the job, so the job is read
   * (locked) only after the item is ours: a cancel that committed first is seen and wins, and
   * neither side waits for the other in the opposite order (the deadlock of issue 14).
   * Returns whether the job was settled here ('skipped' when another holder has the item).
   */
  async function runJob(
    id: number,
    contentType: string,
    contentId: number,
    at: Date,
    changedItems: Array<{ contentType: string; id: number }>,
  ): Promise<'fired' | 'skipped' | 'gone'> {
    const target = workflowTarget(contentType);
    let changed = false;
    // changeTransaction: once committed, the keys of what the job changed reach every answer cache.
    const outcome = await changeTransaction(db, async (tx) => {
      if (target) {
        // SKIP LOCKED: an item held by an editor or another instance is left for the next round.
        const idCol = target.columns.id;
        const locked = await tx.select({ id: idCol }).from(target.table).where(eq(idCol, contentId)).for('update', { skipLocked: true });
        if (!locked.length) {
          const [exists] = await tx.select({ id: idCol }).from(target.table).where(eq(idCol, contentId));
          if (exists) return 'skipped' as const;
        }
      }
      // Still due and pending now that the item is held (a cancel may just have committed).
      const [job] = await tx
        .select()
        .from(scheduledJobs)
        .where(and(eq(scheduledJobs.id, id), eq(scheduledJobs.state, 'pending'), lte(scheduledJobs.runAt, at)))
        .for('update', { skipLocked: true });
      if (!job) return 'gone' as const;
      await fire(tx, job, at, () => (changed = true));
      return 'fired' as const;
    });
    if (changed) changedItems.push({ contentType, id: contentId });
    return outcome;
  }

  /** Applies a locked, due job's transition and settles the job, in `tx`. */
  async function fire(tx: Tx, job: Job, at: Date, markChanged: () => void) {
    const target = workflowTarget(job.contentType);
    const finish = (state: 'done' | 'failed' | 'cancelled', lastError = '') =>
      tx
        .update(scheduledJobs)
        .set({ state, lastError, finishedAt: at, attempts: job.attempts + 1 })
        .where(eq(scheduledJobs.id, job.id));
    if (!target) {
      await finish('failed', `未知的内容类型 ${job.contentType}`);
      return;
    }
    const action = job.action === 'publish' ? 'scheduled_publish' : 'scheduled_offline';
    try {
      // A savepoint: a refused transition leaves the job's own row to update.
      await tx.transaction((sp) => transition(sp, target, { id: job.contentId, action, actor: { kind: 'system' }, now: at, contentService }));
      await finish('done');
      markChanged();
      log(`[scheduler] ${target.label} ${job.contentId} ${action} 完成`);
    } catch (err) {
      if (err instanceof ContentBlockedError) {
        // The text changed after it was scheduled and now fails the check: back to review, with the words.
        const words = ((err.data as { words?: string[] })?.words ?? []).join('、');
        const comment = `定时发布时内容检测未通过：含敏感内容「${words}」，已退回待审核`.slice(0, 500);
        await tx.transaction((sp) => transition(sp, target, { id: job.contentId, action: 'schedule_blocked', actor: { kind: 'system' }, now: at, comment }));
        await finish('failed', comment);
        markChanged();
      } else if (err instanceof ApiError) {
        // The item is gone or no longer in a state for this job: nothing to do.
        await finish('cancelled', err.message);
      } else {
        const attempts = job.attempts + 1;
        const message = describeError(err);
        if (attempts >= maxAttempts) await finish('failed', message);
        else
          await tx
            .update(scheduledJobs)
            .set({ attempts, lastError: message, runAt: new Date(at.getTime() + 60_000) })
            .where(eq(scheduledJobs.id, job.id));
        log(`[scheduler] job ${job.id} failed (${attempts}/${maxAttempts}): ${message}`);
      }
    }
  }

  /**
   * One batch: reads up to `batchSize` due jobs (no lock) and runs each in its own transaction.
   * One item per transaction also keeps the statistics rollups (one editor-day row, then its
   * department and month rows) in the order a person's publication takes them.
   * Returns how many it claimed and how many it settled.
   */
  async function batch(): Promise<{ claimed: number; settled: number }> {
    const at = now();
    const changedItems: Array<{ contentType: string; id: number }> = [];
    const due = await db
      .select({ id: scheduledJobs.id, contentType: scheduledJobs.contentType, contentId: scheduledJobs.contentId })
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.state, 'pending'), lte(scheduledJobs.runAt, at)))
      .orderBy(asc(scheduledJobs.runAt), asc(scheduledJobs.id))
      .limit(batchSize);
    let settled = 0;
    try {
      for (const job of due) if ((await runJob(job.id, job.contentType, job.contentId, at, changedItems)) === 'fired') settled++;
    } finally {
      if (changedItems.length) {
        try {
          onCommitted(changedItems);
        } catch (err) {
          log(`[scheduler] onCommitted failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
    return { claimed: due.length, settled };
  }

  async function tick(): Promise<number> {
    let total = 0;
    for (;;) {
      const { claimed, settled } = await batch();
      total += settled;
      // A full batch may hide more due jobs; a batch that settled none (every item held by someone
      // else) is left for the next tick rather than spun on.
      if (claimed < batchSize || settled === 0) break;
    }
    await windowEdges?.(now());
    return total;
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  const loop = () => {
    if (stopped) return;
    running = tick()
      .then(() => outage.succeeded())
      .catch((err) => {
        if (!outage.failed('定时发布', err)) log(`[scheduler] tick failed: ${describeError(err)}`);
      })
      .finally(() => {
        running = undefined;
        if (!stopped) {
          timer = setTimeout(loop, intervalMs);
          timer.unref?.();
        }
      });
  };
  return {
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** The next pending job's time (for status displays). */
export async function nextJobAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date>`min(${scheduledJobs.runAt})` })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.state, 'pending'));
  return row?.at ? new Date(row.at) : null;
}
