import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * PGlite runs no autovacuum (it has no background workers, whatever `SHOW autovacuum` says), so
 * without this its planner statistics are never refreshed and dead rows never reclaimed. A file
 * database therefore gets a `VACUUM (ANALYZE)` some minutes after start and then once a day. It
 * holds PGlite's single connection while it runs: about 0.5 s per 300 000 log rows here.
 * PostgreSQL needs none of this (its autovacuum does it).
 */
export const MAINTENANCE_FIRST_DELAY_MS = 10 * 60_000;
export const MAINTENANCE_EVERY_MS = 24 * 3600_000;

export async function vacuumAnalyze(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`VACUUM (ANALYZE)`);
  return Math.round(performance.now() - started);
}

/** Runs `task` after `firstDelayMs`, then every `everyMs`; the timers never keep the process alive. */
export function schedule(task: () => Promise<unknown>, { firstDelayMs, everyMs }: { firstDelayMs: number; everyMs: number }): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    task()
      .catch((err) => console.error('[db] 例行维护失败:', err instanceof Error ? err.message : err))
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
