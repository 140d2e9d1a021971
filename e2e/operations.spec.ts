import { type Page } from '@playwright/test';
import { expect, test, api, clickWhenStill, expectAccessible, saveButton, settled, shot, signIn } from './helpers';
import sharp from 'sharp';

/**
 * Issue 9, 运营管理: a home focus slot made from an article found by search and a picture from the
 * library, live beside a scheduled one, reordered by keyboard; a right-side slot flushed; an ad
 * switched on; keywords and friend links reordered. Each test makes its own records.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function checkA11y(page: Page, label: string) {
  await page.mouse.move(0, 0);
  await expectAccessible(page, label);
}

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
/** The 标题 cells' first lines (the second names what the slot shows). */
const rowTitles = async (page: Page) =>
  (await page.locator('.ant-table-tbody tr[data-row-key] td:nth-child(3)').allInnerTexts()).map((t) => t.split('\n')[0].trim());

test('首页焦点图: a slot from a searched article and a library picture, live and scheduled, reordered by keyboard', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  // What the journey needs: the app platform and a published article.
  await api(page, 'POST', '/api/platform', { name: 'APP', code: 'app' });
  const article = await api<{ id: number }>(page, 'POST', '/api/articles', { title: 'E2E 重卡十一月销量大涨' });
  expect(article.status).toBe(0);
  const published = await api(page, 'PUT', `/api/articles/publish/${article.data.id}`, {});
  expect(published.status, JSON.stringify(published)).toBe(0);

  await page.goto('/operation/focus');
  await expect(page.getByRole('heading', { level: 1, name: '首页焦点图' })).toBeVisible();
  await expect(page).toHaveTitle('首页焦点图 - CMS网站管理系统');
  // The first enabled platform is shown first; other journeys may have added platforms, so choose APP.
  await page.getByRole('tab', { name: 'APP' }).click();
  await expect(page.getByRole('tab', { name: 'APP' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: '新增首页焦点图' }).click();
  const dialog = page.getByRole('dialog', { name: '新增首页焦点图' });
  await expect(dialog.getByLabel('标题')).toBeFocused();
  // The article, found by typing part of its title; its title fills the empty 标题.
  await dialog.getByLabel('文章或视频').click();
  await page.keyboard.type('十一月销量');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'E2E 重卡十一月销量大涨' }).click();
  await expect(dialog.getByLabel('标题')).toHaveValue('E2E 重卡十一月销量大涨');
  // The picture: uploaded into the library through the picker, then chosen.
  const png = await sharp({ create: { width: 960, height: 400, channels: 3, background: '#1d39c4' } })
    .png()
    .toBuffer();
  await dialog.getByRole('button', { name: '上传' }).click();
  const picker = page.getByRole('dialog', { name: '选择焦点图图片' });
  await picker.getByTestId('upload-input').setInputFiles([{ name: 'E2E焦点图.png', mimeType: 'image/png', buffer: png }]);
  // Uploads are not titled with their file names (issue 15): the picture is named in the queue.
  const title = picker.getByLabel('「E2E焦点图.png」的标题');
  await title.fill('E2E焦点图');
  await title.press('Enter');
  await expect(picker.getByTestId('upload-row')).toHaveAttribute('data-status', 'done');
  await expect(picker.getByTestId('upload-title-state')).toHaveText('标题已保存');
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(picker).toBeHidden();
  await expect(dialog.getByTestId('cover-preview')).toBeVisible();
  // An end before the start is refused inline; a later one passes.
  const end = dialog.getByLabel('结束时间');
  await end.click();
  await end.fill('2020-01-01 00:00:00');
  await page.keyboard.press('Enter');
  await expect(dialog.locator('.ant-form-item-explain-error')).toContainText('结束时间必须晚于开始时间');
  await shot(page, 'operation-focus-form');
  // A later end: Enter confirms the date and never submits the form (ux-2026-11-28 P2-1).
  await end.click();
  await end.fill('2099-12-31 00:00:00');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(end).toHaveValue('2099-12-31 00:00:00');
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
  // The same from 开始时间.
  const start = dialog.getByLabel('开始时间');
  await start.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2026-01-01 08:00:00');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(start).toHaveValue('2026-01-01 08:00:00');
  // Enter in a text field still saves.
  await dialog.getByLabel('标题').press('Enter');
  await expect(dialog).toBeHidden();

  const live = page.getByRole('row', { name: /E2E 重卡十一月销量大涨/ });
  await expect(live).toBeVisible();
  await expect(live.locator('[data-status]')).toHaveText('展示中');
  await expect(live).toContainText('文章：E2E 重卡十一月销量大涨');

  // A second slot, starting tomorrow: scheduled.
  const pic = (await api<{ list: Array<{ url: string; title: string }> }>(page, 'GET', '/api/pic_stores?keyword=E2E焦点图')).data.list[0];
  const second = await api(page, 'POST', '/api/focus_home', {
    title: 'E2E 明日车展专题',
    url: 'https://www.example.com/expo',
    image: pic.url,
    platform: 'app',
    startAt: inHours(24),
    endAt: inHours(72),
  });
  expect(second.status).toBe(0);
  await page.reload();
  const scheduled = page.getByRole('row', { name: /E2E 明日车展专题/ });
  await expect(scheduled.locator('[data-status]')).toHaveText('待上线');
  await settled(page);
  await shot(page, 'operation-focus');
  await checkA11y(page, '首页焦点图');

  // Reorder by keyboard: the scheduled slot's handle, ↑, and it leads; the order is saved.
  const before = await rowTitles(page);
  expect(before.indexOf('E2E 明日车展专题')).toBeGreaterThan(before.indexOf('E2E 重卡十一月销量大涨'));
  await scheduled.getByRole('button', { name: /拖动排序「E2E 明日车展专题」/ }).focus();
  for (let i = 0; i < before.length; i++) await page.keyboard.press('ArrowUp');
  await expect(page.getByText('顺序已保存').first()).toBeVisible();
  await expect(scheduled.getByRole('button', { name: /拖动排序「E2E 明日车展专题」/ })).toBeFocused();
  await expect.poll(async () => (await rowTitles(page))[0]).toContain('E2E 明日车展专题');
  await page.reload();
  await expect.poll(async () => (await rowTitles(page))[0]).toContain('E2E 明日车展专题');

  // And by dragging the handle back below.
  const handle = page.getByRole('button', { name: /拖动排序「E2E 明日车展专题」/ });
  await handle.dragTo(page.getByRole('row', { name: /E2E 重卡十一月销量大涨/ }), { targetPosition: { x: 200, y: 40 } });
  await expect.poll(async () => (await rowTitles(page)).indexOf('E2E 明日车展专题')).toBeGreaterThan(0);

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('row', { name: /E2E 重卡十一月销量大涨/ }).locator('[data-status]')).toHaveText('展示中');
  await shot(page, 'operation-focus-phone');
  await checkA11y(page, '首页焦点图 (phone)');
});

