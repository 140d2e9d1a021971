import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A site's webhook receiver for the tests: a real HTTP server on a free port of 127.0.0.1 that
 * verifies every request with the `standardwebhooks` package (as a site would) and records it.
 * `respond` decides each answer's status (200 unless a test says otherwise).
 */
export interface Received {
  id: string;
  attempt: number;
  verified: boolean;
  type: string;
  body: { type: string; timestamp: string; data: Record<string, any> };
  at: number;
  headers: IncomingHttpHeaders;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The endpoint's secret, once the CMS has shown it. */
  secret: string;
  respond: (r: Received) => number | Promise<number>;
  /** Resolves when `count` verified requests have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    secret: '',
    respond: () => 200,
    async waitFor(count, ms = 5000) {
      const until = Date.now() + ms;
      while (receiver.received.filter((r) => r.verified).length < count) {
        if (Date.now() > until) throw new Error(`receiver: ${receiver.received.length} of ${count} after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return receiver.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      try {
        new Webhook(receiver.secret).verify(text, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      const body = JSON.parse(text || '{}');
      const record: Received = {
        id: String(req.headers['webhook-id']),
        attempt: Number(req.headers['webhook-attempt']),
        verified,
        type: body.type,
        body,
        at: Date.now(),
        headers: req.headers,
      };
      receiver.received.push(record);
      const status = verified ? await receiver.respond(record) : 401;
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(status < 300 ? 'ok' : `失败 ${status}`);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
