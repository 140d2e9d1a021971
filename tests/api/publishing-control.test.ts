import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  albums,
  articles,
  focusChannel,
  focusHome,
  focusHomeRight,
  focusVideo,
  platforms,
  tags,
  tagTypes,
  topics,
  videoStores,
  videos,
} from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

// Issue 15: what the lists' publishing actions and the review drawer ask the server beyond the
// transitions themselves: the focus slots an item is in (the 下线 confirmation), the names of what
// it is filed under (the drawer), and 撤回审核 for short videos.

const WRITER = ['/article/addArticle', '/article/list', '/article/createVideo', '/article/videoList'];
const REVIEWER = ['/article/check', '/article/list', '/article/addArticle', '/article/videoList', '/article/createVideo'];
const HOUR = 3600_000;

describe.each(DB_KINDS)('publishing control on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let writer: { cookie: string; userId: number };
  let reviewer: { cookie: string; userId: number };
  let narrowReviewer: { cookie: string; userId: number };
  let libraryVideo: number;

  const article = async (cookie: string, extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/articles', { cookie, body: { title: '稿件', content: '<p>正文</p>', ...extra } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data as { id: number; version: number };
  };
  const video = async (cookie: string) => {
    const res = await t.call('POST', '/api/videos', { cookie, body: { title: '短视频', videoStoreId: libraryVideo } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data as { id: number; version: number };
  };

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    writer = await createStaff(t, admin, { username: 'pc_writer', routes: WRITER, level: 3 });
    reviewer = await createStaff(t, admin, { username: 'pc_reviewer', routes: REVIEWER });
    // A reviewer who sees only their own items (data scope 仅本人).
    narrowReviewer = await createStaff(t, admin, { username: 'pc_narrow', routes: REVIEWER, level: 3 });
    [{ id: libraryVideo }] = await t.db
      .insert(videoStores)
      .values({ title: '库视频', storage: 'local', key: 'pc.mp4', url: '/uploads/video/pc.mp4', mime: 'video/mp4', size: 1000, duration: 30, cover: '' })
      .returning({ id: videoStores.id });
  });
  afterAll(async () => t?.close());

  it('counts the enabled, unfinished focus slots of every family that point at an article or a short video', async () => {
    const a = await article(writer.cookie);
    const v = await video(writer.cookie);
    const other = await article(writer.cookie);
    const now = Date.now();
    const slot = (extra: Record<string, unknown>) => ({ title: '焦点', image: '/uploads/pic/x.jpg', startAt: new Date(now - HOUR), ...extra });
    await t.db
      .insert(focusHome)
      .values([
        slot({ articleId: a.id, platform: 'app' }),
        slot({ articleId: a.id, platform: 'pc', endAt: new Date(now + HOUR) }),
        slot({ articleId: other.id, platform: 'app' }),
      ]);
    // Not counted: switched off, or already over.
    await t.db
      .insert(focusHome)
      .values([slot({ articleId: a.id, platform: 'm', enabled: false }), slot({ articleId: a.id, platform: 'm', endAt: new Date(now - 60_000) })]);
    await t.db.insert(focusChannel).values(slot({ articleId: a.id, startAt: new Date(now + HOUR) }));
    await t.db.insert(focusHomeRight).values(slot({ articleId: a.id }));
    await t.db.insert(focusVideo).values([slot({ videoId: v.id, platform: 'app' }), slot({ articleId: a.id, platform: 'app' })]);

    const res = await t.call('GET', `/api/articles_review/focus_usage/article/${a.id}`, { cookie: reviewer.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(5);
    expect(Object.fromEntries(res.body.data.families.map((f: { key: string; count: number }) => [f.key, f.count]))).toEqual({
      focus_home: 2,
      focus_channel: 1,
      focus_home_right: 1,
      focus_video: 1,
    });
    expect(res.body.data.families[0]).toMatchObject({ label: '首页焦点图', route: '/operation/focus' });

    const forVideo = await t.call('GET', `/api/articles_review/focus_usage/video/${v.id}`, { cookie: reviewer.cookie });
    expect(forVideo.body.data.total).toBe(1);
    expect(forVideo.body.data.families.find((f: { key: string }) => f.key === 'focus_video').count).toBe(1);
    const none = await t.call('GET', `/api/articles_review/focus_usage/article/${other.id + 1000}`, { cookie: reviewer.cookie });
    expect(none.status).toBe(404);
  });

  it('is for reviewers, within their data scope', async () => {
    const a = await article(writer.cookie);
    expect((await t.call('GET', `/api/articles_review/focus_usage/article/${a.id}`, { cookie: writer.cookie })).status).toBe(403);
    expect((await t.call('GET', `/api/articles_review/relations/article/${a.id}`, { cookie: writer.cookie })).status).toBe(403);
    // Out of the reviewer's scope: as if it did not exist.
    const outOfScope = await t.call('GET', `/api/articles_review/focus_usage/article/${a.id}`, { cookie: narrowReviewer.cookie });
    expect(outOfScope.status).toBe(404);
    expect((await t.call('GET', `/api/articles_review/relations/article/${a.id}`, { cookie: narrowReviewer.cookie })).status).toBe(404);
    expect((await t.call('GET', `/api/articles_review/focus_usage/page/${a.id}`, { cookie: reviewer.cookie })).status).toBe(404);
  });

  it('names the tags, topics, platforms and album of an article, and the tags of a short video, in their order', async () => {
    const [type] = await t.db.insert(tagTypes).values({ name: '话题' }).returning();
    const [t1, t2] = await t.db
      .insert(tags)
      .values([
        { typeId: type.id, name: '国六' },
        { typeId: type.id, name: '换电重卡' },
      ])
      .returning();
    const [topic] = await t.db.insert(topics).values({ title: '新能源重卡专题' }).returning();
    const [p1, p2] = await t.db
      .insert(platforms)
      .values([
        { name: 'APP', code: 'app' },
        { name: 'PC站', code: 'pc' },
      ])
      .returning();
    const [album] = await t.db.insert(albums).values({ name: '年度评选' }).returning();
    const a = await article(writer.cookie, { tagIds: [t2.id, t1.id], topicIds: [topic.id], platformIds: [p2.id, p1.id], albumId: album.id });
    const res = await t.call('GET', `/api/articles_review/relations/article/${a.id}`, { cookie: reviewer.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      tags: [
        { id: t2.id, name: '换电重卡' },
        { id: t1.id, name: '国六' },
      ],
      topics: [{ id: topic.id, name: '新能源重卡专题' }],
      platforms: [
        { id: p2.id, name: 'PC站' },
        { id: p1.id, name: 'APP' },
      ],
      album: { id: album.id, name: '年度评选' },
    });
    // A tag id an old row still holds after the tag went: listed without a name.
    await t.db
      .update(articles)
      .set({ tagIds: [t1.id, 999999] })
      .where(eq(articles.id, a.id));
    const stale = await t.call('GET', `/api/articles_review/relations/article/${a.id}`, { cookie: reviewer.cookie });
    expect(stale.body.data.tags).toEqual([
      { id: t1.id, name: '国六' },
      { id: 999999, name: null },
    ]);

    const v = await video(writer.cookie);
    await t.db
      .update(videos)
      .set({ tagIds: [t1.id] })
      .where(eq(videos.id, v.id));
    const forVideo = await t.call('GET', `/api/articles_review/relations/video/${v.id}`, { cookie: reviewer.cookie });
    expect(forVideo.body.data).toEqual({ tags: [{ id: t1.id, name: '国六' }], topics: [], platforms: [], album: null });
  });

  it('an author withdraws a short video from review (撤回审核): back to 草稿 with the version bumped', async () => {
    const v = await video(writer.cookie);
    const sent = await t.call('PUT', `/api/videos/publish/${v.id}`, { cookie: writer.cookie, body: {} });
    expect(sent.body.data).toMatchObject({ action: 'submit', status: 1 });
    const stale = await t.call('PUT', `/api/videos/withdraw/${v.id}`, { cookie: writer.cookie, body: { version: 1 } });
    expect(stale.status).toBe(409);
    const back = await t.call('PUT', `/api/videos/withdraw/${v.id}`, { cookie: writer.cookie, body: { version: sent.body.data.version } });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ action: 'withdraw', fromStatus: 1, status: 0, version: sent.body.data.version + 1 });
    const again = await t.call('PUT', `/api/videos/withdraw/${v.id}`, { cookie: writer.cookie, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('当前为「草稿」，不能撤回');
  });

  it('only the author withdraws (撤回审核): a colleague who may edit it and a reviewer get 403 and the item stays 待审核', async () => {
    const colleague = await createStaff(t, admin, { username: 'pc_colleague', routes: WRITER, level: 1 });
    const a = await article(writer.cookie);
    const sent = await t.call('PUT', `/api/articles/submit/${a.id}`, { cookie: writer.cookie, body: {} });
    expect(sent.body.data.status).toBe(1);
    for (const who of [colleague, reviewer]) {
      const res = await t.call('PUT', `/api/articles/withdraw/${a.id}`, { cookie: who.cookie, body: {} });
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('只有作者本人可以撤回审核');
    }
    const v = await video(writer.cookie);
    await t.call('PUT', `/api/videos/publish/${v.id}`, { cookie: writer.cookie, body: {} });
    expect((await t.call('PUT', `/api/videos/withdraw/${v.id}`, { cookie: reviewer.cookie, body: {} })).status).toBe(403);
    const after = await t.call('GET', `/api/articles/${a.id}`, { cookie: writer.cookie });
    expect(after.body.data).toMatchObject({ status: 1, version: sent.body.data.version });
    expect((await t.call('PUT', `/api/articles/withdraw/${a.id}`, { cookie: writer.cookie, body: {} })).body.data).toMatchObject({ status: 0 });
  });
});
