import Mint from 'mint-filter';
import { count, max } from 'drizzle-orm';
import { sensitiveWords, type CheckResult } from '../db/schema';
import type { DbOrTx } from '../db/client';

/**
 * The content check (SEED §5, DESIGN §6): the built-in dictionary, matched with an Aho–Corasick
 * automaton (mint-filter) over normalized text, and, when `CONTENT_CHECK_URL` is set, the outside
 * service with a timeout. A slow or failing service never blocks a save: the result says what
 * was not checked.
 */

/**
 * Text as it is matched: NFKC (full-width letters and digits become plain ones), lower case,
 * without spaces, punctuation or zero-width characters, so 赌 博, 赌.博 and ＤＵＢＯ still match.
 */
export function normalizeForCheck(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}\u200b-\u200f\u2060\ufeff]/gu, '');
}

/** The readable text of article HTML (tags removed, entities decoded where it matters). */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

let cached: { stamp: string; mint: Mint } | undefined;

/**
 * The automaton for the current dictionary. Rebuilt when the dictionary changes (its size and last
 * addition are compared on each check: one indexed query), so every instance follows edits.
 */
async function automaton(db: DbOrTx): Promise<Mint> {
  const [{ n, last }] = await db.select({ n: count(), last: max(sensitiveWords.id) }).from(sensitiveWords);
  const stamp = `${n}:${last ?? 0}`;
  if (cached?.stamp === stamp) return cached.mint;
  const rows = await db.select({ word: sensitiveWords.word }).from(sensitiveWords);
  const words = [...new Set(rows.map((r) => normalizeForCheck(r.word)).filter(Boolean))];
  cached = { stamp, mint: new Mint(words) };
  return cached.mint;
}

/** Dictionary words found in the texts (normalized forms, each once). */
export async function dictionaryHits(db: DbOrTx, texts: string[]): Promise<string[]> {
  const mint = await automaton(db);
  const hits = new Set<string>();
  for (const text of texts) for (const w of mint.filter(normalizeForCheck(text), { replace: false }).words) hits.add(w);
  return [...hits];
}

export interface ContentService {
  url?: string;
  timeoutMs?: number;
}

/**
 * The outside service: `POST <url>` with `{ content }`. Its reply format is not in SEED: a `hits`
 * or `words` array, or a verdict like the picture check's, is read; anything else is "unchecked".
 */
async function serviceCheck(service: ContentService, content: string): Promise<CheckResult['service']> {
  if (!service.url) return { status: 'off', note: '未配置外部内容检测服务' };
  const timeoutMs = service.timeoutMs ?? 3000;
  try {
    const res = await fetch(service.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content }), signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return { status: 'unchecked', note: `外部检测服务出错（HTTP ${res.status}）` };
    const body = (await res.json().catch(() => null)) as Record<string, any> | null;
    const data = (body?.data ?? body) as Record<string, any> | null;
    const words = data?.hits ?? data?.words;
    if (Array.isArray(words)) return words.length ? { status: 'hits', note: words.map(String).slice(0, 50).join('、') } : { status: 'pass', note: '' };
    const verdict = String(data?.result ?? data?.suggestion ?? '').toLowerCase();
    if (verdict === 'pass') return { status: 'pass', note: '' };
    if (verdict === 'review' || verdict === 'block') return { status: 'hits', note: verdict === 'block' ? '外部服务判定违规' : '外部服务判定疑似' };
    return { status: 'unchecked', note: '外部检测服务返回了无法识别的结果' };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { status: 'unchecked', note: timedOut ? `外部检测服务超时（${timeoutMs / 1000} 秒）` : '外部检测服务不可用' };
  }
}

/** Runs both checks over an article's texts. */
export async function checkContent(db: DbOrTx, texts: string[], service: ContentService = {}): Promise<CheckResult> {
  const [hits, external] = await Promise.all([dictionaryHits(db, texts), serviceCheck(service, texts.join('\n'))]);
  return { hits, service: external, checkedAt: new Date().toISOString() };
}
