import { readFile } from 'node:fs/promises';
import { type Browser, type Page } from '@playwright/test';
import { expect, test, api, expectAccessible, settled, signIn } from './helpers';

/**
 * Issue 7, 文章列表: filter by status and keyword (kept in the URL), select two rows and move them to
 * another category, export the filtered list as CSV, the empty state with 清除筛选, preview in a new
 * tab; no editor or chart code on the page. Records are this test's own (names start with 列表E2E).
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function checkA11y(page: Page, label: string) {
  await page.mouse.move(0, 0);
  await expectAccessible(page, label);
}

const rowOf = (page: Page, title: string) => page.locator('tr.ant-table-row').filter({ hasText: title });

test('文章列表: filter, move two to another category, export CSV, empty state, preview', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const type = await api<{ id: number }>(page, 'POST', '/api/category_types', { name: '列表E2E类型' });
  const from = await api<{ id: number }>(page, 'POST', '/api/categories', { typeId: type.data.id, name: '列表E2E甲' });
  await api(page, 'POST', '/api/categories', { typeId: type.data.id, name: '列表E2E乙' });
  for (const title of ['列表E2E卡车新闻一', '列表E2E卡车新闻二', '列表E2E其他稿件']) {
    const created = await api(page, 'POST', '/api/articles', { title, categoryId: from.data.id, summary: '冬季用车' });
    expect(created.status, created.message).toBe(0);
  }

  // Scripts the page loads: none may be the editor or the charts.
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.url());
  });

  await page.goto('/article/list');
  await expect(page.getByRole('heading', { level: 1, name: '文章列表' })).toBeVisible();
  await expect(page).toHaveTitle('文章列表 - CMS网站管理系统');
  await expect(rowOf(page, '列表E2E卡车新闻一')).toBeVisible();

  // Status 草稿 and a keyword: both in the URL, and a reload keeps them.
  await page.getByRole('combobox', { name: '状态' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '草稿' }).click();
  await expect(page).toHaveURL(/status=0/);
  await page.getByRole('searchbox', { name: '关键词' }).fill('卡车新闻');
  await expect(page).toHaveURL(/keyword=%E5%8D%A1%E8%BD%A6%E6%96%B0%E9%97%BB/);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: '关键词' })).toHaveValue('卡车新闻');
  await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: '状态' }) })).toContainText('草稿');
  await expect(page.locator('tr.ant-table-row')).toHaveCount(2);
  await expect(rowOf(page, '列表E2E其他稿件')).toHaveCount(0);
  await checkA11y(page, 'article list, filtered');
  await page.screenshot({ path: '/tmp/list-1440-filtered.png', fullPage: true });

  // Select both and move them to 列表E2E乙.
  await page.getByRole('checkbox', { name: '选择「列表E2E卡车新闻一」' }).check();
  await page.getByRole('checkbox', { name: '选择「列表E2E卡车新闻二」' }).check();
  const bar = page.getByRole('region', { name: '批量操作' });
  await expect(bar).toContainText('已选 2 项');
  await bar.getByRole('button', { name: '移动到分类' }).click();
  const dialog = page.getByRole('dialog', { name: '移动 2 篇文章到分类' });
  await settled(page);
  await dialog.getByRole('combobox', { name: '目标分类' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '列表E2E乙' }).click();
  await checkA11y(page, 'move dialog');
  await page.screenshot({ path: '/tmp/list-1440-move.png' });
  await dialog.getByRole('button', { name: /移\s*动/ }).click();
  await expect(page.getByText('已将 2 篇移动到「列表E2E乙」')).toBeVisible();
  await expect(rowOf(page, '列表E2E卡车新闻一')).toContainText('列表E2E乙');
  await expect(rowOf(page, '列表E2E卡车新闻二')).toContainText('列表E2E乙');
  await expect(bar).toBeHidden();

  // Export the filtered list: a CSV with a BOM, Chinese headers and the two rows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^文章列表-\d{12}\.csv$/);
  const csv = await readFile((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.subarray(3).toString('utf8');
  expect(text.split('\r\n')[0]).toBe('ID,标题,类型,分类,编辑,部门,状态,作者,来源,更新时间,发布时间');
  expect(text).toContain('列表E2E卡车新闻一');
  expect(text).toContain('列表E2E卡车新闻二');
  expect(text).not.toContain('列表E2E其他稿件');

  // Preview opens in a new tab.
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    (async () => {
      await rowOf(page, '列表E2E卡车新闻一').getByRole('button', { name: '预览「列表E2E卡车新闻一」' }).click();
    })(),
  ]);
  await expect(preview).toHaveURL(/\/article\/preview\?id=\d+$/);
  await preview.close();

  // Nothing matches: say so, and 清除筛选 brings every article back.
  await page.getByRole('searchbox', { name: '关键词' }).fill('没有这个词的文章');
  await expect(page.getByText('没有符合条件的记录，试试放宽筛选条件')).toBeVisible();
  await checkA11y(page, 'article list, empty');
  await page.screenshot({ path: '/tmp/list-1440-empty.png', fullPage: true });
  await page.locator('.ant-table-placeholder').getByRole('button', { name: '清除筛选' }).click();
  await expect(page).toHaveURL(/\/article\/list$/);
  await expect(rowOf(page, '列表E2E其他稿件')).toBeVisible();

  // The list page loaded no editor and no chart code.
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    expect(url).not.toMatch(/tinymce|echarts/i);
    const body = await (await page.request.get(url)).text();
    expect(body, url).not.toMatch(/tinymce\.min\.js|tinymceScriptSrc|echarts\/lib|ECharts is not Loaded|zrender/);
  }

  // The less used filters open with 更多筛选; a tag there stays open while it applies.
  await expect(page.getByRole('combobox', { name: '标签' })).toHaveCount(0);
  await page.getByRole('button', { name: '更多筛选' }).click();
  await expect(page.getByRole('combobox', { name: '标签' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '部门' })).toBeVisible();
  await page.getByRole('button', { name: '收起筛选' }).click();

  // At phone width: the table scrolls sideways, the filters wrap.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(rowOf(page, '列表E2E其他稿件')).toBeVisible();
  await checkA11y(page, 'article list at 390 px');
  await page.screenshot({ path: '/tmp/list-390.png', fullPage: true });
});

/** Signs a staff member in on an API-only context and takes the edit lock of an article (another person editing it). */
async function lockAs(browser: Browser, origin: string, username: string, password: string, id: number) {
  const context = await browser.newContext();
  const headers = { origin, 'content-type': 'application/json' };
  expect((await context.request.post('/api/login', { data: { username, password }, headers })).status()).toBe(200);
  const lock = await context.request.post(`/api/articles/${id}/lock`, { data: {}, headers });
  expect(lock.status(), await lock.text()).toBe(200);
  return context;
}

