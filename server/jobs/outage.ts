import { dbUnavailableCause } from '../http/failure';

/**
 * Background jobs while the database is away (issue 23, item 5): the scheduler ticks every second
 * and the other jobs every minute or so, and each failed tick used to log the failed query's text.
 * Now the first failure of an outage logs one line with its cause (「数据库暂不可用，稍后重试」,
 * ECONNREFUSED, 57P01 …), later failures log nothing, and the first job that succeeds afterwards
 * logs one line (「数据库已恢复」) with how long it lasted. One per process: every job shares it.
 * A failure that is not the database being away is the caller's to log, as before.
 */
export const DB_AWAY_TEXT = '数据库暂不可用，稍后重试';
export const DB_BACK_TEXT = '数据库已恢复';

export interface OutageLog {
  /** True when `err` means the database is away (logged once per outage); false for any other failure. */
  failed(job: string, err: unknown): boolean;
  /** A job reached the database: ends an outage (one line), if there was one. */
  succeeded(): void;
}

export function createOutageLog({
  warn = (line: string) => console.warn(line),
  info = (line: string) => console.log(line),
  now = () => Date.now(),
}: { warn?: (line: string) => void; info?: (line: string) => void; now?: () => number } = {}): OutageLog {
  let away: { since: number } | null = null;
  return {
    failed(job, err) {
      const cause = dbUnavailableCause(err);
      if (!cause) return false;
      if (!away) {
        away = { since: now() };
        warn(`[jobs] ${DB_AWAY_TEXT}（${cause}；${job}等后台任务暂停，恢复后自动继续）`);
      }
      return true;
    },
    succeeded() {
      if (!away) return;
      const seconds = Math.max(1, Math.round((now() - away.since) / 1000));
      away = null;
      info(`[jobs] ${DB_BACK_TEXT}（中断约 ${seconds} 秒），后台任务已继续`);
    },
  };
}

const KEY = Symbol.for('cms.jobsOutage');
type GlobalWithOutage = typeof globalThis & { [KEY]?: OutageLog };

/** The process's outage log (on `globalThis`: Next's module copies share it). */
export function jobsOutageLog(): OutageLog {
  const g = globalThis as GlobalWithOutage;
  return (g[KEY] ??= createOutageLog());
}
