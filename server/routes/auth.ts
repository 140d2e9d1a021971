import { Hono } from 'hono';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildAuthMap } from '../../lib/routes';
import { loginChallenges, loginLogs, routePermissions, sessions, totpRecoveryCodes, users } from '../db/schema';
import { access } from '../auth/access';
import { dummyPasswordHash, verifyPassword } from '../auth/password';
import { clearSessionCookies } from '../auth/session';
import { CHALLENGE_TRIES, currentChallenge, dropChallenge, logSignIn, openChallenge, openSession, secondFactorOf } from '../auth/sign-in';
import { consumeRecoveryCode, consumeStep, matchCode, recoveryCode, totpCode } from '../auth/totp';
import { ApiError, forbidden } from '../http/errors';
import { ok } from '../http/reply';
import { jsonBody } from '../http/input';
import { answers } from '../http/answer';
import { loginAnswer, routeCatalogue, sessionUserAnswer, totpSignedInAnswer } from '../../lib/api/two-step';
import { isCrossSiteNavigation, isSubresourceRequest } from '../http/request-guard';
import type { AppEnv, SessionUser } from '../http/types';
import { accountDelayMs, CODE_FAILURE_REASONS, LOGIN_LIMITS, recentFailures } from '../auth/login-limits';

const loginSchema = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名不能超过 64 个字符'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码不能超过 128 个字符'),
});

/** The user info sent to the client (login reply and login_info `data`). */
export function publicUser(u: SessionUser) {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    avatar: u.avatar,
    departmentId: u.departmentId,
    roleId: u.roleId,
    isSuper: u.isSuper,
    level: u.level,
    totpEnabled: u.totpEnabled,
    /** Only enrolment is open until two-step sign-in is set up (issue 26). */
    totpSetup: u.totpSetup,
  };
}

/**
 * The reply of a completed sign-in. `suggestTotp`: a super-administrator without two-step sign-in,
 * signing in for the first time, is asked to enrol (and may postpone: issue 26).
 */
function signedInReply(u: SessionUser, factor: { lastLoginAt: Date | null }) {
  const suggestTotp = u.isSuper && !u.totpEnabled && factor.lastLoginAt === null;
  return { ...publicUser(u), auth: buildAuthMap(u.routes), ...(suggestTotp ? { suggestTotp } : {}) };
}

