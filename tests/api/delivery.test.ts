import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { articles, operationLogs, outboxEvents, picStores, videoStores } from '@/server/db/schema';
import { createDeliveryApp, type DeliveryApp } from '@/server/delivery/app';
import { publishCommittedKeys } from '@/server/events/bus';
import { defaultKinds } from '@/server/storage/config';
import { blockHtml } from '@/lib/article-blocks';
import { DELIVERY_FAMILY_VALUES } from '@/lib/resources/delivery';
import { deliveryRoutes } from '@/server/delivery/families';
import { createScheduler } from '@/server/jobs/scheduler';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * The delivery API (DESIGN §12; issue 24 items 2, 3, 7): keys, published-only answers, the
 * refusals, the HTTP caching and the in-process answer cache, driven through the real Hono apps on
 * the real database, with the clock injected (a window edge is reached by moving it, not by sleeping).
 */
describe.each(DB_KINDS)('the delivery API on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let delivery: DeliveryApp;
  let key: string;
  let clock = Date.now();
  const now = () => new Date(clock);
  const staff = (method: string, path: string, body?: unknown) => t.call(method, path, { cookie: admin, body });

  const read = async (app: DeliveryApp, path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const res = await app.request(`http://localhost/content-api/v1${path}`, { method, headers });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* keep the text */
    }
    return { status: res.status, body, headers: res.headers, text };
  };
  const get = (path: string, headers: Record<string, string> = {}) => read(delivery, path, { authorization: `Bearer ${key}`, ...headers });

  const makeKey = async (body: unknown = { name: '官网' }) => {
    const res = await staff('POST', '/api/api_keys', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; name: string; key: string };
  };
  const article = async (title: string, extra: Record<string, unknown> = {}, publish = true) => {
    const created = await staff('POST', '/api/articles', { title, summary: `${title}的摘要`, content: '<p>正文</p>', ...extra });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    if (publish) expect((await staff('PUT', `/api/articles/publish/${id}`, {})).body.data.status).toBe(3);
    return id;
  };

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    delivery = createDeliveryApp({
      getDb: async () => t.db,
      now,
      corsOrigins: ['https://site.example'],
      storage: { driver: 'local', uploadsDir: t.uploadsDir, kinds: defaultKinds(), ticketMinutes: 60 },
    });
    key = (await makeKey()).key;
  });
  afterAll(async () => t?.close());

  it('keys: created by an admin with the secret shown once, listed with last use and without the secret; others get 403; bad input 400', async () => {
    const made = await makeKey({ name: '客户端', families: ['articles', 'search'] });
    expect(made.key).toMatch(/^cms_[A-Za-z0-9_-]{43}$/);
    const list = (await staff('GET', '/api/api_keys')).body.data;
    const row = list.list.find((r: { id: number }) => r.id === made.id);
    expect(row).toMatchObject({ name: '客户端', families: ['articles', 'search'], prefix: made.key.slice(0, 8), lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(made.key);
    expect(row).not.toHaveProperty('keyHash');
    await read(delivery, '/articles', { authorization: `Bearer ${made.key}` });
    const used = (await staff('GET', '/api/api_keys')).body.data.list.find((r: { id: number }) => r.id === made.id);
    expect(used.lastUsedAt).toBe(now().toISOString());

    const bad = await staff('POST', '/api/api_keys', { name: '', families: ['nothing'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['families.0', 'name']);
    const editor = await createStaff(t, admin, { username: 'keyless', routes: ['/article/list'] });
    expect((await t.call('POST', '/api/api_keys', { cookie: editor.cookie, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('GET', '/api/api_keys', { cookie: editor.cookie })).status).toBe(403);
    const log = (await staff('GET', '/api/log/operation?page=1&pageSize=5')).body.data.list;
    expect(log.some((l: { summary: string }) => l.summary === '新建 API 密钥「客户端」')).toBe(true);
  });

  it('401 without a key, with a wrong one, and with only a session cookie; 403 for a family the key may not read', async () => {
    expect((await read(delivery, '/articles')).status).toBe(401);
    expect((await read(delivery, '/articles', { authorization: 'Bearer cms_wrongwrongwrongwrong' })).status).toBe(401);
    const cookieOnly = await read(delivery, '/articles', { cookie: admin });
    expect(cookieOnly.status).toBe(401);
    expect(cookieOnly.body).toMatchObject({ status: 401, data: null });
    expect(cookieOnly.headers.get('www-authenticate')).toBe('Bearer');
    const videosOnly = await makeKey({ name: '只读视频', families: ['short_videos'] });
    const refused = await read(delivery, '/articles', { authorization: `Bearer ${videosOnly.key}` });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('文章');
    expect((await read(delivery, '/short_videos', { authorization: `Bearer ${videosOnly.key}` })).status).toBe(200);
  });

  it('published only: a draft, an offline and an unknown article are 404 with nothing of their content; lists hold only what is published', async () => {
    const draft = await article('草稿不该出现', {}, false);
    const live = await article('已发布的新闻');
    const gone = await article('下线的新闻');
    expect((await staff('PUT', `/api/articles/offline/${gone}`, {})).body.data.status).toBe(4);
    for (const id of [draft, gone, 999999]) {
      const res = await get(`/articles/${id}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toMatch(/草稿不该出现|下线的新闻/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await get('/articles/abc')).status).toBe(404);
    const one = await get(`/articles/${live}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      status: 0,
      message: 'ok',
      data: { id: live, title: '已发布的新闻', kind: 'article', content: '<p>正文</p>', blocks: [] },
    });
    const titles = (await get('/articles?limit=50')).body.data.list.map((a: { title: string }) => a.title);
    expect(titles).toContain('已发布的新闻');
    expect(titles).not.toContain('草稿不该出现');
    expect(titles).not.toContain('下线的新闻');
  });

  it('bad query: 400 with field errors; unknown parameters are ignored', async () => {
    const res = await get('/articles?limit=51&cursor=nonsense&kind=poem&categoryId=x');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['categoryId', 'cursor', 'kind', 'limit']);
    expect((await get('/search')).body.errors).toHaveProperty('q');
    expect((await get('/articles?_t=12345')).status).toBe(200);
  });

  it('cursor pagination: newest published first, nextCursor until the end', async () => {
    const ids = [await article('分页一'), await article('分页二'), await article('分页三')];
    const seen: number[] = [];
    let cursor: string | null = '';
    for (let guard = 0; cursor !== null && guard < 50; guard++) {
      const page: { list: Array<{ id: number }>; nextCursor: string | null } = (await get(`/articles?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body.data;
      expect(page.list.length).toBeLessThanOrEqual(2);
      seen.push(...page.list.map((a) => a.id));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.indexOf(ids[2])).toBeLessThan(seen.indexOf(ids[1]));
    expect(seen.indexOf(ids[1])).toBeLessThan(seen.indexOf(ids[0]));
  });

  it('the five custom blocks come resolved as data: play URL and poster, VR, brand/series/version, vote, pictures with captions', async () => {
    const [pic] = await t.db
      .insert(picStores)
      .values({ title: '驾驶室内景', storage: 'local', key: 'p/1.jpg', url: '/uploads/p/1.jpg', mime: 'image/jpeg', size: 10, width: 800, height: 600 })
      .returning();
    const [vid] = await t.db
      .insert(videoStores)
      .values({
        title: '试驾视频',
        storage: 'local',
        key: 'v/1.mp4',
        url: '/uploads/v/1.mp4',
        mime: 'video/mp4',
        size: 10,
        cover: '/uploads/v/1.jpg',
        duration: 61,
      })
      .returning();
    const content = [
      '<p>开头</p>',
      blockHtml({ kind: 'video', id: vid.id, title: '试驾视频' }),
      blockHtml({ kind: 'vr', id: 1, title: 'VR' }),
      blockHtml({ kind: 'inquiry', seriesId: 101, productId: 10101, title: '询价' }),
      blockHtml({ kind: 'vote', id: 1, title: '投票' }),
      blockHtml({ kind: 'gallery', pics: [{ id: pic.id, url: pic.url }] }),
    ].join('');
    const id = await article('带插入块的文章', { content });
    const data = (await get(`/articles/${id}`)).body.data;
    expect(data.blocks.map((b: { kind: string }) => b.kind)).toEqual(['video', 'vr', 'inquiry', 'vote', 'gallery']);
    expect(data.blocks[0]).toMatchObject({ kind: 'video', id: vid.id, playUrl: '/uploads/v/1.mp4', poster: '/uploads/v/1.jpg', duration: 61 });
    expect(data.blocks[1]).toMatchObject({ kind: 'vr', id: 1, link: '/vr/1' });
    expect(data.blocks[1].vehicle.brandName).toBeTruthy();
    expect(data.blocks[2].brand.name).toBeTruthy();
    expect(data.blocks[2].series.name).toBeTruthy();
    expect(data.blocks[2].version).toMatchObject({ id: 10101 });
    expect(data.blocks[3]).toMatchObject({ kind: 'vote', id: 1, title: '2025年度最受欢迎牵引车评选' });
    expect(data.blocks[3].options.length).toBeGreaterThan(1);
    expect(data.blocks[4]).toEqual({ kind: 'gallery', pictures: [{ id: pic.id, url: '/uploads/p/1.jpg', caption: '驾驶室内景', width: 800, height: 600 }] });
    expect((data.content.match(/<div class="cms-/g) ?? []).length).toBe(5);
    // The change event carries the article as readers see it (the reader snapshot).
    const [event] = await t.db.select().from(outboxEvents).where(eq(outboxEvents.contentId, id)).orderBy(desc(outboxEvents.id)).limit(1);
    expect(event.type).toBe('article.published');
    expect(event.item).toMatchObject({ id, title: '带插入块的文章', blocks: data.blocks });
  });

  it('strong ETag and 304; a change of the article is a new ETag at once (its key dropped the cached answer)', async () => {
    const id = await article('缓存与ETag');
    const first = await get(`/articles/${id}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get(`/articles/${id}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await get(`/articles/${id}`, { 'if-none-match': '"other"' })).status).toBe(200);
    const version = (await staff('GET', `/api/articles/${id}`)).body.data.version;
    expect((await staff('PUT', `/api/articles/${id}`, { version, title: '缓存与ETag（改）' })).status).toBe(200);
    const changed = await get(`/articles/${id}`, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.data.title).toBe('缓存与ETag（改）');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('the in-process cache answers until a committed key drops it, and is bounded', async () => {
    const id = await article('进程内缓存');
    expect((await get(`/articles/${id}`)).body.data.title).toBe('进程内缓存');
    // A change written behind the API's back (no event): the cached answer stays…
    await t.db.update(articles).set({ title: '改了但没有事件' }).where(eq(articles.id, id));
    expect((await get(`/articles/${id}`)).body.data.title).toBe('进程内缓存');
    // …until its key is published as committed.
    publishCommittedKeys([`article-${id}`]);
    expect((await get(`/articles/${id}`)).body.data.title).toBe('改了但没有事件');
    const small = createDeliveryApp({ getDb: async () => t.db, now, cacheLimits: { maxEntries: 3, maxBytes: 1 << 20 } });
    for (let i = 0; i < 8; i++) await read(small, `/articles?limit=${i + 1}`, { authorization: `Bearer ${key}` });
    expect(small.answerCache.size).toBe(3);
  });

  it('Cache-Control: max-age never past the next change (an offline time 30 s ahead), and the answer is gone at that moment', async () => {
    const id = await article('定时下线');
    const plain = await get(`/articles/${id}`);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    await t.db
      .update(articles)
      .set({ offlineAt: new Date(clock + 30_000) })
      .where(eq(articles.id, id));
    publishCommittedKeys([`article-${id}`]);
    const edge = await get(`/articles/${id}`);
    expect(edge.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=0');
    clock += 20_000;
    expect((await get(`/articles/${id}`)).headers.get('cache-control')).toBe('public, max-age=10, stale-while-revalidate=0');
    clock += 10_000;
    // No event (the scheduler has not run): the cached answer ends at its own `next`.
    expect((await get(`/articles/${id}`)).status).toBe(404);
    const list = await get('/articles?limit=50');
    expect(list.body.data.list.map((a: { id: number }) => a.id)).not.toContain(id);
  });

  it('a scheduled publication firing drops the cached list: the article is listed from that moment', async () => {
    const id = await article('定时发布的文章', {}, false);
    const at = new Date(clock + 10 * 60_000);
    expect((await staff('PUT', `/api/articles/schedule/${id}`, { publishAt: at.toISOString() })).status).toBe(200);
    const ids = async () => (await get('/articles?limit=50')).body.data.list.map((a: { id: number }) => a.id);
    expect(await ids()).not.toContain(id);
    expect(await createScheduler({ db: t.db, now: () => new Date(at.getTime() + 1000), log: () => {} }).tick()).toBe(1);
    expect(await ids()).toContain(id);
  });

  it('Surrogate-Key and Cache-Tag name the items and lists an answer depends on', async () => {
    const type = (await staff('POST', '/api/category_types', { name: '资讯' })).body.data;
    const category = (await staff('POST', '/api/categories', { typeId: type.id, name: '快讯' })).body.data;
    const id = await article('有分类的文章', { categoryId: category.id });
    const one = await get(`/articles/${id}`);
    expect(one.headers.get('surrogate-key')).toBe(`article-${id} category-${category.id}`);
    expect(one.headers.get('cache-tag')).toBe(`article-${id},category-${category.id}`);
    const list = await get(`/articles?categoryId=${category.id}`);
    expect(list.headers.get('surrogate-key')!.split(' ').sort()).toEqual(['articles', `article-${id}`, `category-${category.id}`].sort());
  });

  it('a revoked key is refused from the next request on', async () => {
    const made = await makeKey({ name: '将被吊销' });
    const auth = { authorization: `Bearer ${made.key}` };
    expect((await read(delivery, '/articles', auth)).status).toBe(200);
    expect((await staff('DELETE', `/api/api_keys/${made.id}`)).status).toBe(200);
    expect((await read(delivery, '/articles', auth)).status).toBe(401);
    const row = (await staff('GET', '/api/api_keys')).body.data.list.find((r: { id: number }) => r.id === made.id);
    expect(row.revokedAt).not.toBeNull();
  });

  it('over the key’s rate: 429 with Retry-After, and served again once the minute has passed', async () => {
    const limited = createDeliveryApp({ getDb: async () => t.db, now, ratePerMinute: 3 });
    const auth = { authorization: `Bearer ${key}` };
    for (let i = 0; i < 3; i++) expect((await read(limited, '/articles', auth)).status).toBe(200);
    const refused = await read(limited, '/articles', auth);
    expect(refused.status).toBe(429);
    expect(refused.body.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    clock += 60_000;
    expect((await read(limited, '/articles', auth)).status).toBe(200);
  });

  it('GET only (405 otherwise); CORS for the configured origins', async () => {
    const post = await read(delivery, '/articles', { authorization: `Bearer ${key}` }, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const head = await read(delivery, '/articles', { authorization: `Bearer ${key}` }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const pre = await read(delivery, '/articles', { origin: 'https://site.example', 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect(pre.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect((await get('/articles', { origin: 'https://site.example' })).headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect((await get('/articles', { origin: 'https://evil.example' })).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('search: published only, by the two-character terms of the staff search', async () => {
    await article('重卡市场回暖');
    await article('重卡草稿', {}, false);
    const found = (await get(`/search?q=${encodeURIComponent('重卡')}`)).body.data.list.map((a: { title: string }) => a.title);
    expect(found).toContain('重卡市场回暖');
    expect(found).not.toContain('重卡草稿');
    expect((await get(`/search?q=${encodeURIComponent('市场')}`)).body.data.list.map((a: { title: string }) => a.title)).toContain('重卡市场回暖');
  });

  it('preview: a token made by an editor shows the draft, privately, until it expires; a forged one is 404', async () => {
    const id = await article('预览中的草稿', {}, false);
    const made = await staff('POST', `/api/articles/${id}/preview_token`, {});
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.path).toBe(`/content-api/v1/preview/${made.body.data.token}`);
    const shown = await get(`/preview/${made.body.data.token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ type: 'article', status: 0, statusLabel: '草稿', article: { id, title: '预览中的草稿' } });
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    const forged = made.body.data.token.replace(/\.(\d+)\./, (_: string, n: string) => `.${Number(n) + 1}.`);
    expect((await get(`/preview/${forged}`)).status).toBe(404);
    const reader = await createStaff(t, admin, { username: 'previewless', routes: ['/article/list'] });
    expect((await t.call('POST', `/api/articles/${id}/preview_token`, { cookie: reader.cookie, body: {} })).status).toBe(403);
    clock += 3 * 60 * 60_000;
    expect((await get(`/preview/${made.body.data.token}`)).status).toBe(404);
  });

  it('preview of a short video: an editor of videos makes a token that shows the draft; logged; without the right or outside the scope, refused', async () => {
    const [store] = await t.db
      .insert(videoStores)
      .values({ title: '预览素材', storage: 'local', key: 'v/preview.mp4', url: '/uploads/v/preview.mp4', mime: 'video/mp4', size: 10, duration: 12 })
      .returning();
    const created = await staff('POST', '/api/videos', { title: '预览中的短视频', videoStoreId: store.id, description: '还没发布' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    expect((await get(`/short_videos/${id}`)).status).toBe(404);

    // The token is made at the real time (the staff API has no injected clock); the test above moved the delivery app's clock on.
    const movedClock = clock;
    clock = Date.now();
    const editor = await createStaff(t, admin, { username: 'videopreviewer', routes: ['/article/createVideo', '/article/videoList'] });
    const made = await t.call('POST', `/api/videos/${id}/preview_token`, { cookie: editor.cookie, body: {} });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.path).toBe(`/content-api/v1/preview/${made.body.data.token}`);
    const shown = await get(`/preview/${made.body.data.token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ type: 'video', status: 0, statusLabel: '草稿', article: null, shortVideo: { id, title: '预览中的短视频' } });
    const [logged] = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.resource, 'videos'), eq(operationLogs.resourceId, String(id)), eq(operationLogs.username, 'videopreviewer')));
    expect(logged?.summary).toBe('生成预览链接「预览中的短视频」');

    // An article editor may not, nor a video editor whose scope is their own videos; an unknown video is 404.
    const articleEditor = await createStaff(t, admin, { username: 'articleonly', routes: ['/article/addArticle', '/article/list'] });
    expect((await t.call('POST', `/api/videos/${id}/preview_token`, { cookie: articleEditor.cookie, body: {} })).status).toBe(403);
    const ownOnly = await createStaff(t, admin, { username: 'ownvideos', routes: ['/article/createVideo', '/article/videoList'], level: 3 });
    expect((await t.call('POST', `/api/videos/${id}/preview_token`, { cookie: ownOnly.cookie, body: {} })).status).toBe(404);
    expect((await staff('POST', '/api/videos/999999/preview_token', {})).status).toBe(404);
    // The refused asks left no log row: only the one link made.
    const refusals = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.resource, 'videos'), eq(operationLogs.resourceId, String(id))));
    expect(refusals.filter((r) => r.summary.startsWith('生成预览链接')).map((r) => r.username)).toEqual(['videopreviewer']);
    clock = movedClock;
  });

  it('openapi.json describes every endpoint and its data; every family is one a key can name', async () => {
    const doc = (await read(delivery, '/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/content-api/v1/articles', '/content-api/v1/articles/{id}', '/content-api/v1/search', '/content-api/v1/preview/{token}']),
    );
    const detail = doc.paths['/content-api/v1/articles/{id}'].get;
    expect(detail.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    const data = detail.responses[200].content['application/json'].schema.properties.data;
    expect(Object.keys(data.properties)).toEqual(expect.arrayContaining(['title', 'content', 'blocks', 'images', 'video']));
    const list = doc.paths['/content-api/v1/articles'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['cursor', 'limit', 'kind', 'categoryId', 'tagId', 'topicId', 'albumId']),
    );
    for (const route of deliveryRoutes({ storage: { driver: 'local', uploadsDir: '', kinds: defaultKinds(), ticketMinutes: 60 } }))
      expect(DELIVERY_FAMILY_VALUES).toContain(route.family);
  });
});
