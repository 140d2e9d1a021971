import http from 'node:http';
import { isIP } from 'node:net';
import type { Context } from 'hono';

/**
 * Who is on the other end of the connection. A route handler in Next only sees a Web `Request`,
 * without the socket, and Next fills `x-forwarded-for` from the socket only when the client did not
 * send one, so that header alone is whatever the client wants it to be. The server process
 * therefore stamps every incoming request with the socket's address in a header of its own,
 * overwriting any copy the client sent (`installPeerStamp`, called from instrumentation.ts).
 */
export const PEER_HEADER = 'x-cms-peer';

export interface Peer {
  /** The socket's remote address (a proxy's, behind one). */
  ip: string;
  /** Whether the socket itself is TLS. */
  tls: boolean;
}

const STAMPED = Symbol.for('cms.peerStamp');
type Flagged = typeof globalThis & { [STAMPED]?: boolean };

/** Stamps every request any http.Server of this process receives. Idempotent. */
export function installPeerStamp() {
  const g = globalThis as Flagged;
  if (g[STAMPED]) return;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const req = args[0] as http.IncomingMessage;
      const socket = req.socket as (typeof req.socket & { encrypted?: boolean }) | undefined;
      req.headers[PEER_HEADER] = `${socket?.remoteAddress ?? ''}|${socket?.encrypted ? 1 : 0}`;
    }
    return (emit as (...a: unknown[]) => boolean).call(this, event, ...args);
  } as typeof emit;
  g[STAMPED] = true;
}

/** The stamped peer of a request; null when this process does not stamp (then the header is the client's). */
export function stampedPeer(req: Request): Peer | null {
  if (!(globalThis as Flagged)[STAMPED]) return null;
  const [ip = '', tls] = (req.headers.get(PEER_HEADER) ?? '').split('|');
  return { ip, tls: tls === '1' };
}

/** A valid IP address in its plain form (`::ffff:10.0.0.1` → `10.0.0.1`), or '' for anything else. */
export function normalizeIp(value: string | undefined): string {
  const v = (value ?? '').trim().replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(v);
  const ip = mapped ? mapped[1] : v;
  return isIP(ip) ? ip.toLowerCase() : '';
}

/**
 * The client address and scheme. Without a configured proxy (`trustProxyHops` 0) only the socket
 * counts; forwarded headers are ignored. Behind N trusted proxies, the client is the entry N places
 * left of the socket in `socket ← x-forwarded-for`: entries further left are client-controlled.
 */
export function clientOf(c: Context, peer: Peer | null, trustProxyHops: number): { ip: string; https: boolean } {
  const socketIp = normalizeIp(peer?.ip);
  if (trustProxyHops === 0) return { ip: socketIp, https: Boolean(peer?.tls) };
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...forwarded, socketIp];
  const ip = normalizeIp(chain[Math.max(0, chain.length - 1 - trustProxyHops)]);
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return { ip, https: proto ? proto === 'https' : Boolean(peer?.tls) };
}
