import { type Browser, type Page } from '@playwright/test';
import {
  api,
  clickWhenStill,
  expect,
  expectAccessible,
  libraryUpload,
  libraryVideo,
  openMore,
  settled,
  shot,
  signIn,
  solidImage,
  tableRow,
  test,
} from './helpers';

/**
 * Issue 15: taking content down and back from the lists (下线 with the focus-slot warning,
 * 重新发布, 撤回审核 for the author), the review drawer reading like the preview, tags created from
 * the tag field, and 分类 chosen with the keyboard.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const PASSWORD = 'Publish#2026';

/** A role with these routes and a user holding it (as the signed-in admin); answers the username. */
async function staff(admin: Page, prefix: string, name: string, routes: string[]) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const role = await api<{ id: number }>(admin, 'POST', '/api/roles', { name: `角色-${username}`, routes, level: 1 });
  expect(role.status, JSON.stringify(role)).toBe(0);
  const user = await api<{ id: number }>(admin, 'POST', '/api/users', { username, name, password: PASSWORD, roleId: role.data.id, departmentId: null });
  expect(user.status, JSON.stringify(user)).toBe(0);
  return username;
}

async function pageAs(browser: Browser, username: string) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, username, PASSWORD);
  return page;
}

async function checkA11y(page: Page, label: string) {
  await page.mouse.move(0, 0);
  await expectAccessible(page, label);
}

const rowOf = tableRow;

const WRITER_ROUTES = ['/article/addArticle', '/article/list', '/article/preview', '/article/createVideo', '/article/videoList'];
const REVIEWER_ROUTES = ['/article/check', '/article/list', '/article/preview', '/article/addArticle', '/article/createVideo', '/article/videoList'];

