import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { advertise, articles, categories, mediaUsage, operationLogs, picStores } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/** 运营管理 (issue 9): every family against the real database, no mock of our own server. */
describe.each(DB_KINDS)('operations on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let pushServer: Server;
  const pushed: unknown[] = [];
  let pushStatus = 200;
  let picUrl: string;
  let picId: number;
  let pic2Url: string;

  const call = (method: string, path: string, body?: unknown, cookie = admin) => t.call(method, path, { cookie, body });
  const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
  const usesOf = async (ownerType: string, ownerId: number) =>
    (
      await t.db
        .select()
        .from(mediaUsage)
        .where(and(eq(mediaUsage.ownerType, ownerType), eq(mediaUsage.ownerId, ownerId)))
    ).map((u) => u.mediaId);

  beforeAll(async () => {
    pushServer = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        if (pushStatus === 200) pushed.push(JSON.parse(body));
        res.statusCode = pushStatus;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
    const port = (pushServer.address() as AddressInfo).port;
    t = await setupTestApp(kind, { focusFlushUrl: `http://127.0.0.1:${port}/flush` });
    admin = await t.login();
    const [pic] = await t.db
      .insert(picStores)
      .values({
        title: '焦点图片',
        storage: 'local',
        key: 'pic/2026/11/cccccccccccccccccccccccc.jpg',
        url: '/uploads/pic/2026/11/cccccccccccccccccccccccc.jpg',
        mime: 'image/jpeg',
        size: 1,
      })
      .returning();
    const [pic2] = await t.db
      .insert(picStores)
      .values({
        title: '第二张',
        storage: 'local',
        key: 'pic/2026/11/dddddddddddddddddddddddd.jpg',
        url: '/uploads/pic/2026/11/dddddddddddddddddddddddd.jpg',
        mime: 'image/jpeg',
        size: 1,
      })
      .returning();
    picUrl = pic.url;
    picId = pic.id;
    pic2Url = pic2.url;
    await call('POST', '/api/platform', { name: 'APP', code: 'app' });
    await call('POST', '/api/platform', { name: 'PC 站', code: 'pc' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => pushServer?.close(resolve));
  });

  describe('focus slots', () => {
    let articleId: number;
    beforeAll(async () => {
      // Through the API, so the article is searchable; then published (the workflow is another issue's).
      const created = await call('POST', '/api/articles', { title: '重卡销量再创新高' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      articleId = created.body.data.id;
      await t.db.update(articles).set({ status: 3 }).where(eq(articles.id, articleId));
    });

    it('creates a home slot picking an article with a library image, and records the image as used', async () => {
      const res = await call('POST', '/api/focus_home', {
        title: '首页头条',
        articleId,
        image: picUrl,
        platform: 'app',
        startAt: inHours(-1),
        endAt: inHours(24),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ title: '首页头条', articleId, targetTitle: '重卡销量再创新高', platform: 'app', enabled: true, sort: 0 });
      expect(await usesOf('focus_home', res.body.data.id)).toEqual([picId]);
      // The library refuses to delete the picture and names the slot.
      const refused = await call('DELETE', `/api/pic_stores/${picId}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('首页焦点图「首页头条」');
      const [log] = await t.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.resource, 'focus_home'), eq(operationLogs.resourceId, String(res.body.data.id))));
      expect(log.summary).toBe('新增首页焦点图「首页头条」');
    });

    it('refuses bad input with field errors and changes nothing', async () => {
      const before = (await call('GET', '/api/focus_home?pageSize=100')).body.data.total;
      const bad = await call('POST', '/api/focus_home', {
        title: '',
        image: 'javascript:alert(1)',
        url: 'ftp://x.cn/a',
        platform: 'app',
        startAt: 'yesterday',
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['image', 'startAt', 'title', 'url']);
      const backwards = await call('POST', '/api/focus_home', {
        title: '倒着的时间',
        url: 'https://www.example.com/a',
        image: picUrl,
        platform: 'app',
        startAt: inHours(5),
        endAt: inHours(1),
      });
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors).toEqual({ endAt: '结束时间必须晚于开始时间' });
      const nothing = await call('POST', '/api/focus_home', { title: '什么都没选', image: picUrl, platform: 'app', startAt: inHours(0) });
      expect(nothing.body.errors).toEqual({ url: '请选择文章或视频，或填写链接' });
      const noPlatform = await call('POST', '/api/focus_home', {
        title: '没有的平台',
        url: 'https://a.cn',
        image: picUrl,
        platform: 'tv',
        startAt: inHours(0),
      });
      expect(noPlatform.body.errors).toEqual({ platform: '平台不存在' });
      const ghost = await call('POST', '/api/focus_home', { title: '没有的文章', articleId: 999999, image: picUrl, platform: 'app', startAt: inHours(0) });
      expect(ghost.body.errors).toEqual({ articleId: '文章不存在' });
      expect((await call('GET', '/api/focus_home?pageSize=100')).body.data.total).toBe(before);
      // An update moving only the end before the start is refused too.
      const [slot] = (await call('GET', '/api/focus_home')).body.data.list;
      expect((await call('PUT', `/api/focus_home/${slot.id}`, { endAt: inHours(-5) })).body.errors).toEqual({ endAt: '结束时间必须晚于开始时间' });
      expect((await call('PUT', '/api/focus_home/999999', { title: 'x' })).status).toBe(404);
    });

    it('filters by live / scheduled / expired and sorts within a platform', async () => {
      const make = (title: string, startH: number, endH: number | null, platform = 'app') =>
        call('POST', '/api/focus_home', {
          title,
          url: 'https://www.example.com/' + encodeURIComponent(title),
          image: pic2Url,
          platform,
          startAt: inHours(startH),
          endAt: endH === null ? null : inHours(endH),
        });
      const scheduled = (await make('明天上线', 20, 40)).body.data;
      const expired = (await make('昨天结束', -48, -24)).body.data;
      const pc = (await make('PC 的', -1, null, 'pc')).body.data;
      const titles = async (q: string) => (await call('GET', `/api/focus_home?${q}`)).body.data.list.map((s: { title: string }) => s.title);
      expect(await titles('status=live&platform=app')).toEqual(['首页头条']);
      expect(await titles('status=scheduled')).toEqual(['明天上线']);
      expect(await titles('status=expired')).toEqual(['昨天结束']);
      expect(await titles('platform=app')).toEqual(['首页头条', '明天上线', '昨天结束']);
      // Reorder two app slots; pc is its own list and cannot be mixed in.
      const [first] = (await call('GET', '/api/focus_home?platform=app')).body.data.list;
      expect((await call('PUT', '/api/focus_home/sort', { ids: [scheduled.id, first.id, expired.id] })).status).toBe(200);
      expect(await titles('platform=app')).toEqual(['明天上线', '首页头条', '昨天结束']);
      const mixed = await call('PUT', '/api/focus_home/sort', { ids: [scheduled.id, pc.id] });
      expect(mixed.status).toBe(400);
      expect((await call('PUT', '/api/focus_home/sort', { ids: [] })).status).toBe(400);
      // Switching off is logged as 停用; a changed image frees the old one.
      expect((await call('PUT', `/api/focus_home/${scheduled.id}`, { enabled: false })).body.data.enabled).toBe(false);
      expect(await titles('status=disabled')).toEqual(['明天上线']);
      await call('PUT', `/api/focus_home/${scheduled.id}`, { image: picUrl });
      expect(await usesOf('focus_home', scheduled.id)).toEqual([picId]);
    });

    it('channel slots belong to a category; video slots take a video or a link', async () => {
      const type = (await call('POST', '/api/category_types', { name: '频道' })).body.data;
      const channel = (await call('POST', '/api/categories', { typeId: type.id, name: '新闻' })).body.data;
      const res = await call('POST', '/api/focus_channel', {
        title: '新闻频道头图',
        url: 'https://www.example.com/news',
        image: picUrl,
        categoryId: channel.id,
        startAt: inHours(0),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await call('POST', '/api/focus_channel', { title: 'x', url: 'https://a.cn', image: picUrl, startAt: inHours(0) })).body.errors.categoryId).toBe(
        '请选择频道',
      );
      expect((await call('GET', `/api/focus_channel?categoryId=${channel.id}`)).body.data.list).toHaveLength(1);
      const video = await call('POST', '/api/focus_video', {
        title: '视频头图',
        url: 'https://v.example.com/1',
        image: picUrl,
        platform: 'app',
        startAt: inHours(0),
      });
      expect(video.status).toBe(200);
      const both = await call('POST', '/api/focus_video', { title: '两个都选', articleId, videoId: 1, image: picUrl, platform: 'app', startAt: inHours(0) });
      expect(both.body.errors).toEqual({ articleId: '一个焦点图只能选一篇文章或一个视频' });
      const ghost = await call('POST', '/api/focus_video', { title: '没有的视频', videoId: 999999, image: picUrl, platform: 'app', startAt: inHours(0) });
      expect(ghost.body.errors).toEqual({ articleId: '视频不存在' });
    });

    it('an operator can reach every one of 300 channels (the chooser’s calls) and give the last one a slot', async () => {
      const type = (await call('POST', '/api/category_types', { name: '全部频道' })).body.data;
      // 30 channels with 9 sub-channels each, straight into the table (the category routes are tested elsewhere).
      const tops = await t.db
        .insert(categories)
        .values(Array.from({ length: 30 }, (_, i) => ({ typeId: type.id, name: `频道${i + 1}`, sort: i })))
        .returning({ id: categories.id });
      const subs = await t.db
        .insert(categories)
        .values(tops.flatMap((top, i) => Array.from({ length: 9 }, (_, j) => ({ typeId: type.id, parentId: top.id, name: `频道${i + 1}-${j + 1}`, sort: j }))))
        .returning({ id: categories.id, name: categories.name });
      const last = subs[subs.length - 1];
      const operator = await createStaff(t, admin, { username: 'channel_operator', routes: ['/operation/pcfocus'] });
      // What the chooser asks (components/taxonomy/category-groups.ts): the types, then each type's tree.
      const types = await call('GET', '/api/category_types?pageSize=100', undefined, operator.cookie);
      expect(types.body.data.list.map((x: { id: number }) => x.id)).toContain(type.id);
      const tree = await call('GET', `/api/categories/tree?typeId=${type.id}`, undefined, operator.cookie);
      expect(tree.status).toBe(200);
      expect(tree.body.data).toHaveLength(300);
      expect(tree.body.data).toContainEqual(expect.objectContaining({ id: last.id, name: '频道30-9', parentId: tops[29].id }));
      // The paged list (what the chooser used to read) stops at 100 a page.
      const paged = (await call('GET', `/api/categories?typeId=${type.id}&pageSize=100`, undefined, operator.cookie)).body.data;
      expect([paged.list.length, paged.total]).toEqual([100, 300]);
      const slot = await call(
        'POST',
        '/api/focus_channel',
        { title: '第 300 个频道的头图', url: 'https://www.example.com/300', image: picUrl, categoryId: last.id, startAt: inHours(0) },
        operator.cookie,
      );
      expect(slot.status, JSON.stringify(slot.body)).toBe(200);
      expect(
        (await call('GET', `/api/focus_channel?categoryId=${last.id}`, undefined, operator.cookie)).body.data.list.map((s: { title: string }) => s.title),
      ).toEqual(['第 300 个频道的头图']);
    });

    it('searches published articles (and videos) for the slot form, for operators without the article list', async () => {
      expect((await call('POST', '/api/articles', { title: '重卡草稿不该出现' })).status).toBe(200);
      const { cookie } = await createStaff(t, admin, { username: 'picker', routes: ['/operation/videofocus'] });
      const found = await call('GET', `/api/focus_targets?kind=article&keyword=${encodeURIComponent('重卡')}`, undefined, cookie);
      expect(found.status).toBe(200);
      expect(found.body.data.list.map((a: { title: string }) => a.title)).toEqual(['重卡销量再创新高']);
      const vids = await call('GET', '/api/focus_targets?kind=video', undefined, cookie);
      expect(vids.body.data).toEqual({ list: [], available: true });
      expect((await call('GET', '/api/focus_targets?kind=audio')).status).toBe(400);
    });

    it('flush pushes the right-side slot to the site and records when; a failed push records nothing', async () => {
      const slot = (await call('POST', '/api/focus_home_right', { title: '右侧推荐', articleId, image: picUrl, startAt: inHours(-1) })).body.data;
      expect(slot.flushedAt).toBeNull();
      pushStatus = 503;
      const failed = await call('PUT', `/api/focus_home_right/flush/${slot.id}`);
      expect(failed.status).toBe(502);
      expect(failed.body.message).toContain('推送到网站失败');
      expect((await call('GET', `/api/focus_home_right/${slot.id}`)).body.data.flushedAt).toBeNull();
      pushStatus = 200;
      const res = await call('PUT', `/api/focus_home_right/flush/${slot.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data.pushed).toBe(true);
      expect(Date.now() - new Date(res.body.data.flushedAt).getTime()).toBeLessThan(60_000);
      expect(pushed.at(-1)).toMatchObject({ family: 'focus_home_right', status: 'live', slot: { id: slot.id, title: '右侧推荐', articleId } });
      const [log] = await t.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.resource, 'focus_home_right'), eq(operationLogs.type, 'flush')));
      expect(log.summary).toContain('刷新首页右侧焦点图「右侧推荐」');
      expect((await call('PUT', '/api/focus_home_right/flush/999999')).status).toBe(404);
    });

    it('without a push address, flush only records the time and says so', async () => {
      const bare = await setupTestApp(kind);
      try {
        const cookie = await bare.login();
        const slot = (
          await bare.call('POST', '/api/focus_home_right', { cookie, body: { title: '右侧', url: 'https://a.cn', image: picUrl, startAt: inHours(0) } })
        ).body.data;
        const res = await bare.call('PUT', `/api/focus_home_right/flush/${slot.id}`, { cookie });
        expect(res.body.data).toMatchObject({ pushed: false, note: '未配置推送地址（FOCUS_FLUSH_URL），已记录刷新时间' });
        expect(res.body.data.flushedAt).not.toBeNull();
      } finally {
        await bare.close();
      }
    });

    it('needs the screen’s permission', async () => {
      const { cookie } = await createStaff(t, admin, { username: 'focusonly', routes: ['/operation/focus'] });
      expect((await call('GET', '/api/focus_home', undefined, cookie)).status).toBe(200);
      expect((await call('GET', '/api/focus_home_right', undefined, cookie)).status).toBe(403);
      expect((await call('PUT', '/api/focus_home_right/flush/1', undefined, cookie)).status).toBe(403);
      expect((await call('POST', '/api/focus_video', {}, cookie)).status).toBe(403);
    });
  });

  describe('search keywords', () => {
    it('keeps app/m and pc apart: each screen’s permission, each platform its own order', async () => {
      const a = (await call('POST', '/api/search_keywords', { word: '解放J7', platform: 'app' })).body.data;
      const b = (await call('POST', '/api/search_keywords', { word: '重汽', platform: 'app', url: 'https://www.example.com/s?q=重汽' })).body.data;
      const pc = (await call('POST', '/api/search_keywords', { word: '解放J7', platform: 'pc' })).body.data;
      expect([a.sort, b.sort, pc.sort]).toEqual([0, 1, 0]);
      const twin = await call('POST', '/api/search_keywords', { word: '解放J7', platform: 'app' });
      expect(twin.status).toBe(409);
      expect(twin.body.errors).toEqual({ word: '该平台已有关键词「解放J7」' });
      const bad = await call('POST', '/api/search_keywords', { word: ' ', platform: 'tv', url: 'javascript:alert(1)' });
      expect(Object.keys(bad.body.errors).sort()).toEqual(['platform', 'url', 'word']);
      expect((await call('PUT', '/api/search_keywords/sort', { ids: [b.id, a.id] })).status).toBe(200);
      const app = (await call('GET', '/api/search_keywords?platform=app,m')).body.data.list.map((k: { word: string }) => k.word);
      expect(app).toEqual(['重汽', '解放J7']);
      expect((await call('PUT', '/api/search_keywords/sort', { ids: [b.id, pc.id] })).status).toBe(400);

      const { cookie } = await createStaff(t, admin, { username: 'pckw', routes: ['/operation/pckeywords'] });
      const seen = (await call('GET', '/api/search_keywords', undefined, cookie)).body.data.list.map((k: { platform: string }) => k.platform);
      expect(seen).toEqual(['pc']);
      expect((await call('POST', '/api/search_keywords', { word: '欧曼', platform: 'app' }, cookie)).status).toBe(403);
      expect((await call('PUT', `/api/search_keywords/${a.id}`, { word: '改' }, cookie)).status).toBe(404);
      expect((await call('POST', '/api/search_keywords', { word: '欧曼', platform: 'pc' }, cookie)).status).toBe(200);
      expect(
        (await call('GET', '/api/search_keywords', undefined, (await createStaff(t, admin, { username: 'nokw', routes: ['/operation/ad'] })).cookie)).status,
      ).toBe(403);
    });
  });

  describe('navigation icons', () => {
    it('versions, types and icons grouped by type, sorted by drag, icon images recorded', async () => {
      const v = (await call('POST', '/api/chameleon_version', { name: '6.2.0', platform: 'app' })).body.data;
      expect((await call('POST', '/api/chameleon_version', { name: '6.2.0', platform: 'app' })).status).toBe(409);
      const grid = (await call('POST', '/api/chameleon_type', { name: '金刚区' })).body.data;
      const tab = (await call('POST', '/api/chameleon_type', { name: '底部导航' })).body.data;
      expect((await call('POST', '/api/chameleon_type', { name: '金刚区' })).status).toBe(409);
      expect((await call('GET', '/api/chameleon_type')).body.data.list.map((x: { name: string }) => x.name)).toEqual(['金刚区', '底部导航']);
      const icon = (name: string, typeId: number) =>
        call('POST', '/api/chameleon', { versionId: v.id, typeId, name, icon: picUrl, url: 'https://m.example.com/' + name });
      const i1 = (await icon('找车', grid.id)).body.data;
      const i2 = (await icon('查价', grid.id)).body.data;
      const i3 = (await icon('首页', tab.id)).body.data;
      expect([i1.sort, i2.sort, i3.sort]).toEqual([0, 1, 0]);
      expect(await usesOf('chameleon', i1.id)).toEqual([picId]);
      expect((await call('PUT', '/api/chameleon/sort', { ids: [i2.id, i1.id] })).status).toBe(200);
      expect((await call('PUT', '/api/chameleon/sort', { ids: [i2.id, i3.id] })).status).toBe(400);
      const list = (await call('GET', `/api/chameleon?versionId=${v.id}&pageSize=100`)).body.data.list.map((x: { name: string }) => x.name);
      expect(list).toEqual(['查价', '找车', '首页']);
      const missing = await call('POST', '/api/chameleon', { versionId: 999999, typeId: 999999, name: 'x', icon: picUrl });
      expect(missing.body.errors).toEqual({ versionId: '版本不存在', typeId: '图标类型不存在' });
      expect((await call('POST', '/api/chameleon', { versionId: v.id, typeId: grid.id, name: 'x', icon: '' })).body.errors.icon).toBe('请选择图标');
      expect((await call('GET', '/api/chameleon_version')).body.data.list[0].iconCount).toBe(3);
    });
  });

  describe('friend links', () => {
    it('creates, edits, sorts and deletes; http(s) only; the logo is recorded and freed on delete', async () => {
      const a = (await call('POST', '/api/friend_links', { name: '卡车之家', url: 'https://www.example.com/truck', logo: picUrl })).body.data;
      const b = (await call('POST', '/api/friend_links', { name: '商用车网', url: 'http://cv.example.com' })).body.data;
      expect(await usesOf('friend_link', a.id)).toEqual([picId]);
      const bad = await call('POST', '/api/friend_links', { name: '坏链接', url: 'javascript:alert(1)' });
      expect(bad.body.errors).toEqual({ url: '链接必须是 http:// 或 https:// 开头的链接' });
      expect((await call('POST', '/api/friend_links', { name: '没链接', url: '' })).body.errors).toEqual({ url: '请输入链接' });
      expect((await call('POST', '/api/friend_links', { name: '卡车之家', url: 'https://x.cn' })).status).toBe(409);
      expect((await call('PUT', `/api/friend_links/${b.id}`, { url: 'https://cv.example.com' })).body.data.url).toBe('https://cv.example.com');
      expect((await call('PUT', '/api/friend_links/sort', { ids: [b.id, a.id] })).status).toBe(200);
      expect((await call('GET', '/api/friend_links')).body.data.list.map((l: { name: string }) => l.name)).toEqual(['商用车网', '卡车之家']);
      expect((await call('DELETE', `/api/friend_links/${a.id}`)).status).toBe(200);
      expect(await usesOf('friend_link', a.id)).toEqual([]);
      expect((await call('DELETE', `/api/friend_links/${a.id}`)).status).toBe(404);
    });
  });

  describe('brands', () => {
    it('ties each brand to one product-host brand, taking its name and initial', async () => {
      const res = await call('POST', '/api/brands', { name: '解放', productBrandId: 1, logo: picUrl });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ name: '解放', productBrandId: 1, productBrandName: '一汽解放', initial: 'Y' });
      expect(await usesOf('brand', res.body.data.id)).toEqual([picId]);
      const taken = await call('POST', '/api/brands', { name: '另一个解放', productBrandId: 1 });
      expect(taken.status).toBe(409);
      expect(taken.body.errors).toEqual({ productBrandId: '这个车型库品牌已经关联了另一个品牌' });
      expect((await call('POST', '/api/brands', { name: '不存在', productBrandId: 99999 })).body.errors).toEqual({ productBrandId: '车型库中没有这个品牌' });
      expect((await call('POST', '/api/brands', { name: '没选' })).body.errors.productBrandId).toBe('请选择车型库品牌');
      expect((await call('PUT', `/api/brands/${res.body.data.id}`, { initial: 'j' })).body.data.initial).toBe('J');
      expect((await call('PUT', `/api/brands/${res.body.data.id}`, { initial: '解' })).status).toBe(400);
    });
  });

  describe('ads', () => {
    it('adds and edits through /edit, switches through /state/edit, lists by position and state', async () => {
      const added = await call('PUT', '/api/advertise/edit', {
        name: '首页通栏',
        position: 'home_top',
        image: picUrl,
        url: 'https://ad.example.com',
        startAt: inHours(-1),
        endAt: inHours(48),
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const ad = added.body.data;
      expect(ad.state).toBe(0);
      expect(await usesOf('advertise', ad.id)).toEqual([picId]);
      const bad = await call('PUT', '/api/advertise/edit', { name: '坏', position: 'nowhere', image: '', url: 'mailto:a@b.c', startAt: inHours(0) });
      expect(Object.keys(bad.body.errors).sort()).toEqual(['image', 'position', 'url']);
      expect((await call('PUT', '/api/advertise/edit', { id: ad.id, endAt: inHours(-2) })).body.errors).toEqual({ endAt: '结束时间必须晚于开始时间' });
      const edited = await call('PUT', '/api/advertise/edit', { id: ad.id, name: '首页顶部通栏', image: pic2Url });
      expect(edited.body.data).toMatchObject({ name: '首页顶部通栏', position: 'home_top', state: 0 });
      expect(await usesOf('advertise', ad.id)).not.toContain(picId);
      expect((await call('PUT', '/api/advertise/edit', { id: 999999, name: 'x' })).status).toBe(404);

      const on = await call('PUT', '/api/advertise/state/edit', { id: ad.id, state: 1 });
      expect(on.body.data.state).toBe(1);
      expect((await call('PUT', '/api/advertise/state/edit', { id: ad.id, state: 2 })).status).toBe(400);
      expect((await call('PUT', '/api/advertise/state/edit', { id: 999999, state: 1 })).status).toBe(404);
      expect((await call('GET', '/api/advertise/list?state=1&position=home_top')).body.data.list.map((a: { id: number }) => a.id)).toEqual([ad.id]);
      expect((await call('GET', '/api/advertise/list?state=0')).body.data.list).toEqual([]);
      const logs = await t.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.resource, 'advertise'), eq(operationLogs.resourceId, String(ad.id))));
      expect(logs.map((l) => l.summary)).toContain('上线广告「首页顶部通栏」');
      const { cookie } = await createStaff(t, admin, { username: 'noad', routes: ['/operation/brand'] });
      expect((await call('PUT', '/api/advertise/state/edit', { id: ad.id, state: 0 }, cookie)).status).toBe(403);
    });

    it('a new ad starts 下线: /edit refuses a state, on create and on edit; only /state/edit switches it (issue 14 I2)', async () => {
      const body = { name: '抢先上线', position: 'home_top', image: picUrl, url: 'https://ad.example.com', startAt: inHours(-1) };
      const live = await call('PUT', '/api/advertise/edit', { ...body, state: 1 });
      expect(live.status).toBe(400);
      expect(live.body.errors).toEqual({ state: '新广告先以「下线」保存，检查无误后在列表中用「上线」开关上线' });
      expect(await t.db.select().from(advertise).where(eq(advertise.name, '抢先上线'))).toEqual([]);
      const added = await call('PUT', '/api/advertise/edit', body);
      expect(added.body.data.state).toBe(0);
      const sneaked = await call('PUT', '/api/advertise/edit', { id: added.body.data.id, name: '改名顺便上线', state: 1 });
      expect(sneaked.status).toBe(400);
      expect(sneaked.body.errors.state).toBe('广告的上线、下线请用列表中的「上线」开关切换');
      const [row] = await t.db.select().from(advertise).where(eq(advertise.id, added.body.data.id));
      expect(row).toMatchObject({ name: '抢先上线', state: 0 });
    });
  });
});
