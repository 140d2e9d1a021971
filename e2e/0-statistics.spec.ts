import { type Page } from '@playwright/test';
import { expect, test, api, expectAccessible, signIn } from './helpers';

/**
 * Issue 9, statistics: a publication counts for its editor today; page views come in by CSV import
 * (a bad row blocks everything, the preview says which), a day is corrected with a reason, the
 * figures change on /operation/stats and the charts on /home draw them.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const chinaDay = (offsetDays = 0) => new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** At phone width, then desktop; `reload` draws the charts afresh at each width, as a phone would. */
async function shots(page: Page, name: string, { reload = false } = {}) {
  await page.setViewportSize(PHONE);
  if (reload) await page.reload();
  await page.waitForTimeout(reload ? 2500 : 400);
  await page.screenshot({ path: `/tmp/stats-shots/${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  if (reload) await page.reload();
  await page.waitForTimeout(reload ? 2500 : 400);
  await page.screenshot({ path: `/tmp/stats-shots/${name}-1440.png`, fullPage: true });
}

// Named to run first: its totals are absolute, and later journeys publish articles of their own.
test('statistics journey: publish, import page views, correct a day, see it on the list and the charts', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const today = chinaDay();
  const yesterday = chinaDay(-1);

  // Nothing yet: the empty list says where figures come from.
  await page.goto('/operation/stats');
  await expect(page.getByText('这段时间还没有数据')).toBeVisible();

  // The administrator writes and publishes an article: it counts for today.
  const created = await api<{ id: number }>(page, 'POST', '/api/articles', { title: '统计测试稿件', content: '<p>正文</p>' });
  expect(created.status, JSON.stringify(created)).toBe(0);
  const published = await api<{ status: number }>(page, 'PUT', `/api/articles/publish/${created.data.id}`, {});
  expect(published.data.status).toBe(3);

  await page.reload();
  await expect(page.getByTestId('stats-totals')).toContainText('文章 1');

  // Import: a bad row first — the preview names it and the import cannot be confirmed.
  await page.getByRole('button', { name: /导入 CSV/ }).click();
  const dialog = page.getByRole('dialog', { name: /导入浏览量和访客数/ });
  const csv = dialog.getByLabel('CSV 内容');
  await csv.fill(`日期,用户名,浏览量,访客数\n${yesterday},admin,800,200\n${today},nobody,5,1\n`);
  await dialog.getByRole('button', { name: /预\s*览/ }).click();
  await expect(dialog.getByText('用户「nobody」不存在')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /确认导入/ })).toBeDisabled();
  await csv.fill(`日期,用户名,浏览量,访客数\n${yesterday},admin,800,200\n${today},admin,1000,250\n`);
  await dialog.getByRole('button', { name: /预\s*览/ }).click();
  await expect(dialog.getByText('2 行全部正确，可以导入')).toBeVisible();
  await shots(page, 'stats-import-preview');
  await dialog.getByRole('button', { name: /确认导入/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('stats-totals')).toContainText('浏览量 1,800');

  // Correct today from the day's detail, with a reason.
  await page
    .getByRole('row', { name: new RegExp(today) })
    .getByRole('button', { name: /明细/ })
    .click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`${today} 各编辑`) });
  await drawer.getByRole('button', { name: /修正/ }).click();
  const edit = page.getByRole('dialog', { name: '修正浏览量和访客数' });
  await edit.getByLabel('浏览量').fill('1500');
  await edit.getByLabel('访客数').fill('300');
  await edit.getByRole('button', { name: /保存修正/ }).click();
  await expect(edit.getByText('请填写修改原因，它会记入操作日志')).toBeVisible();
  await edit.getByLabel('修改原因').fill('按统计平台报表更正');
  await edit.getByRole('button', { name: /保存修正/ }).click();
  await expect(edit).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('stats-totals')).toContainText('浏览量 2,300');
  await expectAccessible(page, '/operation/stats');
  await shots(page, 'stats-list');

  // Per editor.
  await page.getByText('按编辑', { exact: true }).click();
  await expect(page).toHaveURL(/view=editor/);
  await expect(page.getByRole('row', { name: /admin/ })).toContainText('2,300');

  // /home: today's card shows the corrected figure, the charts draw.
  await page.goto('/home');
  await expect(page.getByTestId('kpi-today')).toContainText('1,500');
  // Today is not over: yesterday's whole day is shown beside it, without a rise or fall (ux P3-9).
  await expect(page.getByTestId('kpi-today')).toContainText('昨日全天 800');
  await expect(page.getByTestId('kpi-today')).not.toContainText(/下降|增长/);
  await expect(page.getByTestId('stats-charts').locator('canvas').first()).toBeVisible();
  await expectAccessible(page, '/home');
  await shots(page, 'home', { reload: true });
  await expect(page.getByTestId('stats-charts').locator('canvas').first()).toBeVisible();
});
