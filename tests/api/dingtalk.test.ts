import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { loginLogs, operationLogs, users } from '@/server/db/schema';
import { DINGTALK_ME, DINGTALK_TOKEN, newState } from '@/server/dingtalk/client';
import { DINGTALK_PENDING_COOKIE, DINGTALK_STATE_COOKIE } from '@/server/routes/dingtalk';
import { createApp } from '@/server/app';
import { createStaff, DB_KINDS, setupTestApp, testPeer, type TestContext } from './helpers';
import { Secret, TOTP } from 'otpauth';
import { meReply, tokenReply } from '../fixtures/dingtalk-replies';
import { startFakeDingtalk } from '../fixtures/fake-dingtalk';

/** As dingtalkFromEnv makes it with CMS_PUBLIC_ORIGIN=http://localhost. */
const CONFIG = { clientId: 'dingapp-key', clientSecret: 'dingapp-secret-2026', redirectUri: 'http://localhost/api/dingtalk/callback' };

/** DingTalk's two calls, recorded (tests/fixtures/dingtalk-replies.ts): `code-li`, `code-wang`; `bad-code` is refused. */
const dingtalk = setupServer(
  http.post(DINGTALK_TOKEN, async ({ request }) => {
    const reply = tokenReply((await request.json()) as Record<string, string>, CONFIG);
    return HttpResponse.json(reply.body, { status: reply.status });
  }),
  http.get(DINGTALK_ME, ({ request }) => {
    const reply = meReply(request.headers.get('x-acs-dingtalk-access-token'));
    return HttpResponse.json(reply.body, { status: reply.status });
  }),
);

/** createStaff's password (tests/api/helpers.ts). */
const STAFF_PASSWORD = 'Staff#2026';

