import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { departments, loginLogs, operationLogs, roles, users } from '@/server/db/schema';
import { accountDelayMs, LOGIN_LIMITS } from '@/server/auth/login-limits';
import { CURRENT_PASSWORD_TRIES } from '@/server/auth/current-password';
import { ADMIN, createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Issue 10: holes an outside security test found in the API core. Each case failed before its fix.
 */
describe.each(DB_KINDS)('API core hardening on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const logCount = async () => (await t.db.select({ n: count() }).from(operationLogs))[0].n;
  const dept = async (name: string, parentId: number | null = null) =>
    (await t.call('POST', '/api/departments', { cookie: admin, body: { name, parentId } })).body.data.id as number;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  /** A request exactly as given: no JSON encoding or content type added. */
  const raw = async (method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit; cookie?: string } = {}) => {
    const headers: Record<string, string> = { 'x-test-peer': '10.0.0.1', ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    const res = await t.app.request(`http://localhost${path}`, {
      method,
      headers,
      body: init.body,
      ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  };
  const userCount = async () => (await t.db.select({ n: count() }).from(users))[0].n;
  const failRows = (where: ReturnType<typeof eq>) =>
    t.db
      .select({ n: count() })
      .from(loginLogs)
      .where(where)
      .then(([r]) => r.n);

  describe('cross-site request forgery', () => {
    const superAdmin = JSON.stringify({ username: 'csrf_boss', name: '冒名', password: 'Csrf#2026', isSuper: true, x: '=' });

    it('a text/plain form from a sibling site creates nothing: 403 for the origin, 415 for the type', async () => {
      const before = await userCount();
      const crossSite = await raw('POST', '/api/users', {
        cookie: admin,
        headers: { origin: 'https://news.example.com', 'sec-fetch-site': 'same-site', 'content-type': 'text/plain' },
        body: superAdmin,
      });
      expect(crossSite.status).toBe(403);
      expect(crossSite.body.message).toContain('跨站');
      // Even from our own origin a body that is not declared JSON is refused.
      const plain = await raw('POST', '/api/users', { cookie: admin, headers: { origin: 'http://localhost', 'content-type': 'text/plain' }, body: superAdmin });
      expect(plain.status).toBe(415);
      const form = await raw('POST', '/api/users', {
        cookie: admin,
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=csrf_boss',
      });
      expect(form.status).toBe(415);
      expect(await userCount()).toBe(before);
    });

    it('JSON from our own origin works, told by Origin or by Sec-Fetch-Site', async () => {
      const byOrigin = await raw('POST', '/api/departments', {
        cookie: admin,
        headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ name: '同源部门' }),
      });
      expect(byOrigin.status).toBe(200);
      const bySite = await raw('PUT', `/api/departments/${byOrigin.body.data.id}`, {
        cookie: admin,
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        body: JSON.stringify({ name: '同源部门2' }),
      });
      expect(bySite.status).toBe(200);
      // A bodiless DELETE needs no type.
      const removed = await raw('DELETE', `/api/departments/${byOrigin.body.data.id}`, { cookie: admin, headers: { origin: 'http://localhost' } });
      expect(removed.status).toBe(200);
      // Another site's Origin is refused even when it claims same-site, and so is the opaque "null".
      for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
        const res = await raw('POST', '/api/departments', {
          cookie: admin,
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({ name: '外站部门' }),
        });
        expect(res.status, origin).toBe(403);
      }
      expect(await t.db.select().from(departments).where(eq(departments.name, '外站部门'))).toHaveLength(0);
    });

    it('login CSRF: a cross-site form cannot sign the browser in to the attacker’s account', async () => {
      const res = await raw('POST', '/api/login', {
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
        body: `username=${ADMIN.username}&password=${encodeURIComponent(ADMIN.password)}`,
      });
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
      const json = await raw('POST', '/api/login', {
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(json.status).toBe(403);
      expect(json.headers.getSetCookie()).toEqual([]);
    });

    it('GET /api/logout ends the session only when our own page asks', async () => {
      const cookie = await t.login();
      const fromLink = await raw('GET', '/api/logout', { cookie, headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } });
      expect(fromLink.status).toBe(403);
      expect((await t.call('GET', '/api/login_info', { cookie })).status).toBe(200);
      const fromSibling = await raw('GET', '/api/logout', { cookie, headers: { 'sec-fetch-site': 'same-site' } });
      expect(fromSibling.status).toBe(403);
      const ours = await raw('GET', '/api/logout', { cookie, headers: { 'sec-fetch-site': 'same-origin' } });
      expect(ours.status).toBe(200);
      expect((await t.call('GET', '/api/login_info', { cookie })).status).toBe(401);
    });

    it('configured origins (several hostnames, a proxy rewriting Host) may write', async () => {
      const other = await setupTestApp(kind, { allowedOrigins: ['https://cms.example.com'] });
      try {
        const cookie = await other.login();
        const send = (origin: string) =>
          other.app.request('http://internal:3000/api/departments', {
            method: 'POST',
            headers: { origin, cookie, 'content-type': 'application/json', 'x-test-peer': '10.0.0.1' },
            body: JSON.stringify({ name: `经 ${origin}` }),
          });
        expect((await send('https://cms.example.com')).status).toBe(200);
        expect((await send('https://news.example.com')).status).toBe(403);
      } finally {
        await other.close();
      }
    });
  });

  describe('sign-in abuse', () => {
    it('an anonymous party cannot lock an account: the owner signs in from an address that has not failed', async () => {
      await createStaff(t, admin, { username: 'victim', routes: [], password: 'Victim#2026' });
      for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp + 3; i++) {
        await t.call('POST', '/api/login', { body: { username: 'victim', password: `guess-${i}` }, headers: { 'x-test-peer': '203.0.113.7' } });
      }
      // The attacker's address is stopped, even with the right password…
      const attacker = await t.call('POST', '/api/login', { body: { username: 'victim', password: 'Victim#2026' }, headers: { 'x-test-peer': '203.0.113.7' } });
      expect(attacker.status).toBe(429);
      // …and refused attempts were not counted again: only the allowance is on record as failures.
      expect(await failRows(and(eq(loginLogs.username, 'victim'), eq(loginLogs.reason, 'bad_password'))!)).toBe(LOGIN_LIMITS.perAccountAndIp);
      const owner = await t.call('POST', '/api/login', { body: { username: 'victim', password: 'Victim#2026' }, headers: { 'x-test-peer': '198.51.100.20' } });
      expect(owner.status).toBe(200);
    });

    it('refused attempts do not renew the lock: it ends a window after the last real failure', async () => {
      await createStaff(t, admin, { username: 'patient', routes: [], password: 'Patient#2026' });
      const from = { 'x-test-peer': '203.0.113.9' };
      for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++)
        await t.call('POST', '/api/login', { body: { username: 'patient', password: 'wrong' }, headers: from });
      for (let i = 0; i < 5; i++)
        expect((await t.call('POST', '/api/login', { body: { username: 'patient', password: 'wrong' }, headers: from })).status).toBe(429);
      // The real failures age out of the window; the refusals just now do not keep the lock alive.
      await t.db
        .update(loginLogs)
        .set({ createdAt: sql`now() - interval '16 minutes'` })
        .where(and(eq(loginLogs.username, 'patient'), eq(loginLogs.reason, 'bad_password')));
      expect((await t.call('POST', '/api/login', { body: { username: 'patient', password: 'Patient#2026' }, headers: from })).status).toBe(200);
    });

    it('failures from many addresses slow the account down (growing, with a ceiling) but never refuse it', async () => {
      await createStaff(t, admin, { username: 'popular', routes: [], password: 'Popular#2026' });
      t.sleeps.length = 0;
      const guesses = LOGIN_LIMITS.slowAfter + 4;
      for (let i = 0; i < guesses; i++) {
        const res = await t.call('POST', '/api/login', { body: { username: 'popular', password: 'wrong' }, headers: { 'x-test-peer': `192.0.2.${i + 1}` } });
        expect(res.status).toBe(401);
      }
      expect(t.sleeps).toEqual([0, 1, 2, 3].map((k) => LOGIN_LIMITS.delayMs * 2 ** k));
      const owner = await t.call('POST', '/api/login', { body: { username: 'popular', password: 'Popular#2026' }, headers: { 'x-test-peer': '192.0.2.200' } });
      expect(owner.status).toBe(200);
      expect(t.sleeps.at(-1)).toBe(accountDelayMs(guesses));
      expect(accountDelayMs(1000)).toBe(LOGIN_LIMITS.delayMaxMs);
    });

    it('a global budget for unknown usernames tightens every address’s allowance while it is spent', async () => {
      await t.db.insert(loginLogs).values(
        Array.from({ length: LOGIN_LIMITS.unknownUserBudget }, (_, i) => ({
          username: `spray${i}`,
          ip: `198.18.${i >> 8}.${i & 255}`,
          success: false,
          reason: 'unknown_user',
        })),
      );
      const from = { 'x-test-peer': '198.19.0.1' };
      for (let i = 0; i < LOGIN_LIMITS.perIpUnderAttack; i++) {
        expect((await t.call('POST', '/api/login', { body: { username: `nobody-${i}`, password: 'x' }, headers: from })).status).toBe(401);
      }
      expect((await t.call('POST', '/api/login', { body: { username: 'nobody-x', password: 'x' }, headers: from })).status).toBe(429);
      // A known account's wrong password is answered the same way (no hint which usernames exist),
      // and the right password from a clean address still works.
      expect((await t.call('POST', '/api/login', { body: { username: ADMIN.username, password: 'x' }, headers: from })).status).toBe(429);
      expect((await t.call('POST', '/api/login', { body: ADMIN, headers: { 'x-test-peer': '198.19.0.2' } })).status).toBe(200);
      await t.db.delete(loginLogs).where(sql`${loginLogs.username} LIKE 'spray%'`);
    });

    it('without a configured proxy the socket address counts and X-Forwarded-For is ignored', async () => {
      await t.call('POST', '/api/login', {
        body: { username: 'xff-probe', password: 'x' },
        headers: { 'x-test-peer': '10.44.0.1', 'x-forwarded-for': '1.2.3.4' },
      });
      const [row] = await t.db.select({ ip: loginLogs.ip }).from(loginLogs).where(eq(loginLogs.username, 'xff-probe'));
      expect(row.ip).toBe('10.44.0.1');
      // A forged X-Forwarded-Proto does not make the cookies Secure either.
      const res = await t.call('POST', '/api/login', { body: ADMIN, headers: { 'x-forwarded-proto': 'https', 'x-test-peer': '10.44.0.2' } });
      expect(res.headers.getSetCookie().some((c) => /;\s*Secure/i.test(c))).toBe(false);
    });

    it('behind configured proxies, the client is the entry that many hops left of the socket; anything but an IP is dropped', async () => {
      const proxied = await setupTestApp(kind, { trustProxyHops: 1 });
      try {
        const attempt = (xff: string, username: string) =>
          proxied.call('POST', '/api/login', {
            body: { username, password: 'x' },
            headers: { 'x-test-peer': '10.0.0.254', 'x-forwarded-for': xff, 'x-forwarded-proto': 'https' },
          });
        await attempt('1.2.3.4, 198.51.100.77', 'via-proxy');
        await attempt('<script>', 'bad-ip');
        await attempt('::ffff:198.51.100.78', 'mapped');
        const ips = await proxied.db.select({ username: loginLogs.username, ip: loginLogs.ip }).from(loginLogs);
        const ipOf = (u: string) => ips.find((r) => r.username === u)?.ip;
        expect(ipOf('via-proxy')).toBe('198.51.100.77');
        expect(ipOf('bad-ip')).toBe('');
        expect(ipOf('mapped')).toBe('198.51.100.78');
        const ok = await proxied.call('POST', '/api/login', {
          body: ADMIN,
          headers: { 'x-test-peer': '10.0.0.254', 'x-forwarded-for': '198.51.100.79', 'x-forwarded-proto': 'https' },
        });
        expect(ok.headers.getSetCookie().every((c) => /;\s*Secure/i.test(c))).toBe(true);
        expect(ok.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      } finally {
        await proxied.close();
      }
    });

    it('wrong current passwords in 个人资料 count like failed sign-ins and end the session after a few', async () => {
      const me = await createStaff(t, admin, { username: 'forgetful', routes: [], password: 'Forget#2026' });
      for (let i = 1; i < CURRENT_PASSWORD_TRIES; i++) {
        const res = await t.call('PUT', '/api/profile/password', { cookie: me.cookie, body: { currentPassword: `guess${i}`, password: 'Newpass#2026' } });
        expect(res.status).toBe(400);
        expect(res.body.errors.currentPassword).toContain(`还可尝试 ${CURRENT_PASSWORD_TRIES - i} 次`);
      }
      const last = await t.call('PUT', '/api/profile/password', { cookie: me.cookie, body: { currentPassword: 'guess-last', password: 'Newpass#2026' } });
      expect(last.status).toBe(401);
      expect(last.body.message).toContain('已退出登录');
      expect((await t.call('GET', '/api/login_info', { cookie: me.cookie })).status).toBe(401);
      expect(await failRows(and(eq(loginLogs.userId, me.userId), eq(loginLogs.reason, 'bad_current_password'))!)).toBe(CURRENT_PASSWORD_TRIES);
      // The password did not change.
      await t.login('forgetful', 'Forget#2026');
    });
  });

  describe('resource exhaustion and malformed input', () => {
    it('bodies over the cap are refused with 413 before they are read, with or without Content-Length', async () => {
      const before = (await t.db.select({ n: count() }).from(departments))[0].n;
      const big = JSON.stringify({ name: 'x', filler: 'a'.repeat(1024 * 1024) });
      const declared = await raw('POST', '/api/departments', {
        cookie: admin,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
        body: big,
      });
      expect(declared.status).toBe(413);
      expect(declared.body.message).toContain('1 MB');
      // A chunked body that never says its length is counted as it arrives.
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > 3 * 1024 * 1024) return controller.close();
          sent += 64 * 1024;
          controller.enqueue(new TextEncoder().encode(sent === 64 * 1024 ? '{"name":"' + 'b'.repeat(64 * 1024 - 9) : 'b'.repeat(64 * 1024)));
        },
      });
      const chunked = await raw('POST', '/api/departments', { cookie: admin, headers: { 'content-type': 'application/json' }, body: stream });
      expect(chunked.status).toBe(413);
      expect(sent).toBeLessThan(3 * 1024 * 1024);
      // Sign-in takes 64 KB at most.
      const login = JSON.stringify({ username: 'admin', password: 'p'.repeat(70 * 1024) });
      expect(
        (await raw('POST', '/api/login', { headers: { 'content-type': 'application/json', 'content-length': String(login.length) }, body: login })).status,
      ).toBe(413);
      expect((await t.db.select({ n: count() }).from(departments))[0].n).toBe(before);
    });

    it('deeply nested JSON is a 400, not a stack overflow', async () => {
      const deep = '['.repeat(4000) + ']'.repeat(4000);
      for (const path of ['/api/departments', '/api/login']) {
        const res = await raw('POST', path, { cookie: admin, headers: { 'content-type': 'application/json' }, body: `{"name":${deep}}` });
        expect(res.status, path).toBe(400);
        expect(res.body.message).toContain('嵌套过深');
      }
    });

    it('a date that parses beyond 9999 is a 400, not a 500', async () => {
      for (const from of ['9999-12-31T23:59:59-23:59', '1969-12-31T23:00:00Z']) {
        const res = await t.call('GET', `/api/log/login?from=${encodeURIComponent(from)}`, { cookie: admin });
        expect(res.status, from).toBe(400);
        expect(res.body.errors.from).toContain('超出范围');
      }
      expect((await t.call('GET', `/api/log/operation?to=${encodeURIComponent('9999-12-31T23:59:59Z')}`, { cookie: admin })).status).toBe(200);
    });
  });

  describe('smaller holes', () => {
    it('an avatar is an http(s) link or one of our uploads, never an API path or another site', async () => {
      const staff = await createStaff(t, admin, { username: 'avatar_target', routes: [] });
      for (const avatar of ['/api/logout', '//evil.example/x.png', '/uploads/../api/logout', 'javascript:alert(1)', 'https:///x', '/login']) {
        const res = await t.call('PUT', `/api/users/${staff.userId}`, { cookie: admin, body: { avatar } });
        expect(res.status, avatar).toBe(400);
        expect(res.body.errors.avatar).toContain('http(s)');
        expect((await t.call('PUT', '/api/profile', { cookie: staff.cookie, body: { name: '头像', avatar } })).status, avatar).toBe(400);
      }
      for (const avatar of ['https://cdn.example.com/a/b.png?x=1', '/uploads/2026/11/face.jpg', '']) {
        expect((await t.call('PUT', `/api/users/${staff.userId}`, { cookie: admin, body: { avatar } })).status, avatar).toBe(200);
      }
    });

    it('every API reply forbids framing and sniffing; HSTS only over https', async () => {
      for (const res of [await t.call('GET', '/api/login_info'), await t.call('GET', '/api/users', { cookie: admin })]) {
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('same-origin');
        expect(res.headers.get('strict-transport-security')).toBeNull();
      }
      const tls = await t.call('GET', '/api/login_info', { headers: { 'x-test-tls': '1' } });
      expect(tls.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    });

    it('usernames are unique ignoring case', async () => {
      const res = await t.call('POST', '/api/users', { cookie: admin, body: { username: 'ADMIN', name: '假管理员', password: 'Fake#2026' } });
      expect(res.status).toBe(409);
      expect(res.body.errors.username).toContain('「admin」');
      // The database refuses it too, whatever a future route forgets.
      await expect(t.db.insert(users).values({ username: 'Admin', name: 'x', passwordHash: 'x' })).rejects.toThrow();
    });

    it('names refuse control, bidi-override and zero-width characters; descriptions keep line breaks', async () => {
      for (const name of ['编辑\u202Egpj.exe', '编\u200B辑', '编辑\u0007', '编辑\n部', '编\uFEFF辑', '编\u2066辑']) {
        const res = await t.call('POST', '/api/departments', { cookie: admin, body: { name } });
        expect(res.status, JSON.stringify(name)).toBe(400);
        expect(res.body.errors.name).toContain('控制字符');
      }
      const role = await t.call('POST', '/api/roles', { cookie: admin, body: { name: '多行描述', description: '第一行\n第二行', routes: [], level: 3 } });
      expect(role.status).toBe(200);
      const user = await t.call('POST', '/api/users', { cookie: admin, body: { username: 'zw_user', name: '张\u200D伟', password: 'Zwnj#2026' } });
      expect(user.status).toBe(400);
    });
  });

  describe('data scope', () => {
    it('本部门 covers the department and its sub-teams, nothing beside them', async () => {
      const editorial = await dept('编辑部');
      const news = await dept('新闻组', editorial);
      const video = await dept('视频部');
      const lead = await createStaff(t, admin, { username: 'ed_lead', routes: ['/department'], level: 2, departmentId: editorial });
      const reporter = await createStaff(t, admin, { username: 'news_rep', routes: [], level: 3, departmentId: news });
      const cutter = await createStaff(t, admin, { username: 'video_cut', routes: [], level: 3, departmentId: video });

      const seen = (await t.call('GET', '/api/users?pageSize=100', { cookie: lead.cookie })).body.data.list.map((u: { username: string }) => u.username);
      expect(seen).toEqual(expect.arrayContaining(['ed_lead', 'news_rep']));
      expect(seen).not.toContain('video_cut');
      expect((await t.call('GET', `/api/users/${cutter.userId}`, { cookie: lead.cookie })).status).toBe(404);

      // Moves within the subtree are fine; out of it they are refused and change nothing.
      expect((await t.call('PUT', `/api/users/${reporter.userId}`, { cookie: lead.cookie, body: { departmentId: editorial } })).status).toBe(200);
      expect((await t.call('PUT', `/api/users/${reporter.userId}`, { cookie: lead.cookie, body: { departmentId: news } })).status).toBe(200);
      const out = await t.call('PUT', `/api/users/${reporter.userId}`, { cookie: lead.cookie, body: { departmentId: video } });
      expect(out.status).toBe(400);
      expect(out.body.errors.departmentId).toBe('只能把员工分到自己的部门或其下属部门');
      expect((await t.db.select({ d: users.departmentId }).from(users).where(eq(users.id, reporter.userId)))[0].d).toBe(news);

      // A parent's list with its sub-teams (withSub), within the viewer's scope.
      const withSub = (await t.call('GET', `/api/users?departmentId=${editorial}&withSub=true&pageSize=100`, { cookie: admin })).body.data.list.map(
        (u: { username: string }) => u.username,
      );
      expect(withSub).toEqual(expect.arrayContaining(['ed_lead', 'news_rep']));
      expect(withSub).not.toContain('video_cut');
      const own = (await t.call('GET', `/api/users?departmentId=${editorial}&pageSize=100`, { cookie: admin })).body.data.list.map(
        (u: { username: string }) => u.username,
      );
      expect(own).not.toContain('news_rep');

      // A sub-team's manager does not see upwards.
      const newsLead = await createStaff(t, admin, { username: 'news_lead', routes: ['/department'], level: 2, departmentId: news });
      const seenBelow = (await t.call('GET', '/api/users?pageSize=100', { cookie: newsLead.cookie })).body.data.list.map(
        (u: { username: string }) => u.username,
      );
      expect(seenBelow).not.toContain('ed_lead');
      expect(seenBelow).toContain('news_rep');
    });

    it('roles are changed only with the 全部数据 scope: a department manager cannot rewrite another department’s role', async () => {
      const video = await dept('视频二部');
      const outsider = await createStaff(t, admin, { username: 'vid_staff', routes: ['/article/list'], level: 3, departmentId: video });
      const manager = await createStaff(t, admin, {
        username: 'role_mgr',
        routes: ['/role', '/article/list', '/department'],
        level: 2,
        departmentId: await dept('新闻二部'),
      });
      const before = await logCount();
      for (const [method, path, body] of [
        ['PUT', `/api/roles/${outsider.roleId}`, { routes: [] }],
        ['PUT', `/api/roles/${outsider.roleId}`, { routes: ['/article/list', '/department'] }],
        ['DELETE', `/api/roles/${outsider.roleId}`, undefined],
        ['POST', '/api/roles', { name: '新角色', routes: [], level: 3 }],
      ] as const) {
        const res = await t.call(method, path, { cookie: manager.cookie, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.message).toBe('修改角色需要「全部数据」的数据范围');
      }
      expect(await logCount()).toBe(before);
      const [role] = await t.db.select({ routes: roles.routes }).from(roles).where(eq(roles.id, outsider.roleId));
      expect(role.routes).toEqual(['/article/list']);
    });

    it('the log screens are granted only with 全部数据; a narrower role that holds them anyway gets 403', async () => {
      const refused = await t.call('POST', '/api/roles', { cookie: admin, body: { name: '部门审计', routes: ['/log', '/log/operate'], level: 2 } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.routes).toBe('登录日志、操作日志只能授予数据范围为「全部数据」的角色');
      const auditor = await createStaff(t, admin, { username: 'auditor', routes: ['/log', '/log/operate'], level: 1 });
      const narrowed = await t.call('PUT', `/api/roles/${auditor.roleId}`, { cookie: admin, body: { level: 3 } });
      expect(narrowed.status).toBe(400);
      expect((await t.call('GET', '/api/log/operation', { cookie: auditor.cookie })).status).toBe(200);

      // A role saved before the rule (written straight into the database) grants nothing there.
      await t.db.update(roles).set({ level: 3 }).where(eq(roles.id, auditor.roleId));
      for (const path of ['/api/log/login', '/api/log/operation', '/api/log/operation/1', '/api/log/operation_type']) {
        expect((await t.call('GET', path, { cookie: auditor.cookie })).status, path).toBe(403);
      }
      const info = await t.call('GET', '/api/login_info', { cookie: auditor.cookie });
      expect(Object.keys(info.body.auth)).toEqual(['/']);
    });
  });
});
