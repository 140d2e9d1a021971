/**
 * Word-level diff of article bodies that reads well in Chinese (issue 8, DESIGN §8 revisions).
 *
 * The sanitized TinyMCE HTML is turned into tokens: the text is segmented into words with
 * `Intl.Segmenter('zh', { granularity: 'word' })` (解放|J7|深度|试驾, not whole lines), each custom
 * block (`<div class="cms-video" …>`) and each image is one atomic token, and paragraph ends are
 * tokens of their own. A Myers diff over the tokens gives equal / insert / delete runs. Pure: the
 * server computes it for the API and the unit tests drive it directly.
 */

import { isCutPoint, wordSegments } from './segment';

export type DiffOp = 'equal' | 'insert' | 'delete';

export interface Token {
  /** What the reader sees (a block's label, `\n` for a paragraph end). */
  text: string;
  /** Compared for equality: the text, or a block's full HTML so a changed id is a change. */
  key: string;
  /** An atomic custom block or image. */
  block?: boolean;
  /** A whole text run not yet split into words (inside the diff only). */
  run?: boolean;
}

export interface DiffPart {
  op: DiffOp;
  text: string;
  block?: boolean;
}

const BLOCK_LABELS: Record<string, string> = {
  'cms-video': '视频',
  'cms-vr': 'VR',
  'cms-inquiry': '询价',
  'cms-vote': '投票',
  'cms-gallery': '图集',
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[name.toLowerCase()] ?? m;
  });
}

const BLOCK_END = /^(p|div|h[1-6]|li|tr|blockquote|pre|table|ul|ol|figure|figcaption|section|article)$/i;

/** Words of a text run (ICU, in bounded pieces: lib/segment.ts). */
function words(text: string): string[] {
  return Array.from(wordSegments(text), (s) => s.segment);
}

function attr(tag: string, name: string): string {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? decodeEntities(m[2] ?? m[3] ?? m[4] ?? '') : '';
}

/** The label of a custom block: 【视频 #12】, from its class and `data-*` ids. */
function blockLabel(openTag: string, cls: string): string {
  const name = BLOCK_LABELS[cls] ?? '区块';
  const ids = Array.from(openTag.matchAll(/\sdata-([a-z-]+)\s*=\s*"([^"]*)"/gi), (m) => m[2]).filter(Boolean);
  return `【${name}${ids.length ? ` #${ids.join(',')}` : ''}】`;
}

/**
 * What a custom block is, compared: its kind and its `data-*` ids (a changed id is a change). Not its
 * inner HTML: that is a preview the editor draws (a poster, picture sizes, captions from the
 * library), and its serialization differs between the editor and the sanitized record, which marked
 * unchanged 视频 and 图集 blocks as deleted and added again (review P3-10).
 */
