import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { articleAutosaves, articles } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

const WRITER_ROUTES = ['/article/addArticle', '/article/addImage', '/article/list', '/article/preview'];

describe.each(DB_KINDS)('article autosave API on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let writer: { cookie: string; userId: number };
  let other: { cookie: string; userId: number };
  let articleId: number;
  const rows = async () => (await t.db.select({ n: count() }).from(articleAutosaves))[0].n;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    const dept = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '编辑部' } })).body.data.id;
    writer = await createStaff(t, admin, { username: 'auto1', routes: WRITER_ROUTES, level: 3, departmentId: dept });
    other = await createStaff(t, admin, { username: 'auto2', routes: WRITER_ROUTES, level: 1, departmentId: dept });
    articleId = (await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { title: '自动保存的稿子', content: '<p>已保存</p>' } })).body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps one rolling copy per user and article, sanitized, and gives it back only to its author', async () => {
    const path = `/api/articles/${articleId}/autosave`;
    expect((await t.call('GET', path, { cookie: writer.cookie })).body.data).toBeNull();
    const first = await t.call('PUT', path, {
      cookie: writer.cookie,
      body: { baseVersion: 1, data: { title: '', content: '<p>第一句<script>alert(1)</script></p>' } },
    });
    expect(first.status).toBe(200);
    // An empty title is kept as typed: an autosave is a backup, not a save.
    expect(first.body.data).toMatchObject({ articleId, kind: 'article', baseVersion: 1, data: { title: '', content: '<p>第一句</p>' } });
    const second = await t.call('PUT', path, { cookie: writer.cookie, body: { baseVersion: 1, data: { title: '新标题', content: '<p>第一句，第二句</p>' } } });
    expect(second.status).toBe(200);
    expect(await rows()).toBe(1);
    const back = await t.call('GET', path, { cookie: writer.cookie });
    expect(back.body.data.data).toEqual({ title: '新标题', content: '<p>第一句，第二句</p>' });
    expect(new Date(back.body.data.savedAt).getTime()).toBeGreaterThanOrEqual(new Date(first.body.data.savedAt).getTime());

    // The article itself did not change.
    const [row] = await t.db.select().from(articles).where(eq(articles.id, articleId));
    expect([row.title, row.version, row.content]).toEqual(['自动保存的稿子', 1, '<p>已保存</p>']);

    // Someone else who may edit the article (全部数据) has their own slot and never sees the writer's copy.
    expect((await t.call('GET', path, { cookie: other.cookie })).body.data).toBeNull();
    await t.call('PUT', path, { cookie: other.cookie, body: { baseVersion: 1, data: { title: '别人的副本' } } });
    expect(await rows()).toBe(2);
    expect((await t.call('GET', path, { cookie: writer.cookie })).body.data.data.title).toBe('新标题');
    expect((await t.call('GET', path, { cookie: admin })).body.data).toBeNull();

    // Deleting (after a real save) removes only one's own copy.
    expect((await t.call('DELETE', path, { cookie: writer.cookie })).body.data).toEqual({ deleted: 1 });
    expect((await t.call('GET', path, { cookie: writer.cookie })).body.data).toBeNull();
    expect((await t.call('GET', path, { cookie: other.cookie })).body.data.data.title).toBe('别人的副本');
  });

  it('a new article has one slot per kind; the kind needs its editor route', async () => {
    const put = (cookie: string, body: unknown) => t.call('PUT', '/api/articles/new/autosave', { cookie, body });
    expect((await put(writer.cookie, { kind: 'article', baseVersion: 0, data: { title: '还没保存' } })).status).toBe(200);
    expect((await put(writer.cookie, { kind: 'article', baseVersion: 0, data: { title: '还没保存，改过' } })).status).toBe(200);
    expect(
      (await put(writer.cookie, { kind: 'gallery', baseVersion: 0, data: { images: [{ picId: null, url: '/uploads/a.jpg', caption: '图一' }] } })).status,
    ).toBe(200);
    const video = await put(writer.cookie, { kind: 'video', baseVersion: 0, data: { title: '视频' } });
    expect(video.status).toBe(403);
    expect(video.body.message).toContain('视频文章');
    expect((await t.call('GET', '/api/articles/new/autosave?kind=article', { cookie: writer.cookie })).body.data.data).toEqual({ title: '还没保存，改过' });
    expect((await t.call('GET', '/api/articles/new/autosave?kind=gallery', { cookie: writer.cookie })).body.data.data.images).toHaveLength(1);
    expect((await t.call('GET', '/api/articles/new/autosave', { cookie: writer.cookie })).status).toBe(400);
    expect(await t.db.select({ n: count() }).from(articleAutosaves).where(eq(articleAutosaves.userId, writer.userId))).toEqual([{ n: 2 }]);
  });

  it('refuses bad input with field errors and stores nothing; an article out of scope is not found', async () => {
    const path = `/api/articles/${articleId}/autosave`;
    const before = await rows();
    const bad = [
      { data: { title: 'x' } },
      { baseVersion: -1, data: {} },
      { baseVersion: 1, data: { title: 'x'.repeat(129) } },
      { baseVersion: 1, data: { tagIds: ['a'] } },
      { baseVersion: 1, data: { unknownField: 1 } },
      { baseVersion: 1, data: 'text' },
    ];
    for (const body of bad) {
      const res = await t.call('PUT', path, { cookie: writer.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(
      (await t.call('PUT', path, { cookie: writer.cookie, body: { baseVersion: 1, data: { title: 'x'.repeat(129) } } })).body.errors['data.title'],
    ).toContain('128');
    expect(await rows()).toBe(before);
    // 仅本人: another writer's article does not exist for the writer.
    const theirs = (await t.call('POST', '/api/articles', { cookie: other.cookie, body: { title: '别人的稿子' } })).body.data.id;
    expect((await t.call('PUT', `/api/articles/${theirs}/autosave`, { cookie: writer.cookie, body: { baseVersion: 1, data: { title: '偷看' } } })).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/articles/999999/autosave', { cookie: writer.cookie })).status).toBe(404);
    expect((await t.call('GET', `/api/articles/${articleId}/autosave`)).status).toBe(401);
    expect(await rows()).toBe(before);
  });
});