const cookieFrom = (headers: Headers, name: string) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${name}=`));

describe.each(DB_KINDS)('DingTalk binding and sign-in (issue 9) on %s', (kind) => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    dingtalk.listen({ onUnhandledRequest: 'bypass' });
    t = await setupTestApp(kind, { dingtalk: CONFIG });
    admin = await t.login();
  });
  afterEach(() => dingtalk.resetHandlers());
  afterAll(async () => {
    dingtalk.close();
    await t?.close();
  });

  /**
   * The state cookie each browser keeps from the flow it started (DINGTALK_STATE_COOKIE), by the
   * session cookie of that browser ('' for one not signed in): `back` sends it as that browser would.
   */
  const stateCookies = new Map<string, string>();
  const keepStateCookie = (headers: Headers, cookie = '') => {
    const kept = cookieFrom(headers, DINGTALK_STATE_COOKIE);
    if (kept) stateCookies.set(cookie, kept);
  };
  /** Starts a binding as `cookie`; returns the state DingTalk would echo back. */
  const startBind = async (cookie: string, currentPassword = STAFF_PASSWORD) => {
    const res = await t.call('POST', '/api/dingtalk/bind_start', { cookie, body: { currentPassword } });
    expect(res.status).toBe(200);
    keepStateCookie(res.headers, cookie);
    const url = new URL(res.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://login.dingtalk.com/oauth2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CONFIG.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'http://localhost/api/dingtalk/callback',
    });
    return url.searchParams.get('state')!;
  };
  /** Starts a DingTalk sign-in in a browser without a session; returns the state. */
  const startLogin = async () => {
    const start = await t.call('GET', '/api/dingtalk/login_start');
    expect(start.status).toBe(302);
    keepStateCookie(start.headers);
    return new URL(start.headers.get('location')!).searchParams.get('state')!;
  };
  const back = (state: string, code: string, cookie?: string) => {
    const browser = [cookie, stateCookies.get(cookie ?? '')].filter(Boolean).join('; ');
    return t.call('GET', `/api/dingtalk/callback?authCode=${code}&state=${encodeURIComponent(state)}`, { cookie: browser || undefined });
  };

  it('binds the signed-in person’s DingTalk account; the state works once and only for them', async () => {
    const li = await createStaff(t, admin, { username: 'li_dd', routes: [] });
    expect((await t.call('GET', '/api/dingtalk/status', { cookie: li.cookie })).body.data).toEqual({
      configured: true,
      bound: false,
      nick: null,
      pending: null,
    });
    const state = await startBind(li.cookie);

    // Someone else's browser cannot finish it.
    const stranger = await createStaff(t, admin, { username: 'stranger_dd', routes: [] });
    const stolen = await back(state, 'code-li', stranger.cookie);
    expect(stolen.status).toBe(302);
    expect(stolen.headers.get('location')).toBe('/user/bindDingtalk?error=state');

    // The state was used by that attempt: even its owner must start again.
    expect((await back(state, 'code-li', li.cookie)).headers.get('location')).toBe('/user/bindDingtalk?error=state');
    const fresh = await startBind(li.cookie);
    const done = await back(fresh, 'code-li', li.cookie);
    expect(done.headers.get('location')).toBe('/user/bindDingtalk?result=bound');
    expect((await t.call('GET', '/api/dingtalk/status', { cookie: li.cookie })).body.data).toMatchObject({ bound: true, nick: '李钉钉' });
    // Replayed.
    expect((await back(fresh, 'code-li', li.cookie)).headers.get('location')).toBe('/user/bindDingtalk?error=state');
    const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.type, 'bind_dingtalk'));
    expect(log.summary).toBe('绑定钉钉账号「李钉钉」');

    // One account per DingTalk identity.
    const state2 = await startBind(stranger.cookie);
    expect((await back(state2, 'code-li', stranger.cookie)).headers.get('location')).toBe('/user/bindDingtalk?error=taken');
  });

  it('a forged state, a refused code and a missing code say why; nothing is bound', async () => {
    const zhao = await createStaff(t, admin, { username: 'zhao_dd', routes: [] });
    const forged = newState('not-our-secret').state;
    expect((await back(forged, 'code-wang', zhao.cookie)).headers.get('location')).toBe('/login?dingtalk=state');
    const state = await startBind(zhao.cookie);
    expect((await back(state, 'bad-code', zhao.cookie)).headers.get('location')).toBe('/user/bindDingtalk?error=refused');
    const again = await startBind(zhao.cookie);
    expect(
      (
        await t.call('GET', `/api/dingtalk/callback?state=${encodeURIComponent(again)}`, { cookie: `${zhao.cookie}; ${stateCookies.get(zhao.cookie)}` })
      ).headers.get('location'),
    ).toBe('/user/bindDingtalk?error=denied');
    const [row] = await t.db.select({ unionId: users.dingtalkUnionId }).from(users).where(eq(users.username, 'zhao_dd'));
    expect(row.unionId).toBeNull();
  });

  it('signs a bound account in; an unbound one signs in once with its password and confirms the binding', async () => {
    // li_dd is bound to code-li (first test).
    const state = await startLogin();
    const signedIn = await back(state, 'code-li');
    expect(signedIn.headers.get('location')).toBe('/');
    const session = cookieFrom(signedIn.headers, 'cms_session')!;
    expect((await t.call('GET', '/api/login_info', { cookie: session })).body.data.username).toBe('li_dd');
    const [entry] = await t.db.select().from(loginLogs).where(eq(loginLogs.reason, 'dingtalk'));
    expect(entry).toMatchObject({ username: 'li_dd', success: true });

    // 王钉钉 is bound to nobody: kept for ten minutes while the person signs in with a password.
    const unbound = await back(await startLogin(), 'code-wang');
    expect(unbound.headers.get('location')).toBe('/login?from=%2Fuser%2FbindDingtalk&dingtalk=unbound');
    expect(cookieFrom(unbound.headers, 'cms_session')).toBeUndefined();
    const pending = cookieFrom(unbound.headers, DINGTALK_PENDING_COOKIE)!;
    const wang = await createStaff(t, admin, { username: 'wang_dd', routes: [] });
    const withPending = `${wang.cookie}; ${pending}`;
    expect((await t.call('GET', '/api/dingtalk/status', { cookie: withPending })).body.data.pending).toEqual({ nick: '王钉钉' });
    const bound = await t.call('POST', '/api/dingtalk/bind_pending', { cookie: withPending, body: { currentPassword: STAFF_PASSWORD } });
    expect(bound.status).toBe(200);
    // Used once.
    expect((await t.call('POST', '/api/dingtalk/bind_pending', { cookie: withPending, body: { currentPassword: STAFF_PASSWORD } })).status).toBe(404);
    const next = await back(await startLogin(), 'code-wang');
    expect(next.headers.get('location')).toBe('/');

    // Unbinding; a disabled account is not signed in.
    expect((await t.call('DELETE', '/api/dingtalk/binding', { cookie: wang.cookie })).status).toBe(200);
    expect((await t.call('GET', '/api/dingtalk/status', { cookie: wang.cookie })).body.data.bound).toBe(false);
    const [li] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'li_dd'));
    await t.call('PUT', `/api/users/${li.id}`, { cookie: admin, body: { enabled: false } });
    expect((await back(await startLogin(), 'code-li')).headers.get('location')).toBe('/login?dingtalk=disabled');
  });

  it('without configuration the screen is told so and nothing leaves the machine', async () => {
    // The same database behind an app started without DINGTALK_CLIENT_ID / _SECRET.
    const bare = createApp({ getDb: async () => t.db, peer: testPeer, dingtalk: null });
    const call = async (method: string, path: string, cookie?: string) => {
      const res = await bare.request(`http://localhost${path}`, {
        method,
        headers: { 'x-test-peer': '10.0.0.1', ...(cookie ? { cookie } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: method === 'POST' ? '{}' : undefined,
      });
      return { status: res.status, location: res.headers.get('location'), body: res.headers.get('content-type')?.includes('json') ? await res.json() : null };
    };
    expect((await call('GET', '/api/dingtalk/status', admin)).body.data.configured).toBe(false);
    const refused = await call('POST', '/api/dingtalk/bind_start', admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('未配置');
    expect((await call('GET', '/api/dingtalk/login_start')).location).toBe('/login?dingtalk=off');
  });

  it('talks to the hosts it is given (DINGTALK_LOGIN_BASE, DINGTALK_API_BASE): the e2e suite’s stand-in completes a binding', async () => {
    const fake = await startFakeDingtalk({ port: 0, app: CONFIG });
    try {
      const app = createApp({ getDb: async () => t.db, peer: testPeer, dingtalk: { ...CONFIG, loginBase: fake.base, apiBase: fake.base } });
      const zhou = await createStaff(t, admin, { username: 'zhou_dd', routes: [] });
      // One browser: its session, and the state cookie the start leaves in it.
      let browser = zhou.cookie;
      const send = (path: string, method = 'GET') =>
        app.request(`http://localhost${path}`, {
          method,
          headers: { 'x-test-peer': '10.0.0.1', cookie: browser, 'content-type': 'application/json' },
          body: method === 'POST' ? JSON.stringify({ currentPassword: STAFF_PASSWORD }) : undefined,
        });
      const started = await send('/api/dingtalk/bind_start', 'POST');
      browser = `${zhou.cookie}; ${cookieFrom(started.headers, DINGTALK_STATE_COOKIE)}`;
      const { url } = (await started.json()).data;
      expect(url.startsWith(`${fake.base}/oauth2/auth?`)).toBe(true);
      // DingTalk's consent page links back to our callback with a code and the state.
      const html = await (await fetch(url)).text();
      const href = /href="([^"]+)">以「王钉钉」授权登录/.exec(html)![1].replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
      const back = new URL(href);
      expect(`${back.origin}${back.pathname}`).toBe('http://localhost/api/dingtalk/callback');
      expect(back.searchParams.get('authCode')).toBe('code-wang');
      expect((await send(`${back.pathname}${back.search}`)).headers.get('location')).toBe('/user/bindDingtalk?result=bound');
      expect((await (await send('/api/dingtalk/status')).json()).data).toMatchObject({ bound: true, nick: '王钉钉' });
      // The callback is the configured one whatever Host the request names (issue 14 I7).
      const viaHost = await app.request('http://localhost/api/dingtalk/bind_start', {
        method: 'POST',
        headers: { 'x-test-peer': '10.0.0.1', cookie: zhou.cookie, host: 'cms.newsroom.test:8443', 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword: STAFF_PASSWORD }),
      });
      expect(new URL((await viaHost.json()).data.url).searchParams.get('redirect_uri')).toBe('http://localhost/api/dingtalk/callback');
      // A foreign app is turned away by the consent page.
      expect((await fetch(url.replace(CONFIG.clientId, 'someone-else'))).status).toBe(400);
    } finally {
      await new Promise((resolve) => fake.server.close(resolve));
    }
  });

  // ── Issue 14 F4: a stolen session must not become a permanent way in ──────────────────────────
  /** Every binding gone (each test below starts from none; the recorded identities are few). */
  const unbindAll = () => t.db.update(users).set({ dingtalkUnionId: null, dingtalkNick: null });
  const bindingOf = async (id: number) =>
    (await t.db.select({ unionId: users.dingtalkUnionId, nick: users.dingtalkNick }).from(users).where(eq(users.id, id)))[0];
  /** Binds `code-li` (李钉钉) to this person through DingTalk, as the bind screen does. */
  const bindLi = async (cookie: string) =>
    expect((await back(await startBind(cookie), 'code-li', cookie)).headers.get('location')).toBe('/user/bindDingtalk?result=bound');
  /** A DingTalk sign-in with `code-li` in a clean browser: where it lands. */
  const signInAsLi = async () => (await back(await startLogin(), 'code-li')).headers.get('location');

  it('binding asks for the current password; wrong ones count with 个人资料’s and the fifth ends the session (issue 14 F4)', async () => {
    await unbindAll();
    const sun = await createStaff(t, admin, { username: 'sun_dd', routes: [] });
    const missing = await t.call('POST', '/api/dingtalk/bind_start', { cookie: sun.cookie, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.currentPassword).toBe('请输入当前密码');
    const wrong = await t.call('POST', '/api/dingtalk/bind_start', { cookie: sun.cookie, body: { currentPassword: 'guess-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('当前密码不正确');
    expect(wrong.body.errors.currentPassword).toBe('当前密码不正确（还可尝试 4 次）');
    expect(cookieFrom(wrong.headers, DINGTALK_STATE_COOKIE)).toBeUndefined();
    // One count for both places that ask for the current password.
    await t.call('PUT', '/api/profile/password', { cookie: sun.cookie, body: { currentPassword: 'guess-2', password: 'Sunny#2027' } });
    expect(
      (await t.call('POST', '/api/dingtalk/bind_start', { cookie: sun.cookie, body: { currentPassword: 'guess-3' } })).body.errors.currentPassword,
    ).toContain('还可尝试 2 次');
    // The pending confirmation asks too.
    const unbound = await back(await startLogin(), 'code-li');
    const withPending = `${sun.cookie}; ${cookieFrom(unbound.headers, DINGTALK_PENDING_COOKIE)}`;
    expect((await t.call('POST', '/api/dingtalk/bind_pending', { cookie: withPending, body: {} })).status).toBe(400);
    expect(
      (await t.call('POST', '/api/dingtalk/bind_pending', { cookie: withPending, body: { currentPassword: 'guess-4' } })).body.errors.currentPassword,
    ).toContain('还可尝试 1 次');
    const last = await t.call('POST', '/api/dingtalk/bind_pending', { cookie: withPending, body: { currentPassword: 'guess-5' } });
    expect(last.status).toBe(401);
    expect(last.body.message).toBe('当前密码连续输错 5 次，已退出登录，请重新登录');
    expect((await t.call('GET', '/api/dingtalk/status', { cookie: sun.cookie })).status).toBe(401);
    expect(await bindingOf(sun.userId)).toEqual({ unionId: null, nick: null });
    const logged = await t.db.select().from(loginLogs).where(eq(loginLogs.userId, sun.userId));
    expect(logged.filter((l) => l.reason === 'bad_current_password')).toHaveLength(5);

    // With the right password (after signing in again) both work.
    await t.db.delete(loginLogs).where(eq(loginLogs.userId, sun.userId));
    const again = await t.login('sun_dd', STAFF_PASSWORD);
    const confirmed = await t.call('POST', '/api/dingtalk/bind_pending', {
      cookie: `${again}; ${cookieFrom((await back(await startLogin(), 'code-li')).headers, DINGTALK_PENDING_COOKIE)}`,
      body: { currentPassword: STAFF_PASSWORD },
    });
    expect(confirmed.status).toBe(200);
    expect(await bindingOf(sun.userId)).toEqual({ unionId: expect.any(String), nick: '李钉钉' });
  });

  it('changing one’s password or an administrator’s reset removes the binding, logged (issue 14 F4)', async () => {
    await unbindAll();
    const qian = await createStaff(t, admin, { username: 'qian_dd', routes: [] });
    await bindLi(qian.cookie);
    expect(await signInAsLi()).toBe('/');
    const changed = await t.call('PUT', '/api/profile/password', { cookie: qian.cookie, body: { currentPassword: STAFF_PASSWORD, password: 'Qian#2027x' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ dingtalkUnbound: true });
    expect(await bindingOf(qian.userId)).toEqual({ unionId: null, nick: null });
    // The DingTalk account now finds no one: it must be bound again, with the new password.
    expect(await signInAsLi()).toBe('/login?from=%2Fuser%2FbindDingtalk&dingtalk=unbound');
    const [own] = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.type, 'unbind_dingtalk'), eq(operationLogs.resourceId, String(qian.userId))));
    expect(own.summary).toBe('修改密码，解除钉钉绑定「李钉钉」');
    // Without a binding the reply says nothing was removed.
    expect(
      (await t.call('PUT', '/api/profile/password', { cookie: qian.cookie, body: { currentPassword: 'Qian#2027x', password: 'Qian#2028x' } })).body.data,
    ).toEqual({ dingtalkUnbound: false });

    // The old password no longer binds; the new one does.
    expect((await t.call('POST', '/api/dingtalk/bind_start', { cookie: qian.cookie, body: { currentPassword: STAFF_PASSWORD } })).status).toBe(400);
    const withNew = await t.login('qian_dd', 'Qian#2028x');
    expect((await back(await startBind(withNew, 'Qian#2028x'), 'code-li', withNew)).headers.get('location')).toBe('/user/bindDingtalk?result=bound');
    // An administrator's reset removes it too (and every session, as before).
    const reset = await t.call('PUT', `/api/users/${qian.userId}/password`, { cookie: admin, body: { password: 'Reset#2028xy' } });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ id: qian.userId, dingtalkUnbound: true });
    expect(await bindingOf(qian.userId)).toEqual({ unionId: null, nick: null });
    expect(await signInAsLi()).toBe('/login?from=%2Fuser%2FbindDingtalk&dingtalk=unbound');
    const [byAdmin] = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.type, 'unbind_dingtalk'), eq(operationLogs.resource, 'users'), eq(operationLogs.resourceId, String(qian.userId))));
    expect(byAdmin.summary).toBe('重置「员工qian_dd（qian_dd）」的密码，解除其钉钉绑定「李钉钉」');
  });

  it('部门与员工 shows who is bound; an administrator removes it within the same rules as other staff changes (issue 14 F4)', async () => {
    await unbindAll();
    const news = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '钉钉新闻组' } })).body.data.id as number;
    const video = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '钉钉视频组' } })).body.data.id as number;
    const feng = await createStaff(t, admin, { username: 'feng_dd', routes: [], level: 2, departmentId: news });
    await bindLi(feng.cookie);
    const other = await createStaff(t, admin, { username: 'chu_dd', routes: [], departmentId: video });
    await t.db.update(users).set({ dingtalkUnionId: 'union-chu', dingtalkNick: '褚钉钉' }).where(eq(users.id, other.userId));
    const strong = await createStaff(t, admin, { username: 'wei_dd', routes: ['/article/list'], departmentId: news });
    await t.db.update(users).set({ dingtalkUnionId: 'union-wei', dingtalkNick: '卫钉钉' }).where(eq(users.id, strong.userId));

    // The staff list and one record say whether and to whom; the DingTalk id itself stays on the server.
    const list = await t.call('GET', `/api/users?departmentId=${news}`, { cookie: admin });
    const row = list.body.data.list.find((u: { id: number }) => u.id === feng.userId);
    expect(row).toMatchObject({ dingtalkBound: true, dingtalkNick: '李钉钉' });
    expect(JSON.stringify(list.body)).not.toContain('union-');
    expect((await t.call('GET', `/api/users/${strong.userId}`, { cookie: admin })).body.data).toMatchObject({ dingtalkBound: true, dingtalkNick: '卫钉钉' });
    expect(list.body.data.list.find((u: { username: string }) => u.username === 'admin')).toBeUndefined();
    expect(
      (await t.call('GET', '/api/users?pageSize=100', { cookie: admin })).body.data.list.find((u: { username: string }) => u.username === 'admin'),
    ).toMatchObject({ dingtalkBound: false, dingtalkNick: null });

    // A department manager of 钉钉新闻组 with only 部门与员工: not other departments (404), not a stronger account (403).
    const lead = await createStaff(t, admin, { username: 'lead_dd', routes: ['/department'], level: 2, departmentId: news });
    expect((await t.call('DELETE', `/api/users/${other.userId}/dingtalk`, { cookie: lead.cookie })).status).toBe(404);
    const above = await t.call('DELETE', `/api/users/${strong.userId}/dingtalk`, { cookie: lead.cookie });
    expect(above.status).toBe(403);
    expect(above.body.message).toBe('不能管理权限比自己大的员工');
    // Without the staff screen: refused.
    expect((await t.call('DELETE', `/api/users/${feng.userId}/dingtalk`, { cookie: other.cookie })).status).toBe(403);
    expect((await bindingOf(other.userId)).nick).toBe('褚钉钉');
    expect((await bindingOf(strong.userId)).nick).toBe('卫钉钉');

    const removed = await t.call('DELETE', `/api/users/${feng.userId}/dingtalk`, { cookie: lead.cookie });
    expect(removed.status).toBe(200);
    expect(await bindingOf(feng.userId)).toEqual({ unionId: null, nick: null });
    expect(await signInAsLi()).toBe('/login?from=%2Fuser%2FbindDingtalk&dingtalk=unbound');
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.type, 'unbind_dingtalk'), eq(operationLogs.resource, 'users'), eq(operationLogs.resourceId, String(feng.userId))));
    expect(log).toMatchObject({ summary: '解除「员工feng_dd（feng_dd）」的钉钉绑定「李钉钉」', userId: lead.userId });
    // Nothing left to remove.
    const again = await t.call('DELETE', `/api/users/${feng.userId}/dingtalk`, { cookie: lead.cookie });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('该员工没有绑定钉钉账号');
    // The administrator (all data, all permissions) removes the others'.
    expect((await t.call('DELETE', `/api/users/${strong.userId}/dingtalk`, { cookie: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/users/${other.userId}/dingtalk`, { cookie: admin })).status).toBe(200);
  });

  it('DingTalk is the first factor only: an enrolled account goes on to the code step, a role that requires it to the enrolment (issue 26)', async () => {
    await unbindAll();
    const qin = await createStaff(t, admin, { username: 'qin_dd', routes: ['/article/list'] });
    await bindLi(qin.cookie);
    const setup = await t.call('POST', '/api/profile/totp/setup', { cookie: qin.cookie });
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.data.secret), digits: 6, period: 30, algorithm: 'SHA1' });
    expect((await t.call('POST', '/api/profile/totp/enable', { cookie: qin.cookie, body: { code: totp.generate() } })).status).toBe(200);

    const res = await back(await startLogin(), 'code-li');
    expect(res.headers.get('location')).toBe('/login?step=totp');
    expect(cookieFrom(res.headers, 'cms_session')).toBeUndefined();
    const challenge = cookieFrom(res.headers, 'cms_login_challenge')!;
    expect(challenge).toBeTruthy();
    // The next period's code (this one was used to enrol): one step of drift is accepted.
    const done = await t.call('POST', '/api/login/totp', { cookie: challenge, body: { code: totp.generate({ timestamp: Date.now() + 30_000 }) } });
    expect(done.body.data).toMatchObject({ username: 'qin_dd' });
    expect(cookieFrom(done.headers, 'cms_session')).toBeTruthy();

    // Not enrolled, and the role requires it: DingTalk gives the enrolment-only session.
    await t.call('DELETE', `/api/users/${qin.userId}/totp`, { cookie: admin });
    await t.call('PUT', `/api/roles/${qin.roleId}`, { cookie: admin, body: { requireTotp: true } });
    const again = await back(await startLogin(), 'code-li');
    expect(again.headers.get('location')).toBe('/');
    const session = cookieFrom(again.headers, 'cms_session')!;
    expect((await t.call('GET', '/api/login_info', { cookie: session })).body.data.totpSetup).toBe(true);
    expect((await t.call('GET', '/api/articles', { cookie: session })).body.reason).toBe('totp_setup');
  });
});
