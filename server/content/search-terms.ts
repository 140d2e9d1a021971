/**
 * Search terms for Chinese text (DESIGN §10). Titles and summaries are short and searched for any
 * part: their CJK runs become character bigrams (a two-character word is found inside 中重卡市场).
 * Bodies are long: they become words (the ICU dictionary segmentation that Node ships as
 * `Intl.Segmenter`), which keeps the index small. Latin letters and digits become lower-case words
 * either way. The same terms go into the `search` tsvector ('simple' configuration, GIN index) and
 * into the query, so a keyword is segmented exactly as the text was.
 */

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

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

/** Words of a long text, CJK and Latin, without punctuation. */
export function wordTerms(text: string): string[] {
  const out = new Set<string>();
  for (const { segment, isWordLike } of segmenter.segment(clean(text))) {
    if (isWordLike && /^[\u3400-\u9fff\uf900-\ufaffa-z0-9]+$/.test(segment)) out.add(segment);
  }
  return [...out];
}

/** The document: title and summary by bigrams (weight A), body words (weight B). Space-separated. */
export function documentTerms({ title, summary, body }: { title: string; summary: string; body: string }) {
  return { head: [...new Set([...bigramTerms(title), ...bigramTerms(summary)])].join(' '), body: wordTerms(body).slice(0, 4000).join(' ') };
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
