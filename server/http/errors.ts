import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';

/**
 * The refusals a route throws; `server/app.ts`'s `onError` turns one into the reply envelope
 * (server/http/reply.ts `errorBody`).
 */
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