/** The code step: a 6-digit code, or one of the recovery codes (one of the two). */
const totpStepSchema = z
  .object({ code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .refine((v) => v.code !== undefined || v.recoveryCode !== undefined, { path: ['code'], message: '请输入验证码' })
  .refine((v) => v.code === undefined || v.recoveryCode === undefined, { path: ['code'], message: '验证码和恢复码只需填写一个' });

export const authRoutes = new Hono<AppEnv>()
  .post(
    '/login',
    access.public(),
    jsonBody(loginSchema),
    answers(loginAnswer, { 401: '用户名或密码错误', 403: '账号已被停用', 429: '登录失败次数过多' }),
    async (c) => {
      const db = c.get('db');
      const ip = c.get('ip');
      const userAgent = c.get('userAgent');
      const input = c.req.valid('json');

      // The attempt is written first, as a failure ('pending'), and settled at the end. So a burst of
      // parallel attempts counts itself: each one sees the others, even those still being checked.
      const [attempt] = await db
        .insert(loginLogs)
        .values({ username: input.username, ip, userAgent: userAgent.slice(0, 512), success: false, reason: 'pending' })
        .returning({ id: loginLogs.id });
      const log = (values: { userId?: number | null; success: boolean; reason: string }) =>
        db.update(loginLogs).set(values).where(eq(loginLogs.id, attempt.id));
      const L = LOGIN_LIMITS;
      const except = attempt.id;
      const [byPair, byIp, byName, unknown] = await Promise.all([
        recentFailures(db, and(eq(loginLogs.username, input.username), eq(loginLogs.ip, ip))!, { cap: L.perAccountAndIp, except }),
        recentFailures(db, eq(loginLogs.ip, ip), { cap: L.perIp, except }),
        recentFailures(db, eq(loginLogs.username, input.username), { cap: L.slowAfter + 32, except }),
        recentFailures(db, eq(loginLogs.reason, 'unknown_user'), { cap: L.unknownUserBudget }),
      ]);
      const ipAllowance = unknown >= L.unknownUserBudget ? L.perIpUnderAttack : L.perIp;
      if (byPair >= L.perAccountAndIp || byIp >= ipAllowance) {
        await log({ success: false, reason: 'rate_limited' });
        throw new ApiError(429, `登录失败次数过多，请 ${L.windowMinutes} 分钟后再试`);
      }
      // Guesses at one account from many addresses slow it down, but never refuse it: the owner,
      // signing in from an address that has not failed, gets in after the wait.
      const delay = accountDelayMs(byName);
      if (delay > 0) await c.get('sleep')(delay);

      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, enabled: users.enabled })
        .from(users)
        .where(eq(users.username, input.username))
        .limit(1);
      // Unknown usernames still cost one scrypt, so timing does not reveal which usernames exist.
      const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        await log({ userId: user?.id ?? null, success: false, reason: user ? 'bad_password' : 'unknown_user' });
        throw new ApiError(401, '用户名或密码错误');
      }
      if (!user.enabled) {
        await log({ userId: user.id, success: false, reason: 'disabled' });
        throw new ApiError(403, '账号已被停用，请联系管理员');
      }

      // Issue 26: the password is the first factor only. An enrolled account gets the code step
      // (no session yet); a member whose role requires two-step sign-in and who has not enrolled gets
      // a session that reaches only the enrolment.
      const factor = await secondFactorOf(db, user.id);
      if (factor.enrolled) {
        await log({ userId: user.id, success: false, reason: 'totp_required' });
        await openChallenge(c, user.id, 'password');
        return ok(c, { next: 'totp' as const });
      }
      const sessionUser = await openSession(c, { id: user.id, username: input.username }, { id: attempt.id, reason: factor.required ? 'totp_setup' : 'ok' });
      if (sessionUser.totpSetup) return ok(c, { next: 'totp_setup' as const });
      return ok(c, signedInReply(sessionUser, factor));
    },
  )
  .post(
    '/login/totp',
    access.public(),
    jsonBody(totpStepSchema),
    answers(totpSignedInAnswer, { 401: '验证已超时或已失效，或验证码、恢复码不正确', 429: '验证码错误次数过多' }),
    async (c) => {
      const db = c.get('db');
      const input = c.req.valid('json');
      const challenge = await currentChallenge(c);
      const expired = () => new ApiError(401, '验证已超时或已失效，请重新输入用户名和密码', undefined, undefined, 'challenge');
      if (!challenge) {
        await dropChallenge(c);
        throw expired();
      }
      const [user] = await db
        .select({ id: users.id, username: users.username, enabled: users.enabled, secret: users.totpSecret, lastStep: users.totpLastStep })
        .from(users)
        .where(eq(users.id, challenge.userId));
      if (!user || !user.enabled || !user.secret) {
        await dropChallenge(c);
        throw expired();
      }
      const L = LOGIN_LIMITS;
      const [byUser, byIp] = await Promise.all([
        recentFailures(db, and(eq(loginLogs.userId, user.id), inArray(loginLogs.reason, [...CODE_FAILURE_REASONS]))!, { cap: L.codesPerAccount }),
        recentFailures(db, eq(loginLogs.ip, c.get('ip')), { cap: L.perIp }),
      ]);
      if (byUser >= L.codesPerAccount || byIp >= L.perIp) {
        await logSignIn(c, { username: user.username, userId: user.id, success: false, reason: 'rate_limited' });
        throw new ApiError(429, `验证码错误次数过多，请 ${L.windowMinutes} 分钟后再试`);
      }
      const now = c.get('now')();
      let accepted: boolean;
      if (input.code !== undefined) {
        const step = matchCode(user.secret, input.code, now, user.lastStep);
        accepted = step !== null && (await consumeStep(db, user.id, step));
      } else {
        accepted = await consumeRecoveryCode(db, user.id, input.recoveryCode!, now);
      }
      if (!accepted) {
        const field = input.code !== undefined ? 'code' : 'recoveryCode';
        await logSignIn(c, { username: user.username, userId: user.id, success: false, reason: field === 'code' ? 'bad_totp' : 'bad_recovery_code' });
        const [row] = await db
          .update(loginChallenges)
          .set({ failures: sql`${loginChallenges.failures} + 1` })
          .where(eq(loginChallenges.id, challenge.id))
          .returning({ failures: loginChallenges.failures });
        if ((row?.failures ?? CHALLENGE_TRIES) >= CHALLENGE_TRIES) {
          await dropChallenge(c);
          throw new ApiError(401, `验证码连续输错 ${CHALLENGE_TRIES} 次，请重新输入用户名和密码`, undefined, undefined, 'challenge');
        }
        const message = field === 'code' ? '验证码不正确或已用过，请输入验证器中当前显示的验证码' : '恢复码不正确或已用过';
        throw new ApiError(401, message, { [field]: message });
      }
      await dropChallenge(c);
      const factor = await secondFactorOf(db, user.id);
      const sessionUser = await openSession(c, user, { reason: input.code !== undefined ? 'totp' : 'recovery_code' });
      const reply = signedInReply(sessionUser, factor);
      if (input.recoveryCode === undefined) return ok(c, reply);
      const [{ n }] = await db
        .select({ n: count() })
        .from(totpRecoveryCodes)
        .where(and(eq(totpRecoveryCodes.userId, user.id), isNull(totpRecoveryCodes.usedAt)));
      return ok(c, { ...reply, recoveryCodesLeft: n });
    },
  )
  .on(['GET', 'POST'], '/logout', access.enrolling(), answers(z.null(), { 403: '跨站或页面内嵌的退出请求' }), async (c) => {
    // SEED §7 names GET; a link or image on another site must not sign anyone out with it. (POST
    // passed the core's same-origin check already.)
    if (isCrossSiteNavigation(c.req.raw)) throw forbidden('请在本系统页面内退出登录');
    // A GET ends the session only as a page the browser opens: a picture, a frame or a fetch
    // pointing here (even from our own pages) leaves it alone (issue 14 F2). The app posts.
    if (c.req.method === 'GET' && isSubresourceRequest(c.req.raw)) throw forbidden('请通过「退出登录」菜单退出');
    const user = c.get('user')!;
    await c.get('db').delete(sessions).where(eq(sessions.id, user.sessionId));
    clearSessionCookies(c);
    return ok(c, null);
  })
  .get('/login_info', access.enrolling(), answers(sessionUserAnswer), async (c) => {
    const user = c.get('user')!;
    return c.json({ status: 0, data: publicUser(user), auth: buildAuthMap(user.routes), message: 'ok' });
  })
  .get('/auth', access.signedIn(), answers(routeCatalogue), async (c) => {
    const rows = await c
      .get('db')
      .select({
        path: routePermissions.path,
        name: routePermissions.name,
        home: routePermissions.home,
        icon: routePermissions.icon,
        ignore: routePermissions.ignore,
      })
      .from(routePermissions)
      .orderBy(asc(routePermissions.sort));
    return ok(c, rows);
  });
