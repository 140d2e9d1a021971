import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './types';

/**
 * What a route answers, recorded on the route the way `jsonBody` records its input: the zod schema
 * of the envelope's `data` on success, and the refusals only the route's own code knows (a 409 of a
 * duplicate, a 423 of someone else's edit lock, a 429 of a quota). The refusals its guards imply
 * (401/403 of `access`, 400 of a validator, 404 of a path id, 403/413/415 of the request guard) are
 * derived by the API description (server/openapi.ts) and not written here. The middleware itself
 * does nothing; tests/api/answer-contract.test.ts checks real answers against what it records.
 * The schema lives in lib/ (a resource's `record`, lib/api/*'s answer schemas) so the browser's
 * record types are `z.output` of the same object.
 * @see docs/decisions.md, "Issue 25: one source for what the API answers"
 */

const ANSWER = Symbol.for('cms.answer');

/** Refusals a route's own code can answer, beside those its guards imply (status → when). */
export type Refusals = Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 415 | 423 | 429 | 502 | 503, string>>;

export interface RouteAnswer {
  /**
   * The envelope's `data` of a 200; null: the route answers something other than the envelope (a
   * CSV, a redirect); undefined: not described yet (`refuses`, tests/api/answer-contract.test.ts
   * lists those routes and the list only shrinks).
   */
  data: z.ZodType | null | undefined;
  refusals: Refusals;
  /** What a 200 is when it is not the JSON envelope (`text/csv`, a redirect's 302). */
  other?: { status: number; type?: string; description: string };
}

type Answering = MiddlewareHandler<AppEnv> & { [ANSWER]: RouteAnswer };

const pass: MiddlewareHandler<AppEnv> = async (_c, next) => next();

/** The route answers `{ status: 0, data, message }` with `data` of this schema; `refusals`: what else its code answers. */
export function answers(data: z.ZodType, refusals: Refusals = {}): Answering {
  return Object.assign(async (...args: Parameters<typeof pass>) => pass(...args), { [ANSWER]: { data, refusals } });
}

/** The route answers something other than the JSON envelope on success (a file, a redirect). */
export function answersOther(other: NonNullable<RouteAnswer['other']>, refusals: Refusals = {}): Answering {
  return Object.assign(async (...args: Parameters<typeof pass>) => pass(...args), { [ANSWER]: { data: null, refusals, other } });
}

/** Only the refusals the route's code answers; its `data` is not described yet. */
export function refuses(refusals: Refusals): Answering {
  return Object.assign(async (...args: Parameters<typeof pass>) => pass(...args), { [ANSWER]: { data: undefined, refusals } });
}

/** What a handler of `app.routes` records, if it is one of the above. */
export const answerOf = (handler: unknown): RouteAnswer | null =>
  typeof handler === 'function' && ANSWER in handler ? (handler as unknown as Answering)[ANSWER] : null;
