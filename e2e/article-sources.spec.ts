import { expect, test, expectAccessible, saveButton, shot, signIn } from './helpers';

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
