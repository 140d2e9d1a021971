import { Hono } from 'hono';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { z } from 'zod';
import { avatarUrl, email, password, phone, text } from '../../lib/resources/schemas/common';
import { passwordChangeAnswer, profileRecord } from '../../lib/resources/schemas/users';
import { access } from '../auth/access';
import { assertCurrentPassword, currentPasswordField } from '../auth/current-password';
import { hashPassword } from '../auth/password';
import { departments, loginLogs, roles, sessions, totpRecoveryCodes, users } from '../db/schema';
import { formatRecoveryCode } from '../../lib/totp';
import { sessionList, sessionsEnded, totpEnabledAnswer, totpSetupAnswer } from '../../lib/api/two-step';
import { CODE_FAILURE_REASONS, LOGIN_LIMITS, recentFailures } from '../auth/login-limits';
import { logSignIn } from '../auth/sign-in';
import { clearTotp, consumeStep, matchCode, newTotpSecret, otpauthUrl, replaceRecoveryCodes, totpCode, totpSecret } from '../auth/totp';
import { ApiError, badRequest, conflict, notFound } from '../http/errors';
import { idParam } from '../http/params';
import { endSessions } from '../auth/session';
import { removeDingtalkBinding } from '../dingtalk/binding';
import { logOperation } from '../crud/oplog';
import { ok } from '../http/reply';
import { answers } from '../http/answer';
import { jsonBody } from '../http/input';
import type { AppEnv } from '../http/types';
import type { DbOrTx } from '../db/types';

export const profileSchema = z.object({
  name: text('姓名', 64),
  phone: phone,
  email: email,
  avatar: avatarUrl,
});

export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField,
    password: password('新密码'),
  })
  .refine((v) => v.currentPassword !== v.password, { path: ['password'], message: '新密码不能与当前密码相同' });

async function loadProfile(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      phone: users.phone,
      email: users.email,
      avatar: users.avatar,
      isSuper: users.isSuper,
      lastLoginAt: users.lastLoginAt,
      departmentName: departments.name,
      roleName: roles.name,
      totpEnabledAt: users.totpEnabledAt,
      /** The role requires two-step sign-in: it cannot be turned off (issue 26). */
      totpRequired: sql<boolean>`coalesce(${roles.requireTotp}, false)`,
      recoveryCodesLeft: sql<number>`(SELECT count(*)::int FROM ${totpRecoveryCodes} WHERE ${totpRecoveryCodes.userId} = ${users.id} AND ${totpRecoveryCodes.usedAt} IS NULL)`,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id));
  return row;
}

const totpEnableSchema = z.object({ code: totpCode, secret: totpSecret.optional() });
const totpDisableSchema = z.object({ password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128), code: totpCode });

/** Sessions listed at most (a person has a handful; the list is bounded anyway). */
const SESSION_LIST_MAX = 100;

/** A user's sessions that still sign them in: not ended, not expired, not idle too long. */
const liveSessions = (userId: number, now: Date, idleMinutes: number) =>
  and(
    eq(sessions.userId, userId),
    isNull(sessions.endedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, new Date(now.getTime() - idleMinutes * 60_000)),
  );

