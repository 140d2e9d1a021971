/**
 * Word-level diff of article bodies that reads well in Chinese (issue 8, DESIGN §8 revisions).
 *
 * The sanitized TinyMCE HTML is turned into tokens: the text is segmented into words with
 * `Intl.Segmenter('zh', { granularity: 'word' })` (解放|J7|深度|试驾, not whole lines), each custom
 * block (`<div class="cms-video" …>`) and each image is one atomic token, and paragraph ends are
 * tokens of their own. A Myers diff over the tokens gives equal / insert / delete runs. Pure: the
 * server computes it for the API and the unit tests drive it directly.
 */

export type DiffOp = 'equal' | 'insert' | 'delete';

export interface Token {
  /** What the reader sees (a block's label, `\n` for a paragraph end). */
  text: string;
  /** Compared for equality: the text, or a block's full HTML so a changed id is a change. */
  key: string;
  /** An atomic custom block or image. */
  block?: boolean;
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
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[name.toLowerCase()] ?? m;
  });
}

const BLOCK_END = /^(p|div|h[1-6]|li|tr|blockquote|pre|table|ul|ol|figure|figcaption|section|article)$/i;

let segmenter: Intl.Segmenter | null | undefined;
function words(text: string): string[] {
  if (segmenter === undefined) segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', { granularity: 'word' }) : null;
  if (!segmenter) return Array.from(text); // character level: still not by line
  return Array.from(segmenter.segment(text), (s) => s.segment);
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
 * Tokens of an HTML body: words of the text, paragraph ends, images and custom blocks (atomic).
 * Inline formatting (bold, links) is not compared: the diff is of what a reader reads.
 */
export function tokenizeHtml(html: string): Token[] {
  const tokens: Token[] = [];
  const pushText = (raw: string) => {
    const text = decodeEntities(raw).replace(/\s+/g, ' ');
    if (!text) return;
    for (const w of words(text)) tokens.push({ text: w, key: w });
  };
  const pushBreak = () => {
    if (tokens.length && tokens[tokens.length - 1].key !== '\n') tokens.push({ text: '\n', key: '\n' });
  };
  const re = /<[^>]*>/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    pushText(html.slice(last, m.index));
    last = re.lastIndex;
    const tag = m[0];
    const nameMatch = /^<\s*(\/?)\s*([a-z0-9]+)/i.exec(tag);
    if (!nameMatch) continue;
    const [, closing, name] = nameMatch;
    const cls = attr(tag, 'class').split(/\s+/).find((c) => c in BLOCK_LABELS);
    if (!closing && name.toLowerCase() === 'div' && cls) {
      // The whole block up to its matching </div> is one token.
      let depth = 1;
      const inner = /<\s*(\/?)\s*div\b[^>]*>/gi;
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
      const whole = html.slice(m.index, end);
      pushBreak();
      tokens.push({ text: blockLabel(tag, cls), key: whole, block: true });
      pushBreak();
      re.lastIndex = last = end;
      continue;
    }
    if (!closing && name.toLowerCase() === 'img') {
      const alt = attr(tag, 'alt');
      tokens.push({ text: `【图片${alt ? `：${alt}` : ''}】`, key: `img:${attr(tag, 'src')}`, block: true });
      continue;
    }
    if (name.toLowerCase() === 'br' || (closing && BLOCK_END.test(name))) pushBreak();
  }
  pushText(html.slice(last));
  while (tokens.length && tokens[tokens.length - 1].key === '\n') tokens.pop();
  return tokens;
}

/** Tokens of a plain text (titles, summaries): words, no markup. */
export function tokenizeText(text: string): Token[] {
  return words(text).map((w) => ({ text: w, key: w }));
}

/** Beyond this many differences the diff shows "all replaced" rather than spending seconds. */
export const MAX_EDIT_DISTANCE = 4000;

/**
 * Myers' O((N+M)·D) shortest edit script over tokens compared by `key`, after trimming the common
 * head and tail. Returns runs of equal / delete / insert, deletions before insertions in a change.
 */
export function diffTokens(a: Token[], b: Token[], maxD = MAX_EDIT_DISTANCE): DiffPart[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head].key === b[head].key) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail].key === b[b.length - 1 - tail].key) tail++;
  const A = a.slice(head, a.length - tail);
  const B = b.slice(head, b.length - tail);
  const edits: Array<{ op: DiffOp; token: Token }> = [];
  for (let i = 0; i < head; i++) edits.push({ op: 'equal', token: a[i] });
  edits.push(...middle(A, B, maxD));
  for (let i = a.length - tail; i < a.length; i++) edits.push({ op: 'equal', token: a[i] });
  return cleanup(merge(edits));
}

function middle(A: Token[], B: Token[], maxD: number): Array<{ op: DiffOp; token: Token }> {
  const N = A.length;
  const M = B.length;
  if (!N) return B.map((token) => ({ op: 'insert' as const, token }));
  if (!M) return A.map((token) => ({ op: 'delete' as const, token }));
  const max = N + M;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= Math.min(max, maxD); d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < N && y < M && A[x].key === B[y].key) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= N && y >= M) {
        found = d;
        break;
      }
    }
    if (found >= 0) break;
  }
  if (found < 0) return [...A.map((token) => ({ op: 'delete' as const, token })), ...B.map((token) => ({ op: 'insert' as const, token }))];
  // Walk back through the saved frontiers (trace[d] holds v before step d, indices k from -d-1).
  const out: Array<{ op: DiffOp; token: Token }> = [];
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
    while (x > prevX && y > prevY) out.push({ op: 'equal', token: A[--x] }), y--;
    if (down) out.push({ op: 'insert', token: B[--y] });
    else out.push({ op: 'delete', token: A[--x] });
  }
  while (x > 0 && y > 0) out.push({ op: 'equal', token: A[--x] }), y--;
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
          if (text) parts.push({ op, text }), (text = '');
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
 * change, so a rewritten sentence reads as one deletion and one insertion, not confetti.
 */
function cleanup(parts: DiffPart[]): DiffPart[] {
  let changed = true;
  let out = parts;
  while (changed) {
    changed = false;
    const next: DiffPart[] = [];
    for (let i = 0; i < out.length; i++) {
      const p = out[i];
      const before = next[next.length - 1];
      const after = out[i + 1];
      if (p.op === 'equal' && !p.block && Array.from(p.text).length <= 1 && p.text !== '\n' && before && before.op !== 'equal' && after && after.op !== 'equal') {
        // Gather the change around it: … [del/ins] p [del/ins] … → del(all) ins(all)
        const del: string[] = [];
        const ins: string[] = [];
        while (next.length && next[next.length - 1].op !== 'equal' && !next[next.length - 1].block) {
          const q = next.pop()!;
          (q.op === 'delete' ? del : ins).unshift(q.text);
        }
        del.push(p.text);
        ins.push(p.text);
        let j = i + 1;
        while (j < out.length && out[j].op !== 'equal' && !out[j].block) {
          (out[j].op === 'delete' ? del : ins).push(out[j].text);
          j++;
        }
        next.push({ op: 'delete', text: del.join('') }, { op: 'insert', text: ins.join('') });
        i = j - 1;
        changed = true;
        continue;
      }
      next.push(p);
    }
    out = next;
  }
  return out.filter((p) => p.text !== '');
}

/** Word diff of two HTML bodies. */
export function diffHtml(before: string, after: string): DiffPart[] {
  return diffTokens(tokenizeHtml(before), tokenizeHtml(after));
}

/** Word diff of two plain texts. */
export function diffText(before: string, after: string): DiffPart[] {
  return diffTokens(tokenizeText(before), tokenizeText(after));
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
