import { z } from 'zod';
import { INT4_MAX } from '../../../lib/constants';
import type { Visibility } from '../../../lib/resources/publishing';
import type { DbOrTx } from '../../db/types';
import { parseInput } from '../../http/errors';
import type { DeliveryAnswer } from '../types';

/**
 * What the delivery families share (DESIGN §12; issue 24): the handler's shape, the query pieces
 * (ids, platforms, cursors), and `next`, the earliest time an answer changes by itself.
 *
 * A handler is `(db, query, now) => DeliveryAnswer | null` (null → 404). It parses its query with
 * its own schema (a 400 with field errors), so it answers the same whether the framework parsed the
 * query already or not: the schemas are idempotent (a cursor stays the string it came as).
 */
export type Handler<D> = (db: DbOrTx, query: unknown, now: Date) => Promise<DeliveryAnswer<D> | null>;

/** One family as the framework mounts it: `path` under `/content-api/v1/` (`{id}` a path parameter merged into the query). */
export interface Family<Q extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  /** The name an API key lists to read it (`focus`, `ads` …). */
  family: string;
  path: string;
  query: Q;
  data: D;
  handler: Handler<z.output<D>>;
  /** One line for the API description. */
  summary: string;
}

/** Declares a family with its types tied together. */
export function family<Q extends z.ZodType, D extends z.ZodType>(
  f: Omit<Family<Q, D>, 'handler'> & { handler: (db: DbOrTx, query: z.output<Q>, now: Date) => Promise<DeliveryAnswer<z.output<D>> | null> },
): Family<Q, D> {
  return { ...f, handler: async (db, query, now) => f.handler(db, parseInput(f.query, query ?? {}), now) };
}

/** A positive int4 id in the query (`categoryId=7`). */
export const idQuery = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .positive(`${label}必须是正整数`)
    .max(INT4_MAX, `${label}不存在`);

/** The app and site platforms of keywords and navigation (lib/resources/operations.ts `KEYWORD_PLATFORMS`). */
export const appPlatform = z.enum(['app', 'm', 'pc'], { error: '平台只能是 app、m 或 pc' });

/** A platform code (platforms.code) for the focus families grouped by platform. */
export const platformCode = z.string({ error: '请提供平台代码 platform' }).trim().min(1, '请提供平台代码 platform').max(32, '平台代码不能超过 32 个字符');

/** An ISO time in an answer. */
export const isoTime = z.iso.datetime({ offset: true });
export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * The earliest of the answer's items' next changes (the visibility model's `next`), so a cache's
 * max-age never passes it; null when only a write changes the answer.
 */
export function earliestNext(nexts: Iterable<Date | null | undefined>): Date | null {
  let best: number | null = null;
  for (const d of nexts) if (d && (best === null || d.getTime() < best)) best = d.getTime();
  return best === null ? null : new Date(best);
}
export const nextOf = (visibilities: Visibility[]) => earliestNext(visibilities.map((v) => v.next));

// ——— Cursor pagination ——————————————————————————————————————————————————————————————

/**
 * `?cursor=&limit=` (≤ 50) → `{ list, nextCursor }` (DESIGN §12). The cursor is opaque to the site:
 * the base64url of the last row's order values, here integers (`sort.id`, or `id`).
 */
export const CURSOR_LIMIT_MAX = 50;
export const CURSOR_LIMIT_DEFAULT = 20;

export function encodeCursor(values: number[]): string {
  return Buffer.from(values.join('.')).toString('base64url');
}
export function decodeCursor(cursor: string, size: number): number[] | null {
  const text = Buffer.from(cursor, 'base64url').toString();
  const parts = text.split('.');
  if (parts.length !== size || !parts.every((p) => /^-?\d{1,10}$/.test(p))) return null;
  const values = parts.map(Number);
  return values.every((n) => Math.abs(n) <= INT4_MAX) ? values : null;
}

/** The cursor query of a list ordered by `size` integer columns. */
export const cursorQuery = (size: number) =>
  z.object({
    cursor: z
      .string()
      .max(64, '翻页标记无效')
      .refine((c) => c === '' || decodeCursor(c, size) !== null, '翻页标记无效')
      .optional(),
    limit: z.coerce
      .number({ error: 'limit 必须是数字' })
      .int('limit 必须是整数')
      .min(1, 'limit 至少为 1')
      .max(CURSOR_LIMIT_MAX, `limit 最多 ${CURSOR_LIMIT_MAX}`)
      .default(CURSOR_LIMIT_DEFAULT),
  });

/** A page's schema: `{ list, nextCursor }`. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), nextCursor: z.string().nullable() });
/** A whole small list's schema: `{ list }`. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item) });

/** Cuts the `limit + 1` rows read to the page and names the cursor after its last row. */
export function pageFrom<R, T>(rows: R[], limit: number, order: (row: R) => number[], toItem: (row: R) => T): { list: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return { list: shown.map(toItem), nextCursor: more ? encodeCursor(order(shown[shown.length - 1])) : null };
}
