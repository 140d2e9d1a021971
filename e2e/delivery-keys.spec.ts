import { expect, test, api, expectAccessible, shot, signIn } from './helpers';

/**
 * Issue 24, 站点接口: an admin makes an API key on /setting/delivery (mouse and keyboard), the site
 * reads a published article with it (as curl would: a plain request with the Bearer key and no
 * cookie), and once the admin revokes it the next read is refused.
 */
test('站点接口: an admin creates an API key, reads an article with it, and revokes it', async ({ page, playwright }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const stamp = Date.now().toString(36);
  const created = await api<{ id: number }>(page, 'POST', '/api/articles', {
    title: `E2E 站点接口文章${stamp}`,
    summary: '给网站读取的文章',
    content: '<p>正文</p>',
  });
  expect(created.status).toBe(0);
  expect((await api<{ status: number }>(page, 'PUT', `/api/articles/publish/${created.data.id}`, {})).data.status).toBe(3);

  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByRole('menuitem', { name: '系统设置' }).click();
  await sidebar.getByRole('menuitem', { name: '站点接口' }).click();
  await expect(page).toHaveURL(/\/setting\/delivery$/);
  await expect(page.getByRole('heading', { level: 1, name: '站点接口' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'API 密钥' })).toHaveAttribute('aria-selected', 'true');

  // Create: the name typed, 文章 ticked from the keyboard, 创建 clicked.
  await page.getByRole('button', { name: '新建密钥' }).click();
  const dialog = page.getByRole('dialog', { name: '新建 API 密钥' });
  await expect(dialog.getByLabel('名称')).toBeFocused();
  await page.keyboard.type(`E2E 官网${stamp}`);
  await dialog.getByRole('checkbox', { name: '文章' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: '文章' })).toBeChecked();
  await dialog.getByRole('button', { name: /创\s*建/ }).click();

  const shown = page.getByRole('dialog', { name: '密钥已创建' });
  await expect(shown.getByText('关闭后不会再显示这个密钥')).toBeVisible();
  const key = (await shown.getByTestId('created-key').innerText()).trim();
  expect(key).toMatch(/^cms_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByRole('button', { name: '复制' })).toBeVisible();
  await shot(page, 'delivery-key-created-1440');
  await shown.getByRole('button', { name: '我已保存' }).click();
  await expect(shown).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(`E2E 官网${stamp}`) });
  await expect(row).toContainText(key.slice(0, 8));
  await expect(row).toContainText('文章');
  await expect(row).toContainText('从未使用');

  // The site's request: no cookie, the key only.
  const site = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const read = await site.get(`/content-api/v1/articles/${created.data.id}`, { headers: { authorization: `Bearer ${key}` } });
  expect(read.status()).toBe(200);
  expect((await read.json()).data).toMatchObject({ id: created.data.id, title: `E2E 站点接口文章${stamp}` });
  expect(read.headers()['surrogate-key']).toContain(`article-${created.data.id}`);
  expect((await site.get('/content-api/v1/short_videos', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(403);

  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(`E2E 官网${stamp}`) })).not.toContainText('从未使用');
  await shot(page, 'delivery-keys-1440');
  await page.mouse.move(0, 0);
  await expectAccessible(page, '站点接口');

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'delivery-keys-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Revoke: confirmed, then the very next read is refused.
  await page
    .getByRole('row', { name: new RegExp(`E2E 官网${stamp}`) })
    .getByRole('button', { name: `吊销 E2E 官网${stamp}` })
    .click();
  const confirm = page.getByRole('dialog', { name: `吊销密钥「E2E 官网${stamp}」？` });
  await confirm.getByRole('button', { name: /吊\s*销/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(`E2E 官网${stamp}`) })).toContainText('已吊销');
  const refused = await site.get(`/content-api/v1/articles/${created.data.id}`, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  await site.dispose();
});