function blockKey(openTag: string, cls: string): string {
  const data = Array.from(openTag.matchAll(/\sdata-([a-z-]+)\s*=\s*("([^"]*)"|'([^']*)')/gi), (m) => `${m[1].toLowerCase()}=${m[3] ?? m[4]}`).sort();
  return `${cls}|${data.join('|')}`;
}

/**
 * Tokens of an HTML body: words of the text, paragraph ends, images and custom blocks (atomic).
 * Inline formatting (bold, links) is not compared: the diff is of what a reader reads.
 */
export function tokenizeHtml(html: string): Token[] {
  return split(htmlPieces(html), words);
}

/** An HTML body as text runs (each still whole), paragraph ends, images and blocks. */
function htmlPieces(html: string): Token[] {
  const tokens: Token[] = [];
  const pushText = (raw: string) => {
    if (!raw) return;
    const text = decodeEntities(raw).replace(/\s+/g, ' ');
    if (text) tokens.push({ text, key: text, run: true });
  };
  const pushBreak = () => {
    if (tokens.length && tokens[tokens.length - 1].key !== '\n') tokens.push({ text: '\n', key: '\n' });
  };
  // Tags found by indexOf, not a regex: a body may hold a hundred thousand of them. A stray "<"
  // with no ">" before the next "<" (an unsaved copy is not sanitized) is text; each "<" and ">"
  // is looked at once, so no input sends the scan to the end of the body again and again.
  const isNameChar = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  let last = 0;
  let close = -1;
  for (let open = html.indexOf('<'); open >= 0; open = html.indexOf('<', open + 1)) {
    if (close <= open) close = html.indexOf('>', open + 1);
    if (close < 0) break;
    const next = html.indexOf('<', open + 1);
    if (next >= 0 && next < close) continue;
    pushText(html.slice(last, open));
    last = close + 1;
    // The tag's name: "<", spaces, an optional "/", spaces, letters and digits.
    let i = open + 1;
    while (i < close && html.charCodeAt(i) <= 32) i++;
    const closing = html[i] === '/';
    if (closing) i++;
    while (i < close && html.charCodeAt(i) <= 32) i++;
    let j = i;
    while (j < close && isNameChar(html.charCodeAt(j))) j++;
    if (j === i) continue;
    const name = html.slice(i, j).toLowerCase();
    if (name !== 'div' && name !== 'img' && name !== 'br' && !(closing && BLOCK_END.test(name))) continue;
    const tag = html.slice(open, close + 1);
    const cls =
      !closing && name === 'div'
        ? attr(tag, 'class')
            .split(/\s+/)
            .find((c) => c in BLOCK_LABELS)
        : undefined;
    if (cls) {
      // The whole block up to its matching </div> is one token.
      let depth = 1;
      const inner = /<\s*(\/?)\s*div\b[^<>]*>/gi;
      inner.lastIndex = last;
      let end = html.length;
      let n: RegExpExecArray | null;
      while ((n = inner.exec(html))) {
        depth += n[1] ? -1 : 1;
        if (depth === 0) {
          end = inner.lastIndex;
          break;
        }
      }
      pushBreak();
      tokens.push({ text: blockLabel(tag, cls), key: blockKey(tag, cls), block: true });
      pushBreak();
      last = end;
      open = end - 1;
      continue;
    }
    if (!closing && name === 'img') {
      const alt = attr(tag, 'alt');
      tokens.push({ text: `【图片${alt ? `：${alt}` : ''}】`, key: `img:${attr(tag, 'src')}`, block: true });
      continue;
    }
    if (name === 'br' || (closing && BLOCK_END.test(name))) pushBreak();
  }
  pushText(html.slice(last));
  while (tokens.length && tokens[tokens.length - 1].key === '\n') tokens.pop();
  return tokens;
}

/** Tokens of a plain text (titles, summaries): words, no markup. */
export function tokenizeText(text: string): Token[] {
  return split(textPieces(text), words);
}

const textPieces = (text: string): Token[] => (text ? [{ text, key: text, run: true }] : []);

/** The pieces with each text run split into tokens by `by`. */
function split(pieces: Token[], by: (text: string) => string[]): Token[] {
  const out: Token[] = [];
  for (const p of pieces) {
    if (!p.run) out.push(p);
    else for (const w of by(p.text)) out.push({ text: w, key: w });
  }
  return out;
}

/**
 * Changed text up to this many characters a side is compared word by word, all of it. Beyond it
 * (issue 14, F1: segmenting costs about a microsecond a character even in bounded pieces, and a
 * revision diff is a GET anyone who reads the item may repeat), paragraphs, pictures and blocks
 * are compared first, whole, and only changed paragraphs are split into words, until twice this
 * many characters have been; a paragraph past that shows as replaced whole (one that changed in
 * a few places still shows only the stretch between its first and last change as replaced).
 */
export const WORD_DIFF_MAX_CHARS = 30_000;

const equalOf = (text: string): Edit => ({ op: 'equal', token: { text, key: text } });
const runChars = (list: Token[]) => list.reduce((n, t) => n + (t.run ? t.text.length : 0), 0);

/**
 * The diff of two piece lists. The pieces both sides share at the start and the end stay whole
 * (equal text reads the same however it is split); what lies between is split into words, or,
 * when it is large, compared piece by piece first (see WORD_DIFF_MAX_CHARS).
 */
function diffPieces(a: Token[], b: Token[]): DiffPart[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head].key === b[head].key) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail].key === b[b.length - 1 - tail].key) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const edits: Edit[] = [];
  for (let i = 0; i < head; i++) edits.push({ op: 'equal', token: a[i] });
  if (Math.max(runChars(midA), runChars(midB)) <= WORD_DIFF_MAX_CHARS) {
    for (const e of editScript(split(midA, words), split(midB, words))) edits.push(e);
  } else {
    const budget = { chars: 2 * WORD_DIFF_MAX_CHARS };
    const coarse = editScript(midA, midB);
    for (let i = 0; i < coarse.length;) {
      if (coarse[i].op === 'equal') {
        edits.push(coarse[i++]);
        continue;
      }
      const dels: Token[] = [];
      const inss: Token[] = [];
      for (; i < coarse.length && coarse[i].op !== 'equal'; i++) (coarse[i].op === 'delete' ? dels : inss).push(coarse[i].token);
      for (const e of refine(dels, inss, budget)) edits.push(e);
    }
  }
  for (let i = a.length - tail; i < a.length; i++) edits.push({ op: 'equal', token: a[i] });
  return cleanup(merge(edits));
}

