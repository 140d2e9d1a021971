import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, gt } from 'drizzle-orm';
import { outboxEvents } from '@/server/db/schema';
import { subscribeCommittedKeys } from '@/server/events/bus';
import { createScheduler } from '@/server/jobs/scheduler';
import { tellWindowEdges } from '@/server/delivery/window-edges';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Issue 24: what readers notice outside articles and videos. Every committed write to the operations
 * and taxonomy lists writes its outbox row in its own transaction (none for a refused write), the
 * keys reach the answer caches after the commit, and a window edge is told by the scheduler at its
 * tick, once, however many instances tick.
 */
describe.each(DB_KINDS)('operations change events on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const IMG = 'https://example.com/e.jpg';
  const LINK = 'https://example.com/page';
  const call = (method: string, path: string, body?: unknown) => t.call(method, path, { cookie: admin, body });
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await call(method, path, body);
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  /** The outbox rows written since `mark`, as [type, contentType, contentId, action, keys]. */
  const since = async (mark: number) =>
    (await t.db.select().from(outboxEvents).where(gt(outboxEvents.id, mark)).orderBy(asc(outboxEvents.id))).map((e) => [
      e.type,
      e.contentType,
      e.contentId,
      e.action,
      e.keys,
    ]);
  const mark = async () => {
    const rows = await t.db.select({ id: outboxEvents.id }).from(outboxEvents);
    return Math.max(0, ...rows.map((r) => r.id));
  };

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    await ok('POST', '/api/platform', { name: 'APP', code: 'app' });
  });
  afterAll(async () => t?.close());

  it('focus slots: create, edit, switch and sort each write focus.changed; a refused write writes nothing', async () => {
    const m0 = await mark();
    const dropped: string[][] = [];
    const unsubscribe = subscribeCommittedKeys((keys) => dropped.push([...keys]));
    const a = await ok('POST', '/api/focus_home', {
      title: '焦点甲',
      image: IMG,
      url: LINK,
      platform: 'app',
      startAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const b = await ok('POST', '/api/focus_home', {
      title: '焦点乙',
      image: IMG,
      url: LINK,
      platform: 'app',
      startAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await ok('PUT', `/api/focus_home/${a.id}`, { title: '焦点甲（改）' });
    await ok('PUT', `/api/focus_home/${b.id}`, { enabled: false });
    await ok('PUT', '/api/focus_home/sort', { ids: [b.id, a.id] });
    unsubscribe();
    expect(await since(m0)).toEqual([
      ['focus.changed', 'focus_home', a.id, 'create', ['focus-home']],
      ['focus.changed', 'focus_home', b.id, 'create', ['focus-home']],
      ['focus.changed', 'focus_home', a.id, 'update', ['focus-home']],
      ['focus.changed', 'focus_home', b.id, 'disable', ['focus-home']],
      ['focus.changed', 'focus_home', 0, 'sort', ['focus-home']],
    ]);
    // Each commit told the answer caches, after it committed.
    expect(dropped).toEqual([['focus-home'], ['focus-home'], ['focus-home'], ['focus-home'], ['focus-home']]);
    // The item as readers see it now: the edited slot, live; the switched-off one, gone (null).
    const items = (await t.db.select().from(outboxEvents).where(gt(outboxEvents.id, m0)).orderBy(asc(outboxEvents.id))).map((e) => e.item);
    expect(items[2]).toEqual({ id: a.id, title: '焦点甲（改）', image: IMG, url: LINK, articleId: null, videoId: null });
    expect(items[3]).toBeNull();

    const m1 = await mark();
    const refused = await call('PUT', `/api/focus_home/${a.id}`, { startAt: new Date().toISOString(), endAt: new Date(Date.now() - 3600_000).toISOString() });
    expect(refused.status).toBe(400);
    expect((await call('POST', '/api/focus_home', { title: '', image: IMG, platform: 'app' })).status).toBe(400);
    expect(await since(m1)).toEqual([]);
  });

  it('刷新 writes focus.flushed beside the push', async () => {
    const slot = await ok('POST', '/api/focus_home_right', { title: '右侧', image: IMG, url: LINK, startAt: new Date(Date.now() - 60_000).toISOString() });
    const m = await mark();
    await ok('PUT', `/api/focus_home_right/flush/${slot.id}`, {});
    expect(await since(m)).toEqual([['focus.flushed', 'focus_home_right', slot.id, 'flush', ['focus-home_right']]]);
  });

  it('ads: add, edit and 上线 write ads.changed under every ads answer and the position; a refused edit writes nothing', async () => {
    const m = await mark();
    const ad = await ok('PUT', '/api/advertise/edit', { name: '通栏', position: 'home_top', image: IMG, startAt: new Date().toISOString() });
    await ok('PUT', '/api/advertise/edit', { id: ad.id, position: 'home_middle' });
    await ok('PUT', '/api/advertise/state/edit', { id: ad.id, state: 1 });
    expect(await since(m)).toEqual([
      ['ads.changed', 'advertise', ad.id, 'create', ['ads', 'ads-home_top']],
      ['ads.changed', 'advertise', ad.id, 'update', ['ads', 'ads-home_middle', 'ads-home_top']],
      ['ads.changed', 'advertise', ad.id, 'enable', ['ads', 'ads-home_middle']],
    ]);
    const m1 = await mark();
    expect((await call('PUT', '/api/advertise/edit', { id: ad.id, endAt: '2000-01-01T00:00:00.000Z' })).status).toBe(400);
    expect(await since(m1)).toEqual([]);
  });

  it('keywords, nav, friend links, brands, topics, albums and categories each write their event', async () => {
    const m = await mark();
    const kw = await ok('POST', '/api/search_keywords', { word: '牵引车', platform: 'app' });
    const type = await ok('POST', '/api/chameleon_type', { name: '金刚区' });
    const version = await ok('POST', '/api/chameleon_version', { name: '7.0.0', platform: 'app', enabled: true });
    const icon = await ok('POST', '/api/chameleon', { versionId: version.id, typeId: type.id, name: '资讯', icon: IMG, url: 'truckapp://news' });
    const link = await ok('POST', '/api/friend_links', { name: '卡车网', url: LINK });
    await ok('DELETE', `/api/friend_links/${link.id}`);
    const brand = await ok('POST', '/api/brands', { name: '示例品牌', productBrandId: 2 });
    const topic = await ok('POST', '/api/topic', { title: '专题', url: LINK });
    const album = await ok('POST', '/api/articles_album', { name: '专辑' });
    const catType = await ok('POST', '/api/category_types', { name: '资讯' });
    const cat = await ok('POST', '/api/categories', { typeId: catType.id, name: '新闻' });
    expect(await since(m)).toEqual([
      ['keywords.changed', 'search_keywords', kw.id, 'create', ['keywords']],
      ['nav.changed', 'chameleon_type', type.id, 'create', ['nav']],
      ['nav.changed', 'chameleon_version', version.id, 'create', ['nav']],
      ['nav.changed', 'chameleon', icon.id, 'create', ['nav']],
      ['friend_links.changed', 'friend_links', link.id, 'create', ['friend_links']],
      ['friend_links.changed', 'friend_links', link.id, 'delete', ['friend_links']],
      ['brands.changed', 'brands', brand.id, 'create', ['brands']],
      ['topics.changed', 'topic', topic.id, 'create', ['topics', `topic-${topic.id}`]],
      ['albums.changed', 'articles_album', album.id, 'create', ['albums', `album-${album.id}`]],
      ['categories.changed', 'category_types', catType.id, 'create', ['categories']],
      ['categories.changed', 'categories', cat.id, 'create', ['categories', `category-${cat.id}`]],
    ]);
    // A refused write (a duplicate keyword: 409; a missing field: 400) writes nothing.
    const m1 = await mark();
    expect((await call('POST', '/api/search_keywords', { word: '牵引车', platform: 'app' })).status).toBe(409);
    expect((await call('POST', '/api/brands', { name: '' })).status).toBe(400);
    expect(await since(m1)).toEqual([]);
  });

  it('a window edge is told at the tick after it passed, exactly once across two scheduler instances, and never by a save', async () => {
    const start = new Date(Date.now() + 60 * 60_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    const slot = await ok('POST', '/api/focus_home', {
      title: '半小时',
      image: IMG,
      url: LINK,
      platform: 'app',
      startAt: start.toISOString(),
      endAt: end.toISOString(),
    });
    const ad = await ok('PUT', '/api/advertise/edit', {
      name: '半小时广告',
      position: 'home_right',
      image: IMG,
      startAt: start.toISOString(),
      endAt: end.toISOString(),
    });
    await ok('PUT', '/api/advertise/state/edit', { id: ad.id, state: 1 });
    let clock = new Date(start.getTime() - 5_000);
    const one = createScheduler({ db: t.db, now: () => clock, windowEdges: (at) => tellWindowEdges(t.db, at) });
    const two = createScheduler({ db: t.db, now: () => clock, windowEdges: (at) => tellWindowEdges(t.db, at) });
    // The first look starts the cursor; nothing passed yet.
    await one.tick();
    const m = await mark();
    await Promise.all([one.tick(), two.tick()]);
    expect(await since(m)).toEqual([]);

    clock = new Date(start.getTime() + 500);
    await Promise.all([one.tick(), two.tick()]);
    await Promise.all([one.tick(), two.tick()]);
    expect(await since(m)).toEqual([
      ['focus.changed', 'focus_home', slot.id, 'window_start', ['focus-home']],
      ['ads.changed', 'advertise', ad.id, 'window_start', ['ads', 'ads-home_right']],
    ]);

    const m1 = await mark();
    clock = new Date(end.getTime() + 900);
    await Promise.all([two.tick(), one.tick()]);
    await one.tick();
    const ended = await since(m1);
    expect(ended).toEqual([
      ['focus.changed', 'focus_home', slot.id, 'window_end', ['focus-home']],
      ['ads.changed', 'advertise', ad.id, 'window_end', ['ads', 'ads-home_right']],
    ]);
    const [endRow] = await t.db.select().from(outboxEvents).where(gt(outboxEvents.id, m1)).orderBy(asc(outboxEvents.id)).limit(1);
    // It left the readers: no item; told at the tick, naming the edge's own time.
    expect(endRow.item).toBeNull();
    expect(endRow.data).toMatchObject({ edge: 'end', edgeAt: end.toISOString() });
    expect(endRow.createdAt).toEqual(clock);
  });

  it('an edge that changes nothing a reader sees (a switched-off slot, a slot whose article was taken down) is not told', async () => {
    const start = new Date(Date.now() + 3 * 3600_000);
    await ok('POST', '/api/focus_home', { title: '停用', image: IMG, url: LINK, platform: 'app', startAt: start.toISOString(), enabled: false });
    const article = (await ok('POST', '/api/articles', { title: '已下线的文章', content: '<p>正文</p>' })).id as number;
    await ok('PUT', `/api/articles/publish/${article}`, {});
    await ok('POST', '/api/focus_home', { title: '文章已下线', image: IMG, articleId: article, platform: 'app', startAt: start.toISOString() });
    await ok('PUT', `/api/articles/offline/${article}`, {});
    // The cursor is past the previous test's edges; move it to just before this start.
    let clock = new Date(start.getTime() - 1000);
    await tellWindowEdges(t.db, clock);
    const m = await mark();
    clock = new Date(start.getTime() + 1000);
    expect(await tellWindowEdges(t.db, clock)).toBe(0);
    expect(await since(m)).toEqual([]);
  });
});
