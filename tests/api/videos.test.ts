import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { mediaUsage, operationLogs, picStores, revisions, videoStores, videos } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

const EDITOR = ['/article/createVideo', '/article/videoList'];

describe.each(DB_KINDS)('short videos API on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let libA: number;
  let libB: number;
  const rows = async () => (await t.db.select({ n: count() }).from(videos))[0].n;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    const lib = (title: string, key: string) => ({
      title,
      storage: 'local',
      key,
      url: `/uploads/video/${key}`,
      mime: 'video/mp4',
      size: 1000,
      duration: 62,
      cover: `/uploads/poster/${key}.jpg`,
    });
    [{ id: libA }, { id: libB }] = await t.db
      .insert(videoStores)
      .values([lib('解放J7 实拍', 'a.mp4'), lib('东风天龙 试驾', 'b.mp4')])
      .returning({ id: videoStores.id });
  });
  afterAll(async () => t?.close());

  it('creates a short video from a library video: poster as default cover, version 1, usage, revision, log', async () => {
    const missing = await t.call('POST', '/api/videos', { cookie: admin, body: { description: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ title: '请输入标题', videoStoreId: '请选择视频' });
    const gone = await t.call('POST', '/api/videos', { cookie: admin, body: { title: '标题', videoStoreId: 999999 } });
    expect(gone.status).toBe(400);
    expect(gone.body.errors.videoStoreId).toBe('视频不在视频库中（可能已被删除）');
    const before = await rows();
    const res = await t.call('POST', '/api/videos', { cookie: admin, body: { title: '解放J7 上坡实测', videoStoreId: libA, description: '满载上坡' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      title: '解放J7 上坡实测',
      status: 0,
      version: 1,
      cover: '/uploads/poster/a.mp4.jpg',
      videoTitle: '解放J7 实拍',
      editorName: '超级管理员',
    });
    expect(await rows()).toBe(before + 1);
    const id = res.body.data.id;
    expect(
      await t.db
        .select()
        .from(mediaUsage)
        .where(and(eq(mediaUsage.ownerType, 'video'), eq(mediaUsage.ownerId, id))),
    ).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(revisions)
        .where(and(eq(revisions.resource, 'video'), eq(revisions.resourceId, id))),
    ).toHaveLength(1);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.resource, 'videos'), eq(operationLogs.resourceId, String(id))));
    expect(log.summary).toBe('新建短视频「解放J7 上坡实测」');
  });

  it('records a cover chosen from the picture library: the library refuses to delete it, a changed cover frees it', async () => {
    const [pic] = await t.db
      .insert(picStores)
      .values({ title: '上坡封面', storage: 'local', key: 'pic/cover-a.jpg', url: '/uploads/pic/cover-a.jpg', mime: 'image/jpeg', size: 1000 })
      .returning({ id: picStores.id, url: picStores.url });
    const usesOf = async (kind: 'pic' | 'video', mediaId: number) =>
      t.db
        .select({ ownerType: mediaUsage.ownerType, ownerId: mediaUsage.ownerId, ownerTitle: mediaUsage.ownerTitle })
        .from(mediaUsage)
        .where(and(eq(mediaUsage.mediaKind, kind), eq(mediaUsage.mediaId, mediaId)));

    const created = await t.call('POST', '/api/videos', { cookie: admin, body: { title: '封面取自图片库', videoStoreId: libB, cover: pic.url } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const v = created.body.data;
    expect(v.cover).toBe(pic.url);
    expect(await usesOf('pic', pic.id)).toEqual([{ ownerType: 'video', ownerId: v.id, ownerTitle: '封面取自图片库' }]);
    expect(await usesOf('video', libB)).toContainEqual({ ownerType: 'video', ownerId: v.id, ownerTitle: '封面取自图片库' });

    // The library names the short video among the picture's uses and will not delete it from under it.
    const usage = await t.call('GET', `/api/pic_stores/${pic.id}/usage`, { cookie: admin });
    expect(usage.body.data).toContainEqual(expect.objectContaining({ ownerType: 'video', ownerId: v.id, ownerName: '短视频' }));
    const refused = await t.call('DELETE', `/api/pic_stores/${pic.id}`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('短视频「封面取自图片库」');

    // Another cover (here: none) frees the picture; the library video stays recorded. Picking it again records it again.
    const cleared = await t.call('PUT', `/api/videos/${v.id}`, { cookie: admin, body: { version: 1, cover: '' } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await usesOf('pic', pic.id)).toEqual([]);
    expect(await usesOf('video', libB)).toContainEqual(expect.objectContaining({ ownerId: v.id }));
    const again = await t.call('PUT', `/api/videos/${v.id}`, { cookie: admin, body: { version: 2, cover: pic.url, title: '换了标题' } });
    expect(again.status).toBe(200);
    expect(await usesOf('pic', pic.id)).toEqual([{ ownerType: 'video', ownerId: v.id, ownerTitle: '换了标题' }]);

    // A restored revision is a save like any other: the first version's cover comes back with it.
    await t.call('PUT', `/api/videos/${v.id}`, { cookie: admin, body: { version: 3, cover: '' } });
    expect(await usesOf('pic', pic.id)).toEqual([]);
    const [first] = await t.db
      .select({ id: revisions.id })
      .from(revisions)
      .where(and(eq(revisions.resource, 'video'), eq(revisions.resourceId, v.id), eq(revisions.kind, 'create')));
    const restored = await t.call('POST', `/api/videos/${v.id}/revisions/${first.id}/restore`, { cookie: admin, body: { version: 4, fields: ['cover'] } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await usesOf('pic', pic.id)).toEqual([{ ownerType: 'video', ownerId: v.id, ownerTitle: '换了标题' }]);
  });

  it('a stale save is refused with the current record and overwrites nothing; a current one bumps the version', async () => {
    const v = (await t.call('POST', '/api/videos', { cookie: admin, body: { title: '原标题', videoStoreId: libA } })).body.data;
    const first = await t.call('PUT', `/api/videos/${v.id}`, { cookie: admin, body: { version: 1, title: '新标题', videoStoreId: libB } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ version: 2, title: '新标题', videoTitle: '东风天龙 试驾' });
    const stale = await t.call('PUT', `/api/videos/${v.id}`, { cookie: admin, body: { version: 1, description: '另一个窗口' } });
    expect(stale.status).toBe(409);
    expect(stale.body.data.current).toMatchObject({ version: 2, title: '新标题', description: '' });
    const [row] = await t.db.select().from(videos).where(eq(videos.id, v.id));
    expect([row.description, row.version]).toEqual(['', 2]);
    expect((await t.call('PUT', `/api/videos/${v.id}`, { cookie: admin, body: { title: 'x' } })).body.errors.version).toBeDefined();
    expect((await t.call('PUT', `/api/videos/${v.id}`, { cookie: admin, body: { version: 2, title: '' } })).body.errors.title).toBe('请输入标题');
  });

  it('the short-video editor has a rolling autosave per person, for a new and a saved video (issue 15)', async () => {
    const own = await createStaff(t, admin, { username: 'video_autosave', routes: EDITOR, level: 3 });
    const put = (path: string, cookie: string, body: unknown) => t.call('PUT', path, { cookie, body });
    expect((await put('/api/videos/new/autosave', own.cookie, { baseVersion: 0, data: { title: '还没保存', description: '草稿' } })).status).toBe(200);
    expect((await t.call('GET', '/api/videos/new/autosave', { cookie: own.cookie })).body.data).toMatchObject({
      kind: 'short',
      baseVersion: 0,
      data: { title: '还没保存', description: '草稿' },
    });
    // Someone else's slot is their own: the admin sees no copy.
    expect((await t.call('GET', '/api/videos/new/autosave', { cookie: admin })).body.data).toBeNull();
    const v = (await t.call('POST', '/api/videos', { cookie: own.cookie, body: { title: '已保存', videoStoreId: libA } })).body.data;
    const path = `/api/videos/${v.id}/autosave`;
    expect((await put(path, own.cookie, { baseVersion: 1, data: { title: '改了一半' } })).body.data).toMatchObject({ articleId: v.id, kind: 'short' });
    expect((await t.call('GET', path, { cookie: own.cookie })).body.data.data).toEqual({ title: '改了一半' });
    // The copy is checked like a save's fields: an unknown field or a long title is a 400.
    const bad = await put(path, own.cookie, { baseVersion: 1, data: { title: 'x'.repeat(129), content: '<p>不是短视频的字段</p>' } });
    expect(bad.status).toBe(400);
    // Not in scope: 404; a video article's autosave is not a short video's.
    const other = await createStaff(t, admin, { username: 'video_autosave2', routes: EDITOR, level: 3 });
    expect((await t.call('GET', path, { cookie: other.cookie })).status).toBe(404);
    expect((await t.call('DELETE', path, { cookie: own.cookie })).body.data).toEqual({ deleted: 1 });
    expect((await t.call('GET', path, { cookie: own.cookie })).body.data).toBeNull();
  });

  it("lists with filters in the viewer's data scope, newest first", async () => {
    const own = await createStaff(t, admin, { username: 'video_own', routes: EDITOR, level: 3 });
    const mine = (await t.call('POST', '/api/videos', { cookie: own.cookie, body: { title: '我的挂车视频', videoStoreId: libB } })).body.data;
    const list = await t.call('GET', '/api/videos?page=1&pageSize=10', { cookie: own.cookie });
    expect(list.body.data.list.map((v: { id: number }) => v.id)).toEqual([mine.id]);
    expect((await t.call('GET', `/api/videos/${mine.id - 1}`, { cookie: own.cookie })).status).toBe(404);
    const all = await t.call('GET', '/api/videos?keyword=挂车', { cookie: admin });
    expect(all.body.data.list.map((v: { title: string }) => v.title)).toEqual(['我的挂车视频']);
    const drafts = await t.call('GET', '/api/videos?status=0&pageSize=100', { cookie: admin });
    expect(drafts.body.data.total).toBe(await rows());
    expect((await t.call('GET', '/api/videos?status=9', { cookie: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/videos?status=3', { cookie: admin })).body.data.list).toEqual([]);
    const reader = await createStaff(t, admin, { username: 'video_reader', routes: ['/article/videoList'] });
    expect((await t.call('GET', '/api/videos', { cookie: reader.cookie })).status).toBe(200);
    expect((await t.call('POST', '/api/videos', { cookie: reader.cookie, body: { title: 'x', videoStoreId: libA } })).status).toBe(403);
    const nobody = await createStaff(t, admin, { username: 'video_nobody', routes: ['/article/list'] });
    expect((await t.call('GET', '/api/videos', { cookie: nobody.cookie })).status).toBe(403);
  });

  it('publish: a reviewer publishes, an editor submits for review; each transition keeps a revision', async () => {
    const editor = await createStaff(t, admin, { username: 'video_editor', routes: EDITOR });
    const v = (await t.call('POST', '/api/videos', { cookie: editor.cookie, body: { title: '待发布视频', videoStoreId: libA } })).body.data;
    const submitted = await t.call('PUT', `/api/videos/publish/${v.id}`, { cookie: editor.cookie, body: { version: 1 } });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ action: 'submit', status: 1, version: 2 });
    const queue = await t.call('GET', '/api/articles_review?contentType=video', { cookie: admin });
    expect(queue.body.data.list.map((r: { id: number; contentType: string }) => [r.contentType, r.id])).toContainEqual(['video', v.id]);
    // Rejected: the editor reads who, when and why with the video; resubmitted, it is pending again.
    expect(
      (await t.call('PUT', `/api/articles_review/${v.id}`, { cookie: admin, body: { contentType: 'video', action: 'reject', comment: '封面太暗' } })).status,
    ).toBe(200);
    const rejected = (await t.call('GET', `/api/videos/${v.id}`, { cookie: editor.cookie })).body.data;
    expect(rejected).toMatchObject({ status: 2, reviewComment: '封面太暗', reviewerName: '超级管理员' });
    expect(rejected.reviewedAt).toEqual(expect.any(String));
    expect((await t.call('PUT', `/api/videos/publish/${v.id}`, { cookie: editor.cookie, body: { version: rejected.version } })).body.data).toMatchObject({
      action: 'submit',
      status: 1,
    });
    const published = await t.call('PUT', `/api/videos/publish/${v.id}`, { cookie: admin, body: { version: rejected.version + 1 } });
    expect(published.body.data).toMatchObject({ action: 'publish', status: 3 });
    const again = await t.call('PUT', `/api/videos/publish/${v.id}`, { cookie: admin, body: {} });
    expect(again.status).toBe(409);
    const kinds = (
      await t.db
        .select({ kind: revisions.kind })
        .from(revisions)
        .where(and(eq(revisions.resource, 'video'), eq(revisions.resourceId, v.id)))
        .orderBy(revisions.id)
    ).map((r) => r.kind);
    expect(kinds).toEqual(['create', 'transition', 'transition', 'transition', 'transition']);
    // Words from the dictionary block publishing.
    await t.call('POST', '/api/sensitive_words', { cookie: admin, body: { words: ['违禁词'] } });
    const bad = (await t.call('POST', '/api/videos', { cookie: admin, body: { title: '含违禁词的视频', videoStoreId: libA } })).body.data;
    const blocked = await t.call('PUT', `/api/videos/publish/${bad.id}`, { cookie: admin, body: {} });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain('违禁词');
  });

  it('locks and revisions work for videos as for articles', async () => {
    const a = await createStaff(t, admin, { username: 'video_lock_a', routes: EDITOR });
    const v = (await t.call('POST', '/api/videos', { cookie: admin, body: { title: '锁定的视频', videoStoreId: libA } })).body.data;
    const lock = await t.call('POST', `/api/videos/${v.id}/lock`, { cookie: a.cookie, body: {} });
    expect(lock.status).toBe(200);
    const refused = await t.call('PUT', `/api/videos/${v.id}`, { cookie: admin, body: { version: 1, title: '管理员改的' } });
    expect(refused.status).toBe(423);
    expect(refused.body.data.holder.name).toBe('员工video_lock_a');
    expect((await t.call('GET', `/api/videos/locks?ids=${v.id}`, { cookie: admin })).body.data.list).toHaveLength(1);
    const saved = await t.call('PUT', `/api/videos/${v.id}`, {
      cookie: a.cookie,
      body: { version: 1, description: '第二版简介', lockToken: lock.body.data.token },
    });
    expect(saved.status).toBe(200);
    const list = (await t.call('GET', `/api/videos/${v.id}/revisions`, { cookie: a.cookie })).body.data.list;
    const rev = await t.call('GET', `/api/videos/${v.id}/revisions/${list[0].id}`, { cookie: a.cookie });
    expect(rev.body.data.fields.find((f: { name: string }) => f.name === 'description').parts).toEqual([{ op: 'insert', text: '第二版简介' }]);
    const restored = await t.call('POST', `/api/videos/${v.id}/revisions/${list[1].id}/restore`, {
      cookie: a.cookie,
      body: { version: 2, fields: ['description'], lockToken: lock.body.data.token },
    });
    expect(restored.body.data).toMatchObject({ description: '', version: 3 });
  });
});
