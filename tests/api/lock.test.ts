import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireFolderLock, FolderLockedError, procStat } from '@/server/db/lock';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function writeHolder(dir: string, pid: number, startTicks?: string) {
  fs.writeFileSync(
    path.join(dir, 'cms.lock'),
    JSON.stringify({ pid, hostname: os.hostname(), command: 'next start', startedAt: '2026-11-22T00:00:00.000Z', startTicks }),
  );
}
const onLinux = fs.existsSync('/proc/self/stat');

describe('PGlite data folder lock', () => {
  it('refuses a second process with a message naming the holder', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeHolder(dir, other.pid!);
      expect(() => acquireFolderLock(dir)).toThrow(FolderLockedError);
      expect(() => acquireFolderLock(dir)).toThrow(new RegExp(`pid ${other.pid}.*next start`));
      // The holder's lock is left alone.
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'cms.lock'), 'utf8')).pid).toBe(other.pid);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a dead process', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', '0']);
    writeHolder(dir, dead.pid!);
    const lock = acquireFolderLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
  });

  it.runIf(onLinux)('takes over a lock whose holder is a zombie (exited, never reaped: kill(pid, 0) still succeeds)', async () => {
    const dir = tempDir();
    // sh starts a child, then becomes `sleep`, which never waits for it: the child stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30']);
    try {
      const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(d.toString()))));
      for (let i = 0; i < 100 && procStat(zombie)?.state !== 'Z'; i++) await new Promise((r) => setTimeout(r, 20));
      expect(procStat(zombie)?.state).toBe('Z');
      expect(() => process.kill(zombie, 0)).not.toThrow();
      writeHolder(dir, zombie, procStat(zombie)!.startTicks);
      const lock = acquireFolderLock(dir);
      expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, startTicks: procStat(process.pid)!.startTicks });
      lock.release();
    } finally {
      parent.kill();
    }
  });

  it.runIf(onLinux)('takes over a lock whose pid now belongs to another process (its start time differs)', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      const started = procStat(other.pid!)!.startTicks;
      writeHolder(dir, other.pid!, started);
      expect(() => acquireFolderLock(dir)).toThrow(FolderLockedError);
      writeHolder(dir, other.pid!, String(Number(started) - 1));
      const lock = acquireFolderLock(dir);
      expect(JSON.parse(fs.readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
      lock.release();
    } finally {
      other.kill();
    }
  });

  it('is re-entrant within one process and released once', () => {
    const dir = tempDir();
    const a = acquireFolderLock(dir);
    const b = acquireFolderLock(dir);
    expect(b.file).toBe(a.file);
    a.release();
    expect(fs.existsSync(a.file)).toBe(false);
  });
});