test('文章列表 and 视频列表: the author withdraws from review, a reviewer takes it offline (warned about its focus slot) and republishes it', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const writer = await staff(page, 'pw', '作者小周', WRITER_ROUTES);
  const reviewer = await staff(page, 'pr', '审核老郑', REVIEWER_ROUTES);
  const author = await pageAs(browser, writer);
  const checker = await pageAs(browser, reviewer);
  const title = `E2E 下线测试 ${writer}`;

  const created = await api<{ id: number }>(author, 'POST', '/api/articles', { title, content: '<p>燃气重卡价格有误的稿件。</p>' });
  expect(created.status, created.message).toBe(0);
  const id = created.data.id;
  expect((await api<{ status: number }>(author, 'PUT', `/api/articles/publish/${id}`, {})).data.status).toBe(1);

  // 撤回审核: the author, on the pending row.
  await author.goto('/article/list');
  await expect(rowOf(author, title)).toContainText('待审核');
  let menu = await openMore(author, title);
  await expect(menu.getByRole('menuitem', { name: '下线', exact: true })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: '撤回审核', exact: true }).click();
  const withdraw = author.getByRole('dialog', { name: `撤回「${title}」的审核？` });
  await expect(withdraw).toContainText('文章回到草稿，审核人员不会再看到它');
  await withdraw.getByRole('button', { name: /^撤\s*回$/ }).click();
  await expect(author.getByText(`已撤回「${title}」，已回到草稿`)).toBeVisible();
  await expect(rowOf(author, title)).toContainText('草稿');

  // Resubmitted and approved; an operator puts it in a focus slot.
  expect((await api<{ status: number }>(author, 'PUT', `/api/articles/publish/${id}`, {})).data.status).toBe(1);
  expect((await api<{ status: number }>(checker, 'PUT', `/api/articles_review/${id}`, { contentType: 'article', action: 'approve' })).data.status).toBe(3);
  const slot = await api(page, 'POST', '/api/focus_home_right', {
    title: '右侧头条',
    image: 'https://img.example.com/e2e-focus.jpg',
    articleId: id,
    startAt: new Date(Date.now() - 60_000).toISOString(),
  });
  expect(slot.status, slot.message).toBe(0);

  // Without 内容审核 the author sees 下线 disabled, with the reason.
  await author.reload();
  await expect(rowOf(author, title)).toContainText('已发布');
  menu = await openMore(author, title);
  await menu.getByRole('menuitem', { name: '下线', exact: true }).click();
  await expect(author.getByText('需要「内容审核」权限才能下线，请联系审核人员')).toBeVisible();
  await expect(author.getByRole('dialog')).toHaveCount(0);
  // Its editor says how it comes down now.
  await author.goto(`/article/addArticle?id=${id}`);
  await expect(author.getByTestId('live-notice')).toContainText('请其在「文章列表」的操作中将它「下线」');

  // 下线: the reviewer confirms, told about the focus slot first.
  await checker.goto('/article/list');
  menu = await openMore(checker, title);
  await menu.getByRole('menuitem', { name: '下线', exact: true }).click();
  const offline = checker.getByRole('dialog', { name: `下线文章「${title}」？` });
  await expect(offline.getByTestId('focus-usage')).toContainText('这篇文章正用在 1 个焦点图位中：首页右侧焦点图 1 个');
  await settled(checker);
  await shot(checker, 'publishing-offline-confirm-1440');
  await checkA11y(checker, '下线 confirmation');
  await offline.getByRole('button', { name: /^下\s*线$/ }).click();
  await expect(checker.getByText(`已下线「${title}」`)).toBeVisible();
  await expect(rowOf(checker, title)).toContainText('已下线');
  expect((await api<{ status: number }>(checker, 'GET', `/api/articles/${id}`)).data.status).toBe(4);

  // 重新发布.
  menu = await openMore(checker, title);
  await expect(menu.getByRole('menuitem', { name: '下线', exact: true })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: '重新发布', exact: true }).click();
  const republish = checker.getByRole('dialog', { name: `重新发布文章「${title}」？` });
  await clickWhenStill(republish.getByRole('button', { name: /^重新发布$/ }));
  await expect(checker.getByText(`已重新发布「${title}」`)).toBeVisible();
  await expect(rowOf(checker, title)).toContainText('已发布');

  // Phone width: the same menu.
  await checker.setViewportSize(PHONE);
  await checker.reload();
  menu = await openMore(checker, title);
  await expect(menu.getByRole('menuitem', { name: '下线', exact: true })).toBeVisible();
  await shot(checker, 'publishing-more-menu-390');
  await checker.keyboard.press('Escape');
  await checker.setViewportSize(DESKTOP);

  // 视频列表: the same three for a short video.
  const storeId = await libraryVideo(page, 'E2E 下线素材');
  const videoTitle = `E2E 下线短视频 ${writer}`;
  const video = await api<{ id: number }>(author, 'POST', '/api/videos', { title: videoTitle, videoStoreId: storeId, description: '短视频简介' });
  expect(video.status, video.message).toBe(0);
  expect((await api<{ status: number }>(author, 'PUT', `/api/videos/publish/${video.data.id}`, {})).data.status).toBe(1);
  await author.goto('/article/videoList');
  const videoRow = author.getByRole('row').filter({ hasText: videoTitle });
  await expect(videoRow).toContainText('待审核');
  await videoRow.getByRole('button', { name: `撤回审核「${videoTitle}」` }).click();
  await author
    .getByRole('dialog', { name: `撤回「${videoTitle}」的审核？` })
    .getByRole('button', { name: /^撤\s*回$/ })
    .click();
  await expect(videoRow).toContainText('草稿');

  expect((await api<{ status: number }>(checker, 'PUT', `/api/videos/publish/${video.data.id}`, {})).data.status).toBe(3);
  await checker.goto('/article/videoList');
  const checkerRow = checker.getByRole('row').filter({ hasText: videoTitle });
  await checkerRow.getByRole('button', { name: `下线「${videoTitle}」` }).click();
  const videoOffline = checker.getByRole('dialog', { name: `下线短视频「${videoTitle}」？` });
  await expect(videoOffline).toContainText('下线后读者立即看不到这篇短视频');
  // Not in any focus slot: no warning once the check has answered.
  await expect(videoOffline.getByTestId('focus-usage')).toHaveCount(0);
  await videoOffline.getByRole('button', { name: /^下\s*线$/ }).click();
  await expect(checkerRow).toContainText('已下线');
  await checkerRow.getByRole('button', { name: `重新发布「${videoTitle}」` }).click();
  await checker
    .getByRole('dialog', { name: `重新发布短视频「${videoTitle}」？` })
    .getByRole('button', { name: /^重新发布$/ })
    .click();
  await expect(checkerRow).toContainText('已发布');
  await settled(checker);
  await shot(checker, 'publishing-video-list-1440');
  await checkA11y(checker, '视频列表');
  await checker.setViewportSize(PHONE);
  await checker.reload();
  await expect(checker.getByRole('row').filter({ hasText: videoTitle })).toBeVisible();
  await settled(checker);
  await shot(checker, 'publishing-video-list-390');
});

