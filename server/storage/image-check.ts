/**
 * The picture check (SEED §5, DESIGN §6): `GET <IMAGE_CHECK_URL>?image=<picture url>`. The spec does
 * not show the reply, so the common vendor shapes are read (docs/decisions.md); anything else, a
 * timeout or an error leaves the picture 未检测 with the reason, never a made-up pass.
 */
export const CHECK = { unchecked: 0, pass: 1, suspect: 2, block: 3 } as const;
export type CheckStatus = (typeof CHECK)[keyof typeof CHECK];

export interface Verdict {
  status: CheckStatus;
  note: string;
}

const WORDS: Record<string, CheckStatus> = {
  pass: CHECK.pass,
  normal: CHECK.pass,
  ok: CHECK.pass,
  合规: CHECK.pass,
  通过: CHECK.pass,
  review: CHECK.suspect,
  suspect: CHECK.suspect,
  疑似: CHECK.suspect,
  block: CHECK.block,
  reject: CHECK.block,
  违规: CHECK.block,
  不合规: CHECK.block,
};

/** The verdict in a reply body, or null when the body says nothing we recognise. */
export function readVerdict(body: unknown): CheckStatus | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, any>;
  const data = (b.data && typeof b.data === 'object' ? b.data : b) as Record<string, any>;
  // Our own simple form and Aliyun's: a word or 1/2/3.
  for (const value of [data.result, data.suggestion, data.conclusion, b.suggestion]) {
    if (typeof value === 'string' && WORDS[value.toLowerCase()] !== undefined) return WORDS[value.toLowerCase()];
    if (value === 1 || value === 2 || value === 3) return value;
  }
  // Baidu: conclusionType 1 合规, 2 不合规, 3 疑似 (4 审核失败: no verdict).
  const baidu = data.conclusionType ?? b.conclusionType;
  if (baidu === 1) return CHECK.pass;
  if (baidu === 2) return CHECK.block;
  if (baidu === 3) return CHECK.suspect;
  // NetEase Yidun: result.action 0 pass, 1 suspect, 2 block.
  const action = data.result?.action ?? data.action;
  if (action === 0) return CHECK.pass;
  if (action === 1) return CHECK.suspect;
  if (action === 2) return CHECK.block;
  return null;
}

export async function checkImage(serviceUrl: string, imageUrl: string, { timeoutMs = 5000 }: { timeoutMs?: number } = {}): Promise<Verdict> {
  try {
    const url = new URL(serviceUrl);
    url.searchParams.set('image', imageUrl);
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!res.ok) return { status: CHECK.unchecked, note: `检测服务出错（HTTP ${res.status}）` };
    const verdict = readVerdict(await res.json().catch(() => null));
    return verdict === null ? { status: CHECK.unchecked, note: '检测服务返回了无法识别的结果' } : { status: verdict, note: '' };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { status: CHECK.unchecked, note: timedOut ? `检测服务超时（${timeoutMs / 1000} 秒）` : '检测服务不可用' };
  }
}
