import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

export { E2E_ADMIN };
export { expect };

/**
 * What the browser said went wrong during one journey: every page error (an uncaught exception or
 * rejection, a hydration failure such as React's #418) and every console error, from every page of
 * every context the journey opens. A journey fails on any of them unless it declared that one
 * expected (`pageErrors.allow(/…/)`). Two kinds of "Failed to load resource" are not errors of
 * the page and are left out: a 4xx answer of our own API (a refusal the screen shows in its own
 * words, and the journey asserts on what it shows), and anything on another origin (this machine
 * has no internet: journeys use outside picture addresses that never resolve, and the stand-in
 * DingTalk has no favicon). A 5xx, or a 4xx of a page or asset of ours, always fails.
 */
export class PageErrors {
  readonly seen: string[] = [];
  private readonly allowed: RegExp[] = [];
  private readonly watched = new WeakSet<Page>();

  constructor(private readonly origin: string) {}

  allow(pattern: RegExp) {
    this.allowed.push(pattern);
  }

  watchContext(context: BrowserContext) {
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  watchPage(page: Page) {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    // A person takes a moment before their first click; a journey does not. Rows and their controls
    // come with the HTML (issue 25) and answer only once the page has hydrated, so every load of a
    // page of ours waits for that (see `hydrated`), as a person waits for the greyed controls.
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await afterLoad(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await afterLoad(page);
      return response;
    };
    page.on('pageerror', (error) => this.seen.push(`page error on ${page.url()}: ${error.message || String(error)}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const resource = message.location().url;
      if (message.text().startsWith('Failed to load resource') && resource && this.isExpectedFailure(resource, message.text())) return;
      this.seen.push(`console error on ${page.url()}: ${message.text()}${resource ? ` (${resource})` : ''}`);
    });
  }

  private isExpectedFailure(resource: string, text: string): boolean {
    const url = new URL(resource);
    if (url.origin !== this.origin) return true;
    return url.pathname.startsWith('/api/') && /status of 4\d\d/.test(text);
  }

  unexpected(): string[] {
    return this.seen.filter((line) => !this.allowed.some((pattern) => pattern.test(line)));
  }
}

/**
 * Every journey imports `test` from here: it watches the default page and any context or page the
 * journey opens itself (`browser.newContext()`), and fails the journey on an unexpected error.
 */
export const test = base.extend<{ pageErrors: PageErrors }>({
  pageErrors: [
    async ({ browser, context, baseURL }, use, testInfo) => {
      const errors = new PageErrors(new URL(baseURL!).origin);
      errors.watchContext(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof browser.newContext>) => {
        const made = await newContext(...args);
        if (args[0]?.javaScriptEnabled === false) scriptless.add(made);
        errors.watchContext(made);
        return made;
      };
      try {
        await use(errors);
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = errors.unexpected();
      if (unexpected.length && testInfo.status === testInfo.expectedStatus) {
        throw new Error(
          `The browser reported ${unexpected.length} error(s) during this journey:\n${unexpected.map((line) => `  - ${line.slice(0, 600)}`).join('\n')}`,
        );
      }
    },
    { auto: true },
  ],
});

/** Saves a screenshot under e2e/screenshots/ for a person to look at. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

export async function signIn(page: Page, username = E2E_ADMIN.username, password = E2E_ADMIN.password, { landing = /\/(\?.*)?$/ }: { landing?: RegExp } = {}) {
  await page.goto('/login');
  await fillSignIn(page, username, password);
  await expect(page).toHaveURL(landing);
}

/** Fills and sends the sign-in form already on screen. */
export async function fillSignIn(page: Page, username = E2E_ADMIN.username, password = E2E_ADMIN.password) {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

export async function signOut(page: Page) {
  // The menu zooms in; a click while it still moves can miss the item (seen once in CI): the item
  // is clicked once the menu has settled, and the whole step is tried again if the page stayed.
  await expect(async () => {
    if (!(await page.getByRole('menuitem', { name: '退出登录' }).isVisible())) await page.getByTestId('user-menu').click();
    await settled(page);
    await page.getByRole('menuitem', { name: '退出登录' }).click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

const axeSource = readFileSync(path.join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core (WCAG 2.x A/AA rules and best practices) on what the page shows now and fails on
 * any serious or critical violation, listing each with the elements it found.
 */
export async function expectAccessible(page: Page, label: string) {
  // What a screen reader meets once the page has started: the server's HTML of a control antd
  // measures in the browser (the phone's tab overflow button) is mended only by hydration. The sign-in
  // pages carry no shell and set no mark: a bounded wait.
  await page
    .locator('html[data-hydrated="true"]')
    .waitFor({ state: 'attached', timeout: 10_000 })
    .catch(() => undefined);
  // Let antd's enter and leave animations finish (a toast fading out, a dialog zooming in):
  // half-faded text is measured at its faded contrast.
  await page.waitForTimeout(350);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[class*="-enter"], [class*="-appear"], [class*="-leave"]')].some((el) =>
            /\bant-[\w-]+-(enter|appear|leave)\b/.test(el.className.toString()),
          ),
        ),
      { timeout: 5_000 },
    )
    .toBe(false)
    .catch(() => undefined);
  // Next streams a dynamic page's metadata after its body: on a busy machine the <title> can arrive
  // a moment after the screen shows. Wait for it (a page without one still fails below).
  await expect
    .poll(() => page.title(), { timeout: 10_000 })
    .not.toBe('')
    .catch(() => undefined);
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }>;
          }>;
        };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help}\n${v.nodes
            .slice(0, 5)
            .map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`)
            .join('\n')}`,
      );
  });
  expect(violations, `axe on ${label}`).toEqual([]);
}

/** The primary button of a dialog or form, whatever spacing antd puts between two CJK characters. */
export const saveButton = /保\s*存/;

/** API calls as the signed-in page (same origin, JSON): for setting up what a journey needs. */
export async function api<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: object,
): Promise<{ status: number; data: T; message?: string }> {
  const res = await page.request.fetch(path, { method, data, headers: { origin: new URL(page.url()).origin, 'content-type': 'application/json' } });
  return res.json();
}

/** Waits until no antd open/close animation runs (a dialog zooming in moves what a click aims at). */
/**
 * 提交审核 / 发布 from an editor shows a checklist when 分类, 封面 or 摘要 is missing (issue 15):
 * journeys that test something else go on with 仍然提交 / 仍然发布.
 */
export async function passChecklist(page: Page) {
  await page
    .getByRole('dialog', { name: /前请检查/ })
    .getByRole('button', { name: /仍然(发布|提交)/ })
    .click();
}

/** A table row (antd) of a list screen holding this text. */
export const tableRow = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

/**
 * Opens a list row's 更多 menu (文章列表, 视频列表); answers the menu. From the keyboard: at phone
 * width the pinned title column lies over the row's actions, which a pointer reaches only after
 * scrolling the table.
 */
/** Contexts made with JavaScript off (data-layer.spec): nothing there ever hydrates. */
const scriptless = new WeakSet<BrowserContext>();

/** After a load: a page of ours (not the sign-in pages, which carry no shell) has hydrated; bounded, never fails by itself. */
async function afterLoad(page: Page) {
  if (page.isClosed() || scriptless.has(page.context())) return;
  const url = new URL(page.url());
  if (url.protocol === 'about:' || url.pathname.startsWith('/login') || url.pathname.startsWith('/api/') || url.pathname.startsWith('/content-api/')) return;
  await page
    .locator('html[data-hydrated="true"]')
    .waitFor({ state: 'attached', timeout: 15_000 })
    .catch(() => undefined);
}

/** Waits until the page has hydrated (components/layout/providers.tsx marks <html>): rows come with the HTML, their controls answer only after. */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

export async function openMore(page: Page, title: string) {
  const more = tableRow(page, title).getByRole('button', { name: `「${title}」的更多操作` });
  // Rows come with the HTML; their buttons are disabled until the page has hydrated, and a disabled button takes no focus.
  await hydrated(page);
  await expect(more).toBeEnabled();
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(menu).toBeVisible();
  await settled(page);
  return menu;
}

export async function settled(page: Page) {
  // Bounded: an element whose transition never ends (rc-motion waits for a transitionend that a
  // hidden element never fires) keeps its class for good; that is not motion, and waiting on it
  // ran a journey into its 90 s timeout in CI with no other error. After 5 s we go on.
  await page
    .waitForFunction(() => !document.querySelector('[class*="-appear-active"], [class*="-enter-active"], [class*="-leave-active"]'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
}

/**
 * Clicks a button of a dialog that has just opened once the dialog has stopped moving. antd's
 * dialogs zoom in from where the last click was; on a loaded machine a click during the zoom
 * pressed and released on different elements and was lost (「放弃未保存的修改？」's 继续编辑, twice
 * in CI with two e2e shards).
 */
export async function clickWhenStill(button: Locator) {
  await expect(button).toBeVisible();
  await settled(button.page());
  await button.click();
}

/** A solid-colour PNG (or JPEG) made with sharp: a picture a journey uploads for itself. */
export async function solidImage(
  r: number,
  g: number,
  b: number,
  { width = 320, height = 200, format = 'png' }: { width?: number; height?: number; format?: 'png' | 'jpeg' } = {},
): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const image = sharp({ create: { width, height, channels: 3, background: { r, g, b } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** A moving square recorded by the browser itself (WebM, VP8; there is no ffmpeg here), `ms` long. */
export async function recordVideo(page: Page, ms = 2000): Promise<Buffer> {
  const base64 = await page.evaluate(async (duration) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    let frame = 0;
    const draw = () => {
      ctx.fillStyle = '#0b5a1f';
      ctx.fillRect(0, 0, 320, 180);
      ctx.fillStyle = '#ffd666';
      ctx.fillRect((frame * 8) % 280, 70, 40, 40);
      frame++;
    };
    draw();
    const timer = setInterval(draw, 40);
    recorder.start(200);
    await new Promise((r) => setTimeout(r, duration));
    recorder.stop();
    await new Promise((r) => (recorder.onstop = r));
    clearInterval(timer);
    const buffer = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let text = '';
    for (const b of buffer) text += String.fromCharCode(b);
    return btoa(text);
  }, ms);
  return Buffer.from(base64, 'base64');
}

/** Sends bytes with an upload ticket (the local storage driver's PUT); answers the ticket's key. */
async function sendUpload(page: Page, kind: 'pic' | 'video' | 'poster', bytes: Buffer, mime: string): Promise<string> {
  const ticket = await api<{ url: string; key: string }>(page, 'POST', '/api/upload_token', {
    kind,
    filename: `e2e.${mime.split('/')[1]}`,
    size: bytes.length,
    mime,
  });
  expect(ticket.status, ticket.message).toBe(0);
  const put = await page.request.fetch(ticket.data.url, { method: 'PUT', data: bytes, headers: { origin: new URL(page.url()).origin, 'content-type': mime } });
  expect(put.status()).toBe(200);
  return ticket.data.key;
}

/**
 * Puts a file in the picture or video library as the signed-in page (ticket, upload, register), a
 * video with its poster frame when given: what a journey needs in the library before it picks from it.
 */
export async function libraryUpload(
  page: Page,
  item: { kind: 'pic'; title: string; bytes: Buffer; mime?: string } | { kind: 'video'; title: string; bytes: Buffer; poster?: Buffer; duration?: number },
): Promise<{ id: number; url: string; cover?: string; thumbUrl?: string }> {
  const mime = item.kind === 'video' ? 'video/webm' : (item.mime ?? 'image/png');
  const key = await sendUpload(page, item.kind, item.bytes, mime);
  const posterKey = item.kind === 'video' && item.poster ? await sendUpload(page, 'poster', item.poster, 'image/jpeg') : undefined;
  const registered = await api<{ id: number; url: string; cover?: string; thumbUrl?: string }>(
    page,
    'POST',
    item.kind === 'pic' ? '/api/pic_stores' : '/api/video_stores',
    {
      key,
      title: item.title,
      ...(item.kind === 'video' ? { duration: item.duration ?? 2, width: 320, height: 180, posterKey } : {}),
    },
  );
  expect(registered.status, registered.message).toBe(0);
  return registered.data;
}

/** Records two seconds of a moving square in the page and registers it in the video library. */
export async function libraryVideo(page: Page, title: string): Promise<number> {
  return (await libraryUpload(page, { kind: 'video', title, bytes: await recordVideo(page) })).id;
}

/** The rich text body of an editor (TinyMCE's iframe). */
export const editorFrame = (page: Page) => page.frameLocator('.tox-edit-area iframe');

/** Waits until the rich text editor takes input. */
export async function waitForEditor(page: Page) {
  await expect(page.locator('.tox-edit-area iframe')).toBeVisible({ timeout: 30_000 });
  await expect(editorFrame(page).locator('body')).toHaveAttribute('contenteditable', 'true');
}

/** Reaches a toolbar button the way a keyboard user does: Alt+F10 from the body, Tab between groups, arrows inside one. */
export async function toolbarButtonByKeyboard(page: Page, label: string, { clickBody = true } = {}) {
  if (clickBody) await editorFrame(page).locator('body').click();
  await page.keyboard.press('Alt+F10');
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  for (let groups = 0; groups < 12 && !(await focused()).startsWith('插入视频'); groups++) await page.keyboard.press('Tab');
  for (let buttons = 0; buttons < 6 && (await focused()) !== label; buttons++) await page.keyboard.press('ArrowRight');
  expect(await focused()).toBe(label);
}

export const STAFF_PASSWORD = 'Locks#2026';

/** A role with these routes and a user holding it, created by the signed-in admin; returns the username. */
export async function staffWith(admin: Page, prefix: string, name: string, routes: string[]) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const role = await api<{ id: number }>(admin, 'POST', '/api/roles', { name: `角色-${username}`, routes, level: 1 });
  expect(role.status, JSON.stringify(role)).toBe(0);
  const user = await api<{ id: number }>(admin, 'POST', '/api/users', { username, name, password: STAFF_PASSWORD, roleId: role.data.id, departmentId: null });
  expect(user.status, JSON.stringify(user)).toBe(0);
  return username;
}

/** A second browser (its own cookies) signed in as this staff member, at 1440 px. */
export async function signedInPage(browser: Browser, username: string, password = STAFF_PASSWORD) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, username, password);
  return page;
}