test('PC焦点图: 刷新 a right-side slot records when; 广告管理: an ad switched on', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await api(page, 'POST', '/api/focus_home_right', {
    title: 'E2E 右侧推荐位',
    url: 'https://www.example.com/right',
    image: 'https://www.example.com/right.png',
    startAt: inHours(-1),
  });
  await page.goto('/operation/pcfocus?tab=right');
  await expect(page.getByRole('heading', { level: 1, name: 'PC焦点图' })).toBeVisible();
  const row = page.getByRole('row', { name: /E2E 右侧推荐位/ });
  await expect(row).toContainText('未刷新');
  await row.getByRole('button', { name: /刷新/ }).click();
  await expect(page.getByText('已记录刷新时间（未配置推送地址）')).toBeVisible();
  await expect(row).not.toContainText('未刷新');
  await shot(page, 'operation-pcfocus-right');
  await checkA11y(page, 'PC焦点图 · 首页右侧');
  // A newsroom with more than 100 channels: the chooser offers the last one made (a newer type's
  // categories come after every other journey's in the paged list, which stops at 100).
  const type = await api<{ id: number }>(page, 'POST', '/api/category_types', { name: 'E2E 频道大全' });
  const top = await api<{ id: number }>(page, 'POST', '/api/categories', { typeId: type.data.id, name: 'E2E 地方频道' });
  for (let i = 1; i <= 104; i++)
    expect((await api(page, 'POST', '/api/categories', { typeId: type.data.id, parentId: top.data.id, name: `E2E 城市${i}` })).status).toBe(0);
  await page.getByRole('tab', { name: '频道焦点图' }).click();
  const chooser = page.getByRole('combobox', { name: '频道' });
  await expect(chooser).toBeVisible();
  await checkA11y(page, 'PC焦点图 · 频道');
  await chooser.click();
  await chooser.fill('E2E 城市104');
  await shot(page, 'operation-pcfocus-channel-chooser');
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: 'E2E 城市104' }).click();
  await expect(page).toHaveURL(/categoryId=\d+/);
  await expect(page.getByText('「E2E 城市104」焦点图的轮播顺序', { exact: false })).toBeVisible();

  const ad = await api<{ id: number }>(page, 'PUT', '/api/advertise/edit', {
    name: 'E2E 首页通栏',
    position: 'home_top',
    image: 'https://www.example.com/ad.png',
    url: 'https://ad.example.com',
    startAt: inHours(-1),
    endAt: inHours(48),
  });
  expect(ad.status).toBe(0);
  await page.goto('/operation/ad');
  await expect(page.getByRole('heading', { level: 1, name: '广告管理' })).toBeVisible();
  const adRow = page.getByRole('row', { name: /E2E 首页通栏/ });
  // One name for the switch: the 上线 column, the 状态 filter and the tag say 上线 / 已下线 (P3-8).
  await expect(adRow.locator('[data-status]')).toHaveText('已下线');
  await adRow.getByRole('switch', { name: '上线「E2E 首页通栏」' }).click();
  await expect(page.getByText('「E2E 首页通栏」已上线')).toBeVisible();
  await expect(adRow.locator('[data-status]')).toHaveText('展示中');
  expect((await api<{ state: number }>(page, 'GET', `/api/advertise/${ad.data.id}`)).data.state).toBe(1);
  await settled(page);
  await shot(page, 'operation-ad');
  await checkA11y(page, '广告管理');
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(adRow).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await settled(page);
  await shot(page, 'operation-ad-phone');
  await checkA11y(page, '广告管理 (phone)');
});

