/**
 * Three-way merge of an editor's copy (issue 15): the version the editor loaded (`base`), what the
 * editor has now (`mine`) and what the server has now (`theirs`).
 *
 * - A field only one side changed takes that side; a field both changed the same way is settled;
 *   a field both changed differently is a conflict, for a person to choose.
 * - An HTML body is merged by top-level block (paragraph, heading, list, the five blocks): edits
 *   to different paragraphs combine; only a paragraph both sides changed is a conflict, shown side
 *   by side. Blocks are compared in a canonical form, so the editor's re-serialization of a loaded
 *   body is not an edit.
 *
 * Pure, linear in practice (node-diff3's LCS over blocks, bounded: a body past `MAX_BLOCKS` on any
 * side is merged as one field). Unit-tested in tests/unit/merge.test.ts.
 */
import { diff3MergeRegions } from 'node-diff3';

/** Past this many blocks on a side the body is compared whole (the LCS is quadratic in blocks). */
export const MAX_BLOCKS = 3000;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * The top-level blocks of an HTML body, in order, each with its own markup: `<p>a</p><h2>b</h2>` →
 * `['<p>a</p>', '<h2>b</h2>']`. Text or inline markup between blocks is a block of its own;
 * whitespace between blocks is dropped. Joining the blocks gives the body back (less that whitespace).
 */
export function splitBlocks(html: string): string[] {
  const out: string[] = [];
  const tag = /<!--[\s\S]*?-->|<\/?([a-zA-Z][\w-]*)\b[^>]*?(\/?)>/g;
  let depth = 0;
  let start = 0;
  let m: RegExpExecArray | null;
  const push = (end: number) => {
    const piece = html.slice(start, end);
    if (piece.trim()) out.push(piece.trim());
    start = end;
  };
  while ((m = tag.exec(html))) {
    const [text, name, selfClose] = m;
    if (!name) continue; // a comment
    const lower = name.toLowerCase();
    const closing = text.startsWith('</');
    if (closing) {
      depth = Math.max(0, depth - 1);
      if (depth === 0) push(m.index + text.length);
    } else if (VOID.has(lower) || selfClose) {
      if (depth === 0) {
        push(m.index);
        push(m.index + text.length);
      }
    } else {
      if (depth === 0) push(m.index);
      depth += 1;
    }
  }
  push(html.length);
  return out;
}

