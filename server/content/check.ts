import type { CheckResult } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { dictionaryHits } from './dictionary';

export { normalizeForCheck } from '../../lib/resources/word-form';

/**
 * The content check (SEED §5, DESIGN §6): the built-in dictionary, matched with an Aho–Corasick
 * automaton over normalized text (built and run in a worker thread: server/content/dictionary.ts), and, when `CONTENT_CHECK_URL` is set, the outside
 * service with a timeout. A slow or failing service never blocks a save: the result says what
 * was not checked.
 */

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };
/** alt="…", title='…' or title=… inside one tag. */
const TEXT_ATTRIBUTE = /(?:^|\s)(?:alt|title)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/**
 * The readable text of article HTML: tags removed (each leaves a space), entities decoded where it
 * matters. With `attributes`, the alt and title text of each tag too, where the tag stood: what a
 * reader sees on hovering or without the picture, and what the content check must read. One pass
 * over the text (a `<` without its `>` stays text), so it is linear in the size of the body.
 */
export function htmlText(html: string, { attributes = false }: { attributes?: boolean } = {}): string {
  let out = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open === -1) break;
    const close = html.indexOf('>', open + 1);
    if (close === -1) break;
    out += html.slice(at, open) + ' ';
    if (attributes) {
      const tag = html.slice(open + 1, close);
      for (const m of tag.matchAll(TEXT_ATTRIBUTE)) out += `${m[1] ?? m[2] ?? m[3]} `;
    }
    at = close + 1;
  }
  out += html.slice(at);
  return out.replace(/&(?:nbsp|lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e]);
}

/** The texts of an article the content check reads (saving and publishing): one list, one place. */
export function articleCheckTexts(a: { title: string; subtitle: string; summary: string; content: string; images: Array<{ caption: string }> }): string[] {
  return [a.title, a.subtitle, a.summary, htmlText(a.content, { attributes: true }), ...a.images.map((i) => i.caption)];
}

/** What a reader sees of a short video: its title and description. */
export const videoCheckTexts = (v: { title: string; description: string }) => [v.title, v.description];

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
    const res = await fetch(service.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content }),
      signal: AbortSignal.timeout(timeoutMs),
    });
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

/** What a result says when nothing read the text (`CheckResult.unchecked`). */
export const UNCHECKED_EMPTY_DICTIONARY = '词库为空，未做检测';

/**
 * Runs both checks over an article's texts. When neither could look (the dictionary is empty and
 * the outside service is not configured or did not answer), the result says so in `unchecked`:
 * the one place that decides it, so no screen shows 「通过」 for a text nobody checked.
 */
export async function checkContent(db: DbOrTx, texts: string[], service: ContentService = {}): Promise<CheckResult> {
  const [dictionary, external] = await Promise.all([dictionaryHits(db, texts), serviceCheck(service, texts.join('\n'))]);
  const result: CheckResult = { hits: dictionary.hits, service: external, checkedAt: new Date().toISOString() };
  if (dictionary.size === 0 && external.status !== 'pass' && external.status !== 'hits') result.unchecked = UNCHECKED_EMPTY_DICTIONARY;
  return result;
}
