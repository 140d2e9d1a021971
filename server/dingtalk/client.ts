import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { serverEnv } from '../env';

/**
 * DingTalk's OAuth 2.0 sign-in (notes/integrations.md §3), with plain fetch: the authorize URL, the
 * code exchange and the profile. Configured by DINGTALK_CLIENT_ID and DINGTALK_CLIENT_SECRET, with
 * the callback from DINGTALK_REDIRECT_URI or CMS_PUBLIC_ORIGIN; without them the bind screen says
 * DingTalk is not set up.
 */
export interface DingtalkConfig {
  clientId: string;
  clientSecret: string;
  /**
   * The callback registered with DingTalk (`DINGTALK_REDIRECT_URI`, else
   * `<CMS_PUBLIC_ORIGIN>/api/dingtalk/callback`). Without one no flow starts.
   */
  redirectUri?: string;
  /** How long an outside call may take. */
  timeoutMs?: number;
  /** Where the authorize page lives; default DingTalk's (DINGTALK_LOGIN_BASE: a stand-in for tests). */
  loginBase?: string;
  /** Where the token and profile calls go; default DingTalk's (DINGTALK_API_BASE). */
  apiBase?: string;
}

export const DINGTALK_LOGIN_BASE = 'https://login.dingtalk.com';
export const DINGTALK_API_BASE = 'https://api.dingtalk.com';
const AUTHORIZE_PATH = '/oauth2/auth';
const TOKEN_PATH = '/v1.0/oauth2/userAccessToken';
const ME_PATH = '/v1.0/contact/users/me';
export const DINGTALK_AUTHORIZE = DINGTALK_LOGIN_BASE + AUTHORIZE_PATH;
export const DINGTALK_TOKEN = DINGTALK_API_BASE + TOKEN_PATH;
export const DINGTALK_ME = DINGTALK_API_BASE + ME_PATH;

export function dingtalkFromEnv(): DingtalkConfig | null {
  const clientId = process.env.DINGTALK_CLIENT_ID?.trim();
  const clientSecret = process.env.DINGTALK_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  const env = serverEnv();
  const redirectUri = dingtalkCallbackFromEnv(process.env.DINGTALK_REDIRECT_URI, env.CMS_PUBLIC_ORIGIN);
  if (!redirectUri) {
    warnOnce('[dingtalk] 已设置 DINGTALK_CLIENT_ID，但没有 CMS_PUBLIC_ORIGIN（本系统的外部地址）或 DINGTALK_REDIRECT_URI：钉钉登录不可用');
    return null;
  }
  return { clientId, clientSecret, redirectUri, loginBase: env.DINGTALK_LOGIN_BASE, apiBase: env.DINGTALK_API_BASE };
}

/**
 * Where DingTalk sends the browser back (issue 14 I7): `DINGTALK_REDIRECT_URI`, else
 * `<CMS_PUBLIC_ORIGIN>/api/dingtalk/callback`, else none. Never the request's Host: a forged Host
 * would otherwise pick the callback, and only DingTalk's own check of the registered domain stood
 * in the way.
 */
export function dingtalkCallbackFromEnv(redirectUri: string | undefined, publicOrigin: string | undefined): string | undefined {
  if (redirectUri?.trim()) return redirectUri.trim();
  if (!publicOrigin?.trim()) return undefined;
  try {
    const origin = new URL(publicOrigin.trim());
    return /^https?:$/.test(origin.protocol) ? `${origin.origin}/api/dingtalk/callback` : undefined;
  } catch {
    return undefined;
  }
}

let warned = false;
const warnOnce = (message: string) => {
  if (!warned) console.warn(message);
  warned = true;
};

/**
 * A state: a random token and its HMAC under the app secret. The token's hash is stored with the
 * ticket (single use, ten minutes); the signature refuses a forged state before any lookup.
 */
export function newState(secret: string): { state: string; token: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, state: `${token}.${sign(secret, token)}` };
}

/** The token inside a state whose signature holds, else null. */
export function verifyState(secret: string, state: string | undefined): string | null {
  if (!state || state.length > 200) return null;
  const [token, sig] = state.split('.');
  if (!token || !sig) return null;
  const expected = Buffer.from(sign(secret, token));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? token : null;
}

const sign = (secret: string, token: string) => createHmac('sha256', secret).update(`cms-dingtalk:${token}`).digest('base64url');

export function authorizeUrl(config: DingtalkConfig, { state, redirectUri }: { state: string; redirectUri: string }): string {
  const params = new URLSearchParams({
    redirect_uri: redirectUri,
    response_type: 'code',
    client_id: config.clientId,
    scope: 'openid',
    state,
    prompt: 'consent',
  });
  return `${config.loginBase ?? DINGTALK_LOGIN_BASE}${AUTHORIZE_PATH}?${params}`;
}

export interface DingtalkProfile {
  unionId: string;
  nick: string;
  avatarUrl: string;
}

/** Why talking to DingTalk failed, in Chinese for the screen. */
export class DingtalkError extends Error {}

async function call(url: string, init: RequestInit, timeoutMs: number): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new DingtalkError('连接钉钉失败，请稍后重试');
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body) throw new DingtalkError(`钉钉拒绝了请求：${typeof body?.message === 'string' ? body.message : `HTTP ${res.status}`}`);
  return body;
}

/** The code DingTalk sent back → who the person is on DingTalk. */
export async function dingtalkProfile(config: DingtalkConfig, code: string): Promise<DingtalkProfile> {
  const timeoutMs = config.timeoutMs ?? 8000;
  const api = config.apiBase ?? DINGTALK_API_BASE;
  const token = await call(
    api + TOKEN_PATH,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: config.clientId, clientSecret: config.clientSecret, code, grantType: 'authorization_code' }),
    },
    timeoutMs,
  );
  if (typeof token.accessToken !== 'string' || !token.accessToken) throw new DingtalkError('钉钉没有返回访问令牌');
  const me = await call(api + ME_PATH, { headers: { 'x-acs-dingtalk-access-token': token.accessToken } }, timeoutMs);
  if (typeof me.unionId !== 'string' || !me.unionId || me.unionId.length > 128) throw new DingtalkError('钉钉没有返回用户标识');
  return {
    unionId: me.unionId,
    nick: typeof me.nick === 'string' ? me.nick.slice(0, 64) : '',
    avatarUrl: typeof me.avatarUrl === 'string' ? me.avatarUrl : '',
  };
}
