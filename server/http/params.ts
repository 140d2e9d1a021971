import type { Context } from 'hono';
import { INT4_MAX } from '../../lib/constants';
import { notFound } from './errors';

/** Reading the URL: query strings and path parameters. */

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
