import http from 'node:http';
import type { Duplex } from 'node:stream';
import { securityHeaders } from '../../lib/security-headers';
import { errorBody } from './reply';

/**
 * Request methods outside what this server serves answer 405 with `Allow`, before Next sees them
 * (issue 23 F2). Next 16 builds a Web `Request` for every request before the middleware or any
 * route runs, and undici refuses `TRACE` (and `CONNECT`, `TRACK`) there: a 500 with a stack trace
 * in the log for every such request, from anyone. Node's own parser refuses methods it does not
 * know (`TRACK`, `FOO`) with a bare 400 and never emits a request; Next renders pages for any
 * method it does know (`PROPFIND /login` was a 200). `next start` offers no hook in front of its
 * request handling, so `installMethodGate` (called from instrumentation.ts, as the peer stamp is)
 * answers these on the Node server itself: the `request` and `clientError` events, and `connect`.
 */

/** Every method a route of ours answers (the API's handlers; Next adds HEAD and OPTIONS). */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const SERVED: ReadonlySet<string> = new Set(SERVED_METHODS);

const API_PATH = /^\/(?:api|product-api|topic-api)(?:[/?]|$)/;

/** What `Allow` names for a path: the API hosts' methods, or a page's and a file's (GET, HEAD). */
export function allowedMethods(path: string): string {
  return API_PATH.test(path) ? SERVED_METHODS.join(', ') : 'GET, HEAD';
}

/** Whether a request with this method is answered by the gate rather than by Next. */
export const isRefusedMethod = (method: string | undefined) => !SERVED.has((method ?? '').toUpperCase());

/** The 405 for a path: the API's JSON envelope on the API hosts, plain text elsewhere. */
export function methodNotAllowed(method: string, path: string): { headers: Record<string, string>; body: string } {
  const message = `不支持的请求方法${method ? ` ${method}` : ''}`;
  const isApi = API_PATH.test(path);
  const body = isApi ? JSON.stringify(errorBody(405, message)) : `${message}\n`;
  return {
    headers: {
      Allow: allowedMethods(path),
      'Content-Type': isApi ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
      ...securityHeaders({ https: false }),
    },
    body,
  };
}

/** A method token as the parser saw it, for the message only (never anything but token characters). */
const tokenOf = (raw: unknown) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}(?= )/.exec(Buffer.isBuffer(raw) ? raw.toString('latin1', 0, 40) : '')?.[0] ?? '';
const pathOf = (raw: unknown) => (Buffer.isBuffer(raw) ? /^\S+ (\S+)/.exec(raw.toString('latin1', 0, 2048))?.[1] : undefined) ?? '/';

/** Writes a whole 405 on a bare socket (where no `ServerResponse` exists) and closes it. */
function refuseOnSocket(socket: Duplex, method: string, path: string) {
  if (!socket.writable) return socket.destroy();
  const { headers, body } = methodNotAllowed(method, path);
  const head = Object.entries({ ...headers, Connection: 'close' })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${head}\r\n\r\n${body}`);
}

/**
 * Handles one server event if it is a refused method; true when it did (the event then goes no
 * further). Exported for the unit test, which drives a plain `http.Server`.
 */
export function gateEvent(server: http.Server, event: string | symbol, args: unknown[]): boolean {
  if (event === 'request') {
    const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
    if (!isRefusedMethod(req.method)) return false;
    const { headers, body } = methodNotAllowed(req.method ?? '', req.url ?? '/');
    // The request's own body, if any, is not read: close the connection after the reply.
    res.writeHead(405, { ...headers, Connection: 'close' });
    res.end(body);
    return true;
  }
  if (event === 'clientError') {
    const [err, socket] = args as [NodeJS.ErrnoException & { rawPacket?: unknown }, Duplex];
    if (err?.code !== 'HPE_INVALID_METHOD') return false;
    refuseOnSocket(socket, tokenOf(err.rawPacket), pathOf(err.rawPacket));
    return true;
  }
  // CONNECT goes to `connect` listeners only, and Node drops the connection when there are none:
  // with each server's first connection, one that refuses it the same way.
  if (event === 'connection' && !server.listenerCount('connect')) server.on('connect', refuseConnect);
  return false;
}

function refuseConnect(req: http.IncomingMessage, socket: Duplex) {
  refuseOnSocket(socket, req.method ?? 'CONNECT', req.url ?? '/');
}

const GATED = Symbol.for('cms.methodGate');
type Flagged = typeof globalThis & { [GATED]?: boolean };

/** Gates every http.Server of this process (Next's included). Idempotent. */
export function installMethodGate() {
  const g = globalThis as Flagged;
  if (g[GATED]) return;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (gateEvent(this, event, args)) return true;
    return (emit as (...a: unknown[]) => boolean).call(this, event, ...args);
  } as typeof emit;
  g[GATED] = true;
}
