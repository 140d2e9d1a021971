import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { parseInput } from './errors';
import { readJson } from './body';
import type { AppEnv } from './types';

/**
 * A route's input, validated by middleware that also records its zod schema on the route: the
 * handler reads `c.req.valid('json' | 'query')`, and the API description (server/openapi.ts) reads
 * the schema from `app.routes`, so a route's documented body and query parameters are the ones it
 * checks. Put it after the route's `access(...)` (permission before input, docs/decisions.md).
 * Bodies are read only here and in crudRoutes (tests/api/openapi.test.ts walks the sources).
 */

const INPUT = Symbol.for('cms.input');

export type InputTarget = 'json' | 'query';
export interface RouteInput {
  target: InputTarget;
  schema: z.ZodType;
}

type Validator<T extends InputTarget, S extends z.ZodType> = MiddlewareHandler<
  AppEnv,
  string,
  { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }
> & {
  [INPUT]: RouteInput;
};

/** Reads the JSON body (within the route's size cap) and validates it: 400 with field errors. */
export function jsonBody<S extends z.ZodType>(schema: S): Validator<'json', S> {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    const raw = await readJson(c);
    c.set('rawBody', raw);
    c.req.addValidatedData('json', parseInput(schema, raw) as object);
    await next();
  };
  return Object.assign(mw, { [INPUT]: { target: 'json' as const, schema } }) as Validator<'json', S>;
}

/** Validates the query string; `present`: empty parameters (`brandId=`) are left out first, as no filter. */
export function queryInput<S extends z.ZodType>(schema: S, { present = false }: { present?: boolean } = {}): Validator<'query', S> {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    const query = c.req.query();
    const input = present ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')) : query;
    c.req.addValidatedData('query', parseInput(schema, input) as object);
    await next();
  };
  return Object.assign(mw, { [INPUT]: { target: 'query' as const, schema } }) as Validator<'query', S>;
}

/**
 * Records, without validating, the query schemas a handler parses with itself (the lists that read
 * `page`, `pageSize`, `keyword` and their filters from one query object: 文章列表, its CSV, the review
 * queue, the logs, 数据统计): the API description lists their parameters from these very schema
 * objects, so what is documented is what the handler checks. Plain objects only; their shapes merge.
 */
export function queryDoc(...schemas: z.ZodObject[]): MiddlewareHandler<AppEnv> & { [INPUT]: RouteInput } {
  const schema = z.object(Object.assign({}, ...schemas.map((s) => s.shape)));
  const mw: MiddlewareHandler<AppEnv> = async (_c, next) => next();
  return Object.assign(mw, { [INPUT]: { target: 'query' as const, schema } });
}

/** The schema a handler of `app.routes` validates with, if it is one of the validators above. */
export const inputOf = (handler: unknown): RouteInput | null =>
  typeof handler === 'function' && INPUT in handler ? (handler as unknown as { [INPUT]: RouteInput })[INPUT] : null;

/** The body as sent (after `jsonBody`): what keys a partial update names, a lock token beside the fields. */
export const rawBody = (c: Context<AppEnv>): unknown => c.get('rawBody');

/** The top-level keys the client sent: a partial update writes only these (schema defaults must not reset the others). */
export function sentKeys(c: Context<AppEnv>): string[] {
  const raw = rawBody(c);
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw) : [];
}

/** The parsed value with only the keys the client sent. */
export const onlySent = <T extends object>(c: Context<AppEnv>, parsed: T): Partial<T> => {
  const sent = sentKeys(c);
  return Object.fromEntries(Object.entries(parsed).filter(([k]) => sent.includes(k))) as Partial<T>;
};

/** The context of a handler written apart from its route (a workflow handler) that runs after `jsonBody(schema)`. */
export type WithJson<S extends z.ZodType> = Context<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }>;
