import { expect, test, type Page } from '@playwright/test';
import { api, expectAccessible, settled, signIn } from './helpers';

/**
 * Issue 7 editors: the chooser, 写文章 with TinyMCE (self-hosted, no outside request) and a custom
 * block inserted through its picker, save, reload, preview; a stale save shows both sides; the
 * local copy is offered after a reload without saving.
 */

const editorFrame = (page: Page) => page.frameLocator('.tox-edit-area iframe');

async function waitForEditor(page: Page) {
  await expect(page.locator('.tox-edit-area iframe')).toBeVisible({ timeout: 30_000 });
  await expect(editorFrame(page).locator('body')).toHaveAttribute('contenteditable', 'true');
}

test('写文章: chooser, title required, body with VR, vote and price blocks and a pasted picture, saved, reloaded intact, previewed; nothing leaves the machine', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !['data:', 'blob:', 'about:'].includes(url.protocol)) outside.push(req.url());
  });
  await signIn(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto('/article/add');
  await expect(page.getByRole('heading', { name: '发布内容' })).toBeVisible();
  await expectAccessible(page, '发布内容');
  // The cards are links: reached and opened with the keyboard.
  await page.getByTestId('choose-article').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/article\/addArticle$/);
  await waitForEditor(page);
  // Chinese UI of TinyMCE.
  await expect(page.getByRole('button', { name: '粗体' })).toBeVisible();

  // The title is required, inline.
  await page.getByRole('button', { name: /存草稿/ }).click();
  await expect(page.getByText('请输入标题')).toBeVisible();

  await page.getByLabel('标题', { exact: true }).fill('E2E 编辑器：重卡试驾');
  await editorFrame(page).locator('body').click();
  await page.keyboard.type('第一段正文，解放J7 的驾驶感受。');

  // VR: the picker lists the topic host's panoramas; the block lands in the body, not editable.
  await page.getByRole('button', { name: '插入 VR 全景' }).click();
  const vrDialog = page.getByRole('dialog', { name: '插入 VR 全景' });
  await expect(vrDialog.getByRole('radio').first()).toBeVisible();
  const vrTitle = (await vrDialog.getByRole('radio').first().locator('strong').textContent())!.trim();
  await vrDialog.getByRole('radio').first().click();
  await vrDialog.getByRole('button', { name: /插\s*入/ }).click();
  await expect(vrDialog).toBeHidden();
  const block = editorFrame(page).locator('div.cms-vr');
  await expect(block).toHaveAttribute('contenteditable', 'false');
  await expect(block).toHaveAttribute('data-vr-id', /^\d+$/);
  await expect(block).toContainText(vrTitle);

  // 投票: an activity of the topic host; 询价: brand → series → product of the product host.
  const openOptions = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await page.getByRole('button', { name: '插入投票' }).click();
  const voteDialog = page.getByRole('dialog', { name: '插入投票' });
  await settled(page);
  await voteDialog.getByLabel('投票活动').click();
  await settled(page);
  await openOptions.first().click();
  await voteDialog.getByRole('button', { name: /插\s*入/ }).click();
  await expect(voteDialog).toBeHidden();
  await expect(editorFrame(page).locator('div.cms-vote')).toHaveAttribute('data-activity-id', /^\d+$/);
  await page.getByRole('button', { name: /插入询价卡片/ }).click();
  const inquiryDialog = page.getByRole('dialog', { name: '插入询价卡片' });
  for (const label of ['品牌', '车系', '车型']) {
    // Each list loads once the one before is chosen; the previous dropdown closes first.
    await settled(page);
    await expect(inquiryDialog.getByLabel(label)).toBeEnabled();
    await inquiryDialog.getByLabel(label).click();
    await expect(openOptions.first()).toBeVisible();
    await settled(page);
    await openOptions.first().click();
    await settled(page);
  }
  await expect(inquiryDialog.getByText(/厂商指导价 [\d.]+ 万元/)).toBeVisible();
  await inquiryDialog.getByRole('button', { name: /插\s*入/ }).click();
  await expect(inquiryDialog).toBeHidden();
  await expect(editorFrame(page).locator('div.cms-inquiry')).toHaveAttribute('data-product-id', /^\d+$/);

  // A pasted picture goes to storage and the picture library; the body keeps its URL, never base64.
  await editorFrame(page).locator('body').evaluate(async (body) => {
    const canvas = body.ownerDocument.createElement('canvas');
    canvas.width = 240;
    canvas.height = 140;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#1677ff';
    ctx.fillRect(0, 0, 240, 140);
    ctx.fillStyle = '#fff';
    ctx.fillRect(20, 20, 80, 40);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const dt = new DataTransfer();
    dt.items.add(new File([blob], 'E2E粘贴的图.png', { type: 'image/png' }));
    body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await expect(editorFrame(page).locator('img[src^="/uploads/"]')).toHaveCount(1, { timeout: 30_000 });

  await expectAccessible(page, '写文章');
  await page.screenshot({ path: '/tmp/editors-article-1440.png', fullPage: true });

  await page.getByRole('button', { name: /存草稿/ }).click();
  await expect(page.getByText('草稿已保存')).toBeVisible();
  await expect(page).toHaveURL(/\/article\/addArticle\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));

  // Reload: the stored article, intact (no leave prompt: everything is saved).
  await page.reload();
  await waitForEditor(page);
  await expect(page.getByLabel('标题', { exact: true })).toHaveValue('E2E 编辑器：重卡试驾');
  await expect(editorFrame(page).locator('body')).toContainText('第一段正文，解放J7 的驾驶感受。');
  await expect(editorFrame(page).locator('div.cms-vr')).toContainText(vrTitle);
  await expect(page.getByTestId('restore-offer')).toHaveCount(0);
  const stored = await api<{ content: string; version: number }>(page, 'GET', `/api/articles/${id}`);
  expect(stored.data.content).toMatch(/<div class="cms-vr" contenteditable="false" data-vr-id="\d+">/);
  expect(stored.data.content).toMatch(/<div class="cms-vote" contenteditable="false" data-activity-id="\d+">/);
  expect(stored.data.content).toMatch(/<div class="cms-inquiry" contenteditable="false" data-series-id="\d+" data-product-id="\d+">/);
  expect(stored.data.content).toMatch(/<img src="\/uploads\/[^"]+"/);
  expect(stored.data.content).not.toMatch(/data:|blob:/);
  const pasted = stored.data.content.match(/<img src="(\/uploads\/[^"]+)"/)![1];
  const library = await api<{ list: Array<{ url: string; title: string }> }>(page, 'GET', '/api/pic_stores?pageSize=50');
  expect(library.data.list.find((p) => p.url === pasted)?.title).toMatch(/粘贴/);

  // Preview: the block drawn from its id by the topic host.
  await page.goto(`/article/preview?id=${id}`);
  await expect(page.getByRole('heading', { name: 'E2E 编辑器：重卡试驾' })).toBeVisible();
  await expect(page.getByTestId('preview-vr')).toContainText(vrTitle);
  await expect(page.getByTestId('preview-vote').locator('legend')).toContainText('投票');
  await expect(page.getByTestId('preview-inquiry')).toContainText(/厂商指导价 [\d.]+ 万元/);
  await expectAccessible(page, '预览');
  await page.screenshot({ path: '/tmp/editors-preview-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/editors-preview-390.png', fullPage: true });

  await page.goto(`/article/addArticle?id=${id}`);
  await waitForEditor(page);
  await page.screenshot({ path: '/tmp/editors-article-390.png', fullPage: true });
  await page.goto('/article/add');
  await page.screenshot({ path: '/tmp/editors-chooser-390.png', fullPage: true });

  expect(outside, 'requests to other hosts').toEqual([]);
});

