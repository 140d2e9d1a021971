/**
 * The browser's one data layer (issue 25): TanStack Query holds what the server answered, keyed by
 * the API path it came from, over the one axios wrapper (lib/http), which stays the transport and
 * keeps its error contract (the toast is shown there, never here). zustand keeps client state only
 * (STYLE §1). What this file decides, and nowhere else:
 * - keys: `[path]` is everything of one API resource; `[path, 'list', params]` one page of its list,
 *   `[path, 'record', id]` one record. A write invalidates `[path]`, so every screen showing that
 *   resource (a list, a picker, a count) agrees without a reload;
 * - a reply that is not a success throws `ReplyError` (its toast was already shown), so a screen
 *   reads `data` and `isError` instead of checking `isOk(reply)` by hand;
 * - retries, staleness, refresh on focus (`makeQueryClient`).
 * @see docs/decisions.md, Issue 25: one data layer
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { isFailure, type ApiReply, type HttpFailure } from '../http/client';

type Reply<T> = ApiReply<T> | HttpFailure;

/** A reply that is not a success, thrown by `unwrap`: its toast has already been shown by the wrapper. */
export class ReplyError extends Error {
  /** The envelope's status (-1 when no answer arrived at all). */
  readonly status: number;
  /** Field errors of a refused write (400). */
  readonly errors?: Record<string, string>;
  /** No answer arrived (network, DNS, aborted): worth a retry. */
  readonly isNetwork: boolean;
  constructor(reply: Reply<unknown>) {
    const network = isFailure(reply);
    super(network ? '网络连接失败，请检查网络后重试' : reply.message || '请求失败');
    this.name = 'ReplyError';
    this.isNetwork = network;
    this.status = network ? -1 : reply.status;
    this.errors = network ? undefined : reply.errors;
  }
}

/** The data of a success envelope, else throws `ReplyError` (the wrapper has shown the toast). */
export function unwrap<T>(reply: Reply<T>): T {
  if (isFailure(reply) || reply.status !== 0) throw new ReplyError(reply);
  return reply.data as T;
}

/** Why a query or a write failed, in Chinese, for a message or an empty state. */
export function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '请求失败';
}

export { queryKeys, resourcePath } from './keys';

/** How long an answer counts as fresh: a screen opened again within it shows it without asking. */
export const STALE_MS = 30_000;
/** Reads that got no answer at all are tried again this many times (a 503 is retried by the wrapper). */
export const NETWORK_RETRIES = 1;

/** True when a failed read is worth another try: no answer arrived (an envelope's refusal would only repeat). */
export function shouldRetry(failures: number, error: unknown): boolean {
  return error instanceof ReplyError && error.isNetwork && failures < NETWORK_RETRIES;
}

/**
 * The query client of one browser tab (or of one server render, to hand the first page over):
 * answers stay fresh for `STALE_MS` (the first page the server rendered is not asked for again at
 * once), a read with no answer is retried once, a screen coming back into focus asks again.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_MS,
        retry: shouldRetry,
        retryDelay: 1000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

/** The channel on which a tab tells the others of this origin what it wrote (their screens read it again too). */
const CHANNEL = 'cms-data-written';

/** This tab, so it does not read again what it has just invalidated itself. */
const TAB = Math.random().toString(36).slice(2);

let channel: BroadcastChannel | null | undefined;
function channelOf(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  return channel;
}

function invalidateHere(client: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}

/**
 * After a write: asks every screen showing these keys to read them again, the active ones at once,
 * in this tab and in the person's other tabs (a list left open in another tab agrees as well).
 */
export function invalidate(client: QueryClient, keys: QueryKey[]): Promise<void> {
  try {
    channelOf()?.postMessage({ from: TAB, keys });
  } catch {
    // A key that cannot be cloned is not told to the other tabs; this tab still reads it again.
  }
  return invalidateHere(client, keys);
}

/** Hears the other tabs' writes (`invalidate`) and reads the same keys again here. Returns the stop. */
export function followOtherTabs(client: QueryClient): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const listener = new BroadcastChannel(CHANNEL);
  listener.onmessage = (event: MessageEvent<{ from?: string; keys?: unknown }>) => {
    if (event.data?.from !== TAB && Array.isArray(event.data?.keys)) void invalidateHere(client, event.data.keys as QueryKey[]);
  };
  return () => listener.close();
}
