import { sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { pruneRevisions } from '../content/revision-pruning';
import { describeError } from '../http/failure';
import { jobsOutageLog, type OutageLog } from './outage';

/**
 * PGlite runs no autovacuum (it has no background workers, whatever `SHOW autovacuum` says), so
 * without this its planner statistics are never refreshed and dead rows never reclaimed. A file
 * database therefore gets a `VACUUM (ANALYZE)` some minutes after start and then once a day. It
 * holds PGlite's single connection while it runs: about 0.5 s per 300 000 log rows here.
 * PostgreSQL needs no VACUUM from us (its autovacuum does it), only the revision pruning.
 */
export const MAINTENANCE_FIRST_DELAY_MS = 10 * 60_000;
export const MAINTENANCE_EVERY_MS = 24 * 3600_000;

export async function vacuumAnalyze(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`VACUUM (ANALYZE)`);
  return Math.round(performance.now() - started);
}

/**
 * The daily maintenance of every database: old revisions are thinned (server/content/revision-pruning.ts),
 * then a PGlite database is vacuumed (which also reclaims what the pruning freed).
 */
export async function dailyMaintenance(db: Db, kind: 'pglite' | 'postgres', now = new Date()): Promise<{ prunedRevisions: number; vacuumMs: number | null }> {
  const prunedRevisions = await pruneRevisions(db, { now });
  const vacuumMs = kind === 'pglite' ? await vacuumAnalyze(db) : null;
  return { prunedRevisions, vacuumMs };
}

/**
 * Runs `task` after `firstDelayMs`, then every `everyMs`; the timers never keep the process alive.
 * While the database is away a failed run is told to the outage log (one line per outage), not
 * logged each time.
 */
export function schedule(
  task: () => Promise<unknown>,
  { firstDelayMs, everyMs, name = '例行维护', outage = jobsOutageLog() }: { firstDelayMs: number; everyMs: number; name?: string; outage?: OutageLog },
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    task()
      .then(() => outage.succeeded())
      .catch((err) => {
        if (!outage.failed(name, err)) console.error(`[db] ${name}失败: ${describeError(err)}`);
      })
      .finally(() => (running = false));
  };
  let interval: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, everyMs);
    interval.unref?.();
  }, firstDelayMs);
  first.unref?.();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
