/**
 * The five custom blocks of the editor (DESIGN §7): the HTML each toolbar button inserts, and the
 * ids read back from stored HTML (the preview and the public site draw a block from its `data-*`
 * ids, never from its inner HTML). The classes and attributes are exactly the server sanitizer's
 * allow-list (server/content/sanitize.ts `CMS_BLOCKS`). Pure; unit-tested.
 */

export type BlockKind = 'video' | 'vr' | 'inquiry' | 'vote' | 'gallery';

export const BLOCK_CLASS: Record<BlockKind, string> = {
  video: 'cms-video',
  vr: 'cms-vr',
  inquiry: 'cms-inquiry',
  vote: 'cms-vote',
  gallery: 'cms-gallery',
};

/** TinyMCE's `noneditable_class`: each block stays whole (core since TinyMCE 6). */
export const NONEDITABLE_CLASS = Object.values(BLOCK_CLASS).join(' ');

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Only http(s) and our own uploads reach an `src` (the sanitizer drops anything else anyway). */
export function safeSrc(url: string | undefined | null): string {
  if (!url) return '';
  return /^(https?:\/\/[^\s"'<>\\]+|\/uploads\/[A-Za-z0-9_~./-]+)$/.test(url) && !url.includes('..') ? url : '';
}

const posId = (n: number) => {
  if (!Number.isInteger(n) || n <= 0) throw new Error(`bad block id ${n}`);
  return String(n);
};

const thumb = (src: string, alt: string) => (safeSrc(src) ? `<img src="${escapeHtml(safeSrc(src))}" alt="${escapeHtml(alt)}">` : '');

export type BlockInput =
  | { kind: 'video'; id: number; title: string; poster?: string }
  | { kind: 'vr'; id: number; title: string; cover?: string }
  | { kind: 'inquiry'; seriesId: number; productId: number; title: string; price?: number }
  | { kind: 'vote'; id: number; title: string }
  | { kind: 'gallery'; pics: Array<{ id: number; url: string; title?: string }> };

/**
 * The HTML of one block: the wrapper carries the ids; the inside is what the editor shows (a label
 * and a thumbnail) and what a reader without scripts would see.
 */
export function blockHtml(input: BlockInput): string {
  switch (input.kind) {
    case 'video':
      return `<div class="cms-video" data-video-id="${posId(input.id)}" contenteditable="false">${thumb(input.poster ?? '', input.title)}<p>视频：${escapeHtml(input.title)}</p></div>`;
    case 'vr':
      return `<div class="cms-vr" data-vr-id="${posId(input.id)}" contenteditable="false">${thumb(input.cover ?? '', input.title)}<p>VR 全景：${escapeHtml(input.title)}</p></div>`;
    case 'inquiry': {
      const price = input.price !== undefined ? ` 指导价 ${input.price} 万元` : '';
      return `<div class="cms-inquiry" data-series-id="${posId(input.seriesId)}" data-product-id="${posId(input.productId)}" contenteditable="false"><p>询价：${escapeHtml(input.title)}${price}</p></div>`;
    }
    case 'vote':
      return `<div class="cms-vote" data-activity-id="${posId(input.id)}" contenteditable="false"><p>投票：${escapeHtml(input.title)}</p></div>`;
    case 'gallery': {
      if (!input.pics.length) throw new Error('empty gallery');
      const ids = input.pics.map((p) => posId(p.id)).join(',');
      return `<div class="cms-gallery" data-pic-ids="${ids}" contenteditable="false">${input.pics
        .slice(0, 200)
        .map((p) => thumb(p.url, p.title ?? ''))
        .join('')}<p>图集：共 ${input.pics.length} 张</p></div>`;
    }
  }
}

/** A block as the preview reads it back from stored HTML. */
export type BlockRef =
  | { kind: 'video'; id: number }
  | { kind: 'vr'; id: number }
  | { kind: 'inquiry'; seriesId: number; productId: number }
  | { kind: 'vote'; id: number }
  | { kind: 'gallery'; ids: number[] };

/** Pieces of an article body in order: plain HTML between blocks, and the blocks' ids. */
export type BodyPiece = { type: 'html'; html: string } | { type: 'block'; block: BlockRef };

const ATTR = (name: string, tag: string) => tag.match(new RegExp(`\\s${name}="([\\d,]+)"`))?.[1];

/** The block an opening `<div …>` tag stands for, or null (a plain div). */
export function blockOfTag(tag: string): BlockRef | null {
  const cls = tag.match(/\sclass="([^"]*)"/)?.[1]?.split(/\s+/) ?? [];
  const num = (v?: string) => (v && /^\d+$/.test(v) ? Number(v) : null);
  if (cls.includes('cms-video')) {
    const id = num(ATTR('data-video-id', tag));
    return id ? { kind: 'video', id } : null;
  }
  if (cls.includes('cms-vr')) {
    const id = num(ATTR('data-vr-id', tag));
    return id ? { kind: 'vr', id } : null;
  }
  if (cls.includes('cms-inquiry')) {
    const seriesId = num(ATTR('data-series-id', tag));
    const productId = num(ATTR('data-product-id', tag));
    return seriesId && productId ? { kind: 'inquiry', seriesId, productId } : null;
  }
  if (cls.includes('cms-vote')) {
    const id = num(ATTR('data-activity-id', tag));
    return id ? { kind: 'vote', id } : null;
  }
  if (cls.includes('cms-gallery')) {
    const ids = (ATTR('data-pic-ids', tag) ?? '').split(',').filter(Boolean).map(Number);
    return ids.length ? { kind: 'gallery', ids } : null;
  }
  return null;
}

/**
 * Splits stored (sanitized) HTML into plain pieces and blocks. A block's inner HTML is skipped: the
 * preview draws it from its ids. Nested divs inside a block are balanced.
 */
export function splitBody(html: string): BodyPiece[] {
  const pieces: BodyPiece[] = [];
  const re = /<div\b[^>]*>/g;
  let at = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    const block = blockOfTag(m[0]);
    if (!block) continue;
    if (m.index > at) pieces.push({ type: 'html', html: html.slice(at, m.index) });
    // Find the matching </div>.
    let depth = 1;
    const inner = /<div\b[^>]*>|<\/div>/g;
    inner.lastIndex = re.lastIndex;
    let end = html.length;
    let t: RegExpExecArray | null;
    while ((t = inner.exec(html))) {
      depth += t[0] === '</div>' ? -1 : 1;
      if (depth === 0) {
        end = inner.lastIndex;
        break;
      }
    }
    pieces.push({ type: 'block', block });
    at = end;
    re.lastIndex = end;
  }
  if (at < html.length) pieces.push({ type: 'html', html: html.slice(at) });
  return pieces;
}
