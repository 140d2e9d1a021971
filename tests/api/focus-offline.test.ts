import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { picStores, videos } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Issue 15 (review P2-4): a focus slot whose article or short video is no longer published reads
 * 内容已下线 instead of 展示中, the status filter finds those, and the workbench counts them for the
 * people who hold the focus screens.
 */
describe.each(DB_KINDS)('focus slots whose content went offline on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let picUrl: string;
  let articleA: number;
  let articleB: number;
  let videoId: number;
  const slots: Record<string, number> = {};
  const call = (method: string, path: string, body?: unknown, cookie = admin) => t.call(method, path, { cookie, body });
  const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
  const titles = async (path: string, cookie = admin) => (await call('GET', path, undefined, cookie)).body.data.list.map((s: { title: string }) => s.title);
  const publish = async (title: string) => {
    const id = (await call('POST', '/api/articles', { title, content: '<p>正文</p>' })).body.data.id;
    expect((await call('PUT', `/api/articles/publish/${id}`, {})).body.data.status).toBe(3);
    return id as number;
  };
  const slot = async (family: string, title: string, target: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', `/api/${family}`, { title, image: picUrl, platform: 'app', startAt: inHours(-1), ...target, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    slots[title] = res.body.data.id;
    return res.body.data;
  };

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    const [pic] = await t.db
      .insert(picStores)
      .values({
        title: '焦点图',
        storage: 'local',
        key: 'pic/2026/11/eeeeeeeeeeeeeeeeeeeeeeee.jpg',
        url: '/uploads/pic/2026/11/eeeeeeeeeeeeeeeeeeeeeeee.jpg',
        mime: 'image/jpeg',
        size: 1,
      })
      .returning();
    picUrl = pic.url;
    await call('POST', '/api/platform', { name: 'APP', code: 'app' });
    await call('POST', '/api/platform', { name: 'PC 站', code: 'pc' });
    articleA = await publish('十月重卡销量');
    articleB = await publish('新能源重卡补贴');
    const [video] = await t.db.insert(videos).values({ title: '工厂探访', videoStoreId: 1, editorId: 1, status: 3 }).returning();
    videoId = video.id;
    await slot('focus_home', 'A 头条', { articleId: articleA });
    await slot('focus_home', 'B 头条', { articleId: articleB });
    await slot('focus_home', '只是链接', { url: 'https://www.example.com/a' });
    await slot('focus_home', 'A 停用的', { articleId: articleA }, { enabled: false });
    await slot('focus_home', 'A 在 PC', { articleId: articleA }, { platform: 'pc' });
    await slot('focus_home', 'A 明天', { articleId: articleA }, { startAt: inHours(24) });
    await slot('focus_video', '视频头条', { videoId });
  });
  afterAll(async () => t?.close());

  it('reads 展示中 while the content is published', async () => {
    const list = (await call('GET', '/api/focus_home?platform=app')).body.data.list;
    expect(list.every((s: { targetOffline: boolean }) => s.targetOffline === false)).toBe(true);
    expect(await titles('/api/focus_home?platform=app&status=offline')).toEqual([]);
    expect((await call('GET', '/api/workbench')).body.data.focus).toEqual([]);
  });

  it('says the content went offline once the article is taken down or the video withdrawn; the filter finds exactly those', async () => {
    expect((await call('PUT', `/api/articles/offline/${articleA}`, {})).body.data.status).toBe(4);
    await t.db.update(videos).set({ status: 0 }).where(eq(videos.id, videoId));

    const list = (await call('GET', '/api/focus_home?platform=app&pageSize=100')).body.data.list as Array<{ title: string; targetOffline: boolean }>;
    expect(Object.fromEntries(list.map((s) => [s.title, s.targetOffline]))).toEqual({
      'A 头条': true,
      'B 头条': false,
      只是链接: false,
      'A 停用的': true,
      'A 明天': true,
    });
    expect((await call('GET', `/api/focus_home/${slots['A 头条']}`)).body.data.targetOffline).toBe(true);
    // Each slot is in one status: a switched-off slot stays 已停用; 展示中 and 待上线 leave these out.
    expect((await titles('/api/focus_home?platform=app&status=offline')).sort()).toEqual(['A 头条', 'A 明天'].sort());
    expect((await titles('/api/focus_home?platform=app&status=live')).sort()).toEqual(['B 头条', '只是链接'].sort());
    expect(await titles('/api/focus_home?platform=app&status=scheduled')).toEqual([]);
    expect(await titles('/api/focus_home?platform=app&status=disabled')).toEqual(['A 停用的']);
    expect((await call('GET', '/api/focus_home?platform=app&status=offline')).body.data.total).toBe(2);
    expect(await titles('/api/focus_video?platform=app&status=offline')).toEqual(['视频头条']);
  });

  it('the workbench counts them per screen and platform, with the link to that list, for those who hold the screen', async () => {
    const focus = (await call('GET', '/api/workbench')).body.data.focus;
    expect(focus).toEqual([
      { label: '首页焦点图 · APP', href: '/operation/focus?platform=app&status=offline', count: 2, reason: 'offline' },
      { label: '首页焦点图 · PC 站', href: '/operation/focus?platform=pc&status=offline', count: 1, reason: 'offline' },
      { label: '视频焦点图 · APP', href: '/operation/videofocus?platform=app&status=offline', count: 1, reason: 'offline' },
    ]);
    const homeOnly = (await createStaff(t, admin, { username: 'focus15', routes: ['/operation/focus'] })).cookie;
    expect((await call('GET', '/api/workbench', undefined, homeOnly)).body.data.focus.map((g: { label: string }) => g.label)).toEqual([
      '首页焦点图 · APP',
      '首页焦点图 · PC 站',
    ]);
    const writer = (await createStaff(t, admin, { username: 'writer15f', routes: ['/article/list'] })).cookie;
    expect((await call('GET', '/api/workbench', undefined, writer)).body.data.focus).toBeNull();
  });

  it('goes back to 展示中 when the article is published again', async () => {
    expect((await call('PUT', `/api/articles/publish/${articleA}`, {})).body.data.status).toBe(3);
    expect(await titles('/api/focus_home?platform=app&status=offline')).toEqual([]);
    expect((await call('GET', '/api/workbench')).body.data.focus.map((g: { label: string }) => g.label)).toEqual(['视频焦点图 · APP']);
  });

  it('issue 24 (review P2-2): a slot pointing at a scheduled article reads 待发布, counts on the workbench, and goes live when the article is out', async () => {
    const id = (await call('POST', '/api/articles', { title: '明日发布：2027 款解放J7 官方图解', content: '<p>正文</p>' })).body.data.id as number;
    const publishAt = inHours(20);
    expect((await call('PUT', `/api/articles/schedule/${id}`, { publishAt })).body.data.status).toBe(5);
    await slot('focus_home', '明日头条', { articleId: id });

    const row = (await call('GET', `/api/focus_home/${slots['明日头条']}`)).body.data;
    expect(row).toMatchObject({ targetOffline: false, targetPending: true });
    expect(new Date(row.targetPublishAt).toISOString()).toBe(publishAt);
    expect(await titles('/api/focus_home?platform=app&status=pending')).toEqual(['明日头条']);
    expect(await titles('/api/focus_home?platform=app&status=live')).not.toContain('明日头条');
    expect(await titles('/api/focus_home?platform=app&status=offline')).not.toContain('明日头条');
    expect((await call('GET', '/api/workbench')).body.data.focus).toContainEqual({
      label: '首页焦点图 · APP',
      href: '/operation/focus?platform=app&status=pending',
      count: 1,
      reason: 'pending',
    });

    // Published now: the slot shows, and the workbench no longer names it.
    expect((await call('PUT', `/api/articles/publish/${id}`, { publishAt: null })).body.data.status).toBe(3);
    expect((await call('GET', `/api/focus_home/${slots['明日头条']}`)).body.data).toMatchObject({
      targetOffline: false,
      targetPending: false,
      targetPublishAt: null,
    });
    expect(await titles('/api/focus_home?platform=app&status=live')).toContain('明日头条');
    expect(await titles('/api/focus_home?platform=app&status=pending')).toEqual([]);
    expect((await call('GET', '/api/workbench')).body.data.focus.map((g: { reason: string }) => g.reason)).not.toContain('pending');
  });
});
