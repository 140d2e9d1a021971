import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { INT4_MAX } from '../../lib/constants';
import { bodyPolicy, readBodyText } from './request-guard';

/**
 * The reply envelope of every built-in route: `{ status: 0, data, message: 'ok' }`; errors carry
 * `status` equal to the HTTP status, a Chinese message and, for validation, `errors`.
 * @see DESIGN §2
 */
export function ok<T>(c: Context, data: T) {
  return c.json({ status: 0, data, message: 'ok' }, 200);
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string>,
    /** What the client needs to resolve the refusal (e.g. the library item a duplicate upload matches). */
    readonly data?: unknown,
    /** A 401's cause (`SessionEndReason`), sent beside the message as `reason`. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new ApiError(400, message, errors);
export const notFound = (message = '记录不存在') => new ApiError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new ApiError(409, message, errors);
export const forbidden = (message = '没有权限执行此操作') => new ApiError(403, message);
export const unauthorized = (message = '未登录或登录已过期，请重新登录') => new ApiError(401, message);

export function errorBody(status: number, message: string, errors?: Record<string, string>, data: unknown = null, reason?: string) {
  const body = errors ? { status, data, message, errors } : { status, data, message };
  return reason ? { ...body, reason } : body;
}

/** First message per field, keyed by dotted path (`''` for a whole-object issue becomes `_`). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Parses input with a zod schema or throws a 400 carrying field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest('提交的数据有误，请检查标红的字段', fieldErrors(result.error));
  return result.data;
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
  return value;
}

/**
 * What is wrong with a parsed JSON value, if anything: nesting deeper than JSON_MAX_DEPTH, or a NUL
 * character in any string (keys included). Walks without recursion, so no input overflows the stack.
 */
export function jsonProblem(root: unknown): 'depth' | 'nul' | null {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'nul';
    } else if (value && typeof value === 'object') {
      if (depth >= JSON_MAX_DEPTH) return 'depth';
      for (const [k, v] of Object.entries(value)) {
        if (k.includes('\u0000')) return 'nul';
        stack.push([v, depth + 1]);
      }
    }
  }
  return null;
}

/** Whether a string contains NUL (query strings; bodies go through `jsonProblem`). */
export const hasNul = (text: string) => text.includes('\u0000');

/** `decodeURIComponent` that leaves a malformed escape as it is instead of throwing. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A query-string id filter: a positive int4, or null (absent, malformed or out of range). */
export function idFilter(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= INT4_MAX ? n : null;
}

/**
 * Path parameter `id` as a positive integer, else 404 (an id that cannot exist is a missing
 * record). `max` is the column's range: int4 by default, safe integers for bigserial ids.
 */
export function idParam(c: Context, { name = 'id', max = INT4_MAX }: { name?: string; max?: number } = {}): number {
  const raw = c.req.param(name) ?? '';
  const id = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > max) throw notFound();
  return id;
}