/** A changed stretch of pieces, word by word while the budget lasts. */
function refine(dels: Token[], inss: Token[], budget: { chars: number }): Edit[] {
  const size = runChars(dels) + runChars(inss);
  if (size <= budget.chars) {
    budget.chars -= size;
    return editScript(split(dels, words), split(inss, words));
  }
  const whole = (): Edit[] => [...dels.map((token) => ({ op: 'delete' as const, token })), ...inss.map((token) => ({ op: 'insert' as const, token }))];
  if (dels.length !== 1 || inss.length !== 1 || !dels[0].run || !inss[0].run) return whole();
  // One long paragraph changed: what it kept at its start and end stays equal (cut between words).
  const x = dels[0].text;
  const y = inss[0].text;
  let p = 0;
  while (p < x.length && p < y.length && x.charCodeAt(p) === y.charCodeAt(p)) p++;
  while (p > 0 && !(isCutPoint(x, p) && isCutPoint(y, p))) p--;
  let s = 0;
  while (s < x.length - p && s < y.length - p && x.charCodeAt(x.length - 1 - s) === y.charCodeAt(y.length - 1 - s)) s++;
  while (s > 0 && !(isCutPoint(x, x.length - s) && isCutPoint(y, y.length - s))) s--;
  const mx = x.slice(p, x.length - s);
  const my = y.slice(p, y.length - s);
  const out: Edit[] = p ? [equalOf(x.slice(0, p))] : [];
  if (mx.length + my.length <= budget.chars) {
    budget.chars -= mx.length + my.length;
    for (const e of editScript(split(textPieces(mx), words), split(textPieces(my), words))) out.push(e);
  } else {
    if (mx) out.push({ op: 'delete', token: { text: mx, key: mx } });
    if (my) out.push({ op: 'insert', token: { text: my, key: my } });
  }
  if (s) out.push(equalOf(x.slice(x.length - s)));
  return out;
}

/** Beyond this many differences the diff shows "all replaced" rather than spending seconds. */
export const MAX_EDIT_DISTANCE = 4000;

/**
 * And beyond this many steps of the search (comparisons and frontier cells): Myers costs
 * O((N+M)·D), and periodic text (ababab… shifted) makes it walk long diagonals at every step.
 */
export const MAX_DIFF_WORK = 5_000_000;

type Edit = { op: DiffOp; token: Token };

