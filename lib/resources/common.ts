/**
 * Patterns, options and checks shared by the server's schemas and the client's forms. No zod here:
 * list screens import this module; the zod pieces built on it are in schemas/common.ts (issue 17).
 */

/**
 * Characters no name or text of ours may hold: control characters, bidirectional overrides and
 * isolates (they make 'gpj.exe' read as 'exe.jpg') and zero-width characters (two names that look
 * the same). Multi-line texts keep tab and line breaks.
 */
export const HIDDEN_CHARS = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
export const HIDDEN_CHARS_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

export const PHONE_PATTERN = /^[+\d][\d\s-]{4,30}$/;
/**
 * An avatar is an http(s) link to a named host, or a file we stored ourselves under `/uploads/`.
 * Nothing else: not an API path (`/api/logout` as an avatar signed its owner out on every page),
 * not `//host/…` (another site, though it looks like a path), no `..` segment.
 */
export const AVATAR_PATTERN = /^(?:https?:\/\/[A-Za-z0-9][A-Za-z0-9.-]*(?::\d{1,5})?(?:\/[^\s"'<>\\]*)?|\/uploads(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+)$/;
export const AVATAR_MESSAGE = '头像地址必须是 http(s) 链接或本站上传的图片（/uploads/…），不能是接口地址';

export const ENABLED_OPTIONS = [
  { label: '启用', value: 'true' },
  { label: '停用', value: 'false' },
];

/** The filter value that shows every record, past a filter's `default` (the servers filter nothing on it). */
export const ALL_VALUE = 'all';

/** The 状态 filter of a list whose records are switched off instead of deleted: 启用 by default, 全部 on request. */
export const ENABLED_FILTER = {
  name: 'enabled',
  label: '状态',
  input: 'select' as const,
  options: [...ENABLED_OPTIONS, { label: '全部', value: ALL_VALUE }],
  default: 'true',
};

/**
 * The path prefixes of our API hosts. None of them serves a picture, and a GET there from an
 * `<img>` runs with the viewer's cookies (`/api/logout` signed reviewers out; a body picture at
 * `/api/articles/export.csv` ran exports in their name).
 */
const API_PATH = /^\/(?:api|product-api|topic-api)(?:\/|$)/i;

/**
 * The path a browser (and our server) would ask for: dot segments resolved, percent escapes decoded
 * (repeatedly, so `%252e` cannot hide a dot), resolved again; null when an escape is malformed.
 */
function effectivePath(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://image.invalid').pathname;
    for (let i = 0; i < 4; i++) {
      const decoded = decodeURIComponent(path);
      if (decoded === path) return path;
      path = new URL(decoded.replace(/\\/g, '/'), 'http://image.invalid').pathname;
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * Whether a picture address may be stored (every image field and `<img src>` in article bodies,
 * server/content/sanitize.ts): an http(s) link to a named host or a file under `/uploads/`, and
 * whose path is not under an API path on ANY host. The browser's form checks the same rule and
 * cannot know this deployment's host names, so `https://<any host>/api/…` is refused everywhere; a
 * real picture is never served from there by us, and an outside one can be put in the library.
 */
export function isImageUrl(value: string): boolean {
  if (!AVATAR_PATTERN.test(value)) return false;
  const path = effectivePath(value);
  return path !== null && !API_PATH.test(path) && (!value.startsWith('/') || path.startsWith('/uploads/'));
}

/** An http(s) link, or empty (issue 9: link fields take http(s) URLs only). */
export const LINK_PATTERN = /^https?:\/\/[A-Za-z0-9][A-Za-z0-9.-]*(?::\d{1,5})?(?:[/?#][^\s"'<>\\]*)?$/;

/**
 * An app's own link (`truckapp://news`, `truckapp://article?id=1`): a scheme of letters, digits and
 * `+ . -`, then `://` and no spaces or quotes. For the navigation icons an app shows (ux-2026-11-28
 * P3-20). The schemes a browser or WebView runs or reads instead of handing to an app are refused
 * (`javascript://…%0a…` runs script; `data:`, `file:`, `blob:`, Android's `intent:` …).
 */
export const APP_LINK_PATTERN =
  /^(?!(?:javascript|vbscript|livescript|data|file|blob|about|filesystem|view-source|intent|content|chrome|jar|ws|wss|ftp)(?![a-z0-9+.-]))[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/[^\s"'<>\\`]+$/i;
