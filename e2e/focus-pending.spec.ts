import { expect, test, api, expectAccessible, hydrated, signIn } from './helpers';

/**
 * Issue 24 (review P2-2): a focus slot pointing at a scheduled article reads 待发布, not 展示中, says
 * when the article goes out, is counted on the 运营 workbench with a link to the 待发布 list, and
 * reads 展示中 once the article is published.
 */

const SHOTS = process.env.E2E_SHOTS;

test('首页焦点图: a slot on a scheduled article reads 待发布 until the article is out, and the workbench counts it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const stamp = Date.now().toString(36);
  const code = `p${stamp}`;
  expect((await api(page, 'POST', '/api/platform', { name: `平台${stamp}`, code })).status).toBe(0);
  const article = await api<{ id: number }>(page, 'POST', '/api/articles', { title: `明日发布：2027 款解放J7 官方图解 ${stamp}` });
  const publishAt = new Date(Date.now() + 20 * 3600_000).toISOString();
  expect((await api(page, 'PUT', `/api/articles/schedule/${article.data.id}`, { publishAt })).status).toBe(0);
  const slot = await api(page, 'POST', '/api/focus_home', {
    title: `待发布测试 ${stamp}`,
    articleId: article.data.id,
    image: 'https://www.example.com/focus-pending.png',
    platform: code,
    startAt: new Date(Date.now() - 3600_000).toISOString(),
  });
  expect(slot.status, JSON.stringify(slot)).toBe(0);

  await page.goto(`/operation/focus?platform=${code}`);
  const row = page.locator('.ant-table-tbody tr[data-row-key]').filter({ hasText: `待发布测试 ${stamp}` });
  const tag = row.locator('[data-status]');
  await expect(tag).toHaveText('待发布');
  await expect(row.getByText('展示中')).toBeHidden();
  // The reason, in the tag's tooltip: when the article goes out (a hover before hydration shows nothing).
  await hydrated(page);
  await tag.hover();
  await expect(page.getByRole('tooltip')).toContainText('尚未发布');
  await expect(page.getByRole('tooltip')).toContainText('发布前读者看不到这个焦点图');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/focus-pending-1440.png` });
  await page.mouse.move(0, 0);
  await page.keyboard.press('Escape');
  await expectAccessible(page, '首页焦点图 · 待发布');

  await page.goto('/');
  const notice = page.getByTestId('work-focus-offline');
  await expect(notice).toContainText('焦点图的内容尚未发布');
  if (SHOTS) await notice.screenshot({ path: `${SHOTS}/workbench-pending-1440.png` });
  await notice.getByRole('link', { name: `首页焦点图 · 平台${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/operation/focus\\?platform=${code}&status=pending$`));
  await expect(page.locator('.ant-table-tbody tr[data-row-key]')).toHaveCount(1);
  await expect(row.locator('[data-status]')).toHaveText('待发布');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText(`待发布测试 ${stamp}`).first()).toBeVisible();
  await expect(page.locator('[data-status="pending"]').first()).toHaveText('待发布');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/focus-pending-390.png` });

  // Published now: the slot shows.
  await page.setViewportSize({ width: 1440, height: 900 });
  expect((await api(page, 'PUT', `/api/articles/publish/${article.data.id}`, { publishAt: null })).status).toBe(0);
  await page.goto(`/operation/focus?platform=${code}`);
  await expect(row.locator('[data-status]')).toHaveText('展示中');
});
