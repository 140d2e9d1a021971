/**
 * The measurements of `npm run bench:front` (bench/front.ts), shared with Payload's side
 * (bench/payload-admin/front.ts) so that both are measured by the same code: parameterised by the
 * origin, the screens' paths, the sign-in cookies and the editor body's locator.
 *
 * 1. `bytesPerScreen`: a cold visit (a new browser context, empty cache) of each screen in Debian's
 *    Chromium; every response until the network is idle, by type (JS, CSS, HTML document), counted
 *    as sent (compressed: Chromium's encoded body size), with the number of files.
 * 2. `timeToTyping`: from `page.goto` until the editor's body has taken a typed character, cold (a
 *    new context) and warm (the same context a second time, arriving from the list).
 * 3. `requestsPerSecond`: a small keep-alive load generator, `concurrency` connections each sending
 *    the next request when the last reply has arrived; the first request of the list (the empty
 *    handler) measured first and last, their mean the floor.
 *
 * This module imports nothing of the app: Playwright, Node and scripts/bundle-size's KiB format.
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { formatKiB } from '../scripts/bundle-size';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });

export const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export type Cookie = { name: string; value: string };

/** The name=value pairs of a response's Set-Cookie headers. */
export const cookiesOf = (res: Response): Cookie[] =>
  res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    return { name: pair.slice(0, i), value: pair.slice(i + 1) };
  });

/**
 * The app under measurement: where it answers, the signed-in session, where its editor takes typing
 * (`editorBody`), and `editorReady`, run in the page at every animation frame until it is true: the
 * body is there and editable. Playwright's own wait for an element in a frame that appears later
 * retries with growing pauses (measured: TinyMCE's body was editable 300 ms before `waitFor` saw it),
 * which would time Playwright, and unequally (Lexical's body is in the page, TinyMCE's in an iframe).
 */
export type Target = { origin: string; cookies: Cookie[]; editorBody: (page: Page) => Locator; editorReady: () => boolean };

/** TinyMCE (ours): the body inside its iframe. */
export const tinymceBody = (page: Page) => page.frameLocator('.tox-edit-area iframe').locator('body[contenteditable="true"]');
export const tinymceReady = () => Boolean(document.querySelector<HTMLIFrameElement>('.tox-edit-area iframe')?.contentDocument?.body?.isContentEditable);
/** Lexical (Payload's rich-text field): the contenteditable root. */
export const lexicalBody = (page: Page) => page.locator('[data-lexical-editor="true"][contenteditable="true"]').first();
export const lexicalReady = () => Boolean(document.querySelector('[data-lexical-editor="true"][contenteditable="true"]'));

export async function newContext(browser: Browser, origin: string, cookies: Cookie[] | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (cookies) await context.addCookies(cookies.map((c) => ({ ...c, url: origin })));
  return context;
}

/** `prefetch`: fetched for a later screen (`<link rel=prefetch>`, Chromium's `Sec-Purpose: prefetch`), not for this one. */
export type Received = { url: string; type: string; bytes: number; prefetch: boolean };

/** Every response of a page load with its encoded (as sent) body size. */
export function record(page: Page): { done(): Promise<Received[]> } {
  const pending: Array<Promise<Received | null>> = [];
  page.on('requestfinished', (req) => {
    pending.push(
      req
        .sizes()
        .then((s) => ({ url: req.url(), type: req.resourceType(), bytes: s.responseBodySize, prefetch: /prefetch/i.test(req.headers()['sec-purpose'] ?? '') }))
        .catch(() => null),
    );
  });
  return { done: async () => (await Promise.all(pending)).filter((r): r is Received => r !== null) };
}

export const kindOf = (r: Received) =>
  r.prefetch
    ? 'prefetch'
    : r.type === 'script' || /\.m?js(\?|$)/.test(new URL(r.url).pathname)
      ? 'js'
      : r.type === 'stylesheet' || /\.css(\?|$)/.test(r.url)
        ? 'css'
        : r.type === 'document'
          ? 'html'
          : 'other';

/** A screen to visit. `signedIn: false` visits without a session; `editor: true` waits for the editor's body too. */
export type Screen = { name: string; path: string; signedIn: boolean; editor?: boolean };

export type BytesOptions = {
  /** List the N largest scripts of each screen as sent (0: none). */
  largest?: number;
  /** An extra column after "JS as sent" (ours: the first-load JS the build manifests name). */
  extraColumn?: { header: string; cell: (screen: Screen) => string };
};

