import type { Context } from 'hono';
import { badRequest, ApiError } from './errors';
import { ALL_MEDIA_TYPES } from '../../lib/media-types';

/**
 * Request bodies: the caps and accepted types per route (checked up front by request-guard.ts,
 * again while the bytes arrive) and the reading of JSON within them.
 */

export const KiB = 1024;
export const MiB = 1024 * KiB;

/** Body caps: JSON writes 1 MB, sign-in 64 KB. Upload routes declare their own in BODY_POLICIES. */
export const JSON_BODY_MAX = MiB;
/**
 * Article writes (save, autosave, the lock heartbeat's unsaved copy, restore) carry a body of up to
 * 900 000 characters (CONTENT_MAX): in Chinese three bytes each, 2.7 MB, plus the rest of the record.
 */
export const ARTICLE_BODY_MAX = 4 * MiB;

export interface BodyPolicy {
  /** Largest body accepted, in bytes. */
  max: number;
  /** Media types accepted (lower case, without parameters). */
  types: readonly string[];
}

const JSON_ONLY: BodyPolicy = { max: JSON_BODY_MAX, types: ['application/json'] };
const ARTICLE_JSON: BodyPolicy = { max: ARTICLE_BODY_MAX, types: ['application/json'] };

/** Routes whose bodies differ from the JSON default, by exact API path. */
export const BODY_POLICIES: Record<string, BodyPolicy> = {
  '/api/login': { max: 64 * KiB, types: ['application/json'] },
  '/api/articles': ARTICLE_JSON,
};

/**
 * Routes under a prefix with their own bodies: the local storage driver receives files there
 * (`PUT /api/uploads/<ticket>`), as large as the largest kind allows; the ticket then holds each
 * upload to its own kind's limit while the bytes arrive.
 */
export const BODY_PREFIX_POLICIES: Array<{ prefix: string; policy: BodyPolicy }> = [
  { prefix: '/api/uploads/', policy: { max: 10 * 1024 * MiB, types: ALL_MEDIA_TYPES } },
  { prefix: '/api/articles/', policy: ARTICLE_JSON },
];

export function bodyPolicy(path: string): BodyPolicy {
  return BODY_POLICIES[path] ?? BODY_PREFIX_POLICIES.find((p) => path.startsWith(p.prefix))?.policy ?? JSON_ONLY;
}

export const tooLarge = (max: number) => new ApiError(413, `请求内容过大（上限 ${max >= MiB ? `${max / MiB} MB` : `${max / KiB} KB`}）`);

/** Strict UTF-8: bytes that are not UTF-8 are refused, never turned into U+FFFD (issue 23 F3). */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export const notUtf8 = () => badRequest('请求内容不是有效的 UTF-8 文本，请以 UTF-8 编码发送');

/**
 * Reads a request body as UTF-8 text, counting bytes as they arrive and stopping at `max` (a
 * missing or lying Content-Length does not get a large body buffered). Bytes that are not UTF-8
 * (a GBK client's 赌博) are a 400: decoded loosely they would be stored as something else.
 */
export async function readBodyText(req: Request, max: number): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  try {
    return UTF8.decode(Buffer.concat(chunks, size));
  } catch {
    throw notUtf8();
  }
}

/** Deepest nesting a JSON body may have; no form of ours comes near it. */
export const JSON_MAX_DEPTH = 32;

/**
 * Reads a JSON body within the route's size cap (413 beyond it); a missing body is `{}`, a
 * malformed or too deeply nested one a 400, not a 500.
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await readBodyText(c.req.raw, bodyPolicy(c.req.path).max);
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('请求体不是合法的 JSON');
  }
  const problem = jsonProblem(value);
  if (problem === 'depth') throw badRequest(`请求内容嵌套过深（最多 ${JSON_MAX_DEPTH} 层）`);
  // PostgreSQL text cannot hold NUL: a clear 400 here rather than a 500 from the driver.
  if (problem === 'nul') throw badRequest('请求内容包含非法字符（NUL）');
  // `"\ud800"`: valid JSON, but half a character; stored, it becomes U+FFFD.
  if (problem === 'surrogate') throw badRequest('请求内容包含无效的 Unicode 字符（不成对的代理项）');
  return value;
}

/** A lone surrogate (`\ud800` without its pair): with the `u` flag, pairs are whole code points. */
const LONE_SURROGATE = /\p{Cs}/u;

const stringProblem = (s: string) => (s.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(s) ? 'surrogate' : null);

/**
 * What is wrong with a parsed JSON value, if anything: nesting deeper than JSON_MAX_DEPTH, or a NUL
 * character or a lone surrogate in any string (keys included). Walks without recursion, so no input
 * overflows the stack.
 */
export function jsonProblem(root: unknown): 'depth' | 'nul' | 'surrogate' | null {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = stringProblem(value);
      if (problem) return problem;
    } else if (value && typeof value === 'object') {
      if (depth >= JSON_MAX_DEPTH) return 'depth';
      for (const [k, v] of Object.entries(value)) {
        const problem = stringProblem(k);
        if (problem) return problem;
        stack.push([v, depth + 1]);
      }
    }
  }
  return null;
}
