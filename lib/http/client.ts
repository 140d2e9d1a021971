import axios, { AxiosError } from 'axios';
import type { AxiosInstance } from 'axios';
import { message as antdMessage } from 'antd';
import { inUseOf } from '../in-use';

/**
 * The JSON envelope every API reply uses. `status === 0` means success.
 * @see SEED §7, §8
 */
export interface ApiReply<T = unknown> {
  status: number;
  data?: T;
  message?: string;
  /** Field-level validation errors, keyed by field name. */
  errors?: Record<string, string>;
  /** On a 401: why the session ended, when the server knows (lib/guard.ts `SessionEndReason`). */
  reason?: string;
}

/**
 * What a request resolves to when no usable answer arrived at all
 * (network error, DNS failure, CORS, aborted connection …).
 * It is the axios error itself, *returned*, not thrown.
 * @see SEED §7, §8
 */
export type HttpFailure = AxiosError;

/** HTTP verbs the wrapper sends. GET/DELETE put the payload in the query string, the others in a JSON body. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Shows an error toast. Injectable so tests can spy on it. */
export type Notify = (text: string) => void;

/**
 * A reply together with its HTTP status code, for callers that must look at
 * the HTTP code themselves (see `login`, which treats HTTP 401 specially).
 * @see SEED §7, §8
 */
export interface RawReply<T = unknown> {
  httpStatus: number;
  body: ApiReply<T>;
}

/**
 * One API host.
 *
 * Error contract — nothing here ever throws:
 * - the server answered (any HTTP code) → resolves to the envelope; when
 *   `status !== 0` an error toast with the server's message (never an API path) has already been shown;
 * - no answer at all → toast `'request failed!'` and resolves to the
 *   `HttpFailure`; tell the two apart with `isFailure(result)`.
 * - HTTP 503 (the database is away): a GET is retried a few times after the
 *   server's `Retry-After` and 「服务暂时不可用，正在重试」 is shown once per outage;
 *   a write is sent once and told 「服务暂时不可用，操作未完成，请稍后再试」.
 * @see SEED §7, §8
 */
export interface HttpClient {
  request<T = unknown>(method: HttpMethod, url: string, payload?: object, options?: RequestOptions): Promise<ApiReply<T> | HttpFailure>;
  get<T = unknown>(url: string, params?: object): Promise<ApiReply<T> | HttpFailure>;
  post<T = unknown>(url: string, body?: object, options?: RequestOptions): Promise<ApiReply<T> | HttpFailure>;
  put<T = unknown>(url: string, body?: object, options?: RequestOptions): Promise<ApiReply<T> | HttpFailure>;
  del<T = unknown>(url: string, params?: object): Promise<ApiReply<T> | HttpFailure>;
  /** Like `request`, but never shows a toast and also reports the HTTP status. */
  send<T = unknown>(method: HttpMethod, url: string, payload?: object): Promise<RawReply<T> | HttpFailure>;
  /** The toast function this client uses. */
  notify: Notify;
  /** The underlying axios instance (for uploads, progress events …). */
  axios: AxiosInstance;
}

/**
 * Per request: `quiet` shows no toast for a refusal or a missing answer, because the caller tells
 * the person itself in one message (an optimistic change put back, lib/query/optimistic.ts).
 * A 401 still ends the session as always.
 */
export interface RequestOptions {
  quiet?: boolean;
}

/**
 * Options for `createHttp`.
 * @see SEED §7, §8
 */
export interface CreateHttpOptions {
  /** '' = same origin; a path prefix ('/product-api') or an absolute URL. */
  baseURL: string;
  notify?: Notify;
  /** Waits between retries (tests pass one that records instead of sleeping). */
  sleep?: (ms: number) => Promise<void>;
}

/** Toast text shown when no answer arrived. */
export const NETWORK_FAILURE_TEXT = 'request failed!';

/**
 * HTTP 503 (the database is away, server/http/failure.ts): shown once per outage, not per request,
 * while reads are retried; a write is not retried and says it did not go through.
 */
export const UNAVAILABLE_TEXT = '服务暂时不可用，正在重试';
export const UNAVAILABLE_WRITE_TEXT = '服务暂时不可用，操作未完成，请稍后再试';
/** Retries of a read answered 503, waiting `Retry-After` (else 1 s, 2 s, 4 s …, at most 30 s). */
export const UNAVAILABLE_RETRIES = 3;