/** Part 1: the bytes of a cold visit per screen, printed as a table. */
export async function bytesPerScreen(browser: Browser, target: Target, screens: Screen[], options: BytesOptions = {}) {
  const rows: string[] = [];
  const details: string[] = [];
  for (const screen of screens) {
    const context = await newContext(browser, target.origin, screen.signedIn ? target.cookies : null);
    const page = await context.newPage();
    const rec = record(page);
    await page.goto(`${target.origin}${screen.path}`, { waitUntil: 'networkidle', timeout: 120_000 });
    if (screen.editor) await waitForEditorBody(page, target);
    await page.waitForLoadState('networkidle');
    const received = await rec.done();
    await context.close();
    const sum = (k: string) => received.filter((r) => kindOf(r) === k);
    const [js, css, html, prefetched] = ['js', 'css', 'html', 'prefetch'].map(sum);
    const total = (rs: Received[]) => rs.reduce((a, r) => a + r.bytes, 0);
    const extra = options.extraColumn ? ` ${options.extraColumn.cell(screen)} |` : '';
    rows.push(
      `| ${screen.name} \`${screen.path}\` | ${formatKiB(total(js))} in ${js.length} |${extra} ${formatKiB(total(css))} in ${css.length} | ${formatKiB(total(html))} |`,
    );
    if (prefetched.length)
      details.push(
        `\n${screen.name} ${screen.path}: also prefetched for a later screen (rel=prefetch, not counted above): ${formatKiB(total(prefetched))} in ${prefetched.length}`,
      );
    if (options.largest) {
      const biggest = [...js].sort((a, b) => b.bytes - a.bytes).slice(0, options.largest);
      details.push(`\n${screen.name} ${screen.path}: largest scripts as sent`);
      for (const r of biggest) details.push(`  ${formatKiB(r.bytes).padStart(10)}  ${new URL(r.url).pathname}`);
    }
  }
  console.log(`\nBytes per screen, cold visit, as sent (load average ${loadavg()})`);
  console.log(`| screen | JS as sent (files) |${options.extraColumn ? ` ${options.extraColumn.header} |` : ''} CSS (files) | HTML |`);
  console.log(`|---|---:|${options.extraColumn ? '---:|' : ''}---:|---:|`);
  for (const r of rows) console.log(r);
  for (const d of details) console.log(d);
}

/** Waits for the editor's body to be visible (editable: the locators name a contenteditable element). */
export async function waitForEditorBody(page: Page, target: Target) {
  await page.waitForFunction(target.editorReady, null, { polling: 'raf', timeout: 120_000 });
  const body = target.editorBody(page);
  await body.waitFor({ state: 'visible', timeout: 120_000 });
  return body;
}

/** Types one character into the editor's body and waits until the body holds it. */
export async function typeAndSee(page: Page, target: Target) {
  const body = await waitForEditorBody(page, target);
  // Typing: the first attempt may land while the editor still sets up; try until the mark shows.
  for (let i = 0; i < 200; i++) {
    await body.click({ timeout: 60_000 });
    await page.keyboard.type('卡');
    if ((await body.innerText()).includes('卡')) return;
    await page.waitForTimeout(25);
  }
  throw new Error('the editor never took the typed character');
}

export type TypingOptions = {
  /** The editor screen, e.g. `/article/addArticle`. */
  editorPath: string;
  /** Where a person comes from for the warm visit, e.g. the article list. */
  fromPath: string;
  runs: number;
  /** The table's title, before its load average. */
  title: string;
  /**
   * What a person clicks on `fromPath` to start writing (a menu item, a 新建 link). With it, a third
   * row: a new context opens `fromPath` (whatever that screen loads or prefetches, nothing of the
   * editor's own code yet), then the click, until the body holds a typed character.
   */
  click?: (page: Page) => Locator;
};

