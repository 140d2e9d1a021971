import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../lib/constants';
import { buildAuthMap } from '../../lib/routes';
import { loginLogs, routePermissions, sessions, users } from '../db/schema';
import { access } from '../auth/access';
import { dummyPasswordHash, verifyPassword } from '../auth/password';
import { clearSessionCookies, createSession, hashToken, loadSessionUser, setSessionCookies } from '../auth/session';
import { ApiError, forbidden } from '../http/errors';
import { ok } from '../http/reply';
import { jsonBody } from '../http/input';
import { isCrossSiteNavigation, isSubresourceRequest } from '../http/request-guard';
import type { AppEnv, SessionUser } from '../http/types';
import { accountDelayMs, LOGIN_LIMITS, recentFailures } from '../auth/login-limits';
import { serverEnv } from '../env';

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
  };
}

export const authRoutes = new Hono<AppEnv>()
  .post('/login', access.public(), jsonBody(loginSchema), async (c) => {
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
    const log = (values: { userId?: number | null; success: boolean; reason: string }) => db.update(loginLogs).set(values).where(eq(loginLogs.id, attempt.id));
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

    const { token, expiresAt } = await db.transaction(async (tx) => {
      // Rotate: the session this browser held before (if any) ends here.
      const previous = getCookie(c, SESSION_COOKIE);
      if (previous) await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(previous)));
      const created = await createSession(tx, { userId: user.id, ip, userAgent, ttlHours: serverEnv().CMS_SESSION_TTL_HOURS });
      await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      await tx.update(loginLogs).set({ userId: user.id, success: true, reason: 'ok' }).where(eq(loginLogs.id, attempt.id));
      return created;
    });
    const sessionUser = (await loadSessionUser(db, token))!;
    setSessionCookies(c, { token, expiresAt, userId: sessionUser.id, level: sessionUser.level });
    return ok(c, { ...publicUser(sessionUser), auth: buildAuthMap(sessionUser.routes) });
  })
  .on(['GET', 'POST'], '/logout', access.signedIn(), async (c) => {
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
  .get('/login_info', access.signedIn(), async (c) => {
    const user = c.get('user')!;
    return c.json({ status: 0, data: publicUser(user), auth: buildAuthMap(user.routes), message: 'ok' });
  })
  .get('/auth', access.signedIn(), async (c) => {
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
