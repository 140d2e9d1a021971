/**
 * Search terms for Chinese text (DESIGN §10). Titles and summaries are short and searched for any
 * part: their CJK runs become character bigrams (a two-character word is found inside 中重卡市场).
 * Bodies are long: they become words (the ICU dictionary segmentation that Node ships as
 * `Intl.Segmenter`), which keeps the index small. Latin letters and digits become lower-case words
 * either way. The same terms go into the `search` tsvector ('simple' configuration, GIN index) and
 * into the query, so a keyword is segmented exactly as the text was.
 */

import { wordSegments } from '../../../lib/segment';

/**
 * A body's terms come from its start: the first BODY_TERMS_WORDS distinct words, read from at most
 * its first BODY_TERMS_CHARS characters (issue 14, F1: segmenting is not free, and a body may hold
 * 900 000 characters). A body shorter than that gets exactly the terms it always got.
 */
export const BODY_TERMS_WORDS = 4000;
export const BODY_TERMS_CHARS = 30_000;

const CJK = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const LATIN = /[a-z0-9]+/g;

const clean = (text: string) => text.normalize('NFKC').toLowerCase();

/** Bigrams of each CJK run (a single character stays as it is), plus Latin words. */
export function bigramTerms(text: string): string[] {
  const t = clean(text);
  const out = new Set<string>();
  for (const [run] of t.matchAll(CJK)) {
    if (run.length === 1) out.add(run);
    for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
  }
  for (const [word] of t.matchAll(LATIN)) out.add(word);
  return [...out];
}

/**
 * Distinct words of a text, CJK and Latin, without punctuation, in order of first appearance; at
 * most `maxWords`, read from about the first `maxChars` characters (segmenting stops there).
 */
export function wordTerms(text: string, { maxWords = Infinity, maxChars = Infinity }: { maxWords?: number; maxChars?: number } = {}): string[] {
  const out = new Set<string>();
  let read = 0;
  for (const { segment, isWordLike } of wordSegments(clean(text))) {
    if (read >= maxChars || out.size >= maxWords) break;
    read += segment.length;
    if (isWordLike && /^[\u3400-\u9fff\uf900-\ufaffa-z0-9]+$/.test(segment)) out.add(segment);
  }
  return [...out];
}

/** The document: title and summary by bigrams (weight A), body words (weight B). Space-separated. */
export function documentTerms({ title, summary, body }: { title: string; summary: string; body: string }) {
  return {
    head: [...new Set([...bigramTerms(title), ...bigramTerms(summary)])].join(' '),
    body: wordTerms(body, { maxWords: BODY_TERMS_WORDS, maxChars: BODY_TERMS_CHARS }).join(' '),
  };
}

/**
 * The query for a keyword: its bigrams must all be present (a keyword found in a title or
 * summary), or its words (a keyword found in a body). Returns tsquery text, or null when the
 * keyword has no searchable characters.
 */
export function queryTerms(keyword: string): { all: string[]; words: string[] } | null {
  const all = bigramTerms(keyword);
  if (!all.length) return null;
  const words = wordTerms(keyword);
  return { all, words: words.length ? words : all };
}
