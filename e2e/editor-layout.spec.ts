import { type Page } from '@playwright/test';
import { api, expect, test, signIn } from './helpers';

/**
 * Issue 25 (3): 写文章 does not shift while TinyMCE mounts. The room the editor takes (toolbar and
 * body) is held before it loads, so the page's cumulative layout shift stays under Lighthouse's
 * "good" line (0.1) on a desktop and on a phone; Lighthouse's mobile run measured 0.585 before.
 * The editor it made room for takes typing, and the plugins it starts later do start.
 */

/** The phone is measured with its CPU slowed six times (CI under load: a shift measured at 0.165 there). */
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900, cpu: 1 },
  { name: 'phone', width: 390, height: 844, cpu: 6 },
] as const;

type Shift = { value: number; hadRecentInput: boolean; sources: string[] };

/** Every layout shift of the page from its first paint on, with the elements that moved. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { __shifts: unknown[] }).__shifts = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
        seen.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: (entry.sources ?? []).map((s) => {
            const node = s.node as HTMLElement | null | undefined;
            return node?.nodeType === 1 ? `${node.tagName.toLowerCase()}.${String(node.className).slice(0, 60)}` : String(node?.nodeName ?? '?');
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const viewport of VIEWPORTS) {
  test(`写文章 holds its layout while the editor loads (${viewport.name}, ${viewport.width}×${viewport.height})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    test.setTimeout(180_000);
    await signIn(page);
    // An unsaved copy of a new article on the server (left by any journey that typed into 写文章 for
    // more than 5 s): it is offered after the page has drawn, and above the form it pushed the form
    // down by its height (0.165 on a phone). Made here, so the case is measured every time.
    const copy = await api(page, 'PUT', '/api/articles/new/autosave', { kind: 'article', baseVersion: 0, data: { title: '上次没保存的标题' } });
    expect(copy.status).toBe(0);
    await watchShifts(page);
    // antd's date pickers (issue 25) are fetched only when 发布设置's times are reached for: the
    // scripts of the page until typing must not carry them (the module names its popup class).
    const pickerScripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      const text = await response.text().catch(() => '');
      if (text.includes('cms-range-popup')) pickerScripts.push(response.url());
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: viewport.cpu });
    await page.goto('/article/addArticle');
    const body = page.frameLocator('.tox-edit-area iframe').locator('body');
    await expect(body).toHaveAttribute('contenteditable', 'true', { timeout: 90_000 });
    await expect(page.getByTestId('restore-offer')).toBeVisible();
    // The skin, the language and the later plugins settle after the body takes input.
    await page.waitForTimeout(2_000 * viewport.cpu);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.screenshot({ path: `/tmp/editor-layout-${viewport.width}.png` });

    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    const counted = shifts.filter((s) => !s.hadRecentInput);
    const total = counted.reduce((sum, s) => sum + s.value, 0);
    const detail = counted.map((s) => `${s.value.toFixed(4)} ${s.sources.join(', ')}`).join('\n');
    expect(total, `layout shifts on 写文章 at ${viewport.width} px:\n${detail}`).toBeLessThanOrEqual(0.1);

    // The copy is dropped (丢弃副本), so no other journey is offered it; then the editor takes typing.
    await page.getByTestId('restore-offer').getByRole('button', { name: '丢弃副本' }).click();
    await expect(page.getByTestId('restore-offer')).toHaveCount(0);
    await body.click();
    await page.keyboard.type('版面不跳动');
    await expect(body).toContainText('版面不跳动');
    expect(pickerScripts, 'date picker code fetched before 发布设置 needed it').toEqual([]);

    // 下线时间 reached for: the picker arrives in the same box (no shift) and opens its calendar.
    const panel = page.getByTestId('publish-panel');
    await page.locator('#offline-at').scrollIntoViewIfNeeded();
    const before = await panel.boundingBox();
    await page.locator('#offline-at').click();
    await expect(page.locator('.cms-range-popup .ant-picker-panel').first()).toBeVisible();
    expect(pickerScripts.length).toBeGreaterThan(0);
    expect(await panel.boundingBox()).toEqual(before);
    await page.keyboard.press('Escape');
    await body.click();

    // The plugins started after the body (issue 25): Ctrl+F opens 查找和替换, and then a typed
    // address becomes a link (autolink). They were queued and never fetched before.
    await page.keyboard.press('Control+f');
    const find = page.getByRole('dialog', { name: '查找和替换' });
    await expect(find).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(find).toBeHidden();
    await body.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' https://example.com ');
    await expect(body.locator('a[href="https://example.com"]')).toHaveText('https://example.com');
  });
}