/**
 * Myers' O((N+M)·D) shortest edit script over tokens compared by `key`, after trimming the common
 * head and tail. Returns runs of equal / delete / insert, deletions before insertions in a change.
 */
export function diffTokens(a: Token[], b: Token[], maxD = MAX_EDIT_DISTANCE, maxWork = MAX_DIFF_WORK): DiffPart[] {
  return cleanup(merge(editScript(a, b, maxD, maxWork)));
}

/** The edit script itself: every token of both sides, in order, as equal, delete or insert. */
function editScript(a: Token[], b: Token[], maxD = MAX_EDIT_DISTANCE, maxWork = MAX_DIFF_WORK): Edit[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head].key === b[head].key) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail].key === b[b.length - 1 - tail].key) tail++;
  const A = a.slice(head, a.length - tail);
  const B = b.slice(head, b.length - tail);
  const edits: Edit[] = [];
  for (let i = 0; i < head; i++) edits.push({ op: 'equal', token: a[i] });
  // A loop, not push(...): a spread of a million arguments overflows the stack.
  for (const e of middle(A, B, maxD, maxWork)) edits.push(e);
  for (let i = a.length - tail; i < a.length; i++) edits.push({ op: 'equal', token: a[i] });
  return edits;
}

function middle(A: Token[], B: Token[], maxD: number, maxWork: number): Edit[] {
  const N = A.length;
  const M = B.length;
  const replaced = (): Edit[] => [...A.map((token) => ({ op: 'delete' as const, token })), ...B.map((token) => ({ op: 'insert' as const, token }))];
  if (!N || !M) return replaced();
  // Lengths further apart than the cap: at least that many differences, known without searching.
  if (Math.abs(N - M) > maxD) return replaced();
  // Keys as numbers: a comparison is then O(1) whatever the length of a paragraph or a block.
  const ids = new Map<string, number>();
  const idsOf = (list: Token[]) =>
    Int32Array.from(list, (t) => {
      let id = ids.get(t.key);
      if (id === undefined) ids.set(t.key, (id = ids.size));
      return id;
    });
  const a = idsOf(A);
  const b = idsOf(B);
  const D = Math.min(N + M, maxD);
  const offset = D + 1;
  const v = new Int32Array(2 * D + 3);
  const trace: Int32Array[] = [];
  let work = 0;
  let found = -1;
  for (let d = 0; d <= D && found < 0; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    work += 2 * d + 3;
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      const from = x;
      while (x < N && y < M && a[x] === b[y]) {
        x++;
        y++;
      }
      work += x - from + 1;
      v[offset + k] = x;
      if (x >= N && y >= M) {
        found = d;
        break;
      }
    }
    if (work > maxWork) break;
  }
  if (found < 0) return replaced();
  // Walk back through the saved frontiers (trace[d] holds v before step d, indices k from -d-1).
  const out: Edit[] = [];
  let x = N;
  let y = M;
  for (let d = found; d > 0; d--) {
    const prev = trace[d];
    const at = (k: number) => prev[k + d + 1];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) (out.push({ op: 'equal', token: A[--x] }), y--);
    if (down) out.push({ op: 'insert', token: B[--y] });
    else out.push({ op: 'delete', token: A[--x] });
  }
  while (x > 0 && y > 0) (out.push({ op: 'equal', token: A[--x] }), y--);
  return out.reverse();
}