test('审阅 reads like the preview: the blocks drawn, pictures within the drawer, tags, topic, album and platforms by name', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const writer = await staff(page, 'rw', '作者小吴', WRITER_ROUTES);
  const author = await pageAs(browser, writer);
  const wide = await libraryUpload(page, { kind: 'pic', title: 'E2E 宽图', bytes: await solidImage(30, 120, 200, { width: 1200, height: 400 }) });
  const storeId = await libraryVideo(page, 'E2E 审阅视频');
  const product = (await api<{ list: Array<{ id: number; seriesId: number; name: string }> }>(page, 'GET', '/product-api/product/getList?pageSize=1')).data
    .list[0];
  const type = await api<{ id: number }>(page, 'POST', '/api/tags_types', { name: `审阅标签类型${writer}` });
  const tag = await api<{ id: number }>(page, 'POST', '/api/tags', { typeId: type.data.id, name: `天然气重卡${writer}` });
  const topic = await api<{ id: number }>(page, 'POST', '/api/topic', { title: `新能源专题${writer}` });
  const platform = await api<{ id: number }>(page, 'POST', '/api/platform', { name: `审阅平台${writer}`.slice(0, 32), code: `rv${Date.now().toString(36)}` });
  const album = await api<{ id: number }>(page, 'POST', '/api/articles_album', { name: `年度评选${writer}`.slice(0, 64) });
  for (const r of [type, tag, topic, platform, album]) expect(r.status, r.message).toBe(0);

  const title = `E2E 审阅视图 ${writer}`;
  const content =
    `<p>燃气版正式上市。</p><p><img src="${wide.url}" alt="宽图"></p>` +
    `<div class="cms-video" data-video-id="${storeId}" contenteditable="false"><p>视频：E2E 审阅视频</p></div>` +
    `<div class="cms-inquiry" data-series-id="${product.seriesId}" data-product-id="${product.id}" contenteditable="false"><p>询价：${product.name}</p></div>`;
  const created = await api<{ id: number }>(author, 'POST', '/api/articles', {
    title,
    content,
    tagIds: [tag.data.id],
    topicIds: [topic.data.id],
    platformIds: [platform.data.id],
    albumId: album.data.id,
  });
  expect(created.status, created.message).toBe(0);
  expect((await api<{ status: number }>(author, 'PUT', `/api/articles/publish/${created.data.id}`, {})).data.status).toBe(1);

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/article/check');
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('button', { name: `审阅「${title}」` })
      .click();
    const drawer = page.getByRole('dialog', { name: `审阅：${title}` });
    const reading = drawer.getByTestId('review-reading');
    await expect(reading.getByTestId('preview-video').locator('video')).toHaveAttribute('src', /.+/);
    await expect(reading.getByTestId('preview-inquiry')).toContainText('询底价');
    await expect(reading).not.toContainText('询价：');
    await expect(reading).not.toContainText('视频：E2E 审阅视频');
    const details = drawer.locator('.ant-descriptions');
    await expect(details).toContainText(`天然气重卡${writer}`);
    await expect(details).toContainText(`新能源专题${writer}`);
    await expect(details).toContainText(`年度评选${writer}`.slice(0, 64));
    await expect(details).toContainText(`审阅平台${writer}`.slice(0, 32));
    // Nothing wider than the reading view: the 1200 px picture and the player fit.
    const picture = reading.locator('.preview-body img').first();
    await expect(picture).toBeVisible();
    await expect.poll(async () => (await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)) || 0).toBe(1200);
    const frame = (await reading.boundingBox())!;
    for (const el of [picture, reading.getByTestId('preview-video').locator('video')]) {
      const box = (await el.boundingBox())!;
      expect(box.x + box.width, 'within the reading view').toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    }
    expect(await reading.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await settled(page);
    await shot(page, viewport === DESKTOP ? 'publishing-review-drawer-1440' : 'publishing-review-drawer-390');
    if (viewport === DESKTOP) await checkA11y(page, '审阅');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  }
});

