import { readFileSync } from 'node:fs';
import { type Download, type Page } from '@playwright/test';
import { expect, test, api, expectAccessible, libraryUpload, signIn, signedInPage, solidImage, staffWith } from './helpers';

/**
 * ux-2026-11-28 P2-9 and P2-7 as the review reproduced them: the hand-wired dialogs open with the
 * keyboard in their first field and Enter goes on or submits (重置密码, 修正数据, 导入 CSV); the eye
 * of a password field is no Tab stop; 数据统计's import takes Excel's YYYY/M/D and a unique 姓名,
 * refuses an ambiguous one naming the login names, offers 下载模板, and 按日期和编辑's export imports again.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const chinaDay = (offsetDays = 0) => new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const excelDay = (day: string) => day.split('-').map(Number).join('/');
const textOf = async (download: Download) => readFileSync((await download.path())!, 'utf8');

async function shots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/ux-dialogs/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

// A trace of each journey's first failure (Playwright allows it only at the file's top level).
test.use({ trace: 'retain-on-first-failure' });

test.describe('重置密码', () => {
  // Self-contained (its own staff member). A clean-clone CI run under both shards' load once found
  // the caret not in 确认新密码 after Tab; it passed in every other run and alone. One retry, and a
  // trace of the first failure to find out why.
  test.describe.configure({ retries: 1 });

  test('重置密码 by keyboard: focus in 新密码, Enter goes on to 确认新密码, Enter there resets; the eye is no Tab stop', async ({ page, browser }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page);
    const username = await staffWith(page, 'sunli', '孙丽', ['/article/list']);
    await page.goto(`/department?keyword=${username}`);
    const rowName = `孙丽（${username}）`;
    // As the review did: Tab to 重置密码 on the row, Enter.
    const reset = page.getByRole('button', { name: `重置密码「${rowName}」` });
    await reset.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `重置「${rowName}」的密码` });
    await expect(dialog).toBeVisible();
    const password = dialog.getByLabel('新密码', { exact: true });
    const confirm = dialog.getByLabel('确认新密码');
    await expect(password).toBeFocused();
    // Tab from 新密码 lands in 确认新密码, not on the eye toggle (P3-17); Shift+Tab goes back.
    await page.keyboard.type('Reset2026ab');
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(password).toBeFocused();
    // Enter goes on to the empty 确认新密码 and never closes the dialog.
    await page.keyboard.press('Enter');
    await expect(confirm).toBeFocused();
    await expect(dialog).toBeVisible();
    await page.keyboard.type('Reset2026ab');
    await shots(page, 'reset-typed');
    await page.keyboard.press('Enter');
    await expect(page.getByText(`已重置「孙丽」的密码`)).toBeVisible();
    await expect(dialog).toBeHidden();
    // On a phone the dialog opens in 新密码 too.
    await page.setViewportSize(PHONE);
    await reset.click();
    await expect(password).toBeFocused();
    await shots(page, 'reset-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The new password signs in.
    const staff = await signedInPage(browser, username, 'Reset2026ab');
    await expect(staff).toHaveURL(/\/(\?.*)?$/);
    await staff.context().close();
  });
});

test('数据统计: import by keyboard with Excel days and 姓名, 下载模板, 按日期和编辑 exported and imported again; 修正数据 opens in its first field', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const stamp = Date.now().toString(36).slice(-4);
  const zhou = `周敏${stamp}`;
  const fang = `王芳${stamp}`;
  await staffWith(page, 'zhoumin', zhou, ['/article/list']);
  const fangs = [await staffWith(page, 'wangfanga', fang, ['/article/list']), await staffWith(page, 'wangfangb', fang, ['/article/list'])];
  const yesterday = chinaDay(-1);
  await page.goto('/operation/stats');

  // 导入 CSV from the keyboard: the CSV box has the focus, typing goes there.
  await page.getByRole('button', { name: /导入 CSV/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /导入浏览量和访客数/ });
  const csv = dialog.getByLabel('CSV 内容');
  await expect(csv).toBeFocused();
  await page.keyboard.type(`日期,用户名,浏览量,访客数\n${excelDay(yesterday)},${zhou},"1,200",300\n${excelDay(yesterday)},${fang},5,1`);
  // Ctrl+Enter previews; Enter alone was a new line.
  await page.keyboard.press('Control+Enter');
  await expect(dialog.getByText(`姓名「${fang}」对应多个用户（${fangs.join('、')}），请改填用户名`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /确认导入/ })).toBeDisabled();
  await shots(page, 'import-ambiguous');
  await csv.fill(`日期,用户名,浏览量,访客数\n${excelDay(yesterday)},${zhou},"1,200",300\n${excelDay(yesterday)},${fangs[1]},5,1`);
  await dialog.getByRole('button', { name: /预\s*览/ }).click();
  await expect(dialog.getByText('2 行全部正确，可以导入')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: new RegExp(`${zhou}（zhoumin`) })).toBeVisible();

  // 下载模板: the import's columns, with a BOM for Excel.
  const [template] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /下载模板/ }).click()]);
  expect(template.suggestedFilename()).toBe('数据统计-导入模板.csv');
  expect(await textOf(template)).toMatch(/^\uFEFF日期,用户名,浏览量,访客数\r\n/);
  await expectAccessible(page, '导入 CSV');
  await dialog.getByRole('button', { name: /确认导入/ }).click();
  await expect(dialog).toBeHidden();

  // 按日期和编辑: one row per day and editor; its export is the import's shape.
  await page.getByTitle('按日期和编辑').click();
  await expect(page).toHaveURL(/view=row/);
  await expect(page.getByRole('row', { name: new RegExp(`${yesterday}.*${zhou}`) })).toContainText('1,200');
  await shots(page, 'stats-rows');
  const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出 CSV/ }).click()]);
  expect(exported.suggestedFilename()).toMatch(/^数据统计-按日期和编辑-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await textOf(exported);
  expect(text).toMatch(/^\uFEFF日期,用户名,姓名,部门,文章,视频,浏览量,访客数\r\n/);
  const lines = text.trim().split('\r\n').length - 1;
  await page.getByRole('button', { name: /导入 CSV/ }).click();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: '明细.csv', mimeType: 'text/csv', buffer: Buffer.from(text.replace(/,1200,300/, ',1300,320')) });
  await dialog.getByRole('button', { name: /预\s*览/ }).click();
  await expect(dialog.getByText(`${lines} 行全部正确，可以导入`)).toBeVisible();
  await expect(dialog.getByRole('cell', { name: '1,200 → 1,300' })).toBeVisible();
  await dialog.getByRole('button', { name: /确认导入/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(`${yesterday}.*${zhou}`) })).toContainText('1,300');

  // 按编辑's export is sums over the range: the import says what is missing and what to use.
  await page.getByTitle('按编辑').click();
  const [sums] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出 CSV/ }).click()]);
  await page.getByRole('button', { name: /导入 CSV/ }).click();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'sums.csv', mimeType: 'text/csv', buffer: Buffer.from(await textOf(sums)) });
  await dialog.getByRole('button', { name: /预\s*览/ }).click();
  await expect(dialog.getByTestId('import-problem')).toContainText('CSV 缺少「日期」列');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // 修正数据 opens in its first field (the date), not on ×.
  await page.getByRole('button', { name: /修正数据/ }).click();
  const edit = page.getByRole('dialog', { name: '修正浏览量和访客数' });
  await expect(edit.getByLabel('日期')).toBeFocused();
  await page.keyboard.press('Escape');
  // From a 按日期和编辑 row the day and editor are fixed: 浏览量 has the focus, Enter goes on to the reason.
  await page.getByTitle('按日期和编辑').click();
  await page
    .getByRole('row', { name: new RegExp(`${yesterday}.*${zhou}`) })
    .getByRole('button', { name: /修正/ })
    .click();
  await expect(edit.getByLabel('浏览量')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('1400');
  await page.keyboard.press('Enter');
  await expect(edit.getByLabel('修改原因')).toBeFocused();
  await page.keyboard.type('按统计平台报表更正');
  await page.keyboard.press('Control+Enter');
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(`${yesterday}.*${zhou}`) })).toContainText('1,400');
  await expectAccessible(page, '数据统计 · 按日期和编辑');
  await page.setViewportSize(PHONE);
  await shots(page, 'stats-rows');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // On a phone too the import opens in its CSV box, with 下载模板 in reach.
  await page.getByRole('button', { name: /导入 CSV/ }).click();
  await expect(csv).toBeFocused();
  // A new import starts clean: nothing of the last file or its refusal.
  await expect(csv).toHaveValue('');
  await expect(dialog.getByTestId('import-problem')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /下载模板/ })).toBeInViewport();
  await shots(page, 'import-dialog');
  await page.keyboard.press('Escape');
});

test('readers never see 未命名图片: the preview and the review drawer caption an untitled picture with nothing (P2-10)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const stamp = Date.now().toString(36);
  const untitled = await libraryUpload(page, { kind: 'pic', title: '', bytes: await solidImage(200, 120, 40) });
  const titled = await libraryUpload(page, { kind: 'pic', title: `车展现场${stamp}`, bytes: await solidImage(40, 120, 200) });
  const content = `<p>正文</p><div class="cms-gallery" data-pic-ids="${untitled.id},${titled.id}" contenteditable="false"><p>图集：共 2 张</p></div>`;
  const created = await api<{ id: number }>(page, 'POST', '/api/articles', { title: `图集说明${stamp}`, content });
  expect(created.status, JSON.stringify(created)).toBe(0);
  await page.goto(`/article/preview?id=${created.data.id}`);
  const captions = page.getByTestId('preview-gallery').locator('figcaption');
  await expect(captions).toHaveCount(2);
  await expect(captions.nth(0)).toHaveText(/^1\/2\s*$/);
  await expect(captions.nth(1)).toHaveText(new RegExp(`^2/2\\s*车展现场${stamp}$`));
  await expect(page.getByTestId('preview-gallery')).not.toContainText('未命名');
  await shots(page, 'preview-untitled-caption');
  // The reviewer reads the same.
  await api(page, 'PUT', `/api/articles/submit/${created.data.id}`, {});
  await page.goto(`/article/check?review=article:${created.data.id}`);
  const drawer = page.getByRole('dialog', { name: `审阅：图集说明${stamp}` });
  await expect(drawer.getByTestId('preview-gallery').locator('figcaption')).toHaveCount(2);
  await expect(drawer.getByTestId('preview-gallery')).not.toContainText('未命名');
  await expect(drawer.getByTestId('preview-gallery')).toContainText(`车展现场${stamp}`);
});

test('404 says so in the tab and in Chinese; 操作日志 labels a record by its own fields (P3-14, P3-16)', async ({ page, pageErrors }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  pageErrors.allow(/status of 404 .*\/no\/such\/page/);
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle(/^404 页面不存在/);
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByText(/页面不存在/)).toBeVisible();
  await shots(page, 'not-found');

  const stamp = Date.now().toString(36);
  expect((await api(page, 'POST', '/api/friend_links', { name: `E2E 友链${stamp}`, url: 'https://example.com/links' })).status).toBe(0);
  await page.goto('/log/operate');
  await page.getByRole('button', { name: `查看「新增友情链接「E2E 友链${stamp}」」的详情` }).click();
  const drawer = page.getByRole('dialog', { name: '操作日志详情' });
  // The declaration's labels: url is 链接 and logo is Logo, beside the field's own name.
  await expect(drawer.getByRole('row', { name: /链接\s*url/ })).toBeVisible();
  await expect(drawer.getByRole('row', { name: /Logo\s*logo/ })).toBeVisible();
  await shots(page, 'log-detail');
});
