import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { INT4_MAX, SESSION_COOKIE } from '../../lib/constants';
import { securityHeaders } from '../../lib/security-headers';
import { loadSessionUser, type SessionPolicy } from '../auth/session';
import { sessionPolicyFromEnv } from '../env';
import { listQuerySchema } from '../crud/list';
import type { Db } from '../db/types';
import { clientOf, stampedPeer, type Peer } from '../http/peer';
import { ApiError, badRequest, unauthorized } from '../http/errors';
import { errorBody } from '../http/reply';
import { hasNul, safeDecode } from '../http/params';
import { unexpectedErrorReply } from '../http/failure';
import type { SessionUser } from '../http/types';

z.config(z.locales.zhCN());

/**
 * What the built-in product and topic hosts need: the CMS database only to recognise the session
 * cookie (their own data lives in code, docs/decisions.md "Built-in product and topic hosts").
 */
export interface HostDeps {
  getDb: () => Promise<Db>;
  /** Reverse proxies in front whose forwarded headers are trusted (CMS_TRUST_PROXY_HOPS): HSTS over https. */
  trustProxyHops?: number;
  /** The connection's peer; production reads the stamp of instrumentation.ts. */
  peer?: (req: Request) => Peer | null;
  /** Session lifetimes (SESSION_IDLE_MINUTES, SESSION_MAX_DAYS by default), as the main API's. */
  sessionPolicy?: SessionPolicy;
}

export type HostEnv = { Variables: { user: SessionUser } };

/**
 * A read-only host under `basePath` with the main API's envelope, headers and errors, open to any
 * signed-in user of the CMS (401 otherwise, before any input is looked at).
 * @see DESIGN §1, §2, SEED §7
 */
export function createHostApp(basePath: string, { getDb, trustProxyHops = 0, peer = stampedPeer, sessionPolicy = sessionPolicyFromEnv() }: HostDeps) {
  const app = new Hono<HostEnv>().basePath(basePath);

  app.use('*', async (c, next) => {
    // Same rules as the main API (server/app.ts): replies depend on the session, so no shared
    // caching, and the frame/sniffing/referrer headers go on every reply, refusals included.
    c.header('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(securityHeaders({ https: false }))) c.header(name, value);
    if (clientOf(c, peer(c.req.raw), trustProxyHops).https)
      c.header('Strict-Transport-Security', securityHeaders({ https: true })['Strict-Transport-Security']);
    if (hasNul(safeDecode(new URL(c.req.url).search))) throw badRequest('请求参数包含非法字符（NUL）');
    const user = await loadSessionUser(await getDb(), getCookie(c, SESSION_COOKIE), { now: new Date(), idleMinutes: sessionPolicy.idleMinutes });
    if (!user) throw unauthorized();
    // Issue 26: a member who must still set up two-step sign-in reaches nothing here either.
    if (user.totpSetup) throw new ApiError(403, '你的角色要求开启两步验证，请先完成设置', undefined, undefined, 'totp_setup');
    c.set('user', user);
    await next();
  });

  app.notFound((c) => c.json(errorBody(404, `接口不存在: ${c.req.method} ${c.req.path}`), 404));

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(errorBody(err.status, err.message, err.errors), err.status);
    if (err instanceof HTTPException) return c.json(errorBody(err.status, err.message || '请求无法处理'), err.status);
    return unexpectedErrorReply(c, err, basePath);
  });

  return app;
}

/** A form's cleared filter arrives as `x=`: the same as no filter. */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** An optional id filter: absent or empty is no filter, anything but a positive int4 is a 400. */
export const idQuery = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,10}$/, `${label}必须是正整数`)
      .transform(Number)
      .refine((n) => n >= 1 && n <= INT4_MAX, `${label}超出范围`)
      .optional(),
  );

/** An optional filter taking one of a few values; absent or empty is no filter. */
export const oneOfQuery = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: message }).optional());

/** page, pageSize (≤ 100) and keyword like every list of the main API; unknown parameters are dropped. */
export const pageQuery = listQuerySchema;

/** Lower case, full-width folded, `×`/`*` as `x`, so "6x4", "６×４" and "6*4" all find "6×4". */
export function searchText(...parts: string[]): string {
  return parts.join(' ').normalize('NFKC').toLowerCase().replace(/[×*]/g, 'x');
}

/** Whether every whitespace-separated word of the keyword occurs in a prepared search text. */
export function matchesKeyword(text: string, keyword: string | undefined): boolean {
  if (!keyword) return true;
  return searchText(keyword)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/** One page of an already filtered list: the list reply of DESIGN §2. */
export function pageOf<T>(items: readonly T[], { page, pageSize }: { page: number; pageSize: number }) {
  return { list: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
}

/** Groups rows by a key once, for the filters that narrow brand → series → product. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}
