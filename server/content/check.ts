import Mint from 'mint-filter';
import { eq } from 'drizzle-orm';
import { sensitiveWords, sensitiveWordsGeneration, type CheckResult } from '../db/schema';
import type { DbOrTx } from '../db/types';

/**
 * The content check (SEED §5, DESIGN §6): the built-in dictionary, matched with an Aho–Corasick
 * automaton (mint-filter) over normalized text, and, when `CONTENT_CHECK_URL` is set, the outside
 * service with a timeout. A slow or failing service never blocks a save: the result says what
 * was not checked.
 */

/**
 * Look-alike letters folded to the Latin letter they imitate (a small, deliberate slice of Unicode's
 * confusables, UTS #39): Cyrillic and Greek capitals and small letters that render like Latin ones,
 * plus a few Latin variants NFKC keeps. Full-width and mathematical letters need no entry (NFKC).
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic capitals and small letters
  А: 'a',
  В: 'b',
  С: 'c',
  Е: 'e',
  Н: 'h',
  І: 'i',
  Ј: 'j',
  К: 'k',
  М: 'm',
  О: 'o',
  Р: 'p',
  Ѕ: 's',
  Т: 't',
  Х: 'x',
  У: 'y',
  Ү: 'y',
  Ԛ: 'q',
  Ԝ: 'w',
  Һ: 'h',
  Ӏ: 'l',
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  х: 'x',
  у: 'y',
  ү: 'y',
  ԝ: 'w',
  ӏ: 'l',
  ь: 'b',
  // Greek capitals and small letters
  Α: 'a',
  Β: 'b',
  Ε: 'e',
  Ζ: 'z',
  Η: 'h',
  Ι: 'i',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  Ο: 'o',
  Ρ: 'p',
  Τ: 't',
  Υ: 'y',
  Χ: 'x',
  α: 'a',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  // Latin variants
  ı: 'i',
  ȷ: 'j',
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ʏ: 'y',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g');
/** Combining diacritical marks (accents, strokes and overlays laid on a letter). */
const COMBINING_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/**
 * Text as it is matched: NFKC (full-width and mathematical letters become plain ones), accents and
 * overlaid marks removed, look-alike letters folded to Latin, lower case, without spaces,
 * punctuation, symbols or invisible (format) characters, so 赌 博, 赌.博, ＤＵＢＯ, cásino and
 * cаsino (Cyrillic а) still match. Each step is one pass over the text.
 */
export function normalizeForCheck(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .normalize('NFKC')
    .replace(LOOK_ALIKE, (ch) => LOOK_ALIKES[ch])
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}\p{Cf}]/gu, '');
}

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

let cached: { stamp: string; mint: Mint; words: Map<string, string> } | undefined;

/**
 * The automaton for the current dictionary, over normalized words, and each normalized word's
 * dictionary spelling. Rebuilt when the dictionary changes: its generation (one row, moved by a
 * trigger on any change, migration 0028) is read on each check, a primary-key lookup whatever the
 * dictionary's size, so every instance follows edits, including a word changed in place by SQL.
 */
async function automaton(db: DbOrTx) {
  const [row] = await db.select({ n: sensitiveWordsGeneration.n }).from(sensitiveWordsGeneration).where(eq(sensitiveWordsGeneration.id, 1));
  const stamp = String(row?.n ?? 0);
  if (cached?.stamp === stamp) return cached;
  const rows = await db.select({ word: sensitiveWords.word }).from(sensitiveWords).orderBy(sensitiveWords.id);
  const words = new Map<string, string>();
  for (const { word } of rows) {
    const key = normalizeForCheck(word);
    if (key && !words.has(key)) words.set(key, word.trim());
  }
  cached = { stamp, mint: new Mint([...words.keys()]), words };
  return cached;
}

/**
 * The dictionary's words in matched form (normalized), each with its dictionary spelling: what an
 * addition is compared with (赌 博 and ＤＵＢＯ are already there when 赌博 and dubo are).
 */
export async function dictionaryForms(db: DbOrTx): Promise<ReadonlyMap<string, string>> {
  return (await automaton(db)).words;
}

/** Dictionary words found in the texts, each once, as the dictionary spells them, and the dictionary's size. */
export async function dictionaryHits(db: DbOrTx, texts: string[]): Promise<{ hits: string[]; size: number }> {
  const { mint, words } = await automaton(db);
  const hits = new Set<string>();
  if (words.size) for (const text of texts) for (const w of mint.filter(normalizeForCheck(text), { replace: false }).words) hits.add(words.get(w) ?? w);
  return { hits: [...hits], size: words.size };
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
