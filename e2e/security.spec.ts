import net from 'node:net';
import { expect, test, E2E_ADMIN } from './helpers';

/**
 * Issue 10 against the real server: what only the running Next process can show (the socket
 * address stamp, the headers of next.config.ts, the middleware's own API calls).
 */
test('pages and API replies forbid framing and sniffing, each header sent once', async ({ request }) => {
  for (const path of ['/login', '/api/login_info']) {
    const res = await request.get(path);
    const headers = res.headers();
    expect(headers['x-frame-options'], path).toBe('DENY');
    // Pages send the whole policy (issue 14 I5, issue 23 I4), which keeps frame-ancestors; the API only that.
    if (path === '/login')
      expect(headers['content-security-policy'], path).toMatch(
        /^default-src 'self'; script-src 'self' 'nonce-[^']+' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; .*; form-action 'self'; frame-ancestors 'none'$/,
      );
    else expect(headers['content-security-policy'], path).toBe("frame-ancestors 'none'");
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('same-origin');
  }
});

test('a forged X-Forwarded-For does not become the logged address; a forged X-Forwarded-Proto does not sign anyone out', async ({ browser }) => {
  // Every request of this browser claims to come through a TLS proxy from another address.
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '6.6.6.6', 'X-Forwarded-Proto': 'https' } });
  const page = await context.newPage();
  const login = await context.request.post('/api/login', { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  // No proxy is configured: the cookies are not Secure (this is plain http) and they work.
  await page.goto('/department');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page).toHaveURL(/\/department$/);

  const logs = await context.request.get(`/api/log/login?username=${E2E_ADMIN.username}&pageSize=5`);
  const [latest] = (await logs.json()).data.list;
  expect(latest.ip).toBe('127.0.0.1');
  await context.close();
});

test('a write from another origin is refused and changes nothing', async ({ request }) => {
  const cookieLogin = await request.post('/api/login', { data: E2E_ADMIN });
  expect(cookieLogin.status()).toBe(200);
  const forged = await request.post('/api/departments', {
    headers: { origin: 'https://news.example.com', 'content-type': 'text/plain' },
    data: JSON.stringify({ name: '跨站部门' }),
  });
  expect(forged.status()).toBe(403);
  const list = await request.get(`/api/departments?keyword=${encodeURIComponent('跨站部门')}`);
  expect((await list.json()).data.total).toBe(0);
});

/** The status line and headers of a raw request (methods Node's own client would not send). */
function rawRequest(baseURL: string, method: string, path: string) {
  const { hostname, port } = new URL(baseURL);
  return new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.setTimeout(15_000, () => socket.destroy(new Error(`${method} ${path}: no reply`)));
    socket.on('data', (d) => (text += d.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head, body: rest.join('\r\n\r\n') });
    });
  });
}

test('TRACE and other methods no route serves answer 405 with Allow on every path, never 500 (issue 23 F2)', async ({ baseURL, request }) => {
  for (const path of ['/api/ping', '/api/articles', '/login', '/article/list', '/uploads/x.png', '/tinymce/tinymce.min.js', '/_next/static/x.js']) {
    for (const method of ['TRACE', 'TRACK', 'PROPFIND', 'FOO']) {
      const reply = await rawRequest(baseURL!, method, path);
      expect(reply.status, `${method} ${path}`).toBe(405);
      expect(reply.head, `${method} ${path}`).toMatch(
        path.startsWith('/api/') ? /\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i : /\r\nAllow: GET, HEAD\r\n/i,
      );
      expect(reply.body, `${method} ${path}`).toContain(`不支持的请求方法 ${method}`);
    }
  }
  // The server is fine afterwards, and the methods it serves still work.
  expect((await request.get('/api/ping')).status()).toBe(200);
  expect((await request.head('/login')).status()).toBe(200);
});
