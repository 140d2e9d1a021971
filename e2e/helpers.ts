import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

export { E2E_ADMIN };

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
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

const axeSource = readFileSync(path.join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core (WCAG 2.x A/AA rules and best practices) on what the page shows now and fails on
 * any serious or critical violation, listing each with the elements it found.
 */
export async function expectAccessible(page: Page, label: string) {
  // Let antd's enter and leave animations finish (a toast fading out, a dialog zooming in):
  // half-faded text is measured at its faded contrast.
  await page.waitForTimeout(350);
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll('[class*="-enter"], [class*="-appear"], [class*="-leave"]')].some((el) => /\bant-[\w-]+-(enter|appear|leave)\b/.test(el.className.toString()))), { timeout: 5_000 })
    .toBe(false)
    .catch(() => undefined);
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`).join('\n')}`);
  });
  expect(violations, `axe on ${label}`).toEqual([]);
}

/** The primary button of a dialog or form, whatever spacing antd puts between two CJK characters. */
export const saveButton = /保\s*存/;

/** API calls as the signed-in page (same origin, JSON): for setting up what a journey needs. */
export async function api<T = unknown>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: object): Promise<{ status: number; data: T; message?: string }> {
  const res = await page.request.fetch(path, { method, data, headers: { origin: new URL(page.url()).origin, 'content-type': 'application/json' } });
  return res.json();
}

/** Waits until no antd open/close animation runs (a dialog zooming in moves what a click aims at). */
export async function settled(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[class*="-appear-active"], [class*="-enter-active"], [class*="-leave-active"]'));
}

/** Records two seconds of a moving square in the page and registers it in the video library. */
export async function libraryVideo(page: Page, title: string): Promise<number> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    let frame = 0;
    const timer = setInterval(() => {
      ctx.fillStyle = '#0b5a1f';
      ctx.fillRect(0, 0, 320, 180);
      ctx.fillStyle = '#ffd666';
      ctx.fillRect((frame * 8) % 280, 70, 40, 40);
      frame++;
    }, 40);
    recorder.start(200);
    await new Promise((r) => setTimeout(r, 2000));
    recorder.stop();
    await new Promise((r) => (recorder.onstop = r));
    clearInterval(timer);
    const buffer = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let text = '';
    for (const b of buffer) text += String.fromCharCode(b);
    return btoa(text);
  });
  const bytes = Buffer.from(base64, 'base64');
  const origin = new URL(page.url()).origin;
  const ticket = await api<{ url: string; key: string }>(page, 'POST', '/api/upload_token', { kind: 'video', filename: 'e2e.webm', size: bytes.length, mime: 'video/webm' });
  expect(ticket.status).toBe(0);
  const put = await page.request.fetch(ticket.data.url, { method: 'PUT', data: bytes, headers: { origin, 'content-type': 'video/webm' } });
  expect(put.status()).toBe(200);
  const registered = await api<{ id: number }>(page, 'POST', '/api/video_stores', { key: ticket.data.key, title, duration: 2 });
  expect(registered.status, registered.message).toBe(0);
  return registered.data.id;
}
