import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createApp, type App } from '@/server/app';
import { openDatabase } from '@/server/startup';
import type { DbHandle } from '@/server/db/client';
import type { Db } from '@/server/db/types';
import { sessionCacheOf } from '@/server/auth/session-cache';
import { createStaff, DB_KINDS, setupTestApp, testPeer, type TestContext } from './helpers';

/** Issue 17: the request path. */
describe.each(DB_KINDS)('the request path on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setupTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('GET /api/ping answers without a session, with the envelope and no caching', async () => {
    const res = await t.call('GET', '/api/ping');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 0, data: 'pong', message: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a resource list carries its total from the page statement: first page, later page, past the end, nothing found', async () => {
    const admin = await t.login();
    for (let i = 1; i <= 12; i++) expect((await t.call('POST', '/api/departments', { cookie: admin, body: { name: `计数部${i}` } })).status).toBe(200);
    const all = (await t.call('GET', '/api/departments?pageSize=100', { cookie: admin })).body.data;
    const n = all.list.length;
    expect(all.total).toBe(n);
    const page = (q: string) => t.call('GET', `/api/departments?${q}`, { cookie: admin }).then((r) => r.body.data);
    expect(await page('pageSize=5')).toMatchObject({ total: n, totalCapped: false, page: 1, pageSize: 5 });
    expect((await page('pageSize=5')).list).toHaveLength(5);
    expect((await page('pageSize=5')).list[0]).not.toHaveProperty('__total');
    expect(await page('pageSize=5&page=2&keyword=计数部')).toMatchObject({ total: 12 });
    expect(await page(`pageSize=5&page=${Math.ceil(n / 5) + 1}`)).toMatchObject({ list: [], total: n });
    expect(await page('keyword=没有这个部门')).toMatchObject({ list: [], total: 0, totalCapped: false });
  });
});

/**
 * The session cache (server/auth/session-cache.ts) across two app instances over one database:
 * on PostgreSQL two pools (two processes' worth of caches), on PGlite two apps of the one process
 * that may hold the folder. Whatever ends or changes a session on A applies to B's next request.
 */
