import { expect, test, type Page } from '@playwright/test';
import { api, settled, shot, signIn } from './helpers';

/**
 * Issue 14, referential integrity: a category that articles use is not deleted. The refusal names
 * the count and links to the filtered 文章列表, and offers to move the articles to another category
 * and delete in one step. Any other refused delete (here a tag) shows the same kind of dialog with
 * its link.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function askToDelete(page: Page, name: string) {
  await page.getByRole('button', { name: `「${name}」的更多操作` }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  const confirm = page.getByRole('dialog', { name: `确定删除分类「${name}」吗？` });
  await settled(page);
  await confirm.getByRole('button', { name: /删\s*除/ }).click();
}

test('分类 in use: refused with the count and a link, the articles moved to another category and the category deleted in one step', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const type = (await api<{ id: number }>(page, 'POST', '/api/category_types', { name: 'E2E栏目' })).data;
  const old = (await api<{ id: number }>(page, 'POST', '/api/categories', { typeId: type.id, name: '旧栏目' })).data;
  const next = (await api<{ id: number }>(page, 'POST', '/api/categories', { typeId: type.id, name: '新栏目' })).data;
  const phone = (await api<{ id: number }>(page, 'POST', '/api/categories', { typeId: type.id, name: '手机栏目' })).data;
  for (const title of ['卡车周报一', '卡车周报二', '卡车周报三'])
    expect((await api(page, 'POST', '/api/articles', { title, categoryId: old.id })).status).toBe(0);
  expect((await api(page, 'POST', '/api/articles', { title: '手机上的稿', categoryId: phone.id })).status).toBe(0);

  await page.goto(`/setting?type=${type.id}`);
  await expect(page.getByText('「E2E栏目」的分类')).toBeVisible();
  await askToDelete(page, '旧栏目');
  const dialog = page.getByRole('dialog', { name: '删除分类「旧栏目」' });
  await expect(dialog.getByText('该分类下有 3 篇文章，不能删除')).toBeVisible();
  await expect(dialog.getByRole('link', { name: '查看这 3 篇文章' })).toHaveAttribute('href', `/article/list?categoryId=${old.id}`);
  const move = dialog.getByRole('button', { name: '移动并删除' });
  await expect(move).toBeDisabled();
  await settled(page);
  await shot(page, 'integrity-move-dialog-1440');

  // The category being deleted cannot be the target.
  await dialog.getByLabel('移到分类').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-disabled').filter({ hasText: '旧栏目' })).toBeVisible();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '新栏目' }).click();
  await move.click();
  await expect(page.getByText('已删除「旧栏目」').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.category-name')).toHaveText(['新栏目', '手机栏目']);

  // The articles are in the new category.
  await page.goto(`/article/list?categoryId=${next.id}`);
  for (const title of ['卡车周报一', '卡车周报二', '卡车周报三']) await expect(page.locator('tbody').getByText(title, { exact: true })).toBeVisible();

  // At 390 px the dialog fits the phone; 取消 keeps the category and its article.
  await page.setViewportSize(PHONE);
  await page.goto(`/setting?type=${type.id}`);
  await askToDelete(page, '手机栏目');
  const narrow = page.getByRole('dialog', { name: '删除分类「手机栏目」' });
  await expect(narrow.getByRole('link', { name: '查看这 1 篇文章' })).toBeVisible();
  await settled(page);
  const box = (await narrow.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'integrity-move-dialog-390');
  // The link opens the filtered list.
  await narrow.getByRole('link', { name: '查看这 1 篇文章' }).click();
  await expect(page).toHaveURL(new RegExp(`/article/list\\?categoryId=${phone.id}$`));
  await expect(page.locator('tbody').getByText('手机上的稿', { exact: true })).toBeVisible();
  await page.setViewportSize(DESKTOP);
});

test('标签 in use: the refusal dialog names the count and opens the filtered list', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const type = (await api<{ id: number }>(page, 'POST', '/api/tags_types', { name: 'E2E标签类' })).data;
  const tag = (await api<{ id: number }>(page, 'POST', '/api/tags', { typeId: type.id, name: '在用标签' })).data;
  expect((await api(page, 'POST', '/api/articles', { title: '带标签的稿', tagIds: [tag.id] })).status).toBe(0);

  await page.goto(`/setting/tag?typeId=${type.id}`);
  await page
    .getByRole('row', { name: /在用标签/ })
    .getByRole('button', { name: /^删除/ })
    .click();
  await settled(page);
  await page
    .getByRole('dialog', { name: '确定删除「在用标签」吗？' })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  const refusal = page.getByRole('dialog', { name: '不能删除' });
  await expect(refusal.getByText('该标签下有 1 篇文章，不能删除')).toBeVisible();
  await settled(page);
  await shot(page, 'integrity-tag-refusal-1440');
  await refusal.getByRole('link', { name: '查看这 1 篇文章' }).click();
  await expect(page).toHaveURL(new RegExp(`/article/list\\?tagId=${tag.id}$`));
  await expect(refusal).toBeHidden();
  await expect(page.locator('tbody').getByText('带标签的稿', { exact: true })).toBeVisible();
});
