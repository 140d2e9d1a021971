import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { z } from 'zod';
import { answers, answersOther } from '../http/answer';
import { dingtalkBoundAnswer, dingtalkStartAnswer, dingtalkStatusAnswer } from '../../lib/api/two-step';
import { access } from '../auth/access';
import { assertCurrentPassword, currentPasswordField } from '../auth/current-password';
import { hashToken } from '../auth/session';
import { logSignIn, openChallenge, openSession, secondFactorOf } from '../auth/sign-in';
import { dingtalkTickets, loginLogs, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { logOperation } from '../crud/oplog';
import { removeDingtalkBinding } from '../dingtalk/binding';
import { authorizeUrl, dingtalkProfile, DingtalkError, newState, verifyState, type DingtalkConfig } from '../dingtalk/client';
import { conflict, notFound } from '../http/errors';
import { ok } from '../http/reply';
import { jsonBody } from '../http/input';
import type { AppEnv } from '../http/types';

/** A DingTalk identity waiting for its owner's password sign-in (HttpOnly, ten minutes). */
export const DINGTALK_PENDING_COOKIE = 'cms_dingtalk_pending';
/**
 * The state's token, kept in the browser that started the flow (HttpOnly, ten minutes): the
 * callback is finished only in that browser. Without it a callback link made by someone else
 * (their own DingTalk account, their own state) signs the victim's browser into the attacker's
 * account, or plants the attacker's DingTalk identity for the victim to "confirm" (login CSRF).
 */
export const DINGTALK_STATE_COOKIE = 'cms_dingtalk_state';
const STATE_COOKIE_PATH = '/api/dingtalk';
const TICKET_MINUTES = 10;
const BIND_SCREEN = '/user/bindDingtalk';
const bindSchema = z.object({ currentPassword: currentPasswordField });

/**
 * Where DingTalk sends the browser back: the configured callback only (DINGTALK_REDIRECT_URI or
 * CMS_PUBLIC_ORIGIN, server/dingtalk/client.ts), never one made from the request's Host (issue 14 I7).
 */
const callbackUrl = (_c: Context<AppEnv>, config: DingtalkConfig) => {
  if (!config.redirectUri) throw conflict('钉钉登录的回调地址未配置（需要 CMS_PUBLIC_ORIGIN 或 DINGTALK_REDIRECT_URI），请联系管理员');
  return config.redirectUri;
};

async function issueTicket(c: Context<AppEnv>, config: DingtalkConfig, values: { purpose: 'bind' | 'login'; userId?: number }) {
  const db = c.get('db');
  // Lapsed tickets go as new ones are made (the table holds ten minutes of them).
  await db.delete(dingtalkTickets).where(lt(dingtalkTickets.expiresAt, new Date(Date.now() - 3600_000)));
  const { token, state } = newState(config.clientSecret);
  await db
    .insert(dingtalkTickets)
    .values({ tokenHash: hashToken(token), purpose: values.purpose, userId: values.userId ?? null, expiresAt: new Date(Date.now() + TICKET_MINUTES * 60_000) });
  setCookie(c, DINGTALK_STATE_COOKIE, token, { path: STATE_COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure: c.get('https'), maxAge: TICKET_MINUTES * 60 });
  return state;
}

/** Whether this browser started the flow the state belongs to (constant-time compare). */
function startedHere(c: Context<AppEnv>, token: string): boolean {
  const kept = Buffer.from(getCookie(c, DINGTALK_STATE_COOKIE) ?? '');
  const given = Buffer.from(token);
  return kept.length === given.length && timingSafeEqual(kept, given);
}

/** Uses a ticket once: null when it is unknown, used, lapsed or of another purpose. */
async function useTicket(db: DbOrTx, token: string, purpose: string) {
  const [row] = await db
    .update(dingtalkTickets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(dingtalkTickets.tokenHash, hashToken(token)),
        eq(dingtalkTickets.purpose, purpose),
        isNull(dingtalkTickets.usedAt),
        gt(dingtalkTickets.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** Binds a DingTalk identity to a user: one account per identity; logged. */
async function bind(c: Context<AppEnv>, db: DbOrTx, userId: number, profile: { unionId: string; nick: string }) {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.dingtalkUnionId, profile.unionId), ne(users.id, userId)))
    .limit(1);
  if (other) throw conflict('这个钉钉账号已绑定了另一个员工账号，请先在那个账号中解绑');
  await db.update(users).set({ dingtalkUnionId: profile.unionId, dingtalkNick: profile.nick, updatedAt: new Date() }).where(eq(users.id, userId));
  await logOperation(db, c, { type: 'bind_dingtalk', resource: 'profile', resourceId: userId, summary: `绑定钉钉账号「${profile.nick || profile.unionId}」` });
}

/**
 * 钉钉绑定 (issue 9, notes/integrations.md §3). Binding: a signed-in person asks for the authorize
 * URL (`POST /bind_start`), DingTalk sends the browser back to `/callback` with a code and the
 * single-use signed state, tied to that person; the code gives the unionId, which is bound (one
 * account per unionId). Signing in: `GET /login_start` → DingTalk → `/callback`: a bound, enabled
 * account gets a session; an unbound identity is kept for ten minutes (HttpOnly cookie) and the
 * person signs in once with their password and confirms the binding on the bind screen
 * (`POST /bind_pending`). Every refusal lands on a screen that says why, in Chinese.
 */
export function dingtalkRoutes(config: DingtalkConfig | null) {
  const app = new Hono<AppEnv>();

  app.get('/status', access.signedIn(), answers(dingtalkStatusAnswer), async (c) => {
    const user = c.get('user')!;
    const db = c.get('db');
    const [row] = await db.select({ unionId: users.dingtalkUnionId, nick: users.dingtalkNick }).from(users).where(eq(users.id, user.id));
    const pendingToken = getCookie(c, DINGTALK_PENDING_COOKIE);
    let pending: { nick: string } | null = null;
    if (pendingToken && config) {
      const [p] = await db
        .select({ nick: dingtalkTickets.nick })
        .from(dingtalkTickets)
        .where(
          and(
            eq(dingtalkTickets.tokenHash, hashToken(pendingToken)),
            eq(dingtalkTickets.purpose, 'pending'),
            isNull(dingtalkTickets.usedAt),
            gt(dingtalkTickets.expiresAt, new Date()),
          ),
        );
      if (p) pending = { nick: p.nick ?? '' };
    }
    return ok(c, { configured: Boolean(config), bound: Boolean(row?.unionId), nick: row?.nick ?? null, pending });
  });

  // Binding asks for the current password like a password change (issue 14): a DingTalk
  // account is another way in, and a stolen session must not be enough to add one.
  // What the person cannot fix is said before their password is asked for (and counted).
  const bindable: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!config) throw conflict('钉钉登录未配置（需要 DINGTALK_CLIENT_ID 和 DINGTALK_CLIENT_SECRET），请联系管理员');
    callbackUrl(c, config);
    await next();
  };
  app.post(
    '/bind_start',
    access.signedIn(),
    answers(dingtalkStartAnswer, { 409: '钉钉未配置，或回调地址未配置' }),
    bindable,
    jsonBody(bindSchema),
    async (c) => {
      const dingtalk = config!;
      const redirectUri = callbackUrl(c, dingtalk);
      await assertCurrentPassword(c, c.req.valid('json').currentPassword);
      const state = await issueTicket(c, dingtalk, { purpose: 'bind', userId: c.get('user')!.id });
      return ok(c, { url: authorizeUrl(dingtalk, { state, redirectUri }) });
    },
  );

  const toDingtalk = answersOther({ status: 302, description: '转到钉钉授权页（未配置时回到登录页）' });
  app.get('/login_start', access.public(), toDingtalk, async (c) => {
    if (!config) return c.redirect('/login?dingtalk=off');
    const state = await issueTicket(c, config, { purpose: 'login' });
    return c.redirect(authorizeUrl(config, { state, redirectUri: callbackUrl(c, config) }));
  });

  app.get('/callback', access.public(), answersOther({ status: 302, description: '回到登录页或个人资料页（结果在地址里）' }), async (c) => {
    if (!config) return c.redirect('/login?dingtalk=off');
    const db = c.get('db');
    const code = c.req.query('authCode') || c.req.query('code');
    const token = verifyState(config.clientSecret, c.req.query('state'));
    // Which flow the state belongs to decides where a refusal is shown.
    const [ticket] = token
      ? await db
          .select({ purpose: dingtalkTickets.purpose })
          .from(dingtalkTickets)
          .where(eq(dingtalkTickets.tokenHash, hashToken(token)))
      : [];
    const isBind = ticket?.purpose === 'bind';
    const fail = (reason: string) => c.redirect(isBind ? `${BIND_SCREEN}?error=${reason}` : `/login?dingtalk=${reason}`);
    if (!token || !ticket || (ticket.purpose !== 'bind' && ticket.purpose !== 'login')) return fail('state');
    const used = await useTicket(db, token, ticket.purpose);
    // Used either way: a state that reached the wrong browser is spent, the right one starts again.
    const mine = startedHere(c, token);
    deleteCookie(c, DINGTALK_STATE_COOKIE, { path: STATE_COOKIE_PATH });
    if (!used || !mine) return fail('state');
    if (!code || code.length > 512) return fail('denied');

    if (isBind) {
      // The person who started the binding must be the one coming back.
      const me = c.get('user');
      if (!me || me.id !== used.userId) return fail('state');
    }
    let profile;
    try {
      profile = await dingtalkProfile(config, code);
    } catch (err) {
      if (err instanceof DingtalkError) return fail('refused');
      throw err;
    }

    if (isBind) {
      try {
        await db.transaction((tx) => bind(c, tx, used.userId!, profile));
      } catch (err) {
        if (err instanceof Error && 'status' in err && (err as { status: number }).status === 409) return fail('taken');
        throw err;
      }
      return c.redirect(`${BIND_SCREEN}?result=bound`);
    }

    // Signing in with DingTalk.
    const [user] = await db
      .select({ id: users.id, username: users.username, enabled: users.enabled })
      .from(users)
      .where(eq(users.dingtalkUnionId, profile.unionId))
      .limit(1);
    const ip = c.get('ip');
    const userAgent = c.get('userAgent').slice(0, 512);
    if (!user) {
      const pending = newState(config.clientSecret).token;
      await db.insert(dingtalkTickets).values({
        tokenHash: hashToken(pending),
        purpose: 'pending',
        unionId: profile.unionId,
        nick: profile.nick,
        expiresAt: new Date(Date.now() + TICKET_MINUTES * 60_000),
      });
      setCookie(c, DINGTALK_PENDING_COOKIE, pending, { path: '/', httpOnly: true, sameSite: 'Lax', secure: c.get('https'), maxAge: TICKET_MINUTES * 60 });
      return c.redirect(`/login?from=${encodeURIComponent(BIND_SCREEN)}&dingtalk=unbound`);
    }
    if (!user.enabled) {
      await db.insert(loginLogs).values({ username: user.username, userId: user.id, ip, userAgent, success: false, reason: 'disabled' });
      return fail('disabled');
    }
    // Issue 26: DingTalk is the first factor only. An enrolled account goes on to the code step;
    // a role that requires two-step sign-in without enrolment gets the enrolment-only session.
    const factor = await secondFactorOf(db, user.id);
    if (factor.enrolled) {
      await logSignIn(c, { username: user.username, userId: user.id, success: false, reason: 'totp_required' });
      await openChallenge(c, user.id, 'dingtalk');
      return c.redirect('/login?step=totp');
    }
    await openSession(c, user, { reason: 'dingtalk' });
    return c.redirect('/');
  });

  /** Binds the DingTalk identity this browser came back with to the person now signed in. */
  const pendingOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!config || !getCookie(c, DINGTALK_PENDING_COOKIE)) throw notFound('没有待绑定的钉钉账号（可能已超过 10 分钟），请重新用钉钉登录');
    await next();
  };
  app.post(
    '/bind_pending',
    access.signedIn(),
    answers(dingtalkBoundAnswer, { 404: '没有待绑定的钉钉账号（已过期或不存在）', 409: '这个钉钉账号已绑定了另一个员工账号' }),
    pendingOnly,
    jsonBody(bindSchema),
    async (c) => {
      const pendingToken = getCookie(c, DINGTALK_PENDING_COOKIE)!;
      await assertCurrentPassword(c, c.req.valid('json').currentPassword);
      const me = c.get('user')!;
      await c.get('db').transaction(async (tx) => {
        const ticket = await useTicket(tx, pendingToken, 'pending');
        if (!ticket?.unionId) throw notFound('没有待绑定的钉钉账号（可能已超过 10 分钟），请重新用钉钉登录');
        await bind(c, tx, me.id, { unionId: ticket.unionId, nick: ticket.nick ?? '' });
      });
      deleteCookie(c, DINGTALK_PENDING_COOKIE, { path: '/' });
      return ok(c, { bound: true });
    },
  );

  app.delete('/binding', access.signedIn(), answers(dingtalkBoundAnswer, { 404: '没有绑定钉钉账号' }), async (c) => {
    const me = c.get('user')!;
    await c.get('db').transaction(async (tx) => {
      if (!(await removeDingtalkBinding(tx, c, me.id, { resource: 'profile', why: (nick) => `解绑钉钉账号「${nick}」` })))
        throw notFound('你还没有绑定钉钉账号');
    });
    return ok(c, { bound: false });
  });

  return app;
}
