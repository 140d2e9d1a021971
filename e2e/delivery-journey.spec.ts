import {
  api,
  clickWhenStill,
  expect,
  libraryVideo,
  openMore,
  passChecklist,
  settled,
  shot,
  signIn,
  signedInPage,
  staffWith,
  tableRow,
  test,
  waitForEditor,
} from './helpers';
import { startReceiver, type Received, type Receiver } from '../tests/api/webhook-receiver';

/**
 * Issue 24 "Done means", the delivery journey: an admin creates an API key and a webhook endpoint
 * on 站点接口 (by keyboard), pointing at a receiver this test runs (it verifies every signature with
 * the `standardwebhooks` package, as a site would). An editor submits an article, a reviewer
 * approves it → within 1 s the receiver has a verified `article.published` carrying the article as
 * the delivery API answers it, and the API answers it with the key; the reviewer takes it down →
 * `article.unpublished` and a 404; a focus slot ending in a few seconds leaves `focus/home` by its
 * end with nobody touching it, and its `focus.changed` arrives; the receiver answers 500 for a
 * while → 推送记录 shows the failed attempt and the retry that succeeded (the first retry is due
 * 5 s after a failure: server/delivery/webhooks/worker.ts); 重新推送 resends with the same
 * webhook-id. The e2e server runs the scheduler and the webhook worker of `next start` as they
 * are (playwright.config.ts; `WEBHOOK_ALLOW_PRIVATE=1` lets it call 127.0.0.1).
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const WRITER_ROUTES = ['/article/addArticle', '/article/list', '/article/preview'];
const REVIEWER_ROUTES = ['/article/check', '/article/list', '/article/preview', '/article/addArticle'];

let rx: Receiver;
/** The API key the journey made on screen (the second test reads a preview with it). */
let siteKey = '';
test.beforeAll(async () => {
  rx = await startReceiver('/cms-hook');
});
test.afterAll(async () => rx?.close());

/** The first verified request of this type about this item, once it has come. */
const heard = (type: string, id: number, contentType?: string) =>
  rx.received.find((r) => r.verified && r.type === type && r.body.data?.id === id && (!contentType || r.body.data?.contentType === contentType));