test('a stale save shows both sides; keeping mine saves against the current version and loses nothing', async ({ page }) => {
  await signIn(page);
  const created = await api<{ id: number }>(page, 'POST', '/api/articles', { title: 'E2E 冲突原标题', content: '<p>原来的正文</p>' });
  const id = created.data.id;
  await page.goto(`/article/addArticle?id=${id}`);
  await waitForEditor(page);
  await page.getByLabel('标题', { exact: true }).fill('E2E 我改的标题');
  // Meanwhile another tab saves the article (with this tab's edit lock: otherwise it is refused, 423).
  await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), `cms-edit-lock:articles:${id}`)).toBeTruthy();
  const lockToken = await page.evaluate((key) => sessionStorage.getItem(key), `cms-edit-lock:articles:${id}`);
  const other = await api<{ version: number }>(page, 'PUT', `/api/articles/${id}`, { version: 1, title: 'E2E 别人改的标题', content: '<p>别人写的正文</p>', lockToken });
  expect(other.data.version).toBe(2);

  await page.getByRole('button', { name: /存草稿/ }).click();
  const dialog = page.getByRole('dialog', { name: '文章已被他人修改' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('conflict-title')).toContainText('E2E 我改的标题');
  await expect(dialog.getByTestId('conflict-title')).toContainText('E2E 别人改的标题');
  await expect(dialog.getByTestId('conflict-content')).toContainText('原来的正文');
  await expect(dialog.getByTestId('conflict-content')).toContainText('别人写的正文');
  await expectAccessible(page, '冲突对话框');
  await page.screenshot({ path: '/tmp/editors-conflict-1440.png' });
  // Merge: my title, their body.
  await dialog.getByTestId('conflict-content').getByText('采用服务器的').click();
  await dialog.getByRole('button', { name: '按选择合并并保存' }).click();
  await expect(page.getByText('已合并并保存')).toBeVisible();
  const after = await api<{ title: string; content: string; version: number }>(page, 'GET', `/api/articles/${id}`);
  expect(after.data).toMatchObject({ title: 'E2E 我改的标题', content: '<p>别人写的正文</p>', version: 3 });
  await expect(editorFrame(page).locator('body')).toContainText('别人写的正文');
});

