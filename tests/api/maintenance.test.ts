import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '@/server/startup';
import { schedule, vacuumAnalyze } from '@/server/jobs/maintenance';

describe('PGlite maintenance (it has no autovacuum)', () => {
  afterEach(() => vi.useRealTimers());

  it('VACUUM (ANALYZE) refreshes the planner statistics of a PGlite database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-maint-'));
    const handle = await openDatabase({ dataDir: dir, quiet: true });
    try {
      const stats = async () =>
        (await handle.db.execute(sql`SELECT last_vacuum, last_analyze, last_autovacuum FROM pg_stat_user_tables WHERE relname = 'users'`)).rows[0] as Record<
          string,
          unknown
        >;
      expect((await stats()).last_analyze).toBeNull();
      expect(await vacuumAnalyze(handle.db)).toBeGreaterThanOrEqual(0);
      const after = await stats();
      expect(after.last_vacuum).not.toBeNull();
      expect(after.last_analyze).not.toBeNull();
      expect(after.last_autovacuum).toBeNull();
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs after the first delay, then on every interval, never twice at once, until stopped', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let finish: () => void = () => {};
    const task = vi.fn(() => {
      calls++;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const stop = schedule(task, { firstDelayMs: 1000, everyMs: 5000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(5000); // still running: skipped
    expect(calls).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
    finish();
    stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toBe(2);
  });

  it('a failed run is reported and the next one still happens', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const task = vi.fn().mockRejectedValueOnce(new Error('disk full')).mockResolvedValue(undefined);
    const stop = schedule(task, { firstDelayMs: 10, everyMs: 10 });
    await vi.advanceTimersByTimeAsync(10);
    expect(error).toHaveBeenCalledWith('[db] 例行维护失败: Error: disk full');
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(2);
    stop();
    error.mockRestore();
  });
});
