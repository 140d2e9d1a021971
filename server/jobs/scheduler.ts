import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { scheduledJobs } from '../db/schema';
import type { Db } from '../db/client';
import type { ContentService } from '../content/check';
import { ContentBlockedError, transition, workflowTarget } from '../content/workflow';
import { ApiError } from '../http/reply';

/**
 * Scheduled publish and offline (DESIGN §8). Jobs live in `scheduled_jobs`; every instance polls
 * once a second and claims due jobs with `FOR UPDATE SKIP LOCKED`, so N instances on one PostgreSQL
 * share the work and each job fires once: the job is marked done in the same transaction as the
 * transition it runs. A job that fell due while no instance was running fires on the first tick
 * after start. Cancelling (server/content/workflow.ts) flips the pending row to `cancelled`, which
 * waits for a tick holding it and so never races one.
 */

export interface SchedulerOptions {
  db: Db;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Poll interval; jobs fire within this much of their time (plus the tick's own run). */
  intervalMs?: number;
  /** Jobs claimed per transaction. */
  batchSize?: number;
  contentService?: ContentService;
  /** An unexpected failure is retried this many times, a minute apart, then marked failed. */
  maxAttempts?: number;
  log?: (message: string) => void;
  /**
   * Told after each batch commits which items its jobs changed (published, taken offline, sent
   * back to review), so the search engine follows them as it follows a save (DESIGN §10).
   */
  onCommitted?: (changed: Array<{ contentType: string; id: number }>) => void;
}

export interface Scheduler {
  /** Runs every due job now; resolves with the number fired (done or settled). */
  tick(): Promise<number>;
  /** Ticks at once (jobs missed while down) and then every interval. */
  start(): void;
  /** Stops polling and waits for a running tick. */
  stop(): Promise<void>;
}

export function createScheduler({ db, now = () => new Date(), intervalMs = 1000, batchSize = 20, contentService = {}, maxAttempts = 5, log = () => {}, onCommitted = () => {} }: SchedulerOptions): Scheduler {
  /** One batch in one transaction; the number of jobs it claimed. */
  async function batch(): Promise<number> {
    const at = now();
    const changed: Array<{ contentType: string; id: number }> = [];
    const claimed = await db.transaction(async (tx) => {
      const jobs = await tx
        .select()
        .from(scheduledJobs)
        .where(and(eq(scheduledJobs.state, 'pending'), lte(scheduledJobs.runAt, at)))
        .orderBy(asc(scheduledJobs.runAt), asc(scheduledJobs.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      for (const job of jobs) {
        const target = workflowTarget(job.contentType);
        const finish = (state: 'done' | 'failed' | 'cancelled', lastError = '') =>
          tx.update(scheduledJobs).set({ state, lastError, finishedAt: at, attempts: job.attempts + 1 }).where(eq(scheduledJobs.id, job.id));
        if (!target) {
          await finish('failed', `未知的内容类型 ${job.contentType}`);
          continue;
        }
        const action = job.action === 'publish' ? 'scheduled_publish' : 'scheduled_offline';
        try {
          // A savepoint: a refused transition leaves the job's own row to update.
          await tx.transaction((sp) => transition(sp, target, { id: job.contentId, action, actor: { kind: 'system' }, now: at, contentService }));
          await finish('done');
          changed.push({ contentType: job.contentType, id: job.contentId });
          log(`[scheduler] ${target.label} ${job.contentId} ${action} 完成`);
        } catch (err) {
          if (err instanceof ContentBlockedError) {
            // The text changed after it was scheduled and now fails the check: back to review, with the words.
            const words = ((err.data as { words?: string[] })?.words ?? []).join('、');
            const comment = `定时发布时内容检测未通过：含敏感内容「${words}」，已退回待审核`.slice(0, 500);
            await tx.transaction((sp) => transition(sp, target, { id: job.contentId, action: 'schedule_blocked', actor: { kind: 'system' }, now: at, comment }));
            await finish('failed', comment);
            changed.push({ contentType: job.contentType, id: job.contentId });
          } else if (err instanceof ApiError) {
            // The item is gone or no longer in a state for this job: nothing to do.
            await finish('cancelled', err.message);
          } else {
            const attempts = job.attempts + 1;
            const message = err instanceof Error ? err.message : String(err);
            if (attempts >= maxAttempts) await finish('failed', message);
            else await tx.update(scheduledJobs).set({ attempts, lastError: message, runAt: new Date(at.getTime() + 60_000) }).where(eq(scheduledJobs.id, job.id));
            log(`[scheduler] job ${job.id} failed (${attempts}/${maxAttempts}): ${message}`);
          }
        }
      }
      return jobs.length;
    });
    if (changed.length) {
      try {
        onCommitted(changed);
      } catch (err) {
        log(`[scheduler] onCommitted failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return claimed;
  }

  async function tick(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await batch();
      total += n;
      if (n < batchSize) return total;
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((err) => log(`[scheduler] tick failed: ${err instanceof Error ? err.message : String(err)}`))
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
  const [row] = await db.select({ at: sql<Date>`min(${scheduledJobs.runAt})` }).from(scheduledJobs).where(eq(scheduledJobs.state, 'pending'));
  return row?.at ? new Date(row.at) : null;
}