test('the local copy is offered after a reload without saving', async ({ page }) => {
  await signIn(page);
  await page.goto('/article/addArticle');
  await waitForEditor(page);
  await page.getByLabel('标题', { exact: true }).fill('E2E 没保存就刷新');
  await editorFrame(page).locator('body').click();
  await page.keyboard.type('这段话还没有保存。');
  await expect(page.getByTestId('autosave-status')).toContainText('已在本机保存副本');
  page.once('dialog', (d) => void d.accept());
  await page.reload();
  await waitForEditor(page);
  const offer = page.getByTestId('restore-offer');
  await expect(offer).toContainText('E2E 没保存就刷新');
  await offer.getByRole('button', { name: '恢复副本' }).click();
  await expect(page.getByLabel('标题', { exact: true })).toHaveValue('E2E 没保存就刷新');
  await expect(editorFrame(page).locator('body')).toContainText('这段话还没有保存。');
});

async function solidPng(r: number, g: number, b: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 320, height: 200, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

test('发图集: pictures uploaded in the picker, captioned, reordered by keyboard, saved and previewed in order; 发视频文章 opens', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/article/addImage');
  await expect(page.getByText('还没有图片')).toBeVisible();
  await page.getByLabel('标题', { exact: true }).fill('E2E 图集：三色卡车');
  await page.getByRole('button', { name: '上传图片' }).click();
  const picker = page.getByRole('dialog', { name: '添加图集图片' });
  await picker.getByTestId('upload-input').setInputFiles([
    { name: 'E2E图集红.png', mimeType: 'image/png', buffer: await solidPng(200, 30, 30) },
    { name: 'E2E图集绿.png', mimeType: 'image/png', buffer: await solidPng(30, 200, 30) },
  ]);
  await expect(picker.getByTestId('picker-count')).toHaveText('已选 2 个图片', { timeout: 30_000 });
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  const items = page.getByTestId('gallery-item');
  await expect(items).toHaveCount(2);
  await page.getByLabel('第 1 张图片说明').fill('红色的车');
  await page.getByLabel('第 2 张图片说明').fill('绿色的车');
  await page.getByRole('button', { name: '第 1 张下移' }).click();
  await expect(page.getByLabel('第 1 张图片说明')).toHaveValue('绿色的车');
  await expectAccessible(page, '发图集');
  await page.screenshot({ path: '/tmp/editors-gallery-1440.png', fullPage: true });
  await page.getByRole('button', { name: /存草稿/ }).click();
  await expect(page.getByText('草稿已保存')).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const saved = await api<{ images: Array<{ caption: string }> }>(page, 'GET', `/api/articles/${id}`);
  expect(saved.data.images.map((i) => i.caption)).toEqual(['绿色的车', '红色的车']);
  await page.goto(`/article/preview?id=${id}`);
  await expect(page.locator('figcaption')).toHaveText(['1/2　绿色的车', '2/2　红色的车']);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/article/addImage?id=${id}`);
  await expect(page.getByTestId('gallery-item')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/editors-gallery-390.png', fullPage: true });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/article/addVideo');
  await expect(page.getByText('还没有视频')).toBeVisible();
  await expectAccessible(page, '发视频文章');
  await page.screenshot({ path: '/tmp/editors-video-1440.png', fullPage: true });
});

test('a session that ends while typing keeps the form; after signing in again in another tab the draft saves', async ({ page, context }) => {
  await signIn(page);
  await page.goto('/article/addArticle');
  await waitForEditor(page);
  await page.getByLabel('标题', { exact: true }).fill('E2E 登录过期时在写');
  await editorFrame(page).locator('body').click();
  await page.keyboard.type('过期前写的字。');
  // The session ends elsewhere (signed out in another tab).
  await api(page, 'POST', '/api/logout', {});
  await page.getByRole('button', { name: /存草稿/ }).click();
  const ended = page.getByRole('dialog').filter({ hasText: '已重新登录，继续保存' });
  await expect(ended).toContainText('不会丢失');
  await expect(page).toHaveURL(/\/article\/addArticle$/);
  await expect(page.getByLabel('标题', { exact: true })).toHaveValue('E2E 登录过期时在写');
  const tab = await context.newPage();
  await signIn(tab);
  await tab.close();
  await ended.getByRole('button', { name: '已重新登录，继续保存' }).click();
  await expect(page.getByText('草稿已保存')).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const saved = await api<{ title: string; content: string }>(page, 'GET', `/api/articles/${id}`);
  expect(saved.data).toMatchObject({ title: 'E2E 登录过期时在写', content: '<p>过期前写的字。</p>' });
});