/** Part 2: navigation to a typed character, cold (a new context) and warm (the same context again), the median of `runs`. */
export async function timeToTyping(browser: Browser, target: Target, { editorPath, fromPath, runs, title, click }: TypingOptions) {
  const cold: number[] = [];
  const warm: number[] = [];
  const clicked: number[] = [];
  for (let i = 0; click && i < runs; i++) {
    const context = await newContext(browser, target.origin, target.cookies);
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept().catch(() => {}));
    await page.goto(`${target.origin}${fromPath}`, { waitUntil: 'networkidle' });
    const link = click(page);
    await link.waitFor({ state: 'visible' });
    const t0 = performance.now();
    await link.click();
    await typeAndSee(page, target);
    clicked.push(performance.now() - t0);
    if (!page.url().startsWith(`${target.origin}${editorPath}`)) throw new Error(`the click led to ${page.url()}, not ${editorPath}`);
    await context.close();
  }
  for (let i = 0; i < runs; i++) {
    const context = await newContext(browser, target.origin, target.cookies);
    const page = await context.newPage();
    // A "leave without saving?" prompt (beforeunload) after the typed character must not stop the next visit.
    page.on('dialog', (d) => void d.accept().catch(() => {}));
    let t0 = performance.now();
    await page.goto(`${target.origin}${editorPath}`, { waitUntil: 'commit' });
    await typeAndSee(page, target);
    cold.push(performance.now() - t0);
    // Warm: the browser cache holds the scripts now; from the list, as a person arrives.
    await page.goto(`${target.origin}${fromPath}`, { waitUntil: 'networkidle' });
    t0 = performance.now();
    await page.goto(`${target.origin}${editorPath}`, { waitUntil: 'commit' });
    await typeAndSee(page, target);
    warm.push(performance.now() - t0);
    await context.close();
  }
  const fmt = (xs: number[]) => `${(median(xs) / 1000).toFixed(2)} s (runs: ${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})`;
  console.log(`\n${title} (load average ${loadavg()})`);
  console.log(`| cold (empty cache) | ${fmt(cold)} |`);
  console.log(`| warm (second visit) | ${fmt(warm)} |`);
  if (click) console.log(`| from a click on ${fromPath} (first visit of the editor) | ${fmt(clicked)} |`);
}

/** A row of part 3: its name, the path, and whether it carries the session cookie. */
export type Load = [name: string, path: string, signed: boolean];

export type LoadOptions = {
  seconds: number;
  concurrency: number;
  /** Statuses other than 200 that count as an answer (by path). */
  accept?: (path: string, status: number) => boolean;
};

/** Part 3: requests per second of each path; `lists[0]` is the empty handler, measured first and last. */
export async function requestsPerSecond(origin: string, cookies: Cookie[], lists: Load[], options: LoadOptions) {
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  // Everything warmed first (the JIT, the database's caches); the empty handler measured first and
  // last, its mean the floor (on a shared machine the load moves during a run).
  for (const [, p, signed] of lists) await load(origin, p, signed ? cookie : undefined, 1, options);
  const results: Array<[string, Awaited<ReturnType<typeof load>>]> = [];
  for (const [name, p, signed] of [...lists, lists[0]]) results.push([name, await load(origin, p, signed ? cookie : undefined, options.seconds, options)]);
  const floor = (results[0][1].rps + results.at(-1)![1].rps) / 2;
  const rows = results.map(
    ([name, { rps, p50, p99 }], i) =>
      `| ${name}${i === 0 ? ' (first)' : i === results.length - 1 ? ' (last)' : ''} | ${rps.toFixed(0)} | ${p50.toFixed(1)} ms | ${p99.toFixed(1)} ms | ${((rps / floor) * 100).toFixed(0)} % |`,
  );
  console.log(`\nRequests per second through next start, ${options.concurrency} keep-alive connections, ${options.seconds} s each (load average ${loadavg()})`);
  console.log('| request | req/s | p50 | p99 | of the empty handler (mean of first and last) |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(r);
}

/** `concurrency` connections, each sending the next request when the last reply has arrived. */
export async function load(origin: string, p: string, cookie: string | undefined, seconds: number, { concurrency, accept }: LoadOptions) {
  const { hostname, port } = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const start = performance.now();
      const req = http.get({ host: hostname, port: Number(port), path: p, agent, headers: cookie ? { cookie } : {} }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200 && !accept?.(p, res.statusCode ?? 0)) return reject(new Error(`${p}: ${res.statusCode}`));
          times.push(performance.now() - start);
          resolve();
        });
      });
      req.on('error', reject);
    });
  const worker = async () => {
    while (performance.now() < end) await one();
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return { rps: times.length / elapsed, p50: times[Math.floor(times.length * 0.5)], p99: times[Math.floor(times.length * 0.99)] };
}
