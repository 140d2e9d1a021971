import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { accessOf, type Access } from '@/server/auth/access';
import { loginLogs, operationLogs, sessions } from '@/server/db/schema';
import { CHALLENGE_TRIES } from '@/server/auth/sign-in';
import { LOGIN_LIMITS } from '@/server/auth/login-limits';
import { cookieHeader, createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/** The code an authenticator app shows for `secret` at `at` (ms), `steps` periods away. */
const codeAt = (secret: string, at: number, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at + steps * 30_000 });

/** Writes carry an empty JSON object; the upload route takes files, so it gets no body (as permissions.test.ts walks). */
const bodyFor = (r: { method: string; path: string }) => (r.method === 'GET' || r.path.startsWith('/api/uploads/') ? undefined : {});

/** Issue 26: two-step sign-in, sessions people can see and end, idle timeout. */
describe.each(DB_KINDS)(
  'two-step sign-in and sessions on %s',
  (kind) => {
    let t: TestContext;
    let admin: string;
    // The app's clock: tests move it instead of sleeping (idle timeout, code drift).
    let clock = Date.UTC(2026, 10, 28, 9, 0, 0);
    const advance = (ms: number) => (clock += ms);
    const PASSWORD = 'Staff#2026';

    beforeAll(async () => {
      t = await setupTestApp(kind, { now: () => new Date(clock), sessionPolicy: { idleMinutes: 120, maxDays: 7 } });
      admin = await t.login();
    }, 300_000);
    afterAll(async () => t?.close());

    let ipCounter = 0;
    const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

    /** Signs in with the password; returns the reply and the cookies it set. */
    async function password(username: string, ip = nextIp()) {
      const res = await t.call('POST', '/api/login', { body: { username, password: PASSWORD }, headers: { 'x-test-peer': ip } });
      return { ...res, cookie: cookieHeader(res.headers), ip };
    }

    /** Password, then the code step with `body`; returns the code step's reply and the session cookie. */
    async function signIn(username: string, body: Record<string, string>) {
      const first = await password(username);
      expect(first.body.data).toEqual({ next: 'totp' });
      const res = await t.call('POST', '/api/login/totp', { body, cookie: first.cookie, headers: { 'x-test-peer': first.ip } });
      return { ...res, cookie: cookieHeader(res.headers), challenge: first.cookie, ip: first.ip };
    }

    /** A staff member with two-step sign-in enrolled; returns the secret, the recovery codes and a session. */
    async function enrolled(username: string, routes: string[] = ['/article/list']) {
      const staff = await createStaff(t, admin, { username, routes, password: PASSWORD });
      const setup = await t.call('POST', '/api/profile/totp/setup', { cookie: staff.cookie });
      expect(setup.status).toBe(200);
      const secret: string = setup.body.data.secret;
      const enable = await t.call('POST', '/api/profile/totp/enable', { cookie: staff.cookie, body: { code: codeAt(secret, clock) } });
      expect(enable.status, JSON.stringify(enable.body)).toBe(200);
      // The enrolment used this step: the next code comes from the next period.
      advance(30_000);
      return { ...staff, secret, recoveryCodes: enable.body.data.recoveryCodes as string[] };
    }

    it('enrols: the secret and a QR code, one confirming code, ten recovery codes shown once; bad input is a 400 in Chinese', async () => {
      const staff = await createStaff(t, admin, { username: 'enrol1', routes: [], password: PASSWORD });
      // Enabling before a secret was handed out says what to do first.
      expect((await t.call('POST', '/api/profile/totp/enable', { cookie: staff.cookie, body: { code: '123456' } })).body.message).toContain('请先获取二维码');
      const setup = await t.call('POST', '/api/profile/totp/setup', { cookie: staff.cookie });
      const { secret, otpauthUrl, qrCode } = setup.body.data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUrl).toContain(`secret=${secret}`);
      expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

      const malformed = await t.call('POST', '/api/profile/totp/enable', { cookie: staff.cookie, body: { code: '12ab56' } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors.code).toBe('验证码应为 6 位数字');
      const badSecret = await t.call('POST', '/api/profile/totp/enable', { cookie: staff.cookie, body: { code: '123456', secret: 'not-a-secret!' } });
      expect(badSecret.status).toBe(400);
      expect(badSecret.body.errors.secret).toContain('密钥格式不正确');
      const wrong = await t.call('POST', '/api/profile/totp/enable', { cookie: staff.cookie, body: { code: codeAt(secret, clock, 5) } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors.code).toContain('验证码不正确');

      const enable = await t.call('POST', '/api/profile/totp/enable', { cookie: staff.cookie, body: { code: codeAt(secret, clock), secret } });
      expect(enable.status).toBe(200);
      const codes: string[] = enable.body.data.recoveryCodes;
      expect(new Set(codes).size).toBe(10);
      for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const profile = await t.call('GET', '/api/profile', { cookie: staff.cookie });
      expect(profile.body.data.totpEnabledAt).toBeTruthy();
      expect(profile.body.data.recoveryCodesLeft).toBe(10);
      // Stored hashed: the database holds none of them in the clear.
      const stored = JSON.stringify(await t.db.query.totpRecoveryCodes.findMany());
      for (const c of codes) expect(stored).not.toContain(c.replace('-', ''));
      // A second setup is refused while it is on.
      expect((await t.call('POST', '/api/profile/totp/setup', { cookie: staff.cookie })).status).toBe(409);
    });

    it('asks for the code after the password, with no session until then; the half-signed-in state reaches nothing else', async () => {
      const { secret } = await enrolled('code1');
      const first = await password('code1');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ status: 0, data: { next: 'totp' } });
      expect(first.headers.getSetCookie().some((c) => c.startsWith('cms_session='))).toBe(false);
      const challenge = first.headers.getSetCookie().find((c) => c.startsWith('cms_login_challenge='))!;
      expect(challenge).toMatch(/HttpOnly/i);
      expect(challenge).toMatch(/Path=\/api\/login/);
      // The challenge cookie sent everywhere (as if the path did not keep it to the code step) signs nobody in.
      for (const r of t.app.routes) {
        const rule = accessOf(r.handler) as Access | undefined;
        if (!rule || rule.kind === 'public' || r.method === 'ALL') continue;
        const res = await t.call(r.method, r.path.replace(/:\w+/g, '1'), { cookie: first.cookie, body: bodyFor(r) });
        expect(res.status, `${r.method} ${r.path}`).toBe(401);
      }
      const done = await t.call('POST', '/api/login/totp', {
        cookie: first.cookie,
        body: { code: codeAt(secret, clock) },
        headers: { 'x-test-peer': first.ip },
      });
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ username: 'code1', totpEnabled: true });
      const cookie = cookieHeader(done.headers);
      expect((await t.call('GET', '/api/login_info', { cookie })).body.status).toBe(0);
      // The challenge is spent: the code step cannot be passed again with it.
      expect((await t.call('POST', '/api/login/totp', { cookie: first.cookie, body: { code: codeAt(secret, clock, 1) } })).status).toBe(401);
      const logged = await t.db.select().from(loginLogs).where(eq(loginLogs.username, 'code1'));
      expect(logged.map((l) => l.reason)).toEqual(expect.arrayContaining(['totp_required', 'totp']));
    });

    it('refuses wrong and replayed codes, accepts one step of drift either way, and logs each attempt', async () => {
      const { secret } = await enrolled('drift1');
      // Two periods later: the period before this one was not used yet.
      advance(60_000);
      const wrong = await signIn('drift1', { code: codeAt(secret, clock, 3) });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toContain('验证码不正确');
      // The same challenge goes on: the previous period's code (a phone 30 s behind) is accepted.
      const behind = await t.call('POST', '/api/login/totp', {
        cookie: wrong.challenge,
        body: { code: codeAt(secret, clock, -1) },
        headers: { 'x-test-peer': wrong.ip },
      });
      expect(behind.status).toBe(200);
      // The same code again (a replay) is refused.
      const replay = await signIn('drift1', { code: codeAt(secret, clock, -1) });
      expect(replay.status).toBe(401);
      // The next period's code (a phone 30 s ahead) is accepted.
      const ahead = await t.call('POST', '/api/login/totp', {
        cookie: replay.challenge,
        body: { code: codeAt(secret, clock, 1) },
        headers: { 'x-test-peer': replay.ip },
      });
      expect(ahead.status).toBe(200);
      // Two steps away is refused, and the current one now too (a step already passed).
      advance(60_000);
      expect((await signIn('drift1', { code: codeAt(secret, clock, 2) })).status).toBe(401);
      expect((await signIn('drift1', { code: codeAt(secret, clock, -2) })).status).toBe(401);
      const reasons = (await t.db.select({ r: loginLogs.reason }).from(loginLogs).where(eq(loginLogs.username, 'drift1'))).map((r) => r.r);
      expect(reasons.filter((r) => r === 'bad_totp')).toHaveLength(4);
      expect(reasons.filter((r) => r === 'totp')).toHaveLength(2);
    });

    it('a recovery code signs in once; a malformed one is a 400 in Chinese', async () => {
      const { recoveryCodes } = await enrolled('recover1');
      const malformed = await signIn('recover1', { recoveryCode: 'abc' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors.recoveryCode).toContain('恢复码应为');
      const used = await signIn('recover1', { recoveryCode: recoveryCodes[0].toLowerCase() });
      expect(used.status).toBe(200);
      expect(used.body.data.recoveryCodesLeft).toBe(9);
      const again = await signIn('recover1', { recoveryCode: recoveryCodes[0] });
      expect(again.status).toBe(401);
      expect(again.body.message).toContain('恢复码不正确或已用过');
      const reasons = (await t.db.select({ r: loginLogs.reason }).from(loginLogs).where(eq(loginLogs.username, 'recover1'))).map((r) => r.r);
      expect(reasons).toEqual(expect.arrayContaining(['recovery_code', 'bad_recovery_code']));
    });

    it('limits wrong codes per sign-in and per account, as wrong passwords are', async () => {
      const { secret } = await enrolled('limit1');
      // One half-signed-in state takes a few wrong codes, then the password is asked again.
      const first = await password('limit1');
      let last;
      for (let i = 0; i < CHALLENGE_TRIES; i++) {
        last = await t.call('POST', '/api/login/totp', {
          cookie: first.cookie,
          body: { code: codeAt(secret, clock, 5) },
          headers: { 'x-test-peer': first.ip },
        });
      }
      expect(last!.status).toBe(401);
      expect(last!.body.message).toContain(`连续输错 ${CHALLENGE_TRIES} 次`);
      expect((await t.call('POST', '/api/login/totp', { cookie: first.cookie, body: { code: codeAt(secret, clock) } })).status).toBe(401);
      // Over the account (from any address), the code step is then refused even with the right code.
      for (let i = CHALLENGE_TRIES; i < LOGIN_LIMITS.codesPerAccount; i++) await signIn('limit1', { code: codeAt(secret, clock, 5) });
      const limited = await signIn('limit1', { code: codeAt(secret, clock) });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toContain('验证码错误次数过多');
    });

    it('disabling needs the password and a code', async () => {
      const staff = await enrolled('disable1');
      const noCode = await t.call('POST', '/api/profile/totp/disable', { cookie: staff.cookie, body: { password: PASSWORD } });
      expect(noCode.status).toBe(400);
      const badPassword = await t.call('POST', '/api/profile/totp/disable', {
        cookie: staff.cookie,
        body: { password: 'wrong-one', code: codeAt(staff.secret, clock) },
      });
      expect(badPassword.status).toBe(400);
      expect(badPassword.body.errors.password).toContain('当前密码不正确');
      const badCode = await t.call('POST', '/api/profile/totp/disable', {
        cookie: staff.cookie,
        body: { password: PASSWORD, code: codeAt(staff.secret, clock, 4) },
      });
      expect(badCode.status).toBe(400);
      const done = await t.call('POST', '/api/profile/totp/disable', { cookie: staff.cookie, body: { password: PASSWORD, code: codeAt(staff.secret, clock) } });
      expect(done.status).toBe(200);
      // Signing in is one step again.
      const again = await password('disable1');
      expect(again.body.data.username).toBe('disable1');
    });

    it('a role that requires two-step sign-in: an unenrolled member reaches only enrolment and logout, on every route', async () => {
      const staff = await createStaff(t, admin, { username: 'required1', routes: ['/article/list', '/department'], password: PASSWORD });
      const role = await t.call('PUT', `/api/roles/${staff.roleId}`, { cookie: admin, body: { requireTotp: true } });
      expect(role.body.data.requireTotp).toBe(true);
      expect(
        (await t.call('GET', '/api/roles?pageSize=100', { cookie: admin })).body.data.list.find((r: { id: number }) => r.id === staff.roleId).requireTotp,
      ).toBe(true);
      // The session held before the change is held to it at once too.
      expect((await t.call('GET', '/api/users', { cookie: staff.cookie })).body.reason).toBe('totp_setup');
      const first = await password('required1');
      expect(first.body.data).toEqual({ next: 'totp_setup' });
      const cookie = first.cookie;
      expect(cookie).toContain('cms_session=');
      const open = new Set(['GET /api/login_info', 'POST /api/profile/totp/setup', 'POST /api/profile/totp/enable', 'GET /api/logout', 'POST /api/logout']);
      for (const r of t.app.routes) {
        const rule = accessOf(r.handler) as Access | undefined;
        if (!rule || rule.kind === 'public' || r.method === 'ALL') continue;
        const key = `${r.method} ${r.path}`;
        if (open.has(key)) continue;
        const res = await t.call(r.method, r.path.replace(/:\w+/g, '1'), { cookie, body: bodyFor(r) });
        expect(res.status, key).toBe(403);
        expect(res.body.reason, key).toBe('totp_setup');
      }
      const info = await t.call('GET', '/api/login_info', { cookie });
      expect(info.body.data.totpSetup).toBe(true);
      const setup = await t.call('POST', '/api/profile/totp/setup', { cookie });
      await t.call('POST', '/api/profile/totp/enable', { cookie, body: { code: codeAt(setup.body.data.secret, clock) } });
      // Enrolled: the same session now reaches what the role grants, and the code cannot be turned off.
      expect((await t.call('GET', '/api/users', { cookie })).status).toBe(200);
      advance(30_000);
      const off = await t.call('POST', '/api/profile/totp/disable', { cookie, body: { password: PASSWORD, code: codeAt(setup.body.data.secret, clock) } });
      expect(off.status).toBe(409);
    });

    it('ends a session unused for SESSION_IDLE_MINUTES, and writes the last-active time at most once a minute', async () => {
      const staff = await createStaff(t, admin, { username: 'idle1', routes: [], password: PASSWORD });
      await t.call('POST', '/api/logout', { cookie: staff.cookie });
      const { cookie } = await password('idle1');
      const seen = async () => (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, staff.userId)))[0].at.getTime();
      const signedInAt = await seen();
      advance(30_000);
      expect((await t.call('GET', '/api/login_info', { cookie })).body.status).toBe(0);
      expect(await seen()).toBe(signedInAt);
      advance(40_000);
      expect((await t.call('GET', '/api/login_info', { cookie })).body.status).toBe(0);
      expect(await seen()).toBe(clock);
      // Used again within the idle time: still signed in.
      advance(119 * 60_000);
      expect((await t.call('GET', '/api/login_info', { cookie })).body.status).toBe(0);
      advance(120 * 60_000 + 1);
      const idle = await t.call('GET', '/api/login_info', { cookie });
      expect(idle.status).toBe(401);
      expect(idle.body.reason).toBe('idle');
      expect(idle.body.message).toContain('长时间未操作');
      // The administrator's session went idle over those hours too.
      expect((await t.call('GET', '/api/login_info', { cookie: admin })).body.reason).toBe('idle');
      admin = await t.login();
    });

    it('lists only one’s own sessions, with this one marked; 退出 one and 退出其他设备 end them with the reason', async () => {
      const staff = await createStaff(t, admin, { username: 'multi1', routes: [], password: PASSWORD });
      await t.call('POST', '/api/logout', { cookie: staff.cookie });
      const a = (
        await t.call('POST', '/api/login', {
          body: { username: 'multi1', password: PASSWORD },
          headers: { 'x-test-peer': '10.7.0.1', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36' },
        })
      ).headers;
      const cookieA = cookieHeader(a);
      const cookieB = (await password('multi1')).cookie;
      const cookieC = (await password('multi1')).cookie;
      const list = await t.call('GET', '/api/profile/sessions', { cookie: cookieA });
      expect(list.body.data.list).toHaveLength(3);
      expect(list.body.data.list[0]).toMatchObject({ current: true, ip: '10.7.0.1' });
      expect(list.body.data.list[0].userAgent).toContain('Chrome/131');
      expect(list.body.data.list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      // Another person's sessions are not in it, and cannot be ended from here.
      const adminSessions = await t.call('GET', '/api/profile/sessions', { cookie: admin });
      const adminId = adminSessions.body.data.list[0].id;
      expect(list.body.data.list.map((s: { id: number }) => s.id)).not.toContain(adminId);
      expect((await t.call('DELETE', `/api/profile/sessions/${adminId}`, { cookie: cookieA })).status).toBe(404);
      expect((await t.call('GET', '/api/login_info', { cookie: admin })).body.status).toBe(0);

      const bId = (await t.call('GET', '/api/profile/sessions', { cookie: cookieB })).body.data.list.find((s: { current: boolean }) => s.current).id;
      expect((await t.call('DELETE', `/api/profile/sessions/${bId}`, { cookie: cookieA })).status).toBe(200);
      const ended = await t.call('GET', '/api/login_info', { cookie: cookieB });
      expect(ended.body.reason).toBe('revoked');
      expect((await t.call('POST', '/api/profile/sessions/sign_out_others', { cookie: cookieA })).body.data.ended).toBe(1);
      expect((await t.call('GET', '/api/login_info', { cookie: cookieC })).body.reason).toBe('revoked');
      expect((await t.call('GET', '/api/profile/sessions', { cookie: cookieA })).body.data.list).toHaveLength(1);
    });

    it('an administrator signs a staff member out everywhere (permission, scope and the log), and two instances agree at once', async () => {
      const target = await createStaff(t, admin, { username: 'target1', routes: [], password: PASSWORD });
      const outsider = await createStaff(t, admin, { username: 'outsider1', routes: ['/article/list'], password: PASSWORD });
      expect((await t.call('POST', `/api/users/${target.userId}/sign_out`, { cookie: outsider.cookie })).status).toBe(403);
      // The other instance has served (and cached) the session before the sign-out.
      const other = await t.secondInstance();
      expect((await other.call('GET', '/api/login_info', { cookie: target.cookie })).body.status).toBe(0);
      const res = await t.call('POST', `/api/users/${target.userId}/sign_out`, { cookie: admin });
      expect(res.body.data).toMatchObject({ id: target.userId, ended: 1 });
      const there = await other.call('GET', '/api/login_info', { cookie: target.cookie });
      expect(there.status).toBe(401);
      expect(there.body.reason).toBe('admin');
      const [log] = await t.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.type, 'sign_out'), eq(operationLogs.resourceId, String(target.userId))));
      expect(log.summary).toContain('退出所有设备');
    });

    it('an administrator resetting two-step sign-in ends the sessions; the person signs in with the password alone', async () => {
      const staff = await enrolled('reset1');
      const res = await t.call('DELETE', `/api/users/${staff.userId}/totp`, { cookie: admin });
      expect(res.status).toBe(200);
      expect((await t.call('GET', '/api/login_info', { cookie: staff.cookie })).body.reason).toBe('totp_reset');
      expect((await password('reset1')).body.data.username).toBe('reset1');
      expect((await t.call('DELETE', `/api/users/${staff.userId}/totp`, { cookie: admin })).status).toBe(404);
    });
  },
  300_000,
);
