import { expect, test, type Page } from '@playwright/test';
import { api, editorFrame, signIn, waitForEditor } from './helpers';

/**
 * Issue 14 I5 and issue 23 I4: every page sends the whole policy with its own nonce, and the main
 * screens, the editor with a block inserted and the preview run under it without one violation.
 * A violation counts however it shows: the `securitypolicyviolation` event in any frame (TinyMCE's
 * body is a `srcdoc` frame under the page's policy), a console message, or a Content Security Policy
 * issue Chromium records (DevTools' Issues panel), which is how a caught, silent one shows (zod's
 * `new Function` probe, issue 25).
 */

/** Every CSP violation the page reports, and every console error, from now on. */
async function watchViolations(page: Page) {
  const seen: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} in ${location.href}`);
    });
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) seen.push(`console on ${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => seen.push(`pageerror: ${err.message}`));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Audits.enable');
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue')
      seen.push(`Chromium CSP issue on ${page.url()}: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`);
  });
  return seen;
}

const nonceOf = (csp: string | null) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? '')?.[1];

/** The screens a person spends the day on, each left to settle (lists, trees, charts, the library). */
const settle = (page: Page) => page.waitForLoadState('networkidle');
const SCREENS: Array<[string, (page: Page) => Promise<void>]> = [
  ['/home', (page) => expect(page.getByTestId('stats-charts').locator('canvas').first()).toBeVisible({ timeout: 30_000 })],
  ['/article/list', (page) => expect(page.getByRole('table')).toBeVisible()],
  ['/article/check', settle],
  ['/operation/focus', settle],
  ['/department', settle],
  ['/photo', settle],
  ['/setting', settle],
  ['/operation/stats', settle],
];

test('pages carry the whole policy with a nonce; the main screens, 写文章 with a block and the preview raise no violation', async ({ page }) => {
  const seen = await watchViolations(page);
  const first = await page.goto('/login');
  const policy = first!.headers()['content-security-policy'];
  expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  for (const directive of [
    "default-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    'img-src ',
    "connect-src 'self' blob:",
    "media-src 'self' blob:",
    "frame-src 'none'",
    "form-action 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ])
    expect(policy).toContain(directive);
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
  for (const [path, settled] of SCREENS) {
    await page.goto(path);
    await settled(page);
  }
  // A dialog's code (antd's modal, its scroll lock, the form's pickers): 新增首页焦点图.
  const code = `c${Date.now().toString(36)}`;
  expect((await api(page, 'POST', '/api/platform', { name: `CSP 平台 ${code}`, code, enabled: true })).status).toBe(0);
  await page.goto(`/operation/focus?platform=${code}`);
  await page.getByRole('button', { name: '新增首页焦点图' }).click();
  await expect(page.getByRole('dialog', { name: '新增首页焦点图' })).toBeVisible();
  await page.keyboard.press('Escape');

  // 写文章: TinyMCE loads its plugins, skin and language, and takes typing; a VR block goes in.
  await page.goto('/article/addArticle');
  await waitForEditor(page);
  const body = editorFrame(page).locator('body');
  await expect(page.getByRole('button', { name: '粗体' })).toBeVisible();
  await page.getByLabel('标题', { exact: true }).fill('CSP 预览');
  await body.click();
  await page.keyboard.type('策略之下照常输入');
  await expect(body).toContainText('策略之下照常输入');
  await page.getByRole('button', { name: '插入 VR 全景' }).click();
  const vrDialog = page.getByRole('dialog', { name: '插入 VR 全景' });
  await vrDialog.getByRole('radio').first().click();
  await vrDialog.getByRole('button', { name: /插\s*入/ }).click();
  await expect(editorFrame(page).locator('div.cms-vr')).toHaveAttribute('contenteditable', 'false');
  await page.keyboard.type('块后继续');
  await page.getByRole('button', { name: /存草稿/ }).click();
  await expect(page).toHaveURL(/\/article\/addArticle\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));

  // The preview: the VR card drawn by the topic host, and a body picture.
  await page.goto(`/article/preview?id=${id}`);
  await expect(page.getByTestId('preview-vr')).toBeVisible();
  const saved = await api<{ id: number }>(page, 'POST', '/api/articles', { title: 'CSP 图片', content: '<p>正文<img src="/uploads/none.png" alt="图"></p>' });
  expect(saved.status).toBe(0);
  await page.goto(`/article/preview?id=${saved.data.id}`);
  await expect(page.getByText('CSP 图片').first()).toBeVisible();

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
