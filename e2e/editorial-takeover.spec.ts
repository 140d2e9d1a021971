import { type Page } from '@playwright/test';
import { expect, test, api, editorFrame, libraryVideo, signedInPage, signIn, signOut, staffWith, STAFF_PASSWORD, waitForEditor } from './helpers';

/**
 * Issue 23 (review P1-1) in two browsers: 李娜 types far down a long article while 张伟 takes it
 * over. The moment her page turns read-only a dialog in the middle of the screen says so and takes
 * the keyboard; every key she typed, before, during and after, is in her copy: in the revision the
 * lock keeps and in the form that 开始编辑 puts on top of 张伟's version.
 */

const DESKTOP = { width: 1440, height: 900 };
const lockLostDialog = (page: Page) => page.getByRole('dialog', { name: /接管编辑/ });

test('keys typed after a takeover are kept, and the notice is in view however far down she was', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const editorName = await staffWith(page, 'tk', '编辑李娜', ['/article/addArticle', '/article/list']);
  const reviewerName = await staffWith(page, 'tz', '主编张伟', ['/article/addArticle', '/article/list', '/article/check']);
  // 李娜 is this test's own page (its console and page errors fail the test).
  await signOut(page);
  await signIn(page, editorName, STAFF_PASSWORD);
  const lina = page;
  const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>第 ${i + 1} 段：解放J6P 燃气版的测试记录。</p>`).join('');
  const created = await api<{ id: number }>(lina, 'POST', '/api/articles', { title: '解放J6P 燃气版深度评测', content: paragraphs });
  const id = created.data.id;

  // 李娜 opens it, goes to the last paragraph and scrolls the page so the top is out of view.
  await lina.goto(`/article/addArticle?id=${id}`);
  await waitForEditor(lina);
  await editorFrame(lina).getByText('第 40 段：', { exact: false }).click();
  await lina.keyboard.press('End');
  await lina.evaluate(() => document.querySelector('.tox-edit-area iframe')!.scrollIntoView({ block: 'start' }));
  expect(await lina.evaluate(() => window.scrollY)).toBeGreaterThan(150);
  await expect(lina.getByText('解放J6P 燃气版深度评测', { exact: true })).toHaveCount(0);
  await lina.keyboard.type('before.', { delay: 40 });

  // 张伟 takes it over.
  const zhang = await signedInPage(browser, reviewerName);
  await zhang.goto(`/article/addArticle?id=${id}`);
  await waitForEditor(zhang);
  await zhang.getByRole('button', { name: '接管编辑' }).click();
  await zhang.getByRole('button', { name: /^接\s*管$/ }).click();
  await expect(zhang.getByRole('button', { name: /存草稿/ })).toBeEnabled();

  // 李娜 keeps typing a few characters at a time until her page notices (one heartbeat, ≤ 15 s),
  // and a little longer: the keys after that go into the dialog, which has the keyboard.
  const typed: string[] = [];
  const dialog = lockLostDialog(lina);
  let chunk = 0;
  const deadline = Date.now() + 30_000;
  let after = 0;
  while (Date.now() < deadline && after < 3) {
    // Letters and digits, as keys (a key typed into a read-only page is what is at stake).
    const text = `[${++chunk}]`;
    await lina.keyboard.type(text, { delay: 40 });
    typed.push(text);
    if (await dialog.isVisible()) after++;
  }
  expect(after, 'the lock-lost dialog appeared').toBe(3);
  await expect(dialog).toBeInViewport();
  await expect(dialog).toContainText('主编张伟已于');
  // (Kept by the takeover, or, typed after the last heartbeat, on closing.)
  await expect(dialog).toContainText(/你尚未保存的内容(已存为修订 #\d+|会在关闭本对话框时存为修订)，不会丢失/);
  await expect(dialog.getByRole('textbox')).toBeFocused();
  await lina.screenshot({ path: '/tmp/takeover-dialog-1440.png' });
  const whole = typed.join('');
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(dialog).toBeHidden();

  // Everything is in her body, in order, where she was typing; the page is read-only now, and the
  // banner stays in view under the header although the page is still scrolled down.
  const body = editorFrame(lina).locator('body');
  await expect(body).toContainText(`第 40 段：解放J6P 燃气版的测试记录。before.${whole}`);
  const banner = lina.getByRole('alert').filter({ hasText: '接管编辑' });
  await expect(banner).toBeInViewport();
  expect(await lina.evaluate(() => window.scrollY)).toBeGreaterThan(150);
  await expect(lina.getByRole('button', { name: /存草稿/ })).toBeDisabled();
  await lina.screenshot({ path: '/tmp/takeover-read-only-1440.png' });

  // Typing on into the read-only body (its caret moves as ever) opens the dialog again with that
  // key, and what follows goes there: still nothing lost, and it lands at the caret.
  await editorFrame(lina).getByText('第 40 段：', { exact: false }).click();
  await lina.keyboard.press('Control+End');
  await lina.keyboard.type('more', { delay: 40 });
  await expect(dialog).toBeVisible();
  await lina.keyboard.type(' after。', { delay: 40 });
  await expect(dialog.getByRole('textbox')).toHaveValue('more after。');
  await lina.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const all = `第 40 段：解放J6P 燃气版的测试记录。before.${whole}more after。`;
  await expect(body).toContainText(all);

  // The server kept it as her revision: 查看修订 shows it. Closing the dialog sends what it held (a
  // request of its own), and the banner already names the revision the first closing kept: ask until
  // the revision it names holds the last words too.
  await expect(banner).toContainText(/你尚未保存的内容已存为修订 #\d+/);
  const keptText = async () => {
    const revisionId = Number((await banner.textContent())!.match(/修订 #(\d+)/)![1]);
    const revision = await api<{ revision: { snapshot: { content: string } } }>(lina, 'GET', `/api/articles/${id}/revisions/${revisionId}`);
    return revision.data.revision.snapshot.content.replace(/<[^>]+>/g, '');
  };
  await expect.poll(keptText, { timeout: 10_000 }).toContain(all);

  // 张伟 fixes the title, saves and leaves; 李娜's 开始编辑 loads his version under her text.
  await zhang.getByLabel('标题', { exact: true }).fill('解放J6P 燃气版深度评测（主编改）');
  await zhang.getByRole('button', { name: /存草稿/ }).click();
  await expect(zhang.getByText('草稿已保存')).toBeVisible();
  await zhang.goto('/');
  await lina.getByRole('button', { name: '开始编辑' }).click({ timeout: 25_000 });
  await expect(lina.getByLabel('标题', { exact: true })).toHaveValue('解放J6P 燃气版深度评测（主编改）');
  await expect(body).toContainText(all);
  await lina.getByRole('button', { name: /存草稿/ }).click();
  await expect(lina.getByText('草稿已保存')).toBeVisible();
  const saved = await api<{ title: string; content: string }>(lina, 'GET', `/api/articles/${id}`);
  expect(saved.data.title).toBe('解放J6P 燃气版深度评测（主编改）');
  expect(saved.data.content.replace(/<[^>]+>/g, '')).toContain(all);
  await zhang.context().close();
});

test('发布短视频 on a phone: the same dialog keeps what is typed into 简介 after a takeover', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const storeId = await libraryVideo(page, 'E2E接管短视频素材');
  const editorName = await staffWith(page, 'tv', '编辑王强', ['/article/createVideo', '/article/videoList']);
  const video = await api<{ id: number }>(page, 'POST', '/api/videos', { title: 'E2E 接管短视频', videoStoreId: storeId, description: '开头。' });
  const id = video.data.id;
  const wang = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  const phone = await wang.newPage();
  await signIn(phone, editorName, STAFF_PASSWORD);
  await phone.goto(`/article/createVideo?id=${id}`);
  const description = phone.getByLabel('简介');
  await expect(description).toBeEditable();
  await description.click();
  await phone.keyboard.press('End');
  await description.scrollIntoViewIfNeeded();

  // The reviewer (admin here) takes it over.
  await page.goto(`/article/createVideo?id=${id}`);
  await page.getByRole('button', { name: '接管编辑' }).click();
  await page.getByRole('button', { name: /^接\s*管$/ }).click();
  await expect(page.getByRole('button', { name: /存草稿/ })).toBeEnabled();

  const dialog = lockLostDialog(phone);
  const typed: string[] = [];
  let after = 0;
  const deadline = Date.now() + 30_000;
  for (let chunk = 1; Date.now() < deadline && after < 2; chunk++) {
    const text = `[${chunk}]`;
    await phone.keyboard.type(text, { delay: 40 });
    typed.push(text);
    if (await dialog.isVisible()) after++;
  }
  expect(after, 'the lock-lost dialog appeared').toBe(2);
  await expect(dialog).toBeInViewport();
  await expect(dialog.getByRole('textbox')).toBeFocused();
  await phone.screenshot({ path: '/tmp/takeover-dialog-390.png' });
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(description).toHaveValue(`开头。${typed.join('')}`);
  await expect(description).toBeDisabled();
  await expect(phone.getByRole('alert').filter({ hasText: '接管编辑' })).toBeInViewport();
  await phone.screenshot({ path: '/tmp/takeover-read-only-390.png' });
  // The page is as wide as the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await wang.close();
});
