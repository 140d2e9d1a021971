/**
 * Word segmentation that stays linear on long text (issue 14, F1). Node 20's `Intl.Segmenter`
 * (ICU, 'zh' words) takes time quadratic in the length of the string it is given: 75 000 Chinese
 * characters took 10 s, and the request thread does nothing else meanwhile. So a text is handed to
 * it in pieces of at most SEGMENT_CHUNK characters, each ending after whitespace or Chinese
 * punctuation where the piece has one: no word spans such a point, so the words are the ones the
 * whole string gives (tests/unit/text-bounds.test.ts compares them). A piece with no such point
 * (2 000 letters in a row) is cut where it must be, never inside a character.
 */

export const SEGMENT_CHUNK = 2000;

export interface WordSegment {
  segment: string;
  /** A word (letters, digits, Chinese), not spaces or punctuation. */
  isWordLike: boolean;
}

let segmenter: Intl.Segmenter | null | undefined;
function icu(): Intl.Segmenter | null {
  if (segmenter === undefined) segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', { granularity: 'word' }) : null;
  return segmenter;
}

/** After these a word always ends (whitespace, Chinese sentence punctuation and brackets). */
const CUT_AFTER = /[\s、。！？（）《》〈〉「」『』【】〔〕]/;
/** Never cut before these: the rest of a run of spaces, combining marks, joiners and selectors. */
const KEEP_WITH_PREVIOUS = /[\s\p{M}\p{Cf}]/u;
const WHITESPACE = /\s/;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Whether a text may be cut before index `i` without changing its words: at either end, or after
 * whitespace or Chinese punctuation (and not inside a run of spaces or before a combining mark).
 */
export function isCutPoint(text: string, i: number): boolean {
  return i <= 0 || i >= text.length || (CUT_AFTER.test(text[i - 1]) && !KEEP_WITH_PREVIOUS.test(text[i]));
}

/**
 * Where the piece starting at `start` ends (exclusive): after its first run of whitespace (a
 * paragraph, or a word of Latin text: article text has a space wherever a tag stood), else at the
 * last cut point before `max`, else where it must. Pieces so follow the text, not a grid of
 * positions (issue 17): an edit in one paragraph changes that paragraph's piece and no other, and
 * the piece cache below gives the rest as before.
 */
export function pieceEnd(text: string, start: number, max = SEGMENT_CHUNK): number {
  const end = start + max;
  const stop = Math.min(end, text.length);
  for (let i = start + 1; i < stop; i++) if (WHITESPACE.test(text[i - 1]) && !KEEP_WITH_PREVIOUS.test(text[i])) return i;
  if (end >= text.length) return text.length;
  for (let i = end; i > start; i--) if (isCutPoint(text, i)) return i;
  // No natural point: cut anyway, but not inside a surrogate pair or before a mark.
  let i = end;
  while (i > start + 1 && (isLowSurrogate(text.charCodeAt(i)) || /[\p{M}\p{Cf}]/u.test(text[i]))) i--;
  return i;
}

/**
 * Pieces segmented lately, by their text (a piece's segments depend on its text alone), kept
 * compactly: where each segment ends and whether it is a word, about 3 bytes a segment beside the
 * key. At most PIECE_CACHE_CHARS characters of pieces (the bodies of a few hundred articles being
 * edited at once); the least recently used go first.
 */
export const PIECE_CACHE_CHARS = 1_000_000;
type Cached = { ends: Uint16Array; words: Uint8Array };
const pieceCache = new Map<string, Cached>();
let cachedChars = 0;

function segmentPiece(seg: Intl.Segmenter, piece: string): Cached {
  const hit = pieceCache.get(piece);
  if (hit) {
    // Most recently used last.
    pieceCache.delete(piece);
    pieceCache.set(piece, hit);
    return hit;
  }
  const parts = Array.from(seg.segment(piece));
  const out: Cached = { ends: new Uint16Array(parts.length), words: new Uint8Array(parts.length) };
  for (let i = 0; i < parts.length; i++) {
    out.ends[i] = parts[i].index + parts[i].segment.length;
    out.words[i] = parts[i].isWordLike ? 1 : 0;
  }
  pieceCache.set(piece, out);
  cachedChars += piece.length;
  for (const [key] of pieceCache) {
    if (cachedChars <= PIECE_CACHE_CHARS) break;
    pieceCache.delete(key);
    cachedChars -= key.length;
  }
  return out;
}

/**
 * The word segments of a text, in order, segmented piece by piece (lazily: a caller that stops
 * early pays only for what it read). A piece seen lately is not segmented again: saving an
 * article whose one paragraph changed segments that paragraph's pieces only (issue 17).
 * Without `Intl.Segmenter`, characters.
 */
export function* wordSegments(text: string): Generator<WordSegment> {
  const seg = icu();
  if (!seg) {
    for (const ch of text) yield { segment: ch, isWordLike: /[\p{L}\p{N}]/u.test(ch) };
    return;
  }
  for (let start = 0; start < text.length;) {
    const end = pieceEnd(text, start);
    const piece = text.slice(start, end);
    const { ends, words } = segmentPiece(seg, piece);
    for (let i = 0, from = 0; i < ends.length; from = ends[i], i++) yield { segment: piece.slice(from, ends[i]), isWordLike: words[i] === 1 };
    start = end;
  }
}
