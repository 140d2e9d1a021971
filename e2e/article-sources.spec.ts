import { expect, test, api, expectAccessible, saveButton, shot, signIn, signedInPage, staffWith } from './helpers';

/** Issue 16, 文章来源: a plain resource made from its declaration alone, reached from the menu. */
test('文章来源: an admin opens it from the menu, adds a source and sees it listed', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByRole('menuitem', { name: '系统设置' }).click();
  await sidebar.getByRole('menuitem', { name: '文章来源' }).click();
  await expect(page).toHaveURL(/\/setting\/source$/);
  await expect(page.getByRole('heading', { level: 1, name: '文章来源' })).toBeVisible();
  await expect(page).toHaveTitle('文章来源 - CMS网站管理系统');

  await page.getByRole('button', { name: '新增文章来源' }).click();
  const dialog = page.getByRole('dialog', { name: '新增文章来源' });
  await dialog.getByLabel('来源名称').fill('E2E 中国卡车网');
  await dialog.getByLabel('网址').fill('https://www.example.com/trucks');
  await dialog.getByRole('button', { name: saveButton }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /E2E 中国卡车网/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('switch')).toBeChecked();
  await shot(page, 'setting-article-sources');
  await page.mouse.move(0, 0);
  await expectAccessible(page, '文章来源');
});

/** ux-2026-11-28 P3-13: the editors' 来源 offers the enabled sources; free text still goes. */
test('写文章: an editor without 文章来源 is offered the sources in 来源', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const stamp = Date.now().toString(36);
  expect((await api(page, 'POST', '/api/article_sources', { name: `E2E 商用车新网${stamp}`, url: '', enabled: true })).status).toBe(0);
  expect((await api(page, 'POST', '/api/article_sources', { name: `E2E 停用的来源${stamp}`, url: '', enabled: false })).status).toBe(0);
  const writer = await staffWith(page, 'srcwriter', '作者', ['/article/add', '/article/addArticle', '/article/list']);
  const editor = await signedInPage(browser, writer);
  await editor.goto('/article/addArticle');
  const source = editor.getByLabel('来源', { exact: true });
  await source.click();
  await source.fill('E2E');
  // antd's visible options (its role=option list is for screen readers and stays hidden).
  const offered = editor.locator('.ant-select-item-option');
  await expect(offered.filter({ hasText: `E2E 商用车新网${stamp}` })).toBeVisible();
  await expect(offered.filter({ hasText: `E2E 停用的来源${stamp}` })).toHaveCount(0);
  await offered.filter({ hasText: `E2E 商用车新网${stamp}` }).click();
  await expect(source).toHaveValue(`E2E 商用车新网${stamp}`);
  await editor.screenshot({ path: '/tmp/ux-dialogs/editor-source-1440.png' });
  await editor.context().close();
});
