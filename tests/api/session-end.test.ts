import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '@/server/db/schema';
import { hashToken } from '@/server/auth/session';
import { SESSION_COOKIE } from '@/lib/constants';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/** The token inside a `cms_session=…; b_id=…` cookie header. */
const tokenOf = (cookie: string) => new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(cookie)![1];

describe.each(DB_KINDS)('a session that ended says why (issue 11) on %s', (kind) => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  const info = (cookie: string) => t.call('GET', '/api/login_info', { cookie });

  it('a password reset by an administrator: 401 with reason password, on every call', async () => {
    const staff = await createStaff(t, admin, { username: 'reset-me', routes: ['/article/list'] });
    expect((await info(staff.cookie)).status).toBe(200);
    expect((await t.call('PUT', `/api/users/${staff.userId}/password`, { cookie: admin, body: { password: 'Other#Pass-2026' } })).status).toBe(200);
    const reply = await info(staff.cookie);
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ status: 401, reason: 'password' });
    expect(reply.body.message).toContain('密码已被修改');
    const other = await t.call('GET', '/api/articles', { cookie: staff.cookie });
    expect(other.status).toBe(401);
    expect(other.body.reason).toBe('password');
  });

  it('an account disabled: reason disabled; enabling it again does not revive the ended session', async () => {
    const staff = await createStaff(t, admin, { username: 'disable-me', routes: ['/article/list'] });
    await t.call('PUT', `/api/users/${staff.userId}`, { cookie: admin, body: { enabled: false } });
    expect((await info(staff.cookie)).body.reason).toBe('disabled');
    await t.call('PUT', `/api/users/${staff.userId}`, { cookie: admin, body: { enabled: true } });
    const reply = await info(staff.cookie);
    expect(reply.status).toBe(401);
    expect(reply.body.reason).toBe('disabled');
    // Signing in again works and gives a fresh session.
    expect((await info(await t.login('disable-me', 'Staff#2026'))).status).toBe(200);
  });

  it('my own password change ends my other sessions with reason password and keeps this one', async () => {
    const staff = await createStaff(t, admin, { username: 'two-browsers', routes: ['/article/list'] });
    const laptop = staff.cookie;
    const phone = await t.login('two-browsers', 'Staff#2026');
    const changed = await t.call('PUT', '/api/profile/password', { cookie: laptop, body: { currentPassword: 'Staff#2026', password: 'Newer#Pass-2026' } });
    expect(changed.status).toBe(200);
    expect((await info(laptop)).status).toBe(200);
    expect((await info(phone)).body).toMatchObject({ status: 401, reason: 'password' });
  });

  it('an expired session says expired; a token never issued says nothing more than 401', async () => {
    const staff = await createStaff(t, admin, { username: 'late', routes: ['/article/list'] });
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(tokenOf(staff.cookie))));
    expect((await info(staff.cookie)).body).toMatchObject({ status: 401, reason: 'expired' });
    const forged = await info(`${SESSION_COOKIE}=not-a-token-we-issued`);
    expect(forged.status).toBe(401);
    expect(forged.body).not.toHaveProperty('reason');
  });
});
