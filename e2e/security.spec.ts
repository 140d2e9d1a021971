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
    // Pages send the nonce script policy (issue 14 I5), which keeps frame-ancestors; the API only that.
    if (path === '/login')
      expect(headers['content-security-policy'], path).toMatch(
        /^script-src 'self' 'nonce-[^']+' 'strict-dynamic'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'$/,
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