test('搜索关键词, 友情链接, 品牌, 导航图标: add, reorder, tie to the product host', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);

  await page.goto('/operation/keywords?platform=m');
  await expect(page.getByRole('heading', { level: 1, name: '搜索关键词' })).toBeVisible();
  for (const word of ['E2E解放J7', 'E2E重汽豪沃']) {
    await page.getByRole('button', { name: '新增关键词' }).click();
    const dialog = page.getByRole('dialog', { name: '新增搜索关键词' });
    await expect(dialog.getByLabel('关键词')).toBeFocused();
    await expect(dialog.getByRole('radio', { name: 'M 站' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'PC' })).toHaveCount(0);
    await page.keyboard.type(word);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  }
  const second = page.getByRole('button', { name: /拖动排序「E2E重汽豪沃」/ });
  await second.focus();
  await page.keyboard.press('Home');
  await expect.poll(async () => (await page.locator('.ant-table-tbody tr[data-row-key] td:nth-child(2)').allInnerTexts())[0]).toBe('E2E重汽豪沃');
  await shot(page, 'operation-keywords');
  await checkA11y(page, '搜索关键词');

  await page.goto('/operation/friendLinks');
  await page.getByRole('button', { name: '新增友情链接' }).click();
  const link = page.getByRole('dialog', { name: '新增友情链接' });
  await page.keyboard.type('E2E 卡车之家');
  await link.getByLabel('链接').fill('javascript:alert(1)');
  await expect(link.locator('.ant-form-item-explain-error')).toContainText('http');
  await link.getByLabel('链接').fill('https://www.example.com/truck');
  await link.getByRole('button', { name: saveButton }).click();
  await expect(link).toBeHidden();
  await expect(page.getByRole('row', { name: /E2E 卡车之家/ })).toBeVisible();
  await shot(page, 'operation-friend-links');
  await checkA11y(page, '友情链接');

  await page.goto('/operation/brand');
  await page.getByRole('button', { name: '新增品牌' }).click();
  const brand = page.getByRole('dialog', { name: '新增品牌' });
  await brand.getByLabel('车型库品牌').click();
  await page.keyboard.type('陕汽');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await expect(brand.getByLabel('品牌名称')).not.toHaveValue('');
  await brand.getByRole('button', { name: saveButton }).click();
  await expect(brand).toBeHidden();
  await expect(page.getByRole('row', { name: /陕汽/ })).toBeVisible();
  // The 车型库品牌 column: the host's name of the brand, carried by the picker's hidden item, and its id.
  await expect(page.getByRole('row', { name: /陕汽/ }).first()).toContainText(/陕汽.*（#\d+）/);
  await shot(page, 'operation-brand');
  await checkA11y(page, '品牌管理');

  await page.goto('/operation/nav');
  await page.getByRole('button', { name: '新增版本' }).click();
  const version = page.getByRole('dialog', { name: '新增导航版本' });
  await page.keyboard.type('E2E 6.2.0');
  // A first version of its own: no copy (another journey may have made a version already).
  const copyField = version.getByLabel('复制图标');
  if (await version.locator('.ant-select-clear').count()) {
    await copyField.hover();
    await version.locator('.ant-select-clear').click();
  }
  await version.getByLabel('版本名称').press('Enter');
  await expect(version).toBeHidden();
  await page.getByRole('button', { name: '新增类型' }).click();
  await page.keyboard.type('E2E金刚区');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'E2E金刚区' })).toBeVisible();
  await page.getByRole('button', { name: '新增「E2E金刚区」图标' }).click();
  const icon = page.getByRole('dialog', { name: '新增导航图标' });
  await page.keyboard.type('找车');
  await icon.getByLabel('图标', { exact: true }).fill('https://www.example.com/icon.png');
  await icon.getByRole('button', { name: saveButton }).click();
  await expect(icon).toBeHidden();
  await expect(page.getByRole('row', { name: /找车/ })).toBeVisible();
  // The version's icon count follows the new icon, and the picker says which version is live.
  await expect(page.getByText('APP · E2E 6.2.0 · 1 个图标').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: '版本' }).locator('..').locator('..')).toContainText('启用');
  // 新增版本 starts as a copy of the version on screen (ux-2026-11-28 P2-6).
  await page.getByRole('button', { name: '新增版本' }).click();
  const next = page.getByRole('dialog', { name: '新增导航版本' });
  await expect(next.getByText(/APP · E2E 6\.2\.0（1 个图标，启用）/)).toBeVisible();
  await page.keyboard.type('E2E 6.3.0');
  await page.keyboard.press('Enter');
  await expect(next).toBeHidden();
  await expect(page.getByText('APP · E2E 6.3.0 · 1 个图标').first()).toBeVisible();
  await expect(page.getByRole('row', { name: /找车/ })).toBeVisible();
  await shot(page, 'operation-nav');
  await checkA11y(page, '导航图标');
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('row', { name: /找车/ })).toBeVisible();
  await shot(page, 'operation-nav-phone');
});

