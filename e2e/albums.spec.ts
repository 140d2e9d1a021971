import { expect, test, api, expectAccessible, shot, signIn } from './helpers';

/**
 * 专辑管理 as an editor-in-chief uses it: albums created from the keyboard, put in order by drag,
 * an article joined to one shows in its list, and an album that holds articles is not deleted.
 */
test('专辑: create by keyboard, reorder by drag, see the articles in one, delete only an empty one', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/store');
  await expect(page.getByRole('heading', { level: 1, name: '专辑管理' })).toBeVisible();
  await expect(page.getByText('暂无专辑，点击「新增专辑」添加第一条')).toBeVisible();

  for (const name of ['E2E重卡评测', 'E2E物流观察']) {
    await page.getByRole('button', { name: '新增专辑' }).click();
    // The first field has the focus; Enter saves.
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  }
  const names = () => page.locator('tbody tr:not(.ant-table-measure-row) td:nth-child(3)').allTextContents();
  await expect.poll(names).toEqual(['E2E重卡评测', 'E2E物流观察']);
  const target = page.getByRole('row', { name: /E2E重卡评测/ });
  const box = (await target.boundingBox())!;
  await page
    .getByRole('row', { name: /E2E物流观察/ })
    .getByRole('button', { name: /^拖动排序/ })
    .dragTo(target, { targetPosition: { x: box.width / 2, y: 2 } });
  await expect(page.getByText('顺序已保存')).toBeVisible();
  await expect.poll(names).toEqual(['E2E物流观察', 'E2E重卡评测']);

  // An article joins the album (as its editor would save it); the count opens the list.
  const albums = await api<{ list: Array<{ id: number; name: string }> }>(page, 'GET', '/api/articles_album?keyword=E2E重卡');
  const album = albums.data.list[0];
  const saved = await api<{ id: number }>(page, 'POST', '/api/articles', { title: 'E2E 解放 J7 深度评测', albumId: album.id });
  expect(saved.status).toBe(0);
  await page.reload();
  const row = page.getByRole('row', { name: /E2E重卡评测/ });
  await row.getByRole('button', { name: /查看专辑「E2E重卡评测」的 1 篇文章/ }).click();
  const drawer = page.getByRole('dialog', { name: '专辑「E2E重卡评测」的文章' });
  await expect(drawer.getByRole('link', { name: 'E2E 解放 J7 深度评测' })).toHaveAttribute('href', `/article/addArticle?id=${saved.data.id}`);
  await expect(drawer.getByText('共 1 篇')).toBeVisible();
  await expectAccessible(page, 'album articles');
  await shot(page, 'store-album-articles');
  await page.keyboard.press('Escape');

  // The full album's 删除 is unavailable with the reason; the empty one goes.
  await expect(row.getByRole('button', { name: /^删除「E2E重卡评测」（专辑中还有 1 篇文章/ })).toHaveAttribute('aria-disabled', 'true');
  const empty = page.getByRole('row', { name: /E2E物流观察/ });
  await empty.getByRole('button', { name: '删除「E2E物流观察」' }).click();
  await page
    .getByRole('dialog', { name: '确定删除「E2E物流观察」吗？' })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText('已删除专辑「E2E物流观察」')).toBeVisible();
  await expect(empty).toHaveCount(0);
  await expectAccessible(page, 'albums');
  await shot(page, 'store');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('row', { name: /E2E重卡评测/ })).toBeVisible();
  await shot(page, 'store-phone');
});
