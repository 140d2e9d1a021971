/**
 * Our side of the front-end benches (`npm run bench:front`, `npm run bench:lighthouse`): a production
 * build served by `next start` on its own port and its own fresh PGlite folder (or a throw-away
 * PostgreSQL database), seeded with a newsroom's small lists, signed in as the administrator.
 *
 * Shared by bench/front.ts and bench/lighthouse.ts so both measure the same server with the same data.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/startup';
import { cookiesOf, type Cookie } from './front-measure';

export const ROOT = path.resolve(__dirname, '..');
export const ADMIN = { username: 'admin', password: 'Front#Bench-2026' };

/** The short commit, and whether the work tree differs from it. */
export const commit = () => {
  try {
    return (
      execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim() +
      (execFileSync('git', ['status', '--porcelain'], { cwd: ROOT }).toString().trim() ? ' (with uncommitted changes)' : '')
    );
  } catch {
    return 'unknown';
  }
};

/** Builds when there is no build (`.next/BUILD_ID`) or FRONT_BUILD=1; says when sources are newer than the build. */
export function ensureBuild() {
  if (process.env.FRONT_BUILD === '1' || !existsSync(path.join(ROOT, '.next/BUILD_ID'))) {
    console.log('building (next build) …');
    const t0 = performance.now();
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    console.log(`built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  console.log(`build ${readFileSync(path.join(ROOT, '.next/BUILD_ID'), 'utf8').trim()}`);
  const stale = newestSource() > statSync(path.join(ROOT, '.next/BUILD_ID')).mtimeMs;
  if (stale) console.log('NOTE: sources changed since this build; FRONT_BUILD=1 rebuilds first. The figures below are of the build.');
}

/** The newest modification time among the sources a build reads. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.(tsx?|css|mjs)$/.test(entry.name)) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const dir of ['app', 'components', 'lib', 'server', 'stores']) if (existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir));
  return newest;
}

/** Where the server keeps its data: a PGlite folder, or a PostgreSQL database by URL. */
export type Store = { dataDir: string; pgUrl?: string };

/** A new PGlite folder (or the throw-away PostgreSQL database), migrated, with the administrator and a newsroom's small lists. */
export async function seed({ dataDir, pgUrl }: Store) {
  process.env.CMS_ADMIN_USERNAME = ADMIN.username;
  process.env.CMS_ADMIN_PASSWORD = ADMIN.password;
  const handle = await openDatabase(pgUrl ? { url: pgUrl, quiet: true } : { dataDir, quiet: true });
  const { db } = handle;
  await db.execute(
    sql`INSERT INTO departments (name, parent_id, sort) SELECT '部门' || g, CASE WHEN g > 5 THEN 1 + g % 5 END, g FROM generate_series(1, 20) g`,
  );
  await db.execute(sql`INSERT INTO categories (type_id, name, sort) SELECT 1, '分类' || g, g FROM generate_series(1, 10) g`);
  await db.execute(sql`
    INSERT INTO articles (kind, title, summary, content, category_id, editor_id, department_id, status, version, created_at, updated_at)
    SELECT 'article', '卡车新闻 ' || g, '摘要', '<p>正文</p>', 1 + g % 10, 1, 1 + g % 20, (g % 6)::smallint, 1, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    FROM generate_series(1, 200) g`);
  await db.execute(sql`ANALYZE`);
  await handle.close();
}

/** Whether something answers on the port (a server of an earlier run still stopping). */
export const portTaken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const stopping = new WeakSet<ChildProcess>();

/** `next start` on 127.0.0.1:port over the store, answered once /login does. */
export async function startServer(port: number, { dataDir, pgUrl }: Store): Promise<ChildProcess> {
  for (let i = 0; await portTaken(port); i++) {
    if (i === 60) throw new Error(`port ${port} is taken (FRONT_PORT picks another)`);
    await new Promise((r) => setTimeout(r, 500));
  }
  // FRONT_NODE_ARGS: flags for the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (process.env.FRONT_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      CMS_DATA_DIR: dataDir,
      DATABASE_URL: pgUrl ?? '',
      CMS_ADMIN_USERNAME: ADMIN.username,
      CMS_ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${log}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/login`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`next start did not answer in 120 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  child.on('exit', (code, signal) => {
    if (!stopping.has(child) && code !== 0) console.error(`next start exited with ${code ?? signal}:\n${log.slice(-3000)}`);
  });
  return child;
}

export async function stopServer(child: ChildProcess) {
  stopping.add(child);
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The administrator's session cookies. */
export async function signIn(origin: string): Promise<Cookie[]> {
  const res = await fetch(`${origin}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return cookiesOf(res);
}
