import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installMethodGate } from '@/server/http/method-gate';

/**
 * Issue 23 F2: methods no route serves answer 405 with `Allow` on the Node server itself, before a
 * request handler (Next's) sees them. A plain http.Server stands in for Next's here; e2e/security.spec.ts
 * sends the same requests to `next start`.
 */
describe('the method gate', () => {
  let server: http.Server;
  let port = 0;
  const seen: string[] = [];

  beforeAll(async () => {
    installMethodGate();
    server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.end('handled');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The raw reply to a raw request (so methods Node's client would refuse can be sent too). */
  const raw = (method: string, path: string) =>
    new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
      let text = '';
      socket.on('data', (d) => (text += d.toString('utf8')));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head, ...rest] = text.split('\r\n\r\n');
        const [statusLine, ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
      });
    });

  it.each(['TRACE', 'PROPFIND', 'TRACK', 'FOO', 'CONNECT'])('%s answers 405 with Allow, and the handler never runs', async (method) => {
    seen.length = 0;
    const path = method === 'CONNECT' ? '127.0.0.1:22' : '/api/ping';
    const reply = await raw(method, path);
    expect(reply.status).toBe(405);
    expect(seen).toEqual([]);
    if (method !== 'CONNECT') {
      expect(reply.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(reply.headers['content-type']).toContain('application/json');
      expect(JSON.parse(reply.body)).toEqual({ status: 405, data: null, message: `不支持的请求方法 ${method}` });
    }
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('on a page or a file the reply is text and Allow names GET and HEAD', async () => {
    for (const path of ['/login', '/uploads/x.png', '/tinymce/tinymce.min.js']) {
      const reply = await raw('TRACE', path);
      expect(reply.status, path).toBe(405);
      expect(reply.headers.allow, path).toBe('GET, HEAD');
      expect(reply.body, path).toBe('不支持的请求方法 TRACE\n');
    }
    expect(seen).toEqual([]);
  });

  it('served methods go on to the handler', async () => {
    seen.length = 0;
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect((await raw(method, '/api/ping')).status, method).toBe(200);
    }
    expect(seen).toEqual(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((m) => `${m} /api/ping`));
  });
});
