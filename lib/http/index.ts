/**
 * The one axios wrapper of the back office.
 *
 * Usage:
 *   const reply = await http.main.get<User[]>('/api/users', { page: 1 });
 *   if (isFailure(reply) || reply.status !== 0) return; // the toast was already shown
 *   use(reply.data);
 *
 * @see SEED §7, §8
 */
import { createHttp, isFailure, NETWORK_FAILURE_TEXT } from './client';
import type { ApiReply, HttpClient } from './client';

export {
  createHttp,
  defaultNotify,
  isFailure,
  NETWORK_FAILURE_TEXT,
  setDefaultNotifier,
  setInUseHandler,
  setSessionEndedHandler,
  UNAVAILABLE_TEXT,
  UNAVAILABLE_WRITE_TEXT,
} from './client';
export type { ApiReply, CreateHttpOptions, HttpClient, HttpFailure, HttpMethod, Notify, RawReply, RequestOptions } from './client';

/**
 * The three API hosts. The env vars are read with literal
 * `process.env.NEXT_PUBLIC_*` expressions so Next inlines them at build time.
 * @see SEED §7, §8
 */
export const http = {
  /** Main API, same origin by default; paths look like '/api/login'. */
  main: createHttp({ baseURL: process.env.NEXT_PUBLIC_API_BASE || '' }),
  /** Product (vehicle catalogue) API. */
  product: createHttp({ baseURL: process.env.NEXT_PUBLIC_PRODUCT_API || '/product-api' }),
  /** Topic (special features) API. */
  topic: createHttp({ baseURL: process.env.NEXT_PUBLIC_TOPIC_API || '/topic-api' }),
} satisfies Record<string, HttpClient>;

/**
 * Login form payload.
 * @see SEED §7, §8
 */
export interface LoginPayload {
  username: string;
  password: string;
}

/** Thrown (and toasted) when the server answers HTTP 401 to a login. */
export const BAD_CREDENTIALS = 'Bad credentials';

/**
 * POSTs /api/login. Unlike the plain requests, login THROWS on any error so
 * the login form can show it:
 * - HTTP 401 → toast and throw `new Error('Bad credentials')`;
 * - no answer → toast 'request failed!' and rethrow the axios error as-is;
 * - any other non-zero status (429 rate limit, 5xx …) → toast like any request
 *   and throw an Error carrying the server's message (the envelope is its `cause`).
 * Resolves to the success envelope (status 0).
 *
 * `client` defaults to the main host; tests pass their own.
 * @see SEED §7, §8
 */
export async function login<T = unknown>(payload: LoginPayload, client: HttpClient = http.main): Promise<ApiReply<T>> {
  const url = '/api/login';
  const result = await client.send<T>('POST', url, payload);
  if (isFailure(result)) {
    client.notify(NETWORK_FAILURE_TEXT);
    throw result;
  }
  if (result.httpStatus === 401) {
    client.notify(BAD_CREDENTIALS);
    throw new Error(BAD_CREDENTIALS, { cause: result.body });
  }
  if (result.body.status !== 0) {
    const text = result.body.message || '请求失败';
    client.notify(`${text} (${url})`);
    throw new Error(text, { cause: result.body });
  }
  return result.body;
}
