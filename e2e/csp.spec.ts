import { expect, test, type Page } from '@playwright/test';
import { api, signIn } from './helpers';

/**
 * Issue 14 I5: every page sends a script policy with its own nonce, and the screens that load the
 * most code (antd, ECharts on 首页, self-hosted TinyMCE and its plugins in 写文章, the preview) run
 * under it with no violation.
 */

/** Every CSP violation the page reports, and every console error, from now on. */
function watchViolations(page: Page) {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => seen.push(`pageerror: ${err.message}`));
  return seen;
}

const nonceOf = (csp: string | null) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? '')?.[1];

test('pages carry a nonce script policy; 首页, 文章列表, 写文章 (TinyMCE) and the preview run under it', async ({ page }) => {
  const seen = watchViolations(page);
  const first = await page.goto('/login');
  const policy = first!.headers()['content-security-policy'];
  expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  // Next put this page's nonce on its scripts; a reload gets another one.
  const nonce = nonceOf(policy);
  expect(await page.evaluate(() => [...document.scripts].filter((s) => s.nonce).map((s) => s.nonce))).toContain(nonce);
  const again = await page.goto('/login');
  expect(nonceOf(again!.headers()['content-security-policy'])).not.toBe(nonce);

  await signIn(page);
  // 首页: KPIs and the ECharts trend (a figure for today, so the charts draw).
  const me = await api<{ id: number }>(page, 'GET', '/api/login_info');
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  expect((await api(page, 'PUT', '/api/statistics/edit', { date: today, userId: me.data.id, pv: 10, uv: 5, reason: 'CSP 检查' })).status).toBe(0);
  await page.goto('/home');
  await expect(page.getByTestId('stats-charts').locator('canvas').first()).toBeVisible({ timeout: 30_000 });

  await page.goto('/article/list');
  await expect(page.getByRole('table')).toBeVisible();

  // 写文章: TinyMCE loads its plugins, skin and language, and takes typing.
  await page.goto('/article/addArticle');
  await expect(page.locator('.tox-edit-area iframe')).toBeVisible({ timeout: 30_000 });
  const body = page.frameLocator('.tox-edit-area iframe').locator('body');
  await expect(body).toHaveAttribute('contenteditable', 'true');
  await expect(page.getByRole('button', { name: '粗体' })).toBeVisible();
  await body.click();
  await page.keyboard.type('策略之下照常输入');
  await expect(body).toContainText('策略之下照常输入');

  // The preview of a saved article with a picture.
  const saved = await api<{ id: number }>(page, 'POST', '/api/articles', { title: 'CSP 预览', content: '<p>正文<img src="/uploads/none.png" alt="图"></p>' });
  expect(saved.status).toBe(0);
  await page.goto(`/article/preview?id=${saved.data.id}`);
  await expect(page.getByText('CSP 预览').first()).toBeVisible();

  // A missing picture is a 404 in the console, not a policy matter: only violations and errors count.
  expect(seen.filter((s) => !/Failed to load resource: the server responded with a status of 404/.test(s))).toEqual([]);
});

test('GET /api/logout from a picture on our own page keeps the session (issue 14 F2)', async ({ page }) => {
  await signIn(page);
  // A picture pointing at /api/logout on our own origin, as a body image once could.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const img = new Image();
        img.onload = img.onerror = () => resolve();
        img.src = `${location.origin}/api/logout`;
      }),
  );
  const me = await page.request.get('/api/login_info');
  expect(me.status()).toBe(200);
});
