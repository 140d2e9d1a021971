import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { isPrivateAddress } from '../../../lib/webhooks';

/**
 * One attempt of a webhook: the body `{type, timestamp, data}` signed by the Standard Webhooks
 * scheme (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of
 * id.timestamp.body>`, the `standardwebhooks` package), POSTed with a timeout. `webhook-attempt`
 * (1, 2, …) is ours, beside the standard headers: a receiver may log it; the id stays the same.
 */

export interface SendPolicy {
  /** Per attempt (DESIGN §12: 10 s). */
  timeoutMs: number;
  /**
   * Whether an address of this network (loopback, private, link-local) may be called. Off in
   * production unless WEBHOOK_ALLOW_PRIVATE=1: an admin's URL must not reach the database host or
   * a cloud metadata service through the CMS. Checked on the resolved addresses at every attempt.
   */
  allowPrivate: boolean;
  fetch: typeof fetch;
}

export function sendPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): SendPolicy {
  return {
    timeoutMs: 10_000,
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1' || env.WEBHOOK_ALLOW_PRIVATE === 'true' || env.NODE_ENV !== 'production',
    fetch: (...args) => fetch(...args),
  };
}

export interface AttemptResult {
  ok: boolean;
  /** HTTP status; 0 when none came back. */
  status: number;
  /** Why it failed, in Chinese (empty on success). */
  error: string;
  latencyMs: number;
  /** The start of the response body. */
  excerpt: string;
}

const EXCERPT_CHARS = 1024;

/** The host's addresses when any is refused by the policy: the text to record; null when it may be called. */
async function refusedAddress(url: URL, policy: SendPolicy): Promise<string | null> {
  if (policy.allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  const bad = addresses.find(isPrivateAddress);
  return bad ? `地址 ${bad} 属于内网，已拒绝推送（WEBHOOK_ALLOW_PRIVATE 未开启）` : null;
}

async function excerptOf(res: Response): Promise<string> {
  // At most a few kilobytes are read: a receiver answering with a large page costs nothing.
  const reader = res.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  while (text.length < EXCERPT_CHARS) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => {});
  return text.slice(0, EXCERPT_CHARS);
}

export async function sendWebhook(
  { url, secret, messageId, attempt, payload }: { url: string; secret: string; messageId: string; attempt: number; payload: Record<string, unknown> },
  policy: SendPolicy,
  now: Date = new Date(),
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const body = JSON.stringify(payload);
  try {
    const target = new URL(url);
    const refused = await refusedAddress(target, policy);
    if (refused) return { ok: false, status: 0, error: refused, latencyMs: elapsed(), excerpt: '' };
    const signature = new Webhook(secret).sign(messageId, now, body);
    const res = await policy.fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'cms-webhooks/1',
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
        'webhook-attempt': String(attempt),
      },
      body,
      // A redirect is an answer, not followed: the URL an admin entered is the one called.
      redirect: 'manual',
      signal: AbortSignal.timeout(policy.timeoutMs),
    });
    const excerpt = await excerptOf(res).catch(() => '');
    const ok = res.status >= 200 && res.status < 300;
    return { ok, status: res.status, error: ok ? '' : `对方返回 HTTP ${res.status}`, latencyMs: elapsed(), excerpt };
  } catch (err) {
    return { ok: false, status: 0, error: failureText(err, policy.timeoutMs), latencyMs: elapsed(), excerpt: '' };
  }
}

function failureText(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `${Math.round(timeoutMs / 1000)} 秒内没有响应（超时）`;
  const code = e?.cause?.code ?? (e as { code?: string })?.code;
  if (code === 'ECONNREFUSED') return '连接被拒绝（对方服务未启动？）';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return '域名无法解析';
  if (code === 'ECONNRESET') return '连接被对方断开';
  return `推送失败：${(e?.cause?.message ?? e?.message ?? String(err)).slice(0, 200)}`;
}
