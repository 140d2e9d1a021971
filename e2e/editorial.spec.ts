import { type Page } from '@playwright/test';
import { expect, test, api, editorFrame, expectAccessible, libraryVideo, signedInPage, signIn, staffWith as staff, waitForEditor } from './helpers';

/**
 * Issue 8 in two browsers. Editorial safety: the second editor sees who holds the article and takes
 * it over; the first is told within one heartbeat (15 s) and the text they had not saved is a
 * revision both can read. Review of a short video: an editor submits it from 视频列表, the reviewer
 * approves it in 内容审核, and the editor's list reads 已发布.
 */

const DESKTOP = { width: 1440, height: 900 };
/** Whether typing into the body changes it (the editor's read-only mode keeps text selectable). */
async function bodyTakesTyping(page: Page, text: string) {
  const body = editorFrame(page).locator('body');
  await body.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
  await page.waitForTimeout(200);
  return (await body.textContent())?.includes(text) ?? false;
}

test('two browsers on one article: the lock is shown, taken over, and the displaced text is a revision', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const username = await staff(page, 'lk', '编辑小赵', ['/article/addArticle', '/article/list']);
  const created = await api<{ id: number }>(page, 'POST', '/api/articles', { title: `E2E 编辑锁 ${username}`, content: '<p>原来的正文。</p>' });
  const id = created.data.id;

  // The first editor opens it and types a sentence without saving.
  await page.goto(`/article/addArticle?id=${id}`);
  await waitForEditor(page);
  expect(await bodyTakesTyping(page, '甲还没保存的一句话。')).toBe(true);

  // The second editor sees who is editing, read-only, and takes it over.
  const second = await signedInPage(browser, username);
  await second.goto(`/article/addArticle?id=${id}`);
  await waitForEditor(second);
  const banner = second.getByRole('alert').filter({ hasText: '正在编辑这篇文章' });
  await expect(banner).toContainText('超级管理员正在编辑这篇文章');
  expect(await bodyTakesTyping(second, '乙不该能输入')).toBe(false);
  await expect(second.getByLabel('标题', { exact: true })).not.toBeEditable();
  await expect(second.getByRole('button', { name: /存草稿/ })).toBeDisabled();
  await expect(second.getByRole('button', { name: /^预\s*览$/ })).toBeEnabled();
  await expectAccessible(second, '编辑锁：他人正在编辑');
  await second.screenshot({ path: '/tmp/lock-held-by-other-1440.png' });
  await second.getByRole('button', { name: '接管编辑' }).click();
  await second.getByRole('button', { name: /^接\s*管$/ }).click();
  await expect(banner).toBeHidden();
  await expect(second.getByLabel('标题', { exact: true })).toBeEditable();
  expect(await bodyTakesTyping(second, '乙接管后写的。')).toBe(true);

  // The first editor is told within one heartbeat, and their sentence is a revision.
  const told = page.getByRole('alert').filter({ hasText: '接管编辑' });
  await expect(told).toContainText('编辑小赵已于', { timeout: 25_000 });
  await expect(told).toContainText(/你尚未保存的内容已存为修订 #\d+/);
  // The moment it turns read-only a dialog says so and takes the keyboard (issue 23; what is typed
  // then is kept: e2e/editorial-takeover.spec.ts); closed, the page stays read-only.
  const lost = page.getByRole('dialog', { name: /编辑小赵已于 .* 接管编辑/ });
  await expect(lost).toBeVisible();
  await lost.getByRole('button', { name: '知道了' }).click();
  await expect(lost).toBeHidden();
  await expect(page.getByRole('button', { name: /存草稿/ })).toBeDisabled();
  await page.screenshot({ path: '/tmp/lock-taken-over-1440.png' });
  await told.getByRole('button', { name: '查看修订' }).click();
  const drawer = page.getByRole('dialog', { name: '修订记录' });
  await expect(drawer.getByRole('region', { name: '修订对比' })).toContainText('甲还没保存的一句话');

  // The one who took over finds the same revision in their own 修订记录.
  await second.getByRole('button', { name: '修订记录' }).click();
  const theirs = second.getByRole('dialog', { name: '修订记录' });
  const entry = theirs.getByRole('list', { name: '修订列表' }).getByRole('button', { name: /接管/ }).first();
  await entry.click();
  await expect(theirs.getByRole('region', { name: '修订对比' })).toContainText('甲还没保存的一句话');
  await second.context().close();
});

test('a short video goes through review: submitted from 视频列表, approved in 内容审核, published', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const storeId = await libraryVideo(page, 'E2E审核素材');
  const username = await staff(page, 'sv', '视频编辑小孙', ['/article/createVideo', '/article/videoList', '/article/addArticle', '/article/list']);
  const editor = await signedInPage(browser, username);
  const title = `E2E 待审短视频 ${username}`;
  const created = await api<{ id: number }>(editor, 'POST', '/api/videos', { title, videoStoreId: storeId, description: '牵引车满载起步。' });
  expect(created.status, created.message).toBe(0);

  // Without 内容审核 the list offers 提交审核, not 发布.
  await editor.goto('/article/videoList');
  const row = editor.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('草稿');
  await expect(row.getByRole('button', { name: `发布「${title}」` })).toHaveCount(0);
  await row.getByRole('button', { name: `提交审核「${title}」` }).click();
  await editor.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(editor.getByText(`「${title}」已提交审核`)).toBeVisible();
  await expect(row).toContainText('待审核');

  // The reviewer finds it in the queue with its author and approves it.
  await page.goto('/article/check');
  const queued = page.getByRole('row').filter({ hasText: title });
  await expect(queued).toContainText('视频编辑小孙');
  await queued.getByRole('button', { name: /审阅/ }).click();
  const drawer = page.getByRole('dialog', { name: `审阅：${title}` });
  await expect(drawer).toContainText('牵引车满载起步');
  await drawer.getByRole('button', { name: '通过并发布' }).click();
  await expect(page.getByText(`已通过并发布「${title}」`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);

  // The editor's list reads 已发布, and the editor opens it read-only, saying why.
  await editor.reload();
  await expect(editor.getByRole('row').filter({ hasText: title })).toContainText('已发布');
  await editor.goto(`/article/createVideo?id=${created.data.id}`);
  await expect(editor.getByTestId('live-notice')).toContainText('这篇短视频已发布，现在只能查看');
  await expect(editor.getByLabel('标题')).toBeDisabled();
  await expect(editor.getByRole('button', { name: /存草稿/ })).toBeDisabled();

  // So does an article of theirs that a reviewer published: no typing that a save would refuse.
  const article = await api<{ id: number }>(editor, 'POST', '/api/articles', { title: `E2E 已发布文章 ${username}`, content: '<p>发布后的正文。</p>' });
  expect((await api<{ status: number }>(page, 'PUT', `/api/articles/publish/${article.data.id}`, {})).data.status).toBe(3);
  await editor.goto(`/article/addArticle?id=${article.data.id}`);
  await expect(editor.getByTestId('live-notice')).toContainText('这篇文章已发布，现在只能查看');
  await expect(editor.getByLabel('标题', { exact: true })).toBeDisabled();
  await expect(editor.getByRole('button', { name: /存草稿/ })).toBeDisabled();
  await waitForEditor(editor);
  expect(await bodyTakesTyping(editor, '编辑想直接改')).toBe(false);
  // Only looking: the reviewer is not told that this person is editing it.
  await expect.poll(async () => (await api<{ list: unknown[] }>(page, 'GET', `/api/articles/locks?ids=${article.data.id}`)).data.list.length).toBe(0);
  await editor.context().close();
});