test('站点接口 journey: key and endpoint made on screen; publish, 下线 and a focus slot ending reach the site at once; a failure is retried and replayed', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const stamp = Date.now().toString(36);
  const origin = new URL(page.url()).origin;

  // The API key, by keyboard: 新建密钥, the name typed, Enter creates it (nothing ticked: it reads everything).
  await page.goto('/setting/delivery');
  await expect(page.getByRole('tab', { name: 'API 密钥' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: '新建密钥' }).focus();
  await page.keyboard.press('Enter');
  const keyDialog = page.getByRole('dialog', { name: '新建 API 密钥' });
  await expect(keyDialog.getByLabel('名称')).toBeFocused();
  await page.keyboard.type(`官网 ${stamp}`);
  await page.keyboard.press('Enter');
  const shown = page.getByRole('dialog', { name: '密钥已创建' });
  const key = (await shown.getByTestId('created-key').innerText()).trim();
  expect(key).toMatch(/^cms_[A-Za-z0-9_-]{43}$/);
  siteKey = key;
  await shown.getByRole('button', { name: '我已保存' }).click();
  await expect(tableRow(page, `官网 ${stamp}`)).toContainText('从未使用');
  const site = await playwright.request.newContext({ baseURL: origin });
  const read = (path: string) => site.get(`/content-api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });

  // The endpoint, by keyboard: 名称, Tab, 推送地址, Enter (事件 left empty: every event).
  await page.getByRole('tab', { name: 'Webhook 端点' }).click();
  await expect(page).toHaveURL(/tab=webhooks/);
  await page.getByRole('button', { name: '新增推送地址' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '新增推送地址' });
  await expect(dialog.getByLabel('名称')).toBeFocused();
  await page.keyboard.type('官网');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('推送地址')).toBeFocused();
  await page.keyboard.type(rx.url);
  await page.keyboard.press('Enter');
  const secretDialog = page.getByRole('dialog', { name: /签名密钥/ });
  await expect(secretDialog.getByTestId('webhook-secret')).toContainText('whsec_');
  rx.secret = (await secretDialog.getByTestId('webhook-secret').innerText()).trim();
  await secretDialog.getByRole('button', { name: '我已保存' }).click();
  const endpointRow = tableRow(page, '官网');
  await expect(endpointRow).toContainText('正常');
  await expect(endpointRow).toContainText('全部事件');
  await endpointRow.getByRole('button', { name: '向「官网」发送测试' }).click();
  await expect(page.getByText(/测试事件已送达「官网」/)).toBeVisible();
  expect(rx.received.at(-1)).toMatchObject({ type: 'webhook.test', verified: true });

  // An editor (without 内容审核) writes and submits from the editor's footer.
  const writer = await signedInPage(browser, await staffWith(page, 'dw', '网站编辑小唐', WRITER_ROUTES));
  const title = `E2E 站点推送 ${stamp}`;
  const created = await api<{ id: number }>(writer, 'POST', '/api/articles', {
    title,
    summary: '发布后网站立即知道',
    content: '<p>牵引车新品上市，网站同步更新。</p>',
  });
  expect(created.status, created.message).toBe(0);
  const id = created.data.id;
  await writer.goto(`/article/addArticle?id=${id}`);
  await waitForEditor(writer);
  await writer.getByLabel('保存与发布').getByRole('button', { name: '提交审核' }).click();
  await passChecklist(writer);
  await expect(writer.getByText('已提交审核')).toBeVisible();
  // The editor leaves (its edit lock goes with it), as an editor does once the article is sent.
  await writer.goto('/');
  expect(heard('article.published', id)).toBeUndefined();
  expect((await read(`/articles/${id}`)).status()).toBe(404);

  // The reviewer approves it in 内容审核: the site hears within 1 s of the answer (the commit).
  const reviewer = await signedInPage(browser, await staffWith(page, 'dr', '审核老贺', REVIEWER_ROUTES));
  await reviewer.goto(`/article/check?review=article:${id}`);
  const drawer = reviewer.getByRole('dialog', { name: `审阅：${title}` });
  const approved = reviewer.waitForResponse((r) => r.url().includes(`/api/articles_review/${id}`) && r.request().method() === 'PUT');
  await clickWhenStill(drawer.getByRole('button', { name: '通过并发布' }));
  expect((await approved).status()).toBe(200);
  const committedAt = Date.now();
  await expect.poll(() => heard('article.published', id), { timeout: 1000, intervals: [20] }).toBeTruthy();
  const published = heard('article.published', id)!;
  expect(published.at - committedAt).toBeLessThan(1000);
  await expect(reviewer.getByText(`已通过并发布「${title}」`)).toBeVisible();
  // The item as readers see it: exactly what the delivery API answers with the key.
  const answered = await read(`/articles/${id}`);
  expect(answered.status()).toBe(200);
  const article = (await answered.json()).data;
  expect(article).toMatchObject({ id, title, summary: '发布后网站立即知道' });
  expect(article.content).toContain('牵引车新品上市');
  expect(published.body.data.item).toEqual(article);
  expect(published.body.data.keys).toContain(`article-${id}`);

  // 下线 from 文章列表 by the reviewer → article.unpublished (nothing of the item) and a 404.
  await reviewer.goto('/article/list');
  const menu = await openMore(reviewer, title);
  await menu.getByRole('menuitem', { name: '下线', exact: true }).click();
  const offline = reviewer.getByRole('dialog', { name: `下线文章「${title}」？` });
  await clickWhenStill(offline.getByRole('button', { name: /^下\s*线$/ }));
  await expect(reviewer.getByText(`已下线「${title}」`)).toBeVisible();
  await expect.poll(() => heard('article.unpublished', id), { timeout: 2000, intervals: [50] }).toBeTruthy();
  expect(heard('article.unpublished', id)!.body.data.item).toBeNull();
  const gone = await read(`/articles/${id}`);
  expect(gone.status()).toBe(404);
  expect(await gone.text()).not.toContain(title);
  await reviewer.context().close();
  await writer.context().close();

  // A focus slot ending in 6 s: listed now, gone from focus/home at its end, with nobody touching it.
  const platform = `d${stamp}`;
  const made = await api<{ id: number }>(page, 'POST', '/api/platform', { name: `官网平台${stamp}`, code: platform });
  expect(made.status).toBe(0);
  const target = await api<{ id: number }>(page, 'POST', '/api/articles', { title: `E2E 焦点图文章 ${stamp}`, content: '<p>焦点。</p>' });
  expect((await api<{ status: number }>(page, 'PUT', `/api/articles/publish/${target.data.id}`, {})).data.status).toBe(3);
  const endAt = new Date(Math.ceil((Date.now() + 6000) / 1000) * 1000);
  const slot = await api<{ id: number }>(page, 'POST', '/api/focus_home', {
    title: `限时焦点 ${stamp}`,
    articleId: target.data.id,
    image: 'https://img.example.com/e2e-delivery-focus.jpg',
    platform,
    startAt: new Date(Date.now() - 60_000).toISOString(),
    endAt: endAt.toISOString(),
  });
  expect(slot.status, slot.message).toBe(0);
  const focus = () => read(`/focus/home?platform=${platform}`);
  const before = await focus();
  expect((await before.json()).data.list.map((s: { id: number }) => s.id)).toEqual([slot.data.id]);
  // No cache that obeys the header keeps it past its end.
  const maxAge = Number(/max-age=(\d+)/.exec(before.headers()['cache-control'] ?? '')?.[1]);
  expect(maxAge * 1000).toBeLessThanOrEqual(endAt.getTime() - Date.now() + 1000);
  await page.waitForTimeout(Math.max(0, endAt.getTime() - Date.now()));
  const after = await focus();
  expect((await after.json()).data.list).toEqual([]);
  // Its event: the slot's window ended, the item gone (the slot's creation sent one of its own before).
  const windowEnd = () =>
    rx.received.find((r) => r.verified && r.type === 'focus.changed' && r.body.data?.id === slot.data.id && r.body.data?.action === 'window_end');
  await expect.poll(windowEnd, { timeout: 3000, intervals: [50] }).toBeTruthy();
  const ended = windowEnd()!;
  expect(ended.body.data).toMatchObject({ contentType: 'focus_home', item: null, keys: ['focus-home'] });
  expect(ended.at).toBeGreaterThanOrEqual(endAt.getTime());
  expect(ended.at - endAt.getTime()).toBeLessThan(2500);
  // Switched off again: later journeys' focus screens are not given one more platform tab than they expect.
  expect((await api(page, 'PUT', `/api/platform/${made.data.id}`, { enabled: false })).status).toBe(0);

  // The receiver answers 500 for 3 s: the publication's first attempt fails, the retry about 5 s later succeeds.
  const failUntil = Date.now() + 3000;
  rx.respond = () => (Date.now() < failUntil ? 500 : 200);
  const retried = await api<{ id: number }>(page, 'POST', '/api/articles', { title: `E2E 重试推送 ${stamp}`, content: '<p>重试。</p>' });
  expect((await api<{ status: number }>(page, 'PUT', `/api/articles/publish/${retried.data.id}`, {})).data.status).toBe(3);
  const attemptsOf = () => rx.received.filter((r: Received) => r.body.data?.id === retried.data.id && r.body.data?.contentType === 'article');
  await expect.poll(() => attemptsOf().map((r) => r.attempt), { timeout: 15_000, intervals: [100] }).toEqual([1, 2]);
  const [failedAttempt, retry] = attemptsOf();
  expect(retry.id).toBe(failedAttempt.id);
  expect(retry.at - failedAttempt.at).toBeGreaterThanOrEqual(4500);
  const messageId = retry.id;

  // 推送记录: the row says it succeeded on the second attempt; its details list both attempts.
  await page.goto(`/setting/delivery?tab=deliveries&item=article-${retried.data.id}`);
  const logRow = tableRow(page, `文章 ${retried.data.id}`);
  await expect(logRow).toContainText('推送成功');
  await expect(logRow).toContainText('HTTP 200');
  await logRow.getByRole('button', { name: /查看推送 \d+ 的详情/ }).click();
  const details = page.getByRole('dialog', { name: '推送详情' });
  await expect(details).toContainText(messageId);
  await expect(details.locator('tr.ant-table-row').nth(0)).toContainText('HTTP 200');
  await expect(details.locator('tr.ant-table-row').nth(1)).toContainText('HTTP 500');
  await expect(details.getByTestId('delivery-payload')).toContainText('article.published');
  await settled(page);
  await shot(page, 'delivery-log-drawer-1440');

  // 重新推送: the same webhook-id, as the next attempt, and the log says so.
  await details.getByRole('button', { name: '重新推送' }).click();
  await expect.poll(() => rx.received.filter((r) => r.id === messageId).map((r) => r.attempt), { timeout: 10_000 }).toEqual([1, 2, 3]);
  expect(rx.received.filter((r) => r.id === messageId).every((r) => r.verified)).toBe(true);
  await page.keyboard.press('Escape');
  await site.dispose();
});

test('站点接口: the editors say what the site was told and make preview links; a paused endpoint; the three tabs at phone width', async ({
  page,
  playwright,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  const stamp = Date.now().toString(36);

  // 预览链接 in the short-video editor: the site reads the draft with its key.
  const storeId = await libraryVideo(page, `E2E 预览素材 ${stamp}`);
  const video = await api<{ id: number }>(page, 'POST', '/api/videos', { title: `E2E 预览短视频 ${stamp}`, videoStoreId: storeId, description: '还没发布' });
  expect(video.status, video.message).toBe(0);
  await page.goto(`/article/createVideo?id=${video.data.id}`);
  await page.getByRole('button', { name: '预览链接' }).click();
  const link = (await page.getByTestId('preview-link').innerText()).trim();
  expect(link).toMatch(/\/content-api\/v1\/preview\/video\./);
  const site = await playwright.request.newContext();
  const preview = await site.get(link, { headers: { authorization: `Bearer ${siteKey}` } });
  expect(preview.status()).toBe(200);
  expect((await preview.json()).data).toMatchObject({
    type: 'video',
    statusLabel: '草稿',
    shortVideo: { id: video.data.id, title: `E2E 预览短视频 ${stamp}` },
  });
  await site.dispose();
  await shot(page, 'delivery-video-preview-link-1440');

  // The last article published (and replayed) above: the site was told, and when.
  const told = rx.received.filter((r) => r.type === 'article.published' && r.verified).at(-1)!;
  await page.goto(`/article/addArticle?id=${told.body.data.id}`);
  await expect(page.getByTestId('site-notice')).toContainText('推送成功');
  await shot(page, 'delivery-editor-notice-1440');

  await page.goto('/setting/delivery?tab=webhooks');
  const row = tableRow(page, '官网');
  await expect(row).toContainText('正常');
  await row.getByRole('button', { name: '暂停' }).click();
  await expect(row).toContainText('已暂停');
  await shot(page, 'delivery-webhooks-1440');
  await page.setViewportSize(PHONE);
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'delivery-webhooks-390');
  await page.goto('/setting/delivery');
  await expect(page.getByText(/^官网 /).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'delivery-keys-tab-390');
  await page.goto('/setting/delivery?tab=deliveries');
  await expect(page.getByText('推送成功').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'delivery-log-390');
  await page
    .getByRole('button', { name: /查看推送 \d+ 的详情/ })
    .first()
    .click();
  const details = page.getByRole('dialog', { name: '推送详情' });
  await expect(details.getByText('webhook-id')).toBeVisible();
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'delivery-drawer-390');
});
