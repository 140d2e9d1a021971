import { z } from 'zod';
import { idQuery } from '../hosts/host-app';

/**
 * The query pieces every family shares (DESIGN §12): cursor pagination `?cursor=&limit=` (≤ 50)
 * answering `{ list, nextCursor }`, and id filters (absent or empty: no filter; anything but a
 * positive int4: 400 with the field's message).
 */
export { idQuery };

/** A path id (`/articles/:id`): one that cannot exist is a missing item (404, as the main API). */
export const pathId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(2147483647));

export const LIMIT_MAX = 50;

/** Opaque to clients: the sort values of the last item, base64url JSON. */
export const encodeCursor = (values: Array<string | number>) => Buffer.from(JSON.stringify(values)).toString('base64url');

/**
 * `cursor` decoding to the tuple `shape` (400 on the field when it does not), and `limit`.
 * Each list keeps its own tuple (the sort values of its last item).
 */
export function cursorQuery<T extends z.ZodTuple>(shape: T) {
  return z.object({
    cursor: z
      .string()
      .max(400)
      .optional()
      .transform((raw, ctx) => {
        if (!raw) return undefined;
        try {
          const parsed = shape.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
          if (parsed.success) return parsed.data as z.output<T>;
        } catch {
          /* falls through to the issue */
        }
        ctx.addIssue({ code: 'custom', message: 'cursor 无效：请使用上一页返回的 nextCursor' });
        return z.NEVER;
      }),
    limit: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number({ error: `limit 必须是 1–${LIMIT_MAX} 的整数` })
        .int(`limit 必须是 1–${LIMIT_MAX} 的整数`)
        .min(1, `limit 至少为 1`)
        .max(LIMIT_MAX, `limit 最多 ${LIMIT_MAX}`)
        .default(20),
    ),
  });
}

/** A page of a cursor list. */
export const cursorPage = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), nextCursor: z.string().nullable() });

/** The earliest of some times (null: none). */
export function earliest(times: Iterable<Date | null | undefined>): Date | null {
  let best: Date | null = null;
  for (const t of times) if (t && (!best || t.getTime() < best.getTime())) best = t;
  return best;
}
