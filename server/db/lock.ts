import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * An exclusive lock on a PGlite data folder. PGlite has no lock between processes: two processes
 * on one folder both "succeed" and silently lose writes. The lock file records its holder; a lock
 * whose process is gone (same host) is taken over. Gone includes a zombie (issue 23): a process
 * that exited but that nobody reaped (a container whose init does not wait for its children)
 * still answers `kill(pid, 0)`, so on Linux its state in /proc/<pid>/stat is read too; and a pid
 * now used by another process (its start time differs from the one recorded) is gone as well.
 */
export interface FolderLock {
  file: string;
  release(): void;
}

interface Holder {
  pid: number;
  hostname: string;
  command: string;
  startedAt: string;
  /** The process's start time in clock ticks after boot (/proc/<pid>/stat field 22), where known. */
  startTicks?: string;
}

/**
 * A process's state letter and start time from /proc/<pid>/stat (Linux), or null elsewhere or
 * when it cannot be read. The command name (field 2) is in parentheses and may hold spaces and
 * parentheses itself, so the fields are counted after its last `)`.
 */
export function procStat(pid: number): { state: string; startTicks: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); field 22 (starttime) is fields[19].
    return fields.length > 19 ? { state: fields[0], startTicks: fields[19] } : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote `holder` still runs: not gone, not a zombie, not a pid reused by another process. */
export function isAlive(holder: Pick<Holder, 'pid' | 'startTicks'>): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = procStat(holder.pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return !holder.startTicks || holder.startTicks === stat.startTicks;
}

function readHolder(file: string): Holder | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch {
    return null;
  }
}

export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: Holder,
  ) {
    super(
      `数据目录 ${folder} 已被另一个进程占用 (pid ${holder.pid} on ${holder.hostname}, "${holder.command}", since ${holder.startedAt}).\n` +
        `PGlite 不能被两个进程同时打开（会静默丢失写入）。请先停止该进程，或为本进程设置另一个 CMS_DATA_DIR，` +
        `或设置 DATABASE_URL 使用 PostgreSQL。`,
    );
    this.name = 'FolderLockedError';
  }
}

export function acquireFolderLock(folder: string): FolderLock {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'cms.lock');
  const me: Holder = {
    pid: process.pid,
    hostname: os.hostname(),
    command: process.argv
      .slice(1)
      .map((a) => path.basename(a))
      .join(' ')
      .slice(0, 200),
    startedAt: new Date().toISOString(),
  };
  const mine = procStat(process.pid);
  if (mine) me.startTicks = mine.startTicks;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      return makeLock(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder && holder.pid === process.pid && holder.hostname === me.hostname) return makeLock(file);
    const stale = !holder || (holder.hostname === me.hostname && !isAlive(holder));
    if (!stale) throw new FolderLockedError(folder, holder!);
    // The holder died without releasing: take the lock over.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`无法获取数据目录锁 ${file}`);
}

function makeLock(file: string): FolderLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const holder = readHolder(file);
    if (holder?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.once('exit', release);
  return { file, release };
}
