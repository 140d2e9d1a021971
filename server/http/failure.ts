import type { Context } from 'hono';
import { errorBody } from './reply';

/**
 * Unexpected failures (issue 14): what the API answers and what the log keeps.
 *
 * - The database away (restart, failover, network): 503 with `Retry-After` and one log line naming
 *   the cause; the pool reconnects by itself, so the next request after it is back succeeds.
 * - Anything else: 500; the log keeps the message and the stack frames, never a query's parameters
 *   (Drizzle puts them in the message: session token hashes, passwords' hashes, whole bodies).
 */

export const DB_UNAVAILABLE_MESSAGE = '服务暂时不可用，正在重试';
/** Seconds the browser waits before retrying (lib/http/client.ts honours it). */
export const RETRY_AFTER_SECONDS = 5;

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|Client was closed and is not queryable|the database system is (starting up|shutting down|in recovery mode)/i;

/** The error and its causes (Drizzle wraps the driver's error; Node wraps a refused dual-stack connect in an AggregateError). */
function* chain(err: unknown, depth = 0): Generator<unknown> {
  if (!err || depth > 5) return;
  yield err;
  if (err instanceof AggregateError) for (const e of err.errors) yield* chain(e, depth + 1);
  if (err instanceof Error && err.cause) yield* chain(err.cause, depth + 1);
}

/**
 * When `err` means the database cannot be reached (not a bad query), a short name for the cause
 * (`ECONNREFUSED`, `57P01`, `connection terminated`); otherwise null.
 */
export function dbUnavailableCause(err: unknown): string | null {
  for (const e of chain(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return code;
    const message = e instanceof Error ? e.message : '';
    const m = CONNECTION_MESSAGES.exec(message);
    if (m) return m[0].toLowerCase();
  }
  return null;
}

/** A message without the query parameters Drizzle appends (`\nparams: …`), on one line. */
export function withoutParams(message: string): string {
  const at = message.search(/\nparams:/);
  return (at >= 0 ? message.slice(0, at) : message).replace(/\s*\n\s*/g, ' ').slice(0, 2000);
}

/**
 * The text to log for an unexpected error: each error of the chain as `name[code]: message` (no
 * parameters), then the first one's stack frames (`withStack`).
 */
export function describeError(err: unknown, { withStack = false }: { withStack?: boolean } = {}): string {
  const parts: string[] = [];
  for (const e of chain(err)) {
    if (e instanceof AggregateError) continue;
    const code = (e as { code?: unknown }).code;
    const name = e instanceof Error ? e.name : typeof e;
    const message = e instanceof Error ? e.message : String(e);
    parts.push(`${name}${typeof code === 'string' ? `[${code}]` : ''}: ${withoutParams(message)}`);
  }
  let text = parts.join(' ← caused by ');
  if (withStack && err instanceof Error && err.stack) {
    const frames = err.stack.split('\n').filter((l) => /^\s+at /.test(l));
    if (frames.length) text += `\n${frames.join('\n')}`;
  }
  return text;
}

/** The reply to an error no route handled (server/app.ts and the host apps' onError). */
export function unexpectedErrorReply(c: Context, err: unknown, where: string) {
  const cause = dbUnavailableCause(err);
  if (cause) {
    console.error(`[${where}] ${c.req.method} ${c.req.path} 503：数据库暂时无法连接（${cause}）`);
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json(errorBody(503, DB_UNAVAILABLE_MESSAGE), 503);
  }
  // Log the details on the server (never the query's parameters); never send them to the client.
  console.error(`[${where}] ${c.req.method} ${c.req.path} failed: ${describeError(err, { withStack: true })}`);
  return c.json(errorBody(500, '服务器内部错误，请稍后重试'), 500);
}