test('标签: a tag that does not exist is created from the field and chosen, by 标签管理 and by an editor (logged)', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const writer = await staff(page, 'tw', '作者小林', WRITER_ROUTES);
  const stamp = Date.now().toString(36);
  for (const name of [`品牌${stamp}`, `话题${stamp}`]) expect((await api(page, 'POST', '/api/tags_types', { name })).status).toBe(0);
  const name = `天然气重卡${stamp}`;

  // The administrator holds 标签管理: type, the option is last, Enter takes it, the type is asked.
  await page.goto('/article/addArticle');
  const field = page.getByRole('combobox', { name: '标签' });
  await field.click();
  await field.fill(name);
  const option = page.getByTestId('tag-create-option');
  await expect(option).toHaveText(`新建标签「${name}」`);
  await settled(page);
  await shot(page, 'publishing-tag-create-option-1440');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `新建标签「${name}」` });
  await dialog.getByRole('radio', { name: `话题${stamp}` }).check();
  await settled(page);
  await checkA11y(page, '新建标签');
  await dialog.getByRole('button', { name: '新建并选中' }).click();
  await expect(page.getByText(`已新建标签「${name}」（话题${stamp}）并选中`)).toBeVisible();
  await expect(page.locator('.ant-select-selection-item').filter({ hasText: name })).toBeVisible();
  const stored = await api<{ list: Array<{ name: string; typeName: string }> }>(page, 'GET', `/api/tags?keyword=${encodeURIComponent(name)}`);
  expect(stored.data.list).toEqual([expect.objectContaining({ name, typeName: `话题${stamp}` })]);

  // An editor without 标签管理 creates one in an existing type too (ux P2-11), from the keyboard:
  // the type dialog opens on its first choice and Enter creates the tag (P2-9); the log says who.
  const editor = await pageAs(browser, writer);
  await editor.goto('/article/addArticle');
  const theirs = editor.getByRole('combobox', { name: '标签' });
  await theirs.click();
  const mine = `编辑新建${stamp}`;
  await theirs.fill(mine);
  await expect(editor.getByTestId('tag-create-option')).toHaveText(`新建标签「${mine}」`);
  await settled(editor);
  await editor.keyboard.press('Enter');
  const theirDialog = editor.getByRole('dialog', { name: `新建标签「${mine}」` });
  await expect(theirDialog.getByRole('radio').first()).toBeFocused();
  await editor.keyboard.press('Enter');
  await expect(editor.getByText(new RegExp(`已新建标签「${mine}」`))).toBeVisible();
  await expect(theirDialog).toBeHidden();
  await editor.screenshot({ path: '/tmp/ux-dialogs/tag-created-by-editor-1440.png' });
  const logs = await api<{ list: Array<{ summary: string; username: string }> }>(page, 'GET', '/api/log/operation?resource=tags');
  expect(logs.data.list.map((l) => l.summary)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^写稿时新建标签「${mine}」`))]));
});

test('分类 with the keyboard in the editor: type, ArrowDown, Enter; ArrowUp, Enter', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const stamp = Date.now().toString(36);
  const type = await api<{ id: number }>(page, 'POST', '/api/category_types', { name: `键盘资讯${stamp}` });
  const parent = await api<{ id: number }>(page, 'POST', '/api/categories', { typeId: type.data.id, name: `键盘行业动态${stamp}` });
  for (const name of [`键盘政策法规${stamp}`, `键盘市场销量${stamp}`])
    expect((await api(page, 'POST', '/api/categories', { typeId: type.data.id, parentId: parent.data.id, name })).status).toBe(0);

  await page.goto('/article/addArticle');
  const field = page.getByRole('combobox', { name: '分类' });
  const item = page.locator('.ant-form-item').filter({ has: field });
  await field.focus();
  await page.keyboard.type('销量');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(1);
  await settled(page);
  await shot(page, 'publishing-category-typed-1440');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(item).toContainText(`键盘市场销量${stamp}`);

  // Arrows alone: open on the chosen one, up to its sibling above, Enter. Pressed once the list has
  // closed and the typed search is gone, as a person sees it: pressed while antd still clears the
  // search (a loaded machine), the reopened list marks the first option before the full list returns.
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await settled(page);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toContainText(`键盘市场销量${stamp}`);
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toContainText(`键盘政策法规${stamp}`);
  await page.keyboard.press('Enter');
  await expect(item).toContainText(`键盘政策法规${stamp}`);
  await expect(item).not.toContainText(`键盘市场销量${stamp}`);
  await settled(page);
  await checkA11y(page, '写文章 分类');
});
