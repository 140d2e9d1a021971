import type { Context } from 'hono';

/**
 * The reply envelope of every built-in route: `{ status: 0, data, message: 'ok' }`; errors carry
 * `status` equal to the HTTP status, a Chinese message and, for validation, `errors`.
 * @see DESIGN §2
 */
export function ok<T>(c: Context, data: T) {
  return c.json({ status: 0, data, message: 'ok' }, 200);
}

export function errorBody(status: number, message: string, errors?: Record<string, string>, data: unknown = null, reason?: string) {
  const body = errors ? { status, data, message, errors } : { status, data, message };
  return reason ? { ...body, reason } : body;
}
