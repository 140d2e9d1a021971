import { describe, expect, it } from 'vitest';
import { createScheduler } from '@/server/jobs/scheduler';
import { schedule } from '@/server/jobs/maintenance';
import { createOutageLog } from '@/server/jobs/outage';
import type { Db } from '@/server/db/types';

/**
 * Background jobs while the database is away (issue 23, item 5): one line when it goes, naming the
 * cause and never the failed query or its parameters, nothing more on later ticks, and one line
 * when it is back. The database here is a stand-in that fails the way Drizzle over node-postgres
 * does when the server is down (tests/api/db-restart.test.ts does it with a real PostgreSQL).
 */
function flakyDb() {
  const state = { down: true, other: false };
  const failure = () =>
    state.other
      ? new Error('Failed query: select broken\nparams: 1', { cause: Object.assign(new Error('column "x" does not exist'), { code: '42703' }) })
      : new Error(
          'Failed query: select "id", "content_type" from "scheduled_jobs" where ("state" = $1 and "run_at" <= $2)\nparams: pending,2026-11-28T08:00:00.000Z',
          {
            cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
          },
        );
  // Any chain of query-builder calls; awaiting it fails while down and reads no rows once up.
  const chain: unknown = new Proxy(() => {}, {
    get: (_t, prop) =>
      prop === 'then'
        ? (resolve: (rows: unknown[]) => void, reject: (err: Error) => void) => (state.down || state.other ? reject(failure()) : resolve([]))
        : chain,
    apply: () => chain,
  });
  return { db: chain as Db, state };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits (up to 10 s, the machine may be busy) until `done()` holds. */
async function until(done: () => boolean) {
  for (let i = 0; i < 1000 && !done(); i++) await wait(10);
}

describe('background jobs while the database is away', () => {
  it('log one line with the cause when it goes, nothing more while it stays away, and one line when it is back', async () => {
    const { db, state } = flakyDb();
    const lines: string[] = [];
    const outage = createOutageLog({ warn: (l) => lines.push(`warn ${l}`), info: (l) => lines.push(`info ${l}`) });
    const log = (l: string) => lines.push(`log ${l}`);
    const scheduler = createScheduler({ db, intervalMs: 5, log, outage });
    const stopSweep = schedule(async () => db.select(), { firstDelayMs: 0, everyMs: 5, name: '媒体文件清理', outage });
    let ticks = 0;
    const counting = createScheduler({ db, intervalMs: 5, outage: { failed: () => (ticks++, true), succeeded: () => {} } });
    scheduler.start();
    counting.start();
    await until(() => ticks > 5);
    expect(ticks).toBeGreaterThan(5);
    expect(lines).toEqual([
      expect.stringMatching(/^warn \[jobs\] 数据库暂不可用，稍后重试（ECONNREFUSED；(定时发布|媒体文件清理)等后台任务暂停，恢复后自动继续）$/),
    ]);

    state.down = false;
    await until(() => lines.length >= 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^info \[jobs\] 数据库已恢复（中断约 \d+ 秒），后台任务已继续$/);

    // A failure that is not the database being away is logged as before, each time.
    stopSweep();
    state.other = true;
    await until(() => lines.length >= 4);
    const others = lines.slice(2);
    expect(others.length).toBeGreaterThan(1);
    for (const line of others) expect(line).toMatch(/^log \[scheduler\] tick failed/);
    expect(others.some((l) => l.startsWith('log [scheduler] tick failed: Error: Failed query: select broken'))).toBe(true);

    await scheduler.stop();
    await counting.stop();
    // Never the query's parameters.
    expect(lines.join('\n')).not.toMatch(/params:|2026-11-28T08/);
  });
});
