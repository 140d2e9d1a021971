import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defaultKinds, type StorageConfig } from '@/server/storage/config';
import { Pool } from 'pg';
import { createApp, type App, type AppDeps } from '@/server/app';
import type { Peer } from '@/server/http/peer';
import { openDatabase } from '@/server/startup';
import type { Db } from '@/server/db/types';
import type { DbHandle } from '@/server/db/client';
import { sensitiveWords } from '@/server/db/schema';

export const ADMIN = { username: 'admin', password: 'Admin#Pass-2026' };
process.env.CMS_ADMIN_USERNAME = ADMIN.username;
process.env.CMS_ADMIN_PASSWORD = ADMIN.password;

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestContext {
  app: App;
  db: Db;
  handle: DbHandle;
  close(): Promise<void>;
  /** Sends a request; `body` is JSON-encoded, `cookie` is the session cookie header. */
  call(
    method: string,
    path: string,
    opts?: { body?: unknown; cookie?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** The local driver's folder of this app. */
  uploadsDir: string;
  /** Every wait the app asked for (milliseconds), in order. */
  sleeps: number[];
  /** Signs in and returns the Cookie header for later calls. */
  login(username?: string, password?: string, ip?: string): Promise<string>;
  /**
   * Another instance of the app on the same database: on PostgreSQL its own connection pool and
   * session cache (as a second server would be); on PGlite (one process per data folder) another
   * app over the same database. Closed with the context.
   */
  secondInstance(): Promise<Pick<TestContext, 'app' | 'call'>>;
}

/**
 * A fresh database and app: in-memory PGlite, or a throw-away schema on TEST_DATABASE_URL.
 * Drives the real Hono app with `app.request()`; no mock of our own server. The dictionary of the
 * content check starts empty, so a test's own words are the only ones; `starterWords: true` keeps
 * the starter list a new installation gets (migration 0024, issue 15).
 */
export async function setupTestApp(
  kind: DbKind,
  { starterWords = false, ...appOptions }: Partial<Omit<AppDeps, 'getDb'>> & { starterWords?: boolean } = {},
): Promise<TestContext> {
  let handle: DbHandle;
  let dropSchema: (() => Promise<void>) | undefined;
  let schema: string | undefined;
  const extraHandles: DbHandle[] = [];
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    handle = await openDatabase({ url, pgSchema: schema, poolMax: 4, quiet: true });
    dropSchema = async () => {
      const pool = new Pool({ connectionString: url, max: 1 });
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    };
  } else {
    handle = await openDatabase({ dataDir: 'memory', quiet: true });
  }
  if (!starterWords) await handle.db.delete(sensitiveWords);
  // The socket address comes from `x-test-peer` (production reads the stamp of server/http/peer.ts).
  // Waits are recorded, not slept (sign-in slow-down), unless a test passes its own `sleep`.
  const sleeps: number[] = [];
  // Uploads go to a temporary folder of this test app (local driver) unless a test passes storage.
  const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'cms-uploads-'));
  const storage: StorageConfig = { driver: 'local', uploadsDir, kinds: defaultKinds(), ticketMinutes: 60 };
  const appDeps = { peer: testPeer, sleep: async (ms: number) => void sleeps.push(ms), storage, ...appOptions };
  const app = createApp({ getDb: async () => handle.db, ...appDeps });
  let ipCounter = 0;
  const callOn =
    (app: App): TestContext['call'] =>
    async (method, path, opts = {}) => {
      const headers: Record<string, string> = { 'x-test-peer': '10.0.0.1', ...opts.headers };
      if (opts.cookie) headers.cookie = opts.cookie;
      let body: string | undefined;
      if (opts.body !== undefined) {
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
        headers['content-type'] = 'application/json';
      }
      const res = await app.request(`http://localhost${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON: keep the text so the assertion shows it */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    };
  const call = callOn(app);
  const secondInstance: TestContext['secondInstance'] = async () => {
    let db = handle.db;
    if (kind === 'postgres') {
      const other = await openDatabase({ url: process.env.TEST_DATABASE_URL!, pgSchema: schema, poolMax: 2, quiet: true });
      extraHandles.push(other);
      db = other.db;
    }
    const second = createApp({ getDb: async () => db, ...appDeps });
    return { app: second, call: callOn(second) };
  };
  const login: TestContext['login'] = async (username = ADMIN.username, password = ADMIN.password, ip) => {
    // A distinct address per sign-in keeps the per-IP rate limit out of unrelated tests.
    const res = await call('POST', '/api/login', { body: { username, password }, headers: { 'x-test-peer': ip ?? `10.1.0.${++ipCounter % 250}` } });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return cookieHeader(res.headers);
  };
  return {
    app,
    db: handle.db,
    handle,
    sleeps,
    call,
    login,
    secondInstance,
    uploadsDir: (appOptions.storage ?? storage).uploadsDir,
    async close() {
      await rm(uploadsDir, { recursive: true, force: true });
      for (const h of extraHandles) await h.close();
      await handle.close();
      await dropSchema?.();
    },
  };
}

/** The test's stand-in for the socket: `x-test-peer` (address) and `x-test-tls: 1`. */
export const testPeer = (req: Request): Peer => ({ ip: req.headers.get('x-test-peer') ?? '10.0.0.1', tls: req.headers.get('x-test-tls') === '1' });

/** The Cookie header a browser would send back after this reply. */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/** Creates (as admin) a role with these routes and a user holding it; returns the user's cookie and ids. */
export async function createStaff(
  t: TestContext,
  admin: string,
  {
    username,
    routes,
    level = 1,
    departmentId = null,
    password = 'Staff#2026',
  }: { username: string; routes: string[]; level?: 1 | 2 | 3; departmentId?: number | null; password?: string },
) {
  const role = await t.call('POST', '/api/roles', { cookie: admin, body: { name: `角色-${username}`, routes, level } });
  if (role.body.status !== 0) throw new Error(`role for ${username}: ${JSON.stringify(role.body)}`);
  const user = await t.call('POST', '/api/users', {
    cookie: admin,
    body: { username, name: `员工${username}`, password, roleId: role.body.data.id, departmentId },
  });
  if (user.body.status !== 0) throw new Error(`user ${username}: ${JSON.stringify(user.body)}`);
  return { cookie: await t.login(username, password), userId: user.body.data.id as number, roleId: role.body.data.id as number };
}