/** 个人资料: every signed-in user edits their own name, phone, email, avatar and password. */
export const profileRoutes = new Hono<AppEnv>()
  .get('/', access.signedIn(), answers(profileRecord), async (c) => ok(c, await loadProfile(c.get('db'), c.get('user')!.id)))
  .put('/', access.signedIn(), jsonBody(profileSchema), answers(profileRecord), async (c) => {
    const input = c.req.valid('json');
    const me = c.get('user')!;
    const after = await c.get('db').transaction(async (tx) => {
      const before = await loadProfile(tx, me.id);
      await tx
        .update(users)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(users.id, me.id));
      const after = await loadProfile(tx, me.id);
      await logOperation(tx, c, { type: 'update_profile', resource: 'profile', resourceId: me.id, summary: `修改个人资料「${after.name}」`, before, after });
      return after;
    });
    return ok(c, after);
  })
  .put('/password', access.signedIn(), jsonBody(changePasswordSchema), answers(passwordChangeAnswer), async (c) => {
    const input = c.req.valid('json');
    const me = c.get('user')!;
    await assertCurrentPassword(c, input.currentPassword);
    const dingtalkUnbound = await c.get('db').transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
        .where(eq(users.id, me.id));
      // Every other session of this user ends; this browser stays signed in.
      await endSessions(tx, me.id, 'password', { except: me.sessionId });
      await logOperation(tx, c, { type: 'change_password', resource: 'profile', resourceId: me.id, summary: '修改登录密码' });
      // So does a DingTalk binding (issue 14): it may be the way in of whoever the change is against.
      return removeDingtalkBinding(tx, c, me.id, { resource: 'profile', why: (nick) => `修改密码，解除钉钉绑定「${nick}」` });
    });
    return ok(c, { dingtalkUnbound });
  })
  // ---- Two-step sign-in (issue 26). Setup and enable are open to a member who must enrol. ----
  .post('/totp/setup', access.enrolling(), answers(totpSetupAnswer, { 409: '两步验证已开启' }), async (c) => {
    const me = c.get('user')!;
    const db = c.get('db');
    const [row] = await db.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, me.id));
    if (row?.enabledAt) throw conflict('两步验证已开启；如需更换验证器，请先关闭再重新开启');
    const secret = newTotpSecret();
    await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, me.id));
    const url = otpauthUrl(secret, me.username);
    const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return ok(c, { secret, otpauthUrl: url, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` });
  })
  .post(
    '/totp/enable',
    access.enrolling(),
    jsonBody(totpEnableSchema),
    answers(totpEnabledAnswer, { 400: '请求内容有误，或验证码不正确', 409: '两步验证已开启、尚未获取二维码，或密钥已被新的设置替换' }),
    async (c) => {
      const me = c.get('user')!;
      const input = c.req.valid('json');
      const now = c.get('now')();
      const recoveryCodes = await c.get('db').transaction(async (tx) => {
        const [row] = await tx
          .select({ enabledAt: users.totpEnabledAt, pending: users.totpPendingSecret })
          .from(users)
          .where(eq(users.id, me.id))
          .for('update');
        if (row?.enabledAt) throw conflict('两步验证已开启');
        if (!row?.pending) throw conflict('请先获取二维码（密钥），再输入验证码');
        if (input.secret !== undefined && input.secret !== row.pending)
          throw conflict('这个密钥已被新的设置替换（可能在另一个窗口中重新获取过），请重新扫描二维码');
        const step = matchCode(row.pending, input.code, now, null);
        if (step === null) throw badRequest('验证码不正确', { code: '验证码不正确，请核对验证器中的验证码，并确认手机时间准确' });
        await tx
          .update(users)
          .set({ totpSecret: row.pending, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step, updatedAt: now })
          .where(eq(users.id, me.id));
        const codes = await replaceRecoveryCodes(tx, me.id);
        await logOperation(tx, c, { type: 'enable_totp', resource: 'profile', resourceId: me.id, summary: '开启两步验证' });
        return codes;
      });
      return ok(c, { recoveryCodes: recoveryCodes.map(formatRecoveryCode) });
    },
  )
  .post(
    '/totp/disable',
    access.signedIn(),
    jsonBody(totpDisableSchema),
    answers(z.null(), {
      400: '请求内容有误，或密码、验证码不正确',
      409: '两步验证没有开启，或角色要求两步验证',
      429: '验证码错误次数过多',
    }),
    async (c) => {
      const me = c.get('user')!;
      const db = c.get('db');
      const input = c.req.valid('json');
      const [row] = await db
        .select({ secret: users.totpSecret, lastStep: users.totpLastStep, required: roles.requireTotp })
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, me.id));
      if (!row?.secret) throw conflict('两步验证没有开启');
      if (row.required) throw conflict('你的角色要求两步验证，不能关闭；如需更换手机，请联系管理员重置');
      await assertCurrentPassword(c, input.password, 'password');
      const L = LOGIN_LIMITS;
      const failures = await recentFailures(db, and(eq(loginLogs.userId, me.id), inArray(loginLogs.reason, [...CODE_FAILURE_REASONS]))!, {
        cap: L.codesPerAccount,
      });
      if (failures >= L.codesPerAccount) throw new ApiError(429, `验证码错误次数过多，请 ${L.windowMinutes} 分钟后再试`);
      const step = matchCode(row.secret, input.code, c.get('now')(), row.lastStep);
      if (step === null || !(await consumeStep(db, me.id, step))) {
        await logSignIn(c, { username: me.username, userId: me.id, success: false, reason: 'bad_totp' });
        throw badRequest('验证码不正确', { code: '验证码不正确或已用过，请输入验证器中当前显示的验证码' });
      }
      await db.transaction(async (tx) => {
        await clearTotp(tx, me.id);
        await logOperation(tx, c, { type: 'disable_totp', resource: 'profile', resourceId: me.id, summary: '关闭两步验证' });
      });
      return ok(c, null);
    },
  )
  // ---- Where one is signed in (issue 26). ----
  .get('/sessions', access.signedIn(), answers(sessionList), async (c) => {
    const me = c.get('user')!;
    const now = c.get('now')();
    const rows = await c
      .get('db')
      .select({ id: sessions.id, userAgent: sessions.userAgent, ip: sessions.ip, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(and(liveSessions(me.id, now, c.get('sessionPolicy').idleMinutes)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
      .limit(SESSION_LIST_MAX);
    const list = rows.map((r) => ({ ...r, current: r.id === me.sessionId }));
    list.sort((a, b) => Number(b.current) - Number(a.current));
    return ok(c, { list });
  })
  .post('/sessions/sign_out_others', access.signedIn(), answers(sessionsEnded), async (c) => {
    const me = c.get('user')!;
    const ended = await c.get('db').transaction(async (tx) => {
      const n = await endSessions(tx, me.id, 'revoked', { except: me.sessionId });
      if (n > 0) await logOperation(tx, c, { type: 'sign_out', resource: 'profile', resourceId: me.id, summary: `退出其他设备（${n} 个）` });
      return n;
    });
    return ok(c, { ended });
  })
  .delete('/sessions/:id', access.signedIn(), answers(z.object({ id: z.number().int() }), { 409: '当前设备用「退出登录」退出' }), async (c) => {
    const me = c.get('user')!;
    const id = idParam(c, { max: Number.MAX_SAFE_INTEGER });
    if (id === me.sessionId) throw conflict('这是当前设备；要退出当前设备，请使用右上角的「退出登录」');
    await c.get('db').transaction(async (tx) => {
      // Only one's own sessions: another person's id is "not found", as an ended one.
      const n = await endSessions(tx, me.id, 'revoked', { only: id });
      if (n === 0) throw notFound('没有这个登录设备（可能已经退出）');
      await logOperation(tx, c, { type: 'sign_out', resource: 'profile', resourceId: me.id, summary: `退出一个登录设备（#${id}）` });
    });
    return ok(c, { id });
  });
