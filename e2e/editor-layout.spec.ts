import { type Page } from '@playwright/test';
import { expect, test, signIn } from './helpers';

/**
 * Issue 25 (3): 写文章 does not shift while TinyMCE mounts. The room the editor takes (toolbar and
 * body) is held before it loads, so the page's cumulative layout shift stays under Lighthouse's
 * "good" line (0.1) on a desktop and on a phone; Lighthouse's mobile run measured 0.585 before.
 * The editor it made room for takes typing, and the plugins it starts later do start.
 */

// Timing-sensitive on a loaded CI machine (a shift measured while both cores build; an Enter pressed
// as the choice list closes) and self-contained (a new article each time): one retry, so a
// failure that repeats still fails. Seen once in a clean-clone CI run on 2026-11-28 (closing note).
test.describe.configure({ retries: 1 });

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
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
    await signIn(page);
    await watchShifts(page);
    await page.goto('/article/addArticle');
    const body = page.frameLocator('.tox-edit-area iframe').locator('body');
    await expect(body).toHaveAttribute('contenteditable', 'true', { timeout: 30_000 });
    // The skin, the language and the later plugins settle after the body takes input.
    await page.waitForTimeout(2_000);

    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    const counted = shifts.filter((s) => !s.hadRecentInput);
    const total = counted.reduce((sum, s) => sum + s.value, 0);
    const detail = counted.map((s) => `${s.value.toFixed(4)} ${s.sources.join(', ')}`).join('\n');
    expect(total, `layout shifts on 写文章 at ${viewport.width} px:\n${detail}`).toBeLessThanOrEqual(0.1);

    // And the editor it made room for takes typing.
    await body.click();
    await page.keyboard.type('版面不跳动');
    await expect(body).toContainText('版面不跳动');

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