test('文章列表: who is editing each row, the scheduled publish and offline times, cancelling a schedule', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const stamp = Date.now().toString(36);
  const origin = new URL(page.url()).origin;
  const role = await api<{ id: number }>(page, 'POST', '/api/roles', {
    name: `列表锁角色-${stamp}`,
    routes: ['/article/addArticle', '/article/list'],
    level: 1,
  });
  const password = 'Lock#List-2026';
  expect((await api(page, 'POST', '/api/users', { username: `zw${stamp}`, name: '张伟', password, roleId: role.data.id, departmentId: null })).status).toBe(0);
  const make = async (title: string) => (await api<{ id: number }>(page, 'POST', '/api/articles', { title, content: '<p>正文</p>' })).data.id;
  const editing = await make(`列表E2E有人在编辑 ${stamp}`);
  const scheduled = await make(`列表E2E定时发布 ${stamp}`);
  const goingDown = await make(`列表E2E定时下线 ${stamp}`);
  const publishAt = new Date(Date.now() + 2 * 86_400_000);
  const offlineAt = new Date(Date.now() + 3 * 86_400_000);
  expect(
    (await api(page, 'PUT', `/api/articles/schedule/${scheduled}`, { publishAt: publishAt.toISOString(), offlineAt: offlineAt.toISOString() })).status,
  ).toBe(0);
  expect((await api(page, 'PUT', `/api/articles/publish/${goingDown}`, {})).status).toBe(0);
  expect((await api(page, 'PUT', `/api/articles/schedule_offline/${goingDown}`, { offlineAt: offlineAt.toISOString() })).status).toBe(0);
  const other = await lockAs(browser, origin, `zw${stamp}`, password, editing);

  // Newest first: the three are on page 1. One call asks who edits the page's rows.
  const lockCalls: string[] = [];
  page.on('request', (req) => req.url().includes('/api/articles/locks') && lockCalls.push(req.url()));
  await page.goto('/article/list');
  const time = (d: Date) =>
    `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  await expect(rowOf(page, `列表E2E有人在编辑 ${stamp}`).getByTestId('editing-tag')).toHaveText('张伟 正在编辑');
  await expect(rowOf(page, `列表E2E定时发布 ${stamp}`).getByTestId('editing-tag')).toHaveCount(0);
  expect(lockCalls).toHaveLength(1);
  const ids = new URL(lockCalls[0]).searchParams.get('ids')!.split(',').map(Number);
  expect(ids).toEqual(expect.arrayContaining([editing, scheduled, goingDown]));
  const row = rowOf(page, `列表E2E定时发布 ${stamp}`);
  await expect(row).toContainText('定时发布');
  await expect(row.getByTestId('scheduled-publish')).toHaveText(`定时发布 ${time(publishAt)}`);
  await expect(row.getByTestId('scheduled-offline')).toHaveText(`定时下线 ${time(offlineAt)}`);
  await expect(rowOf(page, `列表E2E定时下线 ${stamp}`).getByTestId('scheduled-offline')).toHaveText(`定时下线 ${time(offlineAt)}`);
  await expect(rowOf(page, `列表E2E定时下线 ${stamp}`).getByTestId('scheduled-publish')).toHaveCount(0);
  await checkA11y(page, 'article list, editing and scheduled');
  await page.screenshot({ path: '/tmp/list-1440-editing-scheduled.png' });

  // Cancel the scheduled publication from the row's 更多 menu: a draft again, no times left.
  await row.getByRole('button', { name: `「列表E2E定时发布 ${stamp}」的更多操作` }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '取消定时发布' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `取消「列表E2E定时发布 ${stamp}」的定时发布？` });
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(`已取消「列表E2E定时发布 ${stamp}」的定时发布，文章回到草稿`)).toBeVisible();
  await expect(row).toContainText('草稿');
  await expect(row.getByTestId('scheduled-publish')).toHaveCount(0);
  await expect(row.getByTestId('scheduled-offline')).toHaveCount(0);

  // Schedule it again from the same menu: a time in the dialog, and the row says when.
  const again = new Date(Date.now() + 4 * 86_400_000);
  again.setHours(9, 30, 0, 0);
  await row.getByRole('button', { name: `「列表E2E定时发布 ${stamp}」的更多操作` }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '定时发布…' }).click();
  const dialog = page.getByRole('dialog', { name: `定时发布「列表E2E定时发布 ${stamp}」` });
  await settled(page);
  const at = `${again.getFullYear()}-${time(again)}`;
  await dialog.getByLabel('发布时间').fill(at);
  await dialog.getByLabel('发布时间').press('Enter');
  await expect(dialog.getByLabel('发布时间')).toHaveValue(at);
  await checkA11y(page, 'schedule dialog');
  await page.screenshot({ path: '/tmp/list-1440-schedule-dialog.png' });
  await dialog.getByRole('button', { name: '定时发布' }).click();
  await expect(page.getByText(`「列表E2E定时发布 ${stamp}」将定时发布`)).toBeVisible();
  await expect(row.getByTestId('scheduled-publish')).toHaveText(`定时发布 ${time(again)}`);
  expect((await api<{ status: number; publishAt: string }>(page, 'GET', `/api/articles/${scheduled}`)).data).toMatchObject({
    status: 5,
    publishAt: again.toISOString(),
  });

  // Cancel the scheduled offline of the published one.
  const down = rowOf(page, `列表E2E定时下线 ${stamp}`);
  await down.getByRole('button', { name: `「列表E2E定时下线 ${stamp}」的更多操作` }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '取消定时下线' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '的定时下线？' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(down.getByTestId('scheduled-offline')).toHaveCount(0);
  await expect(down).toContainText('已发布');
  expect((await api<{ status: number }>(page, 'GET', `/api/articles/${goingDown}`)).data.status).toBe(3);

  // At phone width the tag stays readable in the title cell.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(rowOf(page, `列表E2E有人在编辑 ${stamp}`).getByTestId('editing-tag')).toBeVisible();
  await checkA11y(page, 'article list, editing, 390 px');
  await page.screenshot({ path: '/tmp/list-390-editing.png', fullPage: true });
  await other.close();
});
