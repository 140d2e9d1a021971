import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { articles } from '@/server/db/schema';
import { ApiError } from '@/server/http/errors';
import { createScheduler } from '@/server/jobs/scheduler';
import { focusChannelFamily, focusHomeFamily, focusHomeRightFamily } from '@/server/delivery/families/focus';
import { adsFamily, brandsFamily, friendLinksFamily, keywordsFamily, navFamily } from '@/server/delivery/families/operations';
import { albumArticlesFamily, albumsFamily, categoriesFamily, topicsFamily } from '@/server/delivery/families/taxonomy';
import { OPERATIONS_FAMILIES } from '@/server/delivery/families';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Issue 24: the delivery families of operations and taxonomy, called directly on the real database
 * at an injected clock: what a site reads, when the answer changes by itself (`next`), and what it
 * is cached under (`keys`).
 */
describe.each(DB_KINDS)('delivery families (operations, taxonomy) on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const T = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
  const at = (minutes: number) => new Date(T.getTime() + minutes * 60_000);
  const iso = (minutes: number) => at(minutes).toISOString();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await t.call(method, path, { cookie: admin, body });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const IMG = 'https://example.com/slot.jpg';
  const LINK = 'https://example.com/page';
  const titles = (answer: { data: { list: Array<{ title?: string; name?: string; word?: string }> } } | null) =>
    answer!.data.list.map((i) => i.title ?? i.name ?? i.word);
  const badRequest = async (p: Promise<unknown>) => {
    const err = await p.catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    return (err as ApiError & { errors?: Record<string, string> }).errors;
  };

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    await call('POST', '/api/platform', { name: 'APP', code: 'app' });
  });
  afterAll(async () => t?.close());

  it('every family is declared with a path, its query and its data', () => {
    expect(OPERATIONS_FAMILIES.map((f) => f.path)).toEqual([
      'focus/home',
      'focus/channel',
      'focus/video',
      'focus/home_right',
      'ads',
      'keywords',
      'nav',
      'friend_links',
      'brands',
      'topics',
      'albums',
      'albums/{id}/articles',
      'categories',
    ]);
  });

  it('focus/home: a slot shows inside its window only, switched on; next is the coming edge', async () => {
    const windowed = await call('POST', '/api/focus_home', {
      title: '十点到十一点',
      image: IMG,
      url: LINK,
      platform: 'app',
      startAt: iso(60),
      endAt: iso(120),
    });
    await call('POST', '/api/focus_home', { title: '停用的', image: IMG, url: LINK, platform: 'app', startAt: iso(-60), enabled: false });
    const always = await call('POST', '/api/focus_home', { title: '长期', image: IMG, url: 'https://example.com/', platform: 'app', startAt: iso(-60) });

    const before = await focusHomeFamily.handler(t.db, { platform: 'app' }, T);
    expect(titles(before)).toEqual(['长期']);
    expect(before!.next).toEqual(at(60));
    expect(before!.keys).toContain('focus-home');
    // Only what a site needs: no switch, window, sort or timestamps.
    expect(before!.data.list[0]).toEqual({ id: always.id, title: '长期', image: IMG, url: 'https://example.com/', articleId: null, videoId: null });

    const inside = await focusHomeFamily.handler(t.db, { platform: 'app' }, at(61));
    expect(titles(inside)).toEqual(['十点到十一点', '长期']);
    expect(inside!.next).toEqual(at(120));

    const after = await focusHomeFamily.handler(t.db, { platform: 'app' }, at(120));
    expect(titles(after)).toEqual(['长期']);
    expect(after!.next).toBeNull();

    // Switched off: gone at once, and nothing to wait for.
    await call('PUT', `/api/focus_home/${windowed.id}`, { enabled: false });
    expect((await focusHomeFamily.handler(t.db, { platform: 'app' }, T))!.next).toBeNull();

    expect(await focusHomeFamily.handler(t.db, { platform: 'nowhere' }, T)).toBeNull();
    expect(await badRequest(focusHomeFamily.handler(t.db, {}, T))).toHaveProperty('platform');
  });

  it('a slot whose article is scheduled stays hidden until the article is out, and names the article among its keys', async () => {
    const id = (await call('POST', '/api/articles', { title: '定时的文章', content: '<p>正文</p>' })).id as number;
    const publishAt = new Date(Date.now() + 30 * 60_000);
    expect((await call('PUT', `/api/articles/schedule/${id}`, { publishAt: publishAt.toISOString() })).status).toBe(5);
    const slot = await call('POST', '/api/focus_home_right', {
      title: '文章焦点',
      image: IMG,
      articleId: id,
      startAt: new Date(Date.now() - 60_000).toISOString(),
    });

    const now = new Date();
    const hidden = await focusHomeRightFamily.handler(t.db, {}, now);
    expect(hidden!.data.list.map((s) => s.id)).not.toContain(slot.id);
    expect(hidden!.next).toEqual(publishAt);
    expect(hidden!.keys).toEqual(expect.arrayContaining(['focus-home_right', `article-${id}`]));

    // The scheduler publishes it at its time: the slot shows, pointing at the article.
    await createScheduler({ db: t.db, now: () => new Date(publishAt.getTime() + 1000) }).tick();
    expect((await t.db.select({ status: articles.status }).from(articles).where(eq(articles.id, id)))[0].status).toBe(3);
    const shown = await focusHomeRightFamily.handler(t.db, {}, new Date(publishAt.getTime() + 1000));
    expect(shown!.data.list.find((s) => s.id === slot.id)).toMatchObject({ title: '文章焦点', articleId: id });
  });

  it('focus/channel by categoryId; an unknown channel answers 404', async () => {
    const type = await call('POST', '/api/category_types', { name: '频道' });
    const channel = await call('POST', '/api/categories', { typeId: type.id, name: '重卡' });
    await call('POST', '/api/focus_channel', { title: '频道焦点', image: IMG, url: LINK, categoryId: channel.id, startAt: iso(-5) });
    expect(titles(await focusChannelFamily.handler(t.db, { categoryId: String(channel.id) }, T))).toEqual(['频道焦点']);
    expect(await focusChannelFamily.handler(t.db, { categoryId: '999999' }, T)).toBeNull();
    expect(await badRequest(focusChannelFamily.handler(t.db, { categoryId: 'x' }, T))).toHaveProperty('categoryId');
  });

  it('ads by position: 上线 and in window; next is the start ahead; the position is its key', async () => {
    const running = await call('PUT', '/api/advertise/edit', { name: '通栏', position: 'home_top', image: IMG, startAt: iso(-10), endAt: iso(30) });
    const later = await call('PUT', '/api/advertise/edit', { name: '晚上的', position: 'home_top', image: IMG, startAt: iso(10) });
    await call('PUT', '/api/advertise/edit', { name: '下线的', position: 'home_top', image: IMG, startAt: iso(-10) });
    for (const ad of [running, later]) await call('PUT', '/api/advertise/state/edit', { id: ad.id, state: 1 });

    const now = await adsFamily.handler(t.db, { position: 'home_top' }, T);
    expect(now!.data.list).toEqual([{ id: running.id, position: 'home_top', image: IMG, url: '' }]);
    expect(now!.next).toEqual(at(10));
    expect(now!.keys).toEqual(['ads-home_top']);
    const both = await adsFamily.handler(t.db, { position: 'home_top' }, at(10));
    expect(both!.data.list.map((a) => a.id).sort()).toEqual([running.id, later.id].sort());
    expect(both!.next).toEqual(at(30));
    expect((await adsFamily.handler(t.db, { position: 'home_top' }, at(30)))!.data.list.map((a) => a.id)).toEqual([later.id]);
    expect(await badRequest(adsFamily.handler(t.db, { position: 'moon' }, T))).toHaveProperty('position');
  });

  it('keywords by platform, friend links and brands: switched-on ones in their order', async () => {
    await call('POST', '/api/search_keywords', { word: '牵引车', platform: 'app', enabled: true });
    await call('POST', '/api/search_keywords', { word: '自卸车', platform: 'app', enabled: false });
    await call('POST', '/api/search_keywords', { word: 'PC 词', platform: 'pc', enabled: true });
    expect(titles(await keywordsFamily.handler(t.db, { platform: 'app' }, T))).toEqual(['牵引车']);
    expect(await badRequest(keywordsFamily.handler(t.db, { platform: 'tv' }, T))).toHaveProperty('platform');

    await call('POST', '/api/friend_links', { name: '卡车之家', url: 'https://example.com/a' });
    await call('POST', '/api/friend_links', { name: '停用链接', url: 'https://example.com/b', enabled: false });
    const links = await friendLinksFamily.handler(t.db, {}, T);
    expect(links!.data.list).toEqual([expect.objectContaining({ name: '卡车之家', url: 'https://example.com/a', logo: '' })]);
    expect(Object.keys(links!.data.list[0]).sort()).toEqual(['id', 'logo', 'name', 'url']);
    expect(links!.keys).toEqual(['friend_links']);

    await call('POST', '/api/brands', { name: '示例品牌', productBrandId: 2, enabled: true });
    const brands = await brandsFamily.handler(t.db, {}, T);
    expect(brands!.data.list).toEqual([expect.objectContaining({ name: '示例品牌', productBrandId: 2 })]);
    expect(brands!.data.list[0]).not.toHaveProperty('productBrandName');
  });

  it('nav: the live version only, icons grouped by type in order; no live version answers 404', async () => {
    const types = [await call('POST', '/api/chameleon_type', { name: '金刚区' }), await call('POST', '/api/chameleon_type', { name: '底部导航' })];
    const old = await call('POST', '/api/chameleon_version', { name: '6.0.0', platform: 'app', enabled: false });
    const live = await call('POST', '/api/chameleon_version', { name: '6.1.0', platform: 'app', enabled: true });
    const icon = (versionId: number, typeId: number, name: string, enabled = true) =>
      call('POST', '/api/chameleon', { versionId, typeId, name, icon: 'https://example.com/i.png', url: 'truckapp://x', enabled });
    await icon(old.id, types[0].id, '旧版图标');
    await icon(live.id, types[1].id, '我的');
    await icon(live.id, types[0].id, '资讯');
    await icon(live.id, types[0].id, '停用图标', false);
    await icon(live.id, types[0].id, '视频');

    const nav = await navFamily.handler(t.db, { platform: 'app' }, T);
    expect(nav!.data.version).toEqual({ id: live.id, name: '6.1.0' });
    expect(nav!.data.types.map((g) => [g.name, g.icons.map((i) => i.name)])).toEqual([
      ['金刚区', ['资讯', '视频']],
      ['底部导航', ['我的']],
    ]);
    expect(nav!.keys).toEqual(['nav']);
    expect(await navFamily.handler(t.db, { platform: 'm' }, T)).toBeNull();
    expect(await navFamily.handler(t.db, { platform: 'app', version: '6.0.0' }, T)).toBeNull();
  });

  it('albums and an album’s published articles by cursor; limit at most 50', async () => {
    const album = await call('POST', '/api/articles_album', { name: '重卡评测', description: '系列' });
    await call('POST', '/api/articles_album', { name: '第二个专辑' });
    const row = (title: string, status: number, extra: Partial<typeof articles.$inferInsert> = {}) => ({
      title,
      status,
      editorId: 1,
      albumId: album.id,
      publishedAt: status === 3 ? new Date() : null,
      ...extra,
    });
    const made = await t.db
      .insert(articles)
      .values([
        row('一', 3),
        row('草稿', 0),
        row('二', 3, { offlineAt: at(45) }),
        row('已下线', 4),
        row('三', 3),
        row('定时', 5, { publishAt: at(20) }),
        row('过了下线时间', 3, { offlineAt: at(-1) }),
      ])
      .returning({ id: articles.id, title: articles.title });
    const idOf = (title: string) => made.find((m) => m.title === title)!.id;

    const first = await albumArticlesFamily.handler(t.db, { id: String(album.id), limit: '2' }, T);
    expect(first!.data.list.map((a) => a.title)).toEqual(['三', '二']);
    expect(first!.data.list[0]).toEqual({ id: idOf('三'), kind: 'article', title: '三', summary: '', cover: '', publishedAt: expect.any(String) });
    expect(first!.data.nextCursor).toEqual(expect.any(String));
    // The scheduled one comes out before 二 goes offline: the first change of this answer.
    expect(first!.next).toEqual(at(20));
    expect(first!.keys).toEqual(expect.arrayContaining([`album-${album.id}`, 'articles', `article-${idOf('三')}`]));

    const second = await albumArticlesFamily.handler(t.db, { id: String(album.id), limit: '2', cursor: first!.data.nextCursor! }, T);
    expect(second!.data).toEqual({ list: [expect.objectContaining({ title: '一' })], nextCursor: null });

    expect(await albumArticlesFamily.handler(t.db, { id: '999999' }, T)).toBeNull();
    expect(await badRequest(albumArticlesFamily.handler(t.db, { id: String(album.id), limit: '51' }, T))).toHaveProperty('limit');
    expect(await badRequest(albumArticlesFamily.handler(t.db, { id: String(album.id), cursor: 'not-a-cursor' }, T))).toHaveProperty('cursor');

    const albums1 = await albumsFamily.handler(t.db, { limit: 1 }, T);
    expect(albums1!.data.list.map((a) => a.name)).toEqual(['重卡评测']);
    expect(albums1!.data.list[0]).toEqual({ id: album.id, name: '重卡评测', cover: '', description: '系列' });
    const albums2 = await albumsFamily.handler(t.db, { limit: 1, cursor: albums1!.data.nextCursor }, T);
    expect(albums2!.data).toEqual({ list: [expect.objectContaining({ name: '第二个专辑' })], nextCursor: null });
  });

  it('topics by cursor (switched-on only); categories as a tree per type, a switched-off branch hidden', async () => {
    for (const [title, enabled] of [
      ['专题一', true],
      ['停用专题', false],
      ['专题二', true],
      ['专题三', true],
    ] as const)
      await call('POST', '/api/topic', { title, url: 'https://example.com/t', enabled });
    const page1 = await topicsFamily.handler(t.db, { limit: 2 }, T);
    expect(page1!.data.list.map((x) => x.title)).toEqual(['专题一', '专题二']);
    const page2 = await topicsFamily.handler(t.db, { limit: 2, cursor: page1!.data.nextCursor }, T);
    expect(page2!.data).toEqual({ list: [expect.objectContaining({ title: '专题三' })], nextCursor: null });

    const type = await call('POST', '/api/category_types', { name: '资讯' });
    const news = await call('POST', '/api/categories', { typeId: type.id, name: '新闻' });
    await call('POST', '/api/categories', { typeId: type.id, parentId: news.id, name: '行业' });
    const off = await call('POST', '/api/categories', { typeId: type.id, name: '停用分类', enabled: false });
    await call('POST', '/api/categories', { typeId: type.id, parentId: off.id, name: '停用分类的子分类' });
    const tree = await categoriesFamily.handler(t.db, { typeId: String(type.id) }, T);
    expect(tree!.data.types).toEqual([
      { id: type.id, name: '资讯', categories: [{ id: news.id, name: '新闻', children: [{ id: expect.any(Number), name: '行业', children: [] }] }] },
    ]);
    expect(tree!.keys).toEqual(['categories']);
    expect(await categoriesFamily.handler(t.db, { typeId: '999999' }, T)).toBeNull();
  });
});