test('友情链接: 撤销 brings a deleted link back in its place; lists without delete say how to retire and hide retired rows', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  for (const name of ['E2E 撤销甲', 'E2E 撤销乙', 'E2E 撤销丙']) {
    expect((await api(page, 'POST', '/api/friend_links', { name, url: 'https://www.example.com/' + encodeURIComponent(name) })).status).toBe(0);
  }
  await page.goto('/operation/friendLinks');
  const names = async () => (await page.locator('.ant-table-tbody tr[data-row-key] td:nth-child(3)').allInnerTexts()).map((t) => t.trim());
  await expect.poll(async () => (await names()).filter((n) => n.startsWith('E2E 撤销'))).toEqual(['E2E 撤销甲', 'E2E 撤销乙', 'E2E 撤销丙']);
  await page.getByRole('button', { name: '删除「E2E 撤销乙」' }).click();
  // The confirmation zooms in: a click while it moves can miss its button.
  await clickWhenStill(page.getByRole('dialog').getByRole('button', { name: /删\s*除/ }));
  const toast = page.getByTestId('undo-toast');
  await expect(toast).toContainText('已删除「E2E 撤销乙」');
  await expect(page.getByRole('row', { name: /E2E 撤销乙/ })).toHaveCount(0);
  await shot(page, 'operation-undo-toast');
  // The keyboard is on 撤销 (the row it was on is gone).
  await expect(toast.getByRole('button', { name: /撤\s*销/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('已恢复「E2E 撤销乙」')).toBeVisible();
  await expect.poll(async () => (await names()).filter((n) => n.startsWith('E2E 撤销'))).toEqual(['E2E 撤销甲', 'E2E 撤销乙', 'E2E 撤销丙']);

  // 搜索关键词 has no delete: the list says how to retire one, and hides the switched-off ones until 全部.
  await api(page, 'POST', '/api/search_keywords', { word: 'E2E在用词', platform: 'app' });
  await api(page, 'POST', '/api/search_keywords', { word: 'E2E停用词', platform: 'app', enabled: false });
  await page.goto('/operation/keywords?platform=app');
  await expect(page.getByTestId('retire-note')).toContainText('不能删除：停用后不再展示');
  await expect(page.getByRole('row', { name: /E2E在用词/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /E2E停用词/ })).toHaveCount(0);
  // Dragging stays on under the default filter.
  await expect(page.getByRole('button', { name: /拖动排序「E2E在用词」/ })).toBeVisible();
  await page.getByRole('combobox', { name: '状态' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '全部' }).click();
  await expect(page).toHaveURL(/enabled=all/);
  await expect(page.getByRole('row', { name: /E2E停用词/ })).toBeVisible();
});

test('at 1440 px with the sidebar open no key column sits under the pinned 操作 column', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await api(page, 'POST', '/api/platform', { name: 'APP', code: 'app' });
  const long = 'E2E 一个很长很长的焦点图标题，用来把列撑宽：解放J7 2026 款 560 马力牵引车长途实测';
  await api(page, 'POST', '/api/focus_home', {
    title: long,
    image: 'https://www.example.com/f.png',
    url: 'https://www.example.com/a/very/long/link/for/the/column',
    platform: 'app',
    startAt: inHours(-1),
    endAt: inHours(48),
  });
  await api(page, 'POST', '/api/focus_video', {
    title: long,
    image: 'https://www.example.com/f.png',
    url: 'https://www.example.com/v',
    platform: 'app',
    startAt: inHours(-1),
  });
  await api(page, 'POST', '/api/focus_home_right', {
    title: long,
    image: 'https://www.example.com/f.png',
    url: 'https://www.example.com/r/very/long/link',
    startAt: inHours(-1),
  });
  await api(page, 'PUT', '/api/advertise/edit', {
    name: long.slice(0, 60),
    position: 'home_top',
    image: 'https://www.example.com/ad.png',
    url: 'https://ad.example.com/landing/very/long',
    startAt: inHours(-1),
  });
  await api(page, 'POST', '/api/topic', { title: long.slice(0, 60), summary: long + long, url: 'https://www.example.com/topic/very/long/link', enabled: true });
  await api(page, 'POST', '/api/articles', { title: long });
  const screens: Array<[string, string[]]> = [
    ['/operation/pcfocus?tab=right', ['上次刷新', '启用']],
    ['/setting/topic', ['关联活动', '状态', '更新时间']],
    ['/article/list', ['发布时间', '更新时间']],
    ['/department', ['用户名', '姓名', '上次登录']],
    ['/operation/ad', ['链接']],
    ['/operation/focus?platform=app', ['启用']],
    ['/operation/videofocus?platform=app', ['启用']],
  ];
  for (const [path, keys] of screens) {
    await page.goto(path);
    await expect(page.locator('.ant-table-tbody tr[data-row-key]').first()).toBeVisible();
    await settled(page);
    const layout = await page.evaluate(() => {
      const ths = [...document.querySelectorAll<HTMLElement>('.ant-table thead th')];
      const fixed = ths.find((th) => th.textContent?.trim() === '操作');
      return {
        fixedLeft: fixed?.getBoundingClientRect().left ?? null,
        headers: Object.fromEntries(ths.map((th) => [th.textContent?.trim() ?? '', th.getBoundingClientRect().right])),
      };
    });
    expect(layout.fixedLeft, `${path}: 操作 is pinned`).not.toBeNull();
    for (const key of keys) {
      expect(layout.headers[key], `${path}: ${key} is shown`).toBeDefined();
      expect(layout.headers[key], `${path}: ${key} ends left of 操作`).toBeLessThanOrEqual(layout.fixedLeft! + 1);
    }
  }
});

test('on a phone the date-time picker fits the screen (slot form, 广告管理)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  await api(page, 'POST', '/api/platform', { name: 'APP', code: 'app' });
  for (const [path, button] of [
    ['/operation/focus?platform=app', '新增首页焦点图'],
    ['/operation/ad', '新增广告'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: button });
    await dialog.getByLabel('结束时间').click();
    const popup = page.locator('.ant-picker-dropdown:visible');
    await expect(popup).toBeVisible();
    await expect(popup.locator('.ant-picker-cell').first()).toBeVisible();
    const box = (await popup.locator('.ant-picker-panel-container').boundingBox())!;
    expect(box.x, `${path}: the picker starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${path}: the picker ends on screen`).toBeLessThanOrEqual(PHONE.width + 1);
    // Monday's column and the previous-month button can be tapped.
    for (const target of [popup.locator('.ant-picker-content th').first(), popup.locator('.ant-picker-header-prev-btn')]) {
      const b = (await target.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(0);
    }
    await shot(page, `operation-date-picker-phone-${button}`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  }
});
