import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * An exclusive lock on a PGlite data folder. PGlite has no lock between processes: two processes
 * on one folder both "succeed" and silently lose writes. The lock file records its holder; a lock
 * whose process is gone (same host) is taken over.
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
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
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
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      return makeLock(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder && holder.pid === process.pid && holder.hostname === me.hostname) return makeLock(file);
    const stale = !holder || (holder.hostname === me.hostname && !isAlive(holder.pid));
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
