import { type Page } from '@playwright/test';
import { expect, test, expectAccessible, settled, signIn } from './helpers';

/**
 * Issue 15 (review P2-11): on a phone the editor's toolbar reaches every button. Below 600 px, and
 * on phones whatever their width, the five custom blocks come first and the rest fold behind 「⋯」
 * (显示或隐藏其他工具栏项) in a sliding drawer, instead of TinyMCE's sideways-scrolling phone toolbar
 * that laid 视频 out at x = 857 in a 390 px screen. Also (P3-12) the 视频 picker opens on its search box.
 */

const PHONE = { width: 390, height: 844 };
/** An Android phone's Chrome: TinyMCE recognises phones by the user agent, not by the width. */
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const MORE = '显示或隐藏其他工具栏项';

/** The custom blocks: their toolbar button (by its tooltip) and the dialog it opens. */
const BLOCKS = [
  { button: '插入视频（视频库或上传）', dialog: '插入视频' },
  { button: '插入 VR 全景', dialog: '插入 VR 全景' },
  { button: '插入询价卡片（品牌 → 车系 → 车型）', dialog: '插入询价卡片' },
  { button: '插入投票', dialog: '插入投票' },
  { button: '插入图集（图片库多选或上传）', dialog: '插入图集（按选择的先后排列）' },
];

async function openEditor(page: Page) {
  await page.goto('/article/addArticle');
  await expect(page.locator('.tox-edit-area iframe')).toBeVisible({ timeout: 30_000 });
  await expect(page.frameLocator('.tox-edit-area iframe').locator('body')).toHaveAttribute('contenteditable', 'true');
}

/** The toolbar's buttons in order (the first row, then the drawer), by accessible name, without ⋯ itself. */
const toolbarNames = (page: Page) =>
  page
    .locator('.tox-editor-header button.tox-tbtn')
    .evaluateAll((els, more) => els.map((el) => el.getAttribute('aria-label') ?? '').filter((name) => name !== more), MORE);

/** Buttons of the editor header that are shown but not wholly inside the screen. */
const offScreen = (page: Page) =>
  page.locator('.tox-editor-header .tox-tbtn').evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < 0 || r.right > window.innerWidth;
      })
      .map((el) => `${el.getAttribute('aria-label')} at x = ${Math.round(el.getBoundingClientRect().left)}`),
  );

/** Clicks a toolbar button, opening the 「⋯」 drawer first when the button is folded into it. */
async function clickToolbarButton(page: Page, name: string) {
  const button = page.locator('.tox-editor-header').getByRole('button', { name, exact: true });
  if (!(await button.isVisible())) {
    await page.getByRole('button', { name: MORE }).click();
    await expect(page.locator('.tox-toolbar__overflow')).toBeVisible();
  }
  await expect(button).toBeInViewport({ ratio: 1 });
  await button.click();
}

for (const device of ['an Android phone', 'a 390 px desktop window'] as const) {
  test(`写文章 on ${device}: the five blocks first, every toolbar button on screen or behind ⋯, each block's dialog opens`, async ({ page, browser }) => {
    let phone = page;
    if (device === 'an Android phone') {
      const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, userAgent: ANDROID_CHROME, locale: 'zh-CN' });
      phone = await context.newPage();
    } else {
      await page.setViewportSize(PHONE);
    }
    await signIn(phone);
    await openEditor(phone);
    const slug = device === 'an Android phone' ? 'android' : 'narrow';

    await phone.screenshot({ path: `/tmp/issue15-toolbar-${slug}-390.png` });
    // One row: the blocks lead, all five on screen, the ⋯ button holds the rest; nothing is laid out off screen.
    expect((await toolbarNames(phone)).slice(0, 5)).toEqual(BLOCKS.map((b) => b.button));
    for (const block of BLOCKS)
      await expect(phone.locator('.tox-toolbar__primary').getByRole('button', { name: block.button, exact: true })).toBeInViewport({ ratio: 1 });
    await expect(phone.getByRole('button', { name: MORE })).toBeInViewport({ ratio: 1 });
    await expect(phone.locator('.tox-toolbar--scrolling')).toHaveCount(0);
    expect(await offScreen(phone)).toEqual([]);

    // The drawer: every one of the 24 buttons is now on screen.
    await phone.getByRole('button', { name: MORE }).click();
    await expect(phone.locator('.tox-toolbar__overflow')).toBeVisible();
    // The drawer slides open (height, then opacity): look once it has finished.
    await expect(phone.locator('.tox-toolbar__overflow')).not.toHaveClass(/--growing|--closed/);
    await settled(phone);
    expect(await toolbarNames(phone)).toHaveLength(24);
    expect(await offScreen(phone)).toEqual([]);
    for (const name of ['粗体', '无序列表', '插入/编辑链接', '全屏'])
      await expect(phone.locator('.tox-editor-header').getByRole('button', { name })).toBeInViewport({ ratio: 1 });
    await phone.screenshot({ path: `/tmp/issue15-toolbar-${slug}-390-drawer.png` });
    await expectAccessible(phone, `写文章 toolbar drawer (${device})`);
    await phone.getByRole('button', { name: MORE }).click();
    await expect(phone.locator('.tox-toolbar__overflow')).toBeHidden();

    // Each custom block's button is reached and opens its dialog.
    for (const block of BLOCKS) {
      await clickToolbarButton(phone, block.button);
      const dialog = phone.getByRole('dialog', { name: block.dialog });
      await expect(dialog).toBeVisible();
      if (block.dialog === '插入投票') {
        await expect(dialog.getByLabel('投票活动')).toBeVisible();
        await settled(phone);
        await phone.screenshot({ path: `/tmp/issue15-vote-${slug}-390.png` });
      }
      if (block.dialog === '插入视频' && device === 'a 390 px desktop window') {
        // P3-12: the picker opens on its search box, not on ×.
        await expect(dialog.getByRole('searchbox', { name: '关键词' })).toBeFocused();
      }
      await phone.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    if (phone !== page) await phone.context().close();
  });
}

test('写文章 at 1440 px keeps the desktop toolbar: everything in view, undo first, no ⋯', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await openEditor(page);
  await page.screenshot({ path: '/tmp/issue15-toolbar-1440.png' });
  const names = await toolbarNames(page);
  // 撤销 and 重做 lead (the zh-CN pack calls undo 「恢复」).
  expect(names.slice(0, 3)).toEqual(['恢复', '重做', '文本块正文']);
  expect(names).toHaveLength(24);
  expect(await offScreen(page)).toEqual([]);
  await expect(page.getByRole('button', { name: MORE })).toHaveCount(0);
});