/** A block in a form where the editor's re-serialization is not a change. */
export function blockKey(block: string): string {
  return block
    .replace(/<([a-zA-Z][\w-]*)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*\/?>/g, (_m, tag: string, attrs: string) => {
      const list = (attrs.match(/[\w-]+(?:="[^"]*")?/g) ?? []).filter((a) => !/^contenteditable(=|$)/.test(a)).sort();
      return `<${tag.toLowerCase()}${list.length ? ' ' + list.join(' ') : ''}>`;
    })
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/>\s+</g, '><')
    .trim();
}

export interface BodyConflict {
  base: string[];
  mine: string[];
  theirs: string[];
}
/** A merged body: runs both sides agree on (or only one changed), and the paragraphs both changed. */
export type BodyPart = { ok: string[] } | { conflict: BodyConflict };
export type BodyChoice = 'mine' | 'theirs' | 'both';

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Merges three lists of blocks (compared by key). Where diff3 sees overlapping changes but the
 * three runs have the same length (paragraphs edited in place, side by side), they are settled
 * paragraph by paragraph, so editing paragraph 2 and paragraph 3 is not a conflict.
 */
export function mergeBlocks(base: string[], mine: string[], theirs: string[]): BodyPart[] {
  const cache = new Map<string, string>();
  const keyOf = (s: string) => {
    let k = cache.get(s);
    if (k === undefined) cache.set(s, (k = blockKey(s)));
    return k;
  };
  // diff3 compares by identity: compare keys, then map back to each side's own markup.
  const regions = diff3MergeRegions(mine.map(keyOf), base.map(keyOf), theirs.map(keyOf));
  const source = { a: mine, o: base, b: theirs };
  const parts: BodyPart[] = [];
  const pushOk = (blocks: string[]) => {
    if (!blocks.length) return;
    const last = parts[parts.length - 1];
    if (last && 'ok' in last) last.ok.push(...blocks);
    else parts.push({ ok: [...blocks] });
  };
  for (const region of regions) {
    if (region.stable) {
      pushOk(source[region.buffer].slice(region.bufferStart, region.bufferStart + region.bufferLength));
      continue;
    }
    const m = mine.slice(region.aStart, region.aStart + region.aLength);
    const t = theirs.slice(region.bStart, region.bStart + region.bLength);
    const o = base.slice(region.oStart, region.oStart + region.oLength);
    const [km, kt, ko] = [m.map(keyOf), t.map(keyOf), o.map(keyOf)];
    if (sameList(km, kt))
      pushOk(m); // both made the same change
    else if (sameList(ko, km))
      pushOk(t); // only theirs changed this run
    else if (sameList(ko, kt))
      pushOk(m); // only mine
    else if (m.length === o.length && t.length === o.length) {
      // In-place edits of neighbouring paragraphs: settle paragraph by paragraph.
      for (let i = 0; i < o.length; i++) {
        if (km[i] === kt[i] || kt[i] === ko[i]) pushOk([m[i]]);
        else if (km[i] === ko[i]) pushOk([t[i]]);
        else parts.push({ conflict: { base: [o[i]], mine: [m[i]], theirs: [t[i]] } });
      }
    } else parts.push({ conflict: { base: o, mine: m, theirs: t } });
  }
  return parts;
}

/** The body merge of three HTML bodies; `conflicts` counts the runs a person must choose. */
export function mergeHtml(base: string, mine: string, theirs: string): { parts: BodyPart[]; conflicts: number } {
  const [b, m, t] = [splitBlocks(base), splitBlocks(mine), splitBlocks(theirs)];
  if (Math.max(b.length, m.length, t.length) > MAX_BLOCKS) {
    const part: BodyPart = { conflict: { base: [base], mine: [mine], theirs: [theirs] } };
    return { parts: [part], conflicts: 1 };
  }
  const parts = mergeBlocks(b, m, t);
  return { parts, conflicts: parts.filter((p) => 'conflict' in p).length };
}

/** The body from its parts and a choice per conflict (in order; a missing choice keeps mine). */
export function joinBody(parts: BodyPart[], choices: BodyChoice[] = []): string {
  let n = 0;
  return parts
    .flatMap((p) => {
      if ('ok' in p) return p.ok;
      const choice = choices[n++] ?? 'mine';
      return choice === 'mine' ? p.conflict.mine : choice === 'theirs' ? p.conflict.theirs : [...p.conflict.mine, ...p.conflict.theirs];
    })
    .join('');
}

export interface FieldsMerge<F> {
  /** The merged fields: settled ones resolved, conflicting ones holding mine until chosen. */
  merged: F;
  /** Fields both sides changed differently (a body with conflicting paragraphs among them). */
  conflicts: Array<keyof F>;
  /** Fields taken from the other side (only they changed them). */
  theirs: Array<keyof F>;
  /** Fields kept from this side (only I changed them). */
  mine: Array<keyof F>;
  /** Bodies both sides changed, merged by paragraph (present whether or not they conflict). */
  bodies: Partial<Record<keyof F, { parts: BodyPart[]; conflicts: number }>>;
}

/**
 * The three-way merge of an editor's fields. `same` compares two values of a field (the editors
 * pass one that reads bodies canonically); `html` names the fields merged by paragraph.
 */
export function mergeFields<F extends object>(
  base: F,
  mine: F,
  theirs: F,
  { names, html = [], same }: { names: ReadonlyArray<keyof F>; html?: ReadonlyArray<keyof F>; same: (name: keyof F, a: unknown, b: unknown) => boolean },
): FieldsMerge<F> {
  const merged = { ...mine };
  const out: FieldsMerge<F> = { merged, conflicts: [], theirs: [], mine: [], bodies: {} };
  for (const name of names) {
    const [b, m, t] = [base[name], mine[name], theirs[name]];
    const mineChanged = !same(name, m, b);
    const theirsChanged = !same(name, t, b);
    if (!theirsChanged || same(name, m, t)) {
      if (mineChanged && theirsChanged) continue; // both made the same change
      if (mineChanged) out.mine.push(name);
      continue;
    }
    if (!mineChanged) {
      merged[name] = t;
      out.theirs.push(name);
      continue;
    }
    if (html.includes(name)) {
      const body = mergeHtml(String(b ?? ''), String(m ?? ''), String(t ?? ''));
      out.bodies[name] = body;
      if (!body.conflicts) {
        (merged as Record<keyof F, unknown>)[name] = joinBody(body.parts);
        out.mine.push(name);
        out.theirs.push(name);
        continue;
      }
    }
    out.conflicts.push(name);
  }
  return out;
}
