import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createApp } from '@/server/app';
import { loginLogs, sessions, users } from '@/server/db/schema';
import { hashToken } from '@/server/auth/session';
import { accessOf } from '@/server/auth/access';
import { LOGIN_LIMITS } from '@/server/auth/login-limits';
import { PERMISSION_ROUTES } from '@/lib/routes';
import { ADMIN, DB_KINDS, setupTestApp, type TestContext } from './helpers';

describe.each(DB_KINDS)('auth and sessions on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setupTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('creates exactly one super-administrator on first start', async () => {
    const rows = await t.db.select({ username: users.username, isSuper: users.isSuper }).from(users);
    expect(rows).toEqual([{ username: ADMIN.username, isSuper: true }]);
  });

  it('answers an unknown /api path with the 404 envelope', async () => {
    const res = await t.call('GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, data: null });
    expect(res.body.message).toContain('/api/no/such/thing');
  });

  it('answers a thrown error with a 500 envelope and no stack; the details go to the server log', async () => {
    const serverLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = createApp({
      getDb: async () => {
        throw new Error('secret connection string postgres://x:y@db');
      },
    });
    const res = await broken.request('http://localhost/api/login_info');
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(body.status).toBe(500);
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
    expect(serverLog).toHaveBeenCalledWith(expect.stringMatching(/GET \/api\/login_info failed: Error: secret connection string[^\n]*\n\s+at /));
    serverLog.mockRestore();
  });

  it('rejects a login without fields with 400 and field errors, logging nothing', async () => {
    const before = await t.db.select({ n: count() }).from(loginLogs);
    const res = await t.call('POST', '/api/login', { body: { username: '' } });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(400);
    expect(res.body.errors).toMatchObject({ username: '请输入用户名', password: '请输入密码' });
    const after = await t.db.select({ n: count() }).from(loginLogs);
    expect(after[0].n).toBe(before[0].n);
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.call('POST', '/api/login', { body: '{"username":' });
    expect(res.status).toBe(400);
  });

  it('answers wrong credentials with HTTP 401 and logs the attempt', async () => {
    const res = await t.call('POST', '/api/login', { body: { username: ADMIN.username, password: 'wrong-password' }, headers: { 'x-test-peer': '10.9.9.1' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401, message: '用户名或密码错误' });
    expect(res.headers.getSetCookie()).toEqual([]);
    const [row] = await t.db.select().from(loginLogs).where(eq(loginLogs.ip, '10.9.9.1'));
    expect(row).toMatchObject({ username: ADMIN.username, success: false, reason: 'bad_password' });
  });

  it('signs in: session cookies, hashed token, login log, user and auth map', async () => {
    const res = await t.call('POST', '/api/login', { body: { username: ADMIN.username, password: ADMIN.password }, headers: { 'x-test-peer': '10.9.9.2' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(0);
    expect(res.body.data).toMatchObject({ username: ADMIN.username, name: '超级管理员', level: 1 });
    // Every grantable page, and 敏感词库 with 内容审核 (it comes with it: issue 15).
    expect(Object.keys(res.body.data.auth)).toEqual([
      '/',
      ...PERMISSION_ROUTES.flatMap((r) => (r.path === '/article/check' ? [r.path, '/article/sensitiveWords'] : [r.path])),
    ]);

    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('cms_session='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
    expect(cookies.find((c) => c.startsWith('b_id='))).toMatch(new RegExp(`^b_id=${res.body.data.id};`));
    expect(cookies.find((c) => c.startsWith('b_detail_level='))).toMatch(/^b_detail_level=1;/);
    expect(cookies.find((c) => c.startsWith('b_id='))).not.toMatch(/HttpOnly/i);

    const token = session.split(';')[0].split('=')[1];
    const stored = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.map((s) => s.tokenHash)).toContain(hashToken(token));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);

    const [row] = await t.db.select().from(loginLogs).where(eq(loginLogs.ip, '10.9.9.2'));
    expect(row).toMatchObject({ success: true, userId: res.body.data.id });
  });

  it('marks cookies Secure when served over https', async () => {
    const res = await t.call('POST', '/api/login', { body: ADMIN, headers: { 'x-test-tls': '1', 'x-test-peer': '10.9.9.3' } });
    expect(res.headers.getSetCookie().every((c) => /;\s*Secure/i.test(c))).toBe(true);
  });

  it('rotates the session on login: the previous token stops working', async () => {
    const first = await t.login();
    const second = await t.call('POST', '/api/login', { body: ADMIN, cookie: first });
    expect(second.status).toBe(200);
    const old = await t.call('GET', '/api/login_info', { cookie: first });
    expect(old.status).toBe(401);
  });

  it('login_info: 401 envelope with empty data without a session, user and auth with one', async () => {
    const anon = await t.call('GET', '/api/login_info');
    expect(anon.status).toBe(401);
    expect(anon.body.status).toBe(401);
    const cookie = await t.login();
    const res = await t.call('GET', '/api/login_info', { cookie });
    expect(res.body.status).toBe(0);
    expect(res.body.data.username).toBe(ADMIN.username);
    expect(res.body.auth['/article/list']).toEqual({ name: '文章列表', home: '内容管理', icon: 'FileTextOutlined' });
    expect(res.body.auth['/article/preview']).toEqual({ name: '预览', ignore: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a forged or garbage session cookie is not a session', async () => {
    const res = await t.call('GET', '/api/login_info', { cookie: 'cms_session=forged; b_id=1' });
    expect(res.status).toBe(401);
  });

  it('a disabled user loses their session at once and cannot sign in', async () => {
    const { hashPassword } = await import('@/server/auth/password');
    await t.db.insert(users).values({ username: 'leaver', name: '离职', passwordHash: await hashPassword('Leaver#2026') });
    const cookie = await t.login('leaver', 'Leaver#2026');
    await t.db.update(users).set({ enabled: false }).where(eq(users.username, 'leaver'));
    expect((await t.call('GET', '/api/login_info', { cookie })).status).toBe(401);
    const again = await t.call('POST', '/api/login', { body: { username: 'leaver', password: 'Leaver#2026' } });
    expect(again.status).toBe(403);
    expect(again.body.message).toContain('停用');
  });

  it('GET /api/auth returns the route catalogue to a signed-in user only', async () => {
    expect((await t.call('GET', '/api/auth')).status).toBe(401);
    const res = await t.call('GET', '/api/auth', { cookie: await t.login() });
    expect(res.body.status).toBe(0);
    expect(res.body.data.map((r: { path: string }) => r.path)).toEqual(PERMISSION_ROUTES.map((r) => r.path));
    expect(res.body.data.find((r: { path: string }) => r.path === '/article/preview').ignore).toBe(true);
    expect(res.body.data.find((r: { path: string }) => r.path === '/department')).toMatchObject({ name: '部门与员工', home: '权限管理' });
  });

  it.each(['GET', 'POST'])('%s /api/logout ends the session and clears the cookies', async (method) => {
    const cookie = await t.login();
    const res = await t.call(method, '/api/logout', { cookie });
    expect(res.body.status).toBe(0);
    const cleared = res.headers.getSetCookie();
    for (const name of ['cms_session', 'b_id', 'b_detail_level']) {
      expect(cleared.find((c) => c.startsWith(`${name}=`))).toMatch(/Max-Age=0/i);
    }
    expect((await t.call('GET', '/api/login_info', { cookie })).status).toBe(401);
  });

  it('rate limits failed attempts per username and address with a Chinese 429, even for the right password', async () => {
    const { hashPassword } = await import('@/server/auth/password');
    await t.db.insert(users).values({ username: 'target', name: '目标', passwordHash: await hashPassword('Target#2026') });
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++) {
      const res = await t.call('POST', '/api/login', { body: { username: 'target', password: 'nope' }, headers: { 'x-test-peer': '10.7.0.1' } });
      expect(res.status).toBe(401);
    }
    const blocked = await t.call('POST', '/api/login', { body: { username: 'target', password: 'Target#2026' }, headers: { 'x-test-peer': '10.7.0.1' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/登录失败次数过多/);
    const [row] = await t.db
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.ip, '10.7.0.1'), eq(loginLogs.reason, 'rate_limited')));
    expect(row.username).toBe('target');
  });

  it('rate limits failed attempts per IP across usernames', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      await t.call('POST', '/api/login', { body: { username: `nobody${i}`, password: 'x' }, headers: { 'x-test-peer': '10.8.8.8' } });
    }
    const blocked = await t.call('POST', '/api/login', { body: ADMIN, headers: { 'x-test-peer': '10.8.8.8' } });
    expect(blocked.status).toBe(429);
    const elsewhere = await t.call('POST', '/api/login', { body: ADMIN, headers: { 'x-test-peer': '10.8.8.9' } });
    expect(elsewhere.status).toBe(200);
  });

  it('without a configured proxy, x-forwarded-for is ignored: a forged address does not dodge the limit', async () => {
    const res = await t.call('POST', '/api/login', { body: ADMIN, headers: { 'x-test-peer': '10.8.8.8', 'x-forwarded-for': '1.2.3.4' } });
    expect(res.status).toBe(429);
  });

  it('refuses every route but login with a 401 envelope when signed out', async () => {
    // Public routes (sign-in, and the DingTalk sign-in round trip that redirects) are walked in
    // tests/api/permissions.test.ts; everything else answers 401 signed out.
    const routes = t.app.routes.filter(
      (r) =>
        r.method !== 'ALL' &&
        accessOf(r.handler)?.kind !== 'public' &&
        !t.app.routes.some((o) => o.path === r.path && o.method === r.method && accessOf(o.handler)?.kind === 'public'),
    );
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      const path = r.path.replace(/:(\w+)/g, '1');
      const res = await t.call(r.method, path, r.method === 'GET' || path.startsWith('/api/uploads/') ? {} : { body: {} });
      expect(res.status, `${r.method} ${path}`).toBe(401);
      expect(res.body.status).toBe(401);
    }
  });
});
