import { api, clickWhenStill, expect, settled, shot, signIn, test } from './helpers';
import { startReceiver, type Receiver } from '../tests/api/webhook-receiver';

/**
 * Issue 24 items 4–5: 站点接口's webhooks. An admin adds an endpoint pointing at a receiver this
 * test runs (it verifies every signature with the `standardwebhooks` package); an article is
 * published → the receiver gets a verified `article.published`; the receiver fails once → the log
 * shows the failed attempt and the retry that succeeded (about 5 s later); 重新推送 resends with the
 * same webhook-id; the editor's side panel says what the site was told.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let rx: Receiver;
test.beforeAll(async () => {
  rx = await startReceiver('/cms-hook');
});
test.afterAll(async () => rx?.close());

async function publishedArticle(page: Parameters<typeof api>[0], title: string) {
  const created = await api<{ id: number }>(page, 'POST', '/api/articles', { title, content: `<p>${title}的正文</p>` });
  expect(created.status, JSON.stringify(created)).toBe(0);
  const published = await api<{ status: number }>(page, 'PUT', `/api/articles/publish/${created.data.id}`, {});
  expect(published.data.status).toBe(3);
  return created.data.id;
}

test('站点接口: add a webhook, publish → verified event; a failure is retried and shown in the log; 重新推送 keeps the webhook-id', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  // 站点接口 opens on API 密钥; the endpoints are the next tab.
  await page.goto('/setting/delivery?tab=webhooks');
  await expect(page.getByText('还没有推送地址')).toBeVisible();

  // Add the endpoint: the secret is shown this once.
  await page.getByRole('button', { name: '新增推送地址' }).click();
  const dialog = page.getByRole('dialog', { name: '新增推送地址' });
  await dialog.getByLabel('名称').fill('官网');
  await dialog.getByLabel('推送地址').fill(rx.url);
  await clickWhenStill(dialog.getByRole('button', { name: /新\s*增/ }));
  const secretDialog = page.getByRole('dialog', { name: /签名密钥/ });
  await expect(secretDialog.getByTestId('webhook-secret')).toContainText('whsec_');
  rx.secret = (await secretDialog.getByTestId('webhook-secret').innerText()).trim();
  await shot(page, 'delivery-webhook-secret-1440');
  await secretDialog.getByRole('button', { name: '我已保存' }).click();
  const row = page.locator('tr.ant-table-row').filter({ hasText: '官网' });
  await expect(row).toContainText('正常');
  await expect(row).toContainText('全部事件');

  // 发送测试: a signed test event, answered at once.
  await row.getByRole('button', { name: '向「官网」发送测试' }).click();
  await expect(page.getByText(/测试事件已送达「官网」/)).toBeVisible();
  expect(rx.received.at(-1)).toMatchObject({ type: 'webhook.test', verified: true });

  // Published → the receiver hears of it, verified, with the article.
  const first = await publishedArticle(page, `推送一 ${Date.now()}`);
  await expect.poll(() => rx.received.find((r) => r.type === 'article.published' && r.body.data.id === first)?.verified, { timeout: 5000 }).toBe(true);

  // The receiver fails once: the first attempt is logged as failed, the retry about 5 s later succeeds.
  let failOnce = true;
  rx.respond = () => {
    if (!failOnce) return 200;
    failOnce = false;
    return 500;
  };
  const second = await publishedArticle(page, `推送二 ${Date.now()}`);
  await expect.poll(() => rx.received.filter((r) => r.body.data?.id === second).map((r) => r.attempt), { timeout: 20_000 }).toEqual([1, 2]);
  const messageId = rx.received.find((r) => r.body.data?.id === second)!.id;

  await page.goto(`/setting/delivery?tab=deliveries&item=article-${second}`);
  const logRow = page.locator('tr.ant-table-row').filter({ hasText: `文章 ${second}` });
  // Generous: on a loaded machine the page hydrates slowly before the log loads.
  await expect(logRow).toContainText('推送成功', { timeout: 60_000 });
  await expect(logRow).toContainText('HTTP 200');
  await logRow.getByRole('button', { name: /查看推送 \d+ 的详情/ }).click();
  const drawer = page.getByRole('dialog', { name: '推送详情' });
  await expect(drawer).toContainText(messageId);
  await expect(drawer.locator('tr.ant-table-row').nth(0)).toContainText('HTTP 200');
  await expect(drawer.locator('tr.ant-table-row').nth(1)).toContainText('HTTP 500');
  await expect(drawer.getByTestId('delivery-payload')).toContainText('article.published');
  await settled(page);
  await shot(page, 'delivery-log-drawer-1440');

  // 重新推送: the same webhook-id, as the next attempt.
  await drawer.getByRole('button', { name: '重新推送' }).click();
  await expect.poll(() => rx.received.filter((r) => r.id === messageId).map((r) => r.attempt), { timeout: 10_000 }).toEqual([1, 2, 3]);
  expect(rx.received.filter((r) => r.id === messageId).every((r) => r.verified)).toBe(true);
  await page.keyboard.press('Escape');

  // The editor's side panel says the site was told.
  await page.goto(`/article/addArticle?id=${second}`);
  await expect(page.getByTestId('site-notice')).toContainText('推送成功', { timeout: 60_000 });
  await shot(page, 'delivery-editor-notice-1440');

  // Pause: nothing goes while paused; the endpoints' table says so.
  await page.goto('/setting/delivery?tab=webhooks');
  await expect(row).toContainText('正常', { timeout: 60_000 });
  await row.getByRole('button', { name: '暂停' }).click();
  await expect(row).toContainText('已暂停', { timeout: 30_000 });
  await page.setViewportSize(PHONE);
  await settled(page);
  await shot(page, 'delivery-webhooks-390');
  await page.goto('/setting/delivery?tab=deliveries');
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
  await shot(page, 'delivery-log-390');
});