/** The wait before retry `attempt` (0-based): the server's `Retry-After` seconds, else a doubling backoff. */
export function retryDelayMs(retryAfter: unknown, attempt: number): number {
  const seconds = typeof retryAfter === 'string' && /^\d{1,4}$/.test(retryAfter.trim()) ? Number(retryAfter) : NaN;
  const ms = Number.isFinite(seconds) ? seconds * 1000 : 1000 * 2 ** attempt;
  return Math.min(Math.max(ms, 250), 30_000);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Default toast: antd's static `message.error`. In antd 6 the static methods
 * work outside an `<App>` context (antd may log a warning about theming).
 * @see SEED §7, §8
 */
let notifier: Notify = (text) => {
  void antdMessage.error(text);
};

export const defaultNotify: Notify = (text) => notifier(text);

let onSessionEnded: (body: ApiReply) => void = () => undefined;

/**
 * Called when any request (other than sign-in, which uses `send`) answers HTTP 401. The shell
 * installs one that asks the person to sign in again.
 */
export function setSessionEndedHandler(fn: (body: ApiReply) => void) {
  onSessionEnded = fn;
}

function sessionEnded(body: ApiReply) {
  onSessionEnded(body);
}

let onInUse: ((body: ApiReply) => void) | null = null;

/**
 * Shows a refusal that names what still uses a record (a 409 whose `data.inUse` lists counts and
 * filtered lists, lib/in-use.ts) instead of the toast: the shell installs one that opens a dialog
 * with a link to each list. One place for every screen's delete.
 */
export function setInUseHandler(fn: ((body: ApiReply) => void) | null) {
  onInUse = fn;
}

/**
 * Routes the default toasts through antd's App context once it is mounted (themed, no warning);
 * until then they use antd's static `message`.
 */
export function setDefaultNotifier(fn: Notify) {
  notifier = fn;
}

/**
 * True when a request got no answer at all (the returned value is the error).
 * @see SEED §7, §8
 */
export function isFailure(value: unknown): value is HttpFailure {
  return axios.isAxiosError(value);
}

function isEnvelope(value: unknown): value is ApiReply {
  return typeof value === 'object' && value !== null && typeof (value as ApiReply).status === 'number';
}

/**
 * Builds one API client.
 * @see SEED §7, §8
 */
export function createHttp({ baseURL, notify: notifyAll = defaultNotify, sleep = defaultSleep }: CreateHttpOptions): HttpClient {
  const instance = axios.create({
    baseURL,
    withCredentials: true,
    // Every HTTP code is a valid answer: errors arrive as a JSON envelope.
    validateStatus: () => true,
  });

  /** During an outage (a 503 seen, no other answer since): its notice has been shown. */
  let outage = false;

  /**
   * One exchange; a read (GET, idempotent) answered 503 is retried a few times after the server's
   * `Retry-After`. `onUnavailable` hears of the first 503.
   */
  async function send<T>(
    method: HttpMethod,
    url: string,
    payload?: object,
    onUnavailable?: () => void,
  ): Promise<(RawReply<T> & { retryAfter?: unknown }) | HttpFailure> {
    for (let attempt = 0; ; attempt++) {
      const result = await sendOnce<T>(method, url, payload);
      if (isFailure(result) || result.httpStatus !== 503) {
        if (!isFailure(result)) outage = false;
        return result;
      }
      if (attempt === 0) onUnavailable?.();
      if (method !== 'GET' || attempt >= UNAVAILABLE_RETRIES) return result;
      await sleep(retryDelayMs(result.retryAfter, attempt));
    }
  }

  async function sendOnce<T>(method: HttpMethod, url: string, payload?: object): Promise<(RawReply<T> & { retryAfter?: unknown }) | HttpFailure> {
    const inQuery = method === 'GET' || method === 'DELETE';
    try {
      const response = await instance.request<unknown>({
        method,
        url,
        params: inQuery ? payload : undefined,
        // The API core accepts unsafe methods only as JSON (a cross-site form cannot send that
        // without a preflight), so every write says so, even a DELETE or a POST without a payload:
        // axios drops the header when there is no body, hence the empty object.
        data: method === 'GET' ? undefined : method === 'DELETE' ? {} : (payload ?? {}),
        headers: method === 'GET' ? undefined : { 'Content-Type': 'application/json' },
      });
      const body: ApiReply<T> = isEnvelope(response.data)
        ? (response.data as ApiReply<T>)
        : // An answer that is not our envelope (HTML error page from a proxy, empty 204 …).
          { status: -1, message: `请求失败 (HTTP ${response.status})` };
      return { httpStatus: response.status, body, retryAfter: response.headers?.['retry-after'] };
    } catch (error) {
      return isFailure(error) ? error : AxiosError.from(error);
    }
  }

  async function request<T>(method: HttpMethod, url: string, payload?: object, { quiet = false }: RequestOptions = {}): Promise<ApiReply<T> | HttpFailure> {
    const notify = quiet ? () => undefined : notifyAll;
    const result = await send<T>(method, url, payload, () => {
      // One notice for the whole outage, however many reads the screen makes meanwhile.
      if (method === 'GET' && !outage) notify(UNAVAILABLE_TEXT);
      if (method === 'GET') outage = true;
    });
    if (isFailure(result)) {
      notify(NETWORK_FAILURE_TEXT);
      return result;
    }
    if (result.httpStatus === 503) {
      // A write did not go through (it is not retried: it may not be idempotent); a read that
      // stayed unavailable after its retries was already announced.
      if (method !== 'GET') notify(UNAVAILABLE_WRITE_TEXT);
      return result.body;
    }
    if (result.body.status !== 0) {
      if (onInUse && !quiet && result.httpStatus === 409 && inUseOf(result.body.data)) onInUse(result.body);
      // The server's words only: a person is never shown an API path (issue 16; SEED §8's
      // "message (url)" toast is overridden there, and the path stays in the browser's network log).
      else notify(result.body.message || '请求失败');
    }
    // The session ended while the page was open (expired, password reset, account disabled):
    // the shell offers to sign in again and come back (the form on screen stays until then).
    if (result.httpStatus === 401) sessionEnded(result.body);
    return result.body;
  }

  return {
    request,
    send: <T>(method: HttpMethod, url: string, payload?: object) =>
      send<T>(method, url, payload).then((r) => (isFailure(r) ? r : { httpStatus: r.httpStatus, body: r.body })),
    get: <T>(url: string, params?: object) => request<T>('GET', url, params),
    post: <T>(url: string, body?: object, options?: RequestOptions) => request<T>('POST', url, body, options),
    put: <T>(url: string, body?: object, options?: RequestOptions) => request<T>('PUT', url, body, options),
    del: <T>(url: string, params?: object) => request<T>('DELETE', url, params),
    notify: notifyAll,
    axios: instance,
  };
}
