/**
 * 敏感词库 (issue 15): the built-in dictionary of the content check (DESIGN §6), kept by holders of
 * 内容审核. One declaration for the screen and the server: the limits and how a typed list or a .txt
 * file becomes words (the bulk-add schema: schemas/sensitive-words.ts).
 */
import { HIDDEN_CHARS } from './common';
import { declareResource } from './define';

/** The column's length (`sensitive_words.word varchar(64)`). */
export const SENSITIVE_WORD_MAX = 64;
/**
 * Words one add request may carry (5 000 of 64 CJK characters stay under the API's 1 MiB body);
 * the screen sends a long list in batches of `WORD_BATCH`, the same: each request replies once its
 * words are in force (an automaton built, ~2 s at 100 000 words), so few large batches.
 */
export const WORDS_PER_REQUEST_MAX = 5000;
export const WORD_BATCH = WORDS_PER_REQUEST_MAX;
/** Ids one bulk delete may carry. */
export const WORD_DELETE_MAX = 1000;
/** A .txt file larger than this is refused before it is read (the server bounds each request and the dictionary's size). */
export const WORD_FILE_MAX_BYTES = 2 * 1024 * 1024;
/**
 * The dictionary's size limit (issue 23, F1; docs/decisions.md): an addition that would pass it is
 * refused whole (409), nothing added.
 */
export const DICTIONARY_MAX_WORDS = 100_000;

/** The 409 of an addition that would pass {@link DICTIONARY_MAX_WORDS}. */
export function dictionaryFullText(rows: number, adding: number): string {
  return `敏感词库最多 ${DICTIONARY_MAX_WORDS} 个词：现有 ${rows} 个，本次要添加 ${adding} 个新词，超出 ${rows + adding - DICTIONARY_MAX_WORDS} 个。本次没有添加任何词，请先删除不再需要的词或减少本次添加的词。`;
}

/** Why a one-character word needs a confirmation (issue 23, I2): the screen's question and the server's 400. */
export const SINGLE_CHARACTER_RISK = '只有一个字（比对时忽略空格和标点），会拦截几乎所有含这个字的稿件';
const quoteWords = (words: string[]) =>
  words
    .slice(0, 10)
    .map((w) => `「${w}」`)
    .join('') + (words.length > 10 ? ` 等 ${words.length} 个` : '');
/** The 400 of an addition with one-character words and no `confirmSingle`. */
export function singleCharacterText(words: string[]): string {
  return `${quoteWords(words)}${SINGLE_CHARACTER_RISK}。确需添加，请确认后再提交`;
}
/** The screen's question before sending one-character words. */
export function singleCharacterQuestion(words: string[]): string {
  return `${quoteWords(words)}${SINGLE_CHARACTER_RISK}。确定要添加吗？`;
}

export const sensitiveWordResource = declareResource({
  name: 'sensitive_words',
  label: '敏感词',
  permission: '/article/check',
  noRestore: 'its own routes (server/routes/sensitive-words.ts): a deleted word is added again, one line of the bulk add',
  ownContract: {
    reason: 'words are added (one or a batch) and deleted, never edited: the dictionary is rebuilt after each write',
    test: 'tests/api/sensitive-words.test.ts',
  },
  fields: [{ name: 'word', label: '敏感词', list: { key: true } }],
  filters: [{ name: 'keyword', label: '关键词', input: 'keyword', placeholder: '搜索敏感词' }],
});

export interface ParsedWords {
  /** Distinct words in the order met, each trimmed, none blank. */
  words: string[];
  /** Repeats within the text (not sent). */
  repeated: number;
  /** Entries longer than the column (not sent). */
  tooLong: string[];
  /** Entries with control, direction or zero-width characters (not sent). */
  hidden: string[];
}

/** Separators of a typed list: line breaks, commas (，,), 顿号, semicolons and any space (full-width too). */
const TYPED_SEPARATORS = /[\r\n,，、;；\s\u3000]+/;
const LINE_SEPARATORS = /\r\n|\r|\n/;

/**
 * A typed list (`typed`: one per line, or separated by commas, 顿号 or spaces) or a file's text
 * (`lines`: one word per line, so a phrase with a space stays one word) → the words to send.
 * Blanks and repeats are dropped, a byte-order mark is removed, and entries the server would refuse
 * (too long, hidden characters) are set aside with the reason, so one bad line does not sink a file.
 */
export function parseWordList(text: string, mode: 'typed' | 'lines' = 'typed'): ParsedWords {
  const seen = new Set<string>();
  const out: ParsedWords = { words: [], repeated: 0, tooLong: [], hidden: [] };
  for (const raw of text.replace(/^\uFEFF/, '').split(mode === 'typed' ? TYPED_SEPARATORS : LINE_SEPARATORS)) {
    const entry = raw.trim();
    if (!entry) continue;
    if (HIDDEN_CHARS.test(entry)) out.hidden.push(entry);
    else if (entry.length > SENSITIVE_WORD_MAX) out.tooLong.push(entry);
    else if (seen.has(entry)) out.repeated += 1;
    else {
      seen.add(entry);
      out.words.push(entry);
    }
  }
  return out;
}

/** `[a, b, c, d, e]` → batches of `size`. */
export function batches<T>(items: readonly T[], size: number = WORD_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Why an entry was skipped, as the screen says it. */
export const SKIP_REASON = '词库中已有（忽略大小写、全半角、空格和标点后相同）、重复或只有标点';

/** 「已添加 12 个敏感词，跳过 3 个（…）」 */
export function addedText({ added, skipped }: { added: number; skipped: number }): string {
  return `已添加 ${added} 个敏感词${skipped ? `，跳过 ${skipped} 个（${SKIP_REASON}）` : ''}`;
}

/** Entries set aside before sending (too long, hidden characters), as one sentence; null when none. */
export function setAsideText(parsed: Pick<ParsedWords, 'tooLong' | 'hidden'>): string | null {
  const sample = (list: string[]) =>
    list
      .slice(0, 3)
      .map((w) => `「${w.length > 12 ? `${w.slice(0, 12)}…` : w}」`)
      .join('');
  const parts: string[] = [];
  if (parsed.tooLong.length) parts.push(`${parsed.tooLong.length} 个超过 ${SENSITIVE_WORD_MAX} 个字符${sample(parsed.tooLong)}`);
  if (parsed.hidden.length) parts.push(`${parsed.hidden.length} 个含不可见字符${sample(parsed.hidden)}`);
  return parts.length ? parts.join('；') : null;
}