describe.each(DB_KINDS)('the session cache across instances on %s', (kind) => {
  let t: TestContext;
  let second: DbHandle | undefined;
  let dbB: Db;
  let appB: App;
  let admin: string;
  /** Statements B's database was sent, by text. */
  const sent: string[] = [];

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    if (kind === 'postgres') {
      const [{ schema }] = (await t.db.execute(sql`SELECT current_schema() AS schema`)).rows as Array<{ schema: string }>;
      second = await openDatabase({ url: process.env.TEST_DATABASE_URL!, pgSchema: schema, poolMax: 2, quiet: true });
      dbB = second.db;
    } else {
      dbB = t.db;
    }
    const client = (dbB as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      const q = args[0] as string | { text?: string };
      sent.push(typeof q === 'string' ? q : (q?.text ?? ''));
      return query(...args);
    };
    appB = createApp({ getDb: async () => dbB, peer: testPeer, sleep: async () => {} });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const onB = async (path: string, cookie: string) => {
    const res = await appB.request(`http://localhost${path}`, { headers: { cookie, 'x-test-peer': '10.0.0.2' } });
    return { status: res.status, body: await res.json() };
  };
  const sessionReads = () => sent.filter((s) => s.includes('"sessions"')).length;

  it('a second request with the same session reads no session row (PostgreSQL: only the generation)', async () => {
    const staff = await createStaff(t, admin, { username: 'cached', routes: ['/article/list'] });
    expect((await onB('/api/login_info', staff.cookie)).status).toBe(200);
    const before = sessionReads();
    sent.length = 0;
    expect((await onB('/api/articles?page=1&pageSize=10', staff.cookie)).status).toBe(200);
    expect(sessionReads(), `${before} then ${sent.join(' | ')}`).toBe(0);
    expect(sent.some((s) => s.includes('session_generation'))).toBe(kind === 'postgres');
    expect(sessionCacheOf(dbB)!.size).toBeGreaterThan(0);
  });

  it('a logout on A: the next request on B is 401', async () => {
    const staff = await createStaff(t, admin, { username: 'leaver', routes: ['/article/list'] });
    expect((await onB('/api/login_info', staff.cookie)).status).toBe(200);
    expect((await onB('/api/login_info', staff.cookie)).status).toBe(200);
    expect((await t.call('POST', '/api/logout', { cookie: staff.cookie, body: {} })).status).toBe(200);
    expect((await onB('/api/login_info', staff.cookie)).status).toBe(401);
    expect((await onB('/api/articles', staff.cookie)).status).toBe(401);
  });

  it('a password reset on A: B answers 401 with reason password', async () => {
    const staff = await createStaff(t, admin, { username: 'reset-b', routes: ['/article/list'] });
    expect((await onB('/api/articles', staff.cookie)).status).toBe(200);
    expect((await t.call('PUT', `/api/users/${staff.userId}/password`, { cookie: admin, body: { password: 'Other#Pass-2026' } })).status).toBe(200);
    const reply = await onB('/api/articles', staff.cookie);
    expect(reply.status).toBe(401);
    expect(reply.body.reason).toBe('password');
  });

  it('my own password change on A ends my other session on B', async () => {
    const staff = await createStaff(t, admin, { username: 'two-b', routes: ['/article/list'] });
    const phone = await t.login('two-b', 'Staff#2026');
    expect((await onB('/api/login_info', phone)).status).toBe(200);
    expect(
      (await t.call('PUT', '/api/profile/password', { cookie: staff.cookie, body: { currentPassword: 'Staff#2026', password: 'Newer#Pass-2026' } })).status,
    ).toBe(200);
    expect((await onB('/api/login_info', phone)).body).toMatchObject({ status: 401, reason: 'password' });
    expect((await onB('/api/login_info', staff.cookie)).status).toBe(200);
  });

  it('a role change on A applies to B at once: a route taken away is 403, one given is served', async () => {
    const staff = await createStaff(t, admin, { username: 'moved', routes: ['/article/list'] });
    expect((await onB('/api/articles', staff.cookie)).status).toBe(200);
    expect((await onB('/api/log/login', staff.cookie)).status).toBe(403);
    expect((await t.call('PUT', `/api/roles/${staff.roleId}`, { cookie: admin, body: { routes: ['/log'] } })).status).toBe(200);
    expect((await onB('/api/articles', staff.cookie)).status).toBe(403);
    expect((await onB('/api/log/login', staff.cookie)).status).toBe(200);
  });

  it('a user moved to another role, or disabled, on A: B sees it at once', async () => {
    const staff = await createStaff(t, admin, { username: 'switched', routes: ['/article/list'] });
    const other = await t.call('POST', '/api/roles', { cookie: admin, body: { name: '角色-switched-2', routes: ['/role'], level: 1 } });
    expect((await onB('/api/articles', staff.cookie)).status).toBe(200);
    expect((await t.call('PUT', `/api/users/${staff.userId}`, { cookie: admin, body: { roleId: other.body.data.id } })).status).toBe(200);
    expect((await onB('/api/articles', staff.cookie)).status).toBe(403);
    expect((await onB('/api/login_info', staff.cookie)).body.data.roleId).toBe(other.body.data.id);
    expect((await t.call('PUT', `/api/users/${staff.userId}`, { cookie: admin, body: { enabled: false } })).status).toBe(200);
    expect((await onB('/api/login_info', staff.cookie)).body).toMatchObject({ status: 401, reason: 'disabled' });
  });

  it("a name changed on A shows in B's next login_info", async () => {
    const staff = await createStaff(t, admin, { username: 'renamed', routes: ['/article/list'] });
    expect((await onB('/api/login_info', staff.cookie)).body.data.name).toBe('员工renamed');
    expect((await t.call('PUT', `/api/users/${staff.userId}`, { cookie: admin, body: { name: '新名字' } })).status).toBe(200);
    expect((await onB('/api/login_info', staff.cookie)).body.data.name).toBe('新名字');
  });

  it('changes written by hand (a script, SQL) apply too: the triggers move the generation', async () => {
    const staff = await createStaff(t, admin, { username: 'by-hand', routes: ['/article/list'] });
    expect((await onB('/api/login_info', staff.cookie)).status).toBe(200);
    await t.db.execute(sql`UPDATE users SET enabled = false WHERE id = ${staff.userId}`);
    expect((await onB('/api/login_info', staff.cookie)).status).toBe(401);
    const again = await createStaff(t, admin, { username: 'by-hand-2', routes: ['/article/list'] });
    expect((await onB('/api/login_info', again.cookie)).status).toBe(200);
    await t.db.execute(sql`DELETE FROM sessions WHERE user_id = ${again.userId}`);
    expect((await onB('/api/login_info', again.cookie)).status).toBe(401);
  });

  it('a plain sign-in does not move the generation (last_login_at is not something a session shows)', async () => {
    const generation = async () => ((await t.db.execute(sql`SELECT n::text AS n FROM session_generation WHERE id = 1`)).rows as Array<{ n: string }>)[0].n;
    const before = await generation();
    await t.login();
    expect(await generation()).toBe(before);
  });
});
