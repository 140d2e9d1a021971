import sanitizeHtml from 'sanitize-html';
import { BODY_LIMITS } from '../../lib/resources/articles';
import { isImageUrl } from '../../lib/resources/common';

/**
 * The article HTML allow-list (DESIGN §7, issue 7): ordinary rich text, plus exactly the five
 * custom blocks the editor's buttons insert, each with its own `data-*` ids. Everything else
 * unsafe is dropped: scripts, event handlers, frames, forms, styles beyond text alignment,
 * `javascript:`/`data:` URLs, and images that are not http(s) or our own uploads or that point at
 * an API path (`isImageUrl`, the rule of every image field). Run on every save; the sanitized HTML
 * is what is stored.
 */

/** The custom blocks: their class and the attributes that carry their ids (digits; gallery: a list). */
export const CMS_BLOCKS = {
  'cms-video': ['data-video-id'],
  'cms-vr': ['data-vr-id'],
  'cms-inquiry': ['data-series-id', 'data-product-id'],
  'cms-vote': ['data-activity-id'],
  'cms-gallery': ['data-pic-ids'],
} as const;

const ID = /^\d{1,10}$/;
// Any number of ids is kept here: too many is refused on save (bodyLimitProblem), not silently dropped.
const ID_LIST = /^\d{1,10}(,\d{1,10})*$/;
const ALIGN = [/^(left|right|center|justify)$/];

const BLOCK_ATTRIBUTES = [...new Set(Object.values(CMS_BLOCKS).flat())];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'span',
    'div',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    div: ['class', 'contenteditable', ...BLOCK_ATTRIBUTES],
    p: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
  },
  allowedClasses: { div: Object.keys(CMS_BLOCKS) },
  allowedStyles: { '*': { 'text-align': ALIGN } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Script and style bodies go with their tags; the text of other dropped tags stays.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'xmp',
    'noembed',
    'noframes',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      // A link opening a new tab cannot reach back into our page.
      if (out.target) {
        if (out.target !== '_blank') delete out.target;
        else out.rel = 'noopener noreferrer';
      } else delete out.rel;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      // The rule of every image field (lib/resources/common.ts): http(s) or our uploads, never an API path.
      if (!out.src || !isImageUrl(out.src)) delete out.src;
      for (const dim of ['width', 'height']) if (out[dim] && !/^\d{1,5}$/.test(out[dim])) delete out[dim];
      return { tagName, attribs: out };
    },
    div: (tagName, attribs) => {
      // A div is a custom block or a plain container: block ids stay only on their own block, as digits.
      const block = (attribs.class ?? '').split(/\s+/).find((c) => c in CMS_BLOCKS) as keyof typeof CMS_BLOCKS | undefined;
      const out: sanitizeHtml.Attributes = {};
      if (block) {
        out.class = block;
        out.contenteditable = 'false';
        for (const name of CMS_BLOCKS[block]) {
          const value = attribs[name];
          if (value && (name === 'data-pic-ids' ? ID_LIST : ID).test(value)) out[name] = value;
        }
      }
      return { tagName, attribs: out };
    },
  },
  // An image without a source is nothing; an unlinked anchor keeps its text.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The ids the custom blocks of a (sanitized) article refer to: what the article uses (DESIGN §9). */
export function blockReferences(html: string) {
  const refs = {
    videoIds: new Set<number>(),
    picIds: new Set<number>(),
    vrIds: new Set<number>(),
    activityIds: new Set<number>(),
    productIds: new Set<number>(),
  };
  // The names spelled out: `data-[a-z-]+-ids?` re-scanned the rest of a long "data-data-data-…"
  // from each "data-" in it (quadratic: 100 000 characters of body text took 14 s; issue 14, F1).
  for (const [, name, value] of Array.from(html.matchAll(/(data-(?:video|pic|vr|activity|product)-ids?)="([\d,]+)"/g))) {
    const ids = value.split(',').map(Number);
    const add = (set: Set<number>) => ids.forEach((id) => set.add(id));
    if (name === 'data-video-id') add(refs.videoIds);
    else if (name === 'data-pic-ids') add(refs.picIds);
    else if (name === 'data-vr-id') add(refs.vrIds);
    else if (name === 'data-activity-id') add(refs.activityIds);
    else if (name === 'data-product-id') add(refs.productIds);
  }
  return refs;
}

/**
 * Why a (sanitized) body holds more blocks than an article may (BODY_LIMITS), in words for the
 * editor, or null. Counted on the sanitizer's output, whose block tags are canonical.
 */
export function bodyLimitProblem(html: string): string | null {
  let blocks = 0;
  let pictures = 0;
  for (const [tag] of html.matchAll(/<div class="cms-[a-z]+"[^>]*>/g)) {
    blocks += 1;
    const ids = /\sdata-pic-ids="([\d,]+)"/.exec(tag)?.[1];
    if (!ids) continue;
    const n = ids.split(',').length;
    if (n > BODY_LIMITS.galleryPictures)
      return `一个图集块最多 ${BODY_LIMITS.galleryPictures} 张图片，正文中有一个图集块有 ${n} 张，请拆成几个图集块或删去一些`;
    pictures += n;
  }
  if (blocks > BODY_LIMITS.blocks) return `正文最多 ${BODY_LIMITS.blocks} 个插入块（视频、VR、询价、投票、图集），现在有 ${blocks} 个，请删去一些后再保存`;
  if (pictures > BODY_LIMITS.pictures) return `正文的图集块合计最多 ${BODY_LIMITS.pictures} 张图片，现在有 ${pictures} 张，请删去一些后再保存`;
  return null;
}
