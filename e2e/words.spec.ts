import { type Page } from '@playwright/test';
import { expect, test, api, expectAccessible, settled, signIn } from './helpers';

/**
 * Issue 15, "the rest of the loop": a reviewer keeps 敏感词库 (the starter list is there; add in
 * bulk, import a .txt, delete one and several), and an operator learns that a focus slot's article
 * went offline, on the slot and on the workbench. Each test makes its own records.
 */

const DESKTOP = { width: 1440, height: 900 };
const PASSWORD = 'Words#2026';

async function checkA11y(page: Page, label: string) {
  await page.mouse.move(0, 0);
  await expectAccessible(page, label);
}

/** A role with these routes and a user holding it (as the signed-in admin). */
async function staff(admin: Page, username: string, routes: string[]) {
  const role = await api<{ id: number }>(admin, 'POST', '/api/roles', { name: `角色-${username}`, routes, level: 1 });
  expect(role.status, JSON.stringify(role)).toBe(0);
  const user = await api(admin, 'POST', '/api/users', { username, name: `审核${username}`, password: PASSWORD, roleId: role.data.id, departmentId: null });
  expect(user.status, JSON.stringify(user)).toBe(0);
}

test('敏感词库: a reviewer finds the starter list, adds in bulk, imports a .txt and deletes one and several', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const stamp = Date.now().toString(36);
  await staff(page, `wd${stamp}`, ['/article/check']);

  const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const reviewer = await context.newPage();
  await signIn(reviewer, `wd${stamp}`, PASSWORD);
  // It comes with 内容审核, in the menu's 内容管理.
  const sidebar = reviewer.getByTestId('sidebar');
  const entry = sidebar.getByRole('menuitem', { name: '敏感词库' });
  if (!(await entry.isVisible())) await sidebar.getByRole('menuitem', { name: '内容管理' }).click();
  await entry.click();
  await expect(reviewer).toHaveURL(/\/article\/sensitiveWords$/);
  await expect(reviewer.getByRole('heading', { level: 1, name: '敏感词库' })).toBeVisible();
  await expect(reviewer).toHaveTitle('敏感词库 - CMS网站管理系统');
  // The starter list shipped with the product.
  await expect(reviewer.getByText('预置词库').first()).toBeVisible();
  await reviewer.getByPlaceholder('搜索敏感词').fill('代开');
  await expect(reviewer.getByRole('cell', { name: '代开发票', exact: true })).toBeVisible();
  await reviewer.getByPlaceholder('搜索敏感词').fill('');
  await checkA11y(reviewer, '敏感词库');

  // 批量添加: lines, commas and spaces; the repeat is skipped and said so.
  await reviewer.getByRole('button', { name: '批量添加' }).first().click();
  const dialog = reviewer.getByRole('dialog', { name: '批量添加敏感词' });
  await dialog.getByLabel('敏感词').fill(`甲${stamp}\n乙${stamp}，甲${stamp} 丙${stamp}`);
  await expect(dialog.getByText('识别到 3 个词（另有 1 个重复，不会重复添加）')).toBeVisible();
  await checkA11y(reviewer, '敏感词库 · 批量添加');
  await dialog.getByRole('button', { name: '添加 3 个' }).click();
  await expect(reviewer.getByText(/^已添加 3 个敏感词，跳过 1 个/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(reviewer.getByRole('cell', { name: `丙${stamp}`, exact: true })).toBeVisible();

  // A word that matches as one character (“龘” with its quotes) is sent only after a confirmation.
  await reviewer.getByRole('button', { name: '批量添加' }).first().click();
  await dialog.getByLabel('敏感词').fill(`己${stamp}\n“龘”`);
  await expect(dialog.getByText('识别到 2 个词；其中 1 个只有一个字，会拦截几乎所有含这个字的稿件，添加前需要确认')).toBeVisible();
  await dialog.getByRole('button', { name: '添加 2 个' }).click();
  const question = reviewer.getByRole('dialog', { name: '添加单字敏感词？' });
  await expect(question).toContainText('「“龘”」只有一个字（比对时忽略空格和标点），会拦截几乎所有含这个字的稿件。确定要添加吗？');
  await checkA11y(reviewer, '敏感词库 · 单字确认');
  await question.getByRole('button', { name: '返回修改' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByLabel('敏感词')).toHaveValue(`己${stamp}\n“龘”`);
  await dialog.getByRole('button', { name: '添加 2 个' }).click();
  await question.getByRole('button', { name: '仍然添加' }).click();
  await expect(reviewer.getByText(/^已添加 2 个敏感词/)).toBeVisible();
  await expect(reviewer.getByRole('cell', { name: '“龘”', exact: true })).toBeVisible();
  // Taken out again at once: other journeys share this dictionary.
  await reviewer.getByRole('button', { name: '删除「“龘”」' }).click();
  await reviewer
    .getByRole('dialog', { name: '确定删除「“龘”」吗？' })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(reviewer.getByText('已删除「“龘”」')).toBeVisible();
  await settled(reviewer);

  // 导入 TXT: one word per line; words already there are skipped; a too-long line and a
  // one-character line are set aside, each with the reason.
  const file = ['\uFEFF' + `丁${stamp}`, `戊${stamp}`, `甲${stamp}`, '', '长'.repeat(65), '龘'].join('\r\n');
  await reviewer.getByTestId('sensitive-words-file').setInputFiles({ name: '词表.txt', mimeType: 'text/plain', buffer: Buffer.from(file, 'utf8') });
  const result = reviewer.getByRole('dialog', { name: '导入「词表.txt」' });
  await expect(result.getByText('导入完成：共 3 个词。')).toBeVisible();
  await expect(result).toContainText('已添加 2 个，跳过 1 个');
  await expect(result).toContainText('以下内容没有导入：1 个超过 64 个字符');
  await expect(result).toContainText('1 个单字词没有导入：「龘」');
  await expect(result).toContainText('确需添加，请用「批量添加」输入，确认后添加。');
  await checkA11y(reviewer, '敏感词库 · 导入结果');
  await result.getByRole('button', { name: /完\s*成/ }).click();
  await expect(result).toBeHidden();

  // Delete one, then two at once.
  await reviewer.getByPlaceholder('搜索敏感词').fill(stamp);
  await expect(reviewer.getByRole('cell', { name: `戊${stamp}`, exact: true })).toBeVisible();
  await reviewer.getByRole('button', { name: `删除「戊${stamp}」` }).click();
  await reviewer
    .getByRole('dialog', { name: `确定删除「戊${stamp}」吗？` })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(reviewer.getByText(`已删除「戊${stamp}」`)).toBeVisible();
  await settled(reviewer);
  await reviewer.getByRole('checkbox', { name: `选择「甲${stamp}」` }).check();
  await reviewer.getByRole('checkbox', { name: `选择「乙${stamp}」` }).check();
  await reviewer
    .getByRole('region', { name: '批量操作' })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await reviewer
    .getByRole('dialog', { name: '删除选中的 2 个敏感词？' })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(reviewer.getByText('已删除 2 个敏感词')).toBeVisible();
  await expect(reviewer.getByRole('cell', { name: `甲${stamp}`, exact: true })).toBeHidden();
  await expect(reviewer.getByRole('cell', { name: `丙${stamp}`, exact: true })).toBeVisible();
  await context.close();
});

test('首页焦点图: a slot whose article was taken offline reads 内容已下线, and the workbench counts it with a link', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const stamp = Date.now().toString(36);
  const code = `w${stamp}`;
  expect((await api(page, 'POST', '/api/platform', { name: `平台${stamp}`, code })).status).toBe(0);
  const article = await api<{ id: number }>(page, 'POST', '/api/articles', { title: `E2E 将下线的文章 ${stamp}` });
  expect((await api(page, 'PUT', `/api/articles/publish/${article.data.id}`, {})).status).toBe(0);
  const slot = await api(page, 'POST', '/api/focus_home', {
    title: `下线测试 ${stamp}`,
    articleId: article.data.id,
    image: 'https://www.example.com/focus-offline.png',
    platform: code,
    startAt: new Date(Date.now() - 3600_000).toISOString(),
  });
  expect(slot.status, JSON.stringify(slot)).toBe(0);

  await page.goto(`/operation/focus?platform=${code}`);
  const row = page.locator('.ant-table-tbody tr[data-row-key]').filter({ hasText: `下线测试 ${stamp}` });
  await expect(row.getByText('展示中')).toBeVisible();

  expect((await api(page, 'PUT', `/api/articles/offline/${article.data.id}`, {})).status).toBe(0);
  await page.reload();
  await expect(row.getByText('内容已下线')).toBeVisible();
  await expect(row.getByText('展示中')).toBeHidden();

  await page.goto('/');
  const notice = page.getByTestId('work-focus-offline');
  await expect(notice).toContainText('焦点图展示的内容已下线');
  await notice.getByRole('link', { name: `首页焦点图 · 平台${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/operation/focus\\?platform=${code}&status=offline$`));
  await expect(page.locator('.ant-table-tbody tr[data-row-key]')).toHaveCount(1);
  await expect(row.getByText('内容已下线')).toBeVisible();
  await checkA11y(page, '首页焦点图 · 内容已下线');
});