/** Adjacent edits of one kind become one run; in a change, the deletion comes first. */
function merge(edits: Array<{ op: DiffOp; token: Token }>): DiffPart[] {
  const parts: DiffPart[] = [];
  const flush = (run: Array<{ op: DiffOp; token: Token }>) => {
    for (const op of ['delete', 'insert', 'equal'] as const) {
      let text = '';
      for (const e of run) {
        if (e.op !== op) continue;
        if (e.token.block) {
          if (text) (parts.push({ op, text }), (text = ''));
          parts.push({ op, text: e.token.text, block: true });
        } else text += e.token.text;
      }
      if (text) parts.push({ op, text });
    }
  };
  let run: Array<{ op: DiffOp; token: Token }> = [];
  for (const e of edits) {
    const changing = e.op !== 'equal';
    const runChanging = run.length > 0 && run[0].op !== 'equal';
    if (run.length && changing !== runChanging) {
      flush(run);
      run = [];
    }
    run.push(e);
  }
  flush(run);
  // Join neighbours of the same op (text only).
  const out: DiffPart[] = [];
  for (const p of parts) {
    const prev = out[out.length - 1];
    if (prev && prev.op === p.op && !prev.block && !p.block) prev.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/**
 * Readability: a lone one-character equal between two changes (…删|的|增…) is folded into the
 * change, so a rewritten sentence reads as one deletion and one insertion, not confetti. One pass:
 * a fold stays open while the next lone character extends it, and is joined once, when it closes.
 */
function cleanup(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let del: string[] | null = null;
  let ins: string[] = [];
  const close = () => {
    if (!del) return;
    out.push({ op: 'delete', text: del.join('') }, { op: 'insert', text: ins.join('') });
    del = null;
  };
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const after = parts[i + 1];
    const lone = p.op === 'equal' && !p.block && p.text !== '\n' && p.text.length <= 2 && Array.from(p.text).length <= 1;
    const before = del !== null || (out.length > 0 && out[out.length - 1].op !== 'equal');
    if (lone && before && after && after.op !== 'equal') {
      if (!del) {
        // Gather the change before it: … [del/ins] p [del/ins] … → del(all) ins(all)
        let from = out.length;
        while (from > 0 && out[from - 1].op !== 'equal' && !out[from - 1].block) from--;
        const gathered = out.splice(from);
        del = gathered.filter((q) => q.op === 'delete').map((q) => q.text);
        ins = gathered.filter((q) => q.op !== 'delete').map((q) => q.text);
      }
      del.push(p.text);
      ins.push(p.text);
      let j = i + 1;
      while (j < parts.length && parts[j].op !== 'equal' && !parts[j].block) {
        (parts[j].op === 'delete' ? del : ins).push(parts[j].text);
        j++;
      }
      i = j - 1;
      continue;
    }
    close();
    out.push(p);
  }
  close();
  return out.filter((p) => p.text !== '');
}

/** Word diff of two HTML bodies. */
export function diffHtml(before: string, after: string): DiffPart[] {
  return diffPieces(htmlPieces(before), htmlPieces(after));
}

/** Word diff of two plain texts. */
export function diffText(before: string, after: string): DiffPart[] {
  return diffPieces(textPieces(before), textPieces(after));
}

/** The text a side of a diff reads (for checks: `before` = equal + delete, `after` = equal + insert). */
export function sideText(parts: DiffPart[], side: 'before' | 'after'): string {
  return parts
    .filter((p) => p.op === 'equal' || p.op === (side === 'before' ? 'delete' : 'insert'))
    .map((p) => p.text)
    .join('');
}

/** Plain text of an HTML body as the diff reads it (blocks by their labels). */
export function htmlReadText(html: string): string {
  return tokenizeHtml(html)
    .map((t) => t.text)
    .join('');
}

/** How an ordered list changed (gallery order, tags): what came, what went, whether the rest moved. */
export function listChange<T>(before: T[], after: T[], key: (item: T) => string = (x) => String(x)) {
  const b = new Set(before.map(key));
  const a = new Set(after.map(key));
  const added = after.filter((x) => !b.has(key(x)));
  const removed = before.filter((x) => !a.has(key(x)));
  const keptBefore = before.map(key).filter((k) => a.has(k));
  const keptAfter = after.map(key).filter((k) => b.has(k));
  const reordered = keptBefore.some((k, i) => k !== keptAfter[i]);
  return { added, removed, reordered };
}
