import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { articles, categories, operationLogs, picStores, videos, videoStores } from '@/server/db/schema';
import { API, resolveUsedBy } from '@/server/resources';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Issue 14, referential integrity: nothing in use is deleted. Every relation the resources declare
 * (`usedBy`) is walked: create the thing, use it, delete → 409 naming the count (and the filtered
 * list), stop using it, delete → 200.
 */
describe.each(DB_KINDS)('in-use refusals on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let picUrl: string;
  let libVideo: number;
  const call = async (method: string, path: string, body?: unknown, cookie = admin) => t.call(method, path, { cookie, body });
  const data = async (method: string, path: string, body?: unknown) => {
    const res = await call(method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  let n = 0;
  const uniq = (prefix: string) => `${prefix}${++n}`;
  const newCategory = async (parentId?: number) => {
    const typeId = (await data('POST', '/api/category_types', { name: uniq('类型') })).id;
    return (await data('POST', '/api/categories', { typeId, name: uniq('分类'), parentId })).id as number;
  };
  const newTag = async () => {
    const typeId = (await data('POST', '/api/tags_types', { name: uniq('标签类型') })).id;
    return (await data('POST', '/api/tags', { typeId, name: uniq('标签') })).id as number;
  };
  /** An article holding `fields`; returns how to stop using the thing (a save with `cleared`). */
  const article = async (fields: Record<string, unknown>, cleared: Record<string, unknown>) => {
    const a = await data('POST', '/api/articles', { title: uniq('文章'), ...fields });
    return async () => {
      const { version } = await data('GET', `/api/articles/${a.id}`);
      await data('PUT', `/api/articles/${a.id}`, { version, ...cleared });
    };
  };
  const video = async (fields: Record<string, unknown>, cleared: Record<string, unknown>) => {
    const v = await data('POST', '/api/videos', { title: uniq('短视频'), videoStoreId: libVideo, ...fields });
    return async () => {
      const { version } = await data('GET', `/api/videos/${v.id}`);
      await data('PUT', `/api/videos/${v.id}`, { version, ...cleared });
    };
  };

  const writers = new Map<number, string>();
  /** A person who may write articles and short videos; their cookie is kept by id. */
  const writer = async (departmentId: number | null = null) => {
    const staff = await createStaff(t, admin, {
      username: uniq('writer'),
      routes: ['/article/addArticle', '/article/createVideo', '/article/list', '/article/videoList'],
      departmentId,
    });
    writers.set(staff.userId, staff.cookie);
    return staff;
  };
  /** An item written by the person; the undo deletes it. */
  const writtenBy = async (userId: number, what: 'articles' | 'videos') => {
    const own = await call('POST', `/api/${what}`, { title: uniq('作品'), ...(what === 'videos' ? { videoStoreId: libVideo } : {}) }, writers.get(userId)!);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    // Short videos have no delete route (they go offline): the walk removes its own row directly.
    if (what === 'videos') return async () => void (await t.db.delete(videos).where(eq(videos.id, own.body.data.id)));
    return async () => void (await data('DELETE', `/api/${what}/${own.body.data.id}`));
  };
  const newDepartment = async () => (await data('POST', '/api/departments', { name: uniq('部门') })).id as number;
  /** An item written in the department by someone who has since moved to another one. */
  const writtenIn = async (departmentId: number, what: 'articles' | 'videos') => {
    const staff = await writer(departmentId);
    const undo = await writtenBy(staff.userId, what);
    await data('PUT', `/api/users/${staff.userId}`, { departmentId: null });
    return undo;
  };

  /** How to use the thing through each declared relation (`resource.key`); returns the undo. */
  const fixtures: Record<string, { make: () => Promise<number>; use: (id: number) => Promise<() => Promise<void>> }> = {
    'category_types.categories': {
      make: async () => (await data('POST', '/api/category_types', { name: uniq('类型') })).id,
      use: async (typeId) => {
        const c = await data('POST', '/api/categories', { typeId, name: uniq('分类') });
        return async () => void (await data('DELETE', `/api/categories/${c.id}`));
      },
    },
    'categories.articles': { make: () => newCategory(), use: (id) => article({ categoryId: id }, { categoryId: null }) },
    'categories.children': {
      make: () => newCategory(),
      use: async (id) => {
        const [parent] = await t.db.select().from(categories).where(eq(categories.id, id));
        const child = await data('POST', '/api/categories', { typeId: parent.typeId, parentId: id, name: uniq('下级') });
        return async () => void (await data('DELETE', `/api/categories/${child.id}`));
      },
    },
    'categories.videos': { make: () => newCategory(), use: (id) => video({ categoryId: id }, { categoryId: null }) },
    'categories.focus': {
      make: () => newCategory(),
      use: async (id) => {
        const slot = await data('POST', '/api/focus_channel', {
          title: uniq('频道头图'),
          url: 'https://www.example.com/a',
          image: picUrl,
          categoryId: id,
          startAt: new Date().toISOString(),
        });
        const other = await newCategory();
        return async () => void (await data('PUT', `/api/focus_channel/${slot.id}`, { categoryId: other }));
      },
    },
    'tags_types.tags': {
      make: async () => (await data('POST', '/api/tags_types', { name: uniq('标签类型') })).id,
      use: async (typeId) => {
        const tag = await data('POST', '/api/tags', { typeId, name: uniq('标签') });
        return async () => void (await data('DELETE', `/api/tags/${tag.id}`));
      },
    },
    'tags.articles': { make: newTag, use: (id) => article({ tagIds: [id] }, { tagIds: [] }) },
    'tags.videos': { make: newTag, use: (id) => video({ tagIds: [id] }, { tagIds: [] }) },
    // A person who wrote content, and the department it was written in, are kept (disable instead).
    'users.articles': { make: async () => (await writer()).userId, use: (id) => writtenBy(id, 'articles') },
    'users.videos': { make: async () => (await writer()).userId, use: (id) => writtenBy(id, 'videos') },
    'departments.articles': { make: newDepartment, use: (id) => writtenIn(id, 'articles') },
    'departments.videos': { make: newDepartment, use: (id) => writtenIn(id, 'videos') },
    'articles_album.articles': {
      make: async () => (await data('POST', '/api/articles_album', { name: uniq('专辑') })).id,
      use: (id) => article({ albumId: id }, { albumId: null }),
    },
  };

  // Every relation declared (`usedBy` in lib/resources), resolved as the app resolves it.
  const declared = API.flatMap((e) => (e.resource?.usedBy ? [e.resource] : []));
  const relations = declared.flatMap((resource) => resolveUsedBy(resource).map((u) => ({ resource, relation: u, name: `${resource.name}.${u.key}` })));

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    const [pic] = await t.db
      .insert(picStores)
      .values({
        title: '图',
        storage: 'local',
        key: 'pic/2026/11/eeeeeeeeeeeeeeeeeeeeeeee.jpg',
        url: '/uploads/pic/2026/11/eeeeeeeeeeeeeeeeeeeeeeee.jpg',
        mime: 'image/jpeg',
        size: 1,
      })
      .returning();
    picUrl = pic.url;
    const [v] = await t.db
      .insert(videoStores)
      .values({
        title: '实拍',
        storage: 'local',
        key: 'video/2026/11/in-use.mp4',
        url: '/uploads/video/2026/11/in-use.mp4',
        mime: 'video/mp4',
        size: 1000,
        duration: 60,
        cover: '',
      })
      .returning();
    libVideo = v.id;
  });
  afterAll(async () => t?.close());

  it('has a walk for every declared relation', () => {
    expect(relations.map((r) => r.name).sort()).toEqual(Object.keys(fixtures).sort());
  });

  it.each(Object.keys(fixtures))('%s: refused with the count while used (twice: 2), deleted once unused', async (name) => {
    const { resource, relation } = relations.find((r) => r.name === name)!;
    const fixture = fixtures[name];
    const id = await fixture.make();
    const undo = [await fixture.use(id), await fixture.use(id)];
    const path = `/api/${resource.name}/${id}`;
    const refused = await call('DELETE', path);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`该${resource.label}下有 2 ${relation.label}，不能删除`);
    expect(refused.body.data.inUse).toEqual([
      { key: relation.key, label: relation.label, count: 2, capped: false, ...(relation.list ? { link: `${relation.list}${id}` } : {}) },
    ]);
    // Nothing changed, nothing logged.
    expect((await call('GET', path)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.resource, resource.name), eq(operationLogs.resourceId, String(id)), eq(operationLogs.type, 'delete'))),
    ).toHaveLength(0);
    for (const stop of undo) await stop();
    expect((await call('DELETE', path)).status).toBe(200);
    expect((await call('GET', path)).status).toBe(404);
  });

  it('names every kind of use at once', async () => {
    const id = await newCategory();
    await article({ categoryId: id }, {});
    await video({ categoryId: id }, {});
    const refused = await call('DELETE', `/api/categories/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('该分类下有 1 篇文章、1 个短视频，不能删除');
    expect(refused.body.data.inUse.map((i: { link: string }) => i.link)).toEqual([`/article/list?categoryId=${id}`, `/article/videoList?categoryId=${id}`]);
  });

  it('a save racing the delete never leaves an article in a deleted category (rounds of both at once)', async () => {
    let orphans = 0;
    for (let round = 0; round < 25; round++) {
      const id = await newCategory();
      const [created, deleted] = await Promise.all([
        call('POST', '/api/articles', { title: uniq('抢先'), categoryId: id }),
        call('DELETE', `/api/categories/${id}`),
      ]);
      // Either the article landed first (the delete is refused) or the delete did (the save is 400).
      expect([created.status, deleted.status].sort()).toEqual(deleted.status === 200 ? [200, 400] : [200, 409]);
      if (created.status === 200 && deleted.status === 200) orphans++;
    }
    expect(orphans).toBe(0);
  });

  describe('a category deleted with its articles moved to another (?moveTo=)', () => {
    it('moves them and deletes in one step, each move logged; the filtered list shows them in the new place', async () => {
      const from = await newCategory();
      const to = await newCategory();
      const a1 = await data('POST', '/api/articles', { title: '移走的一', categoryId: from });
      const a2 = await data('POST', '/api/articles', { title: '移走的二', categoryId: from });
      const done = await call('DELETE', `/api/categories/${from}?moveTo=${to}`);
      expect(done.status).toBe(200);
      expect((await call('GET', `/api/categories/${from}`)).status).toBe(404);
      const rows = await t.db
        .select({ id: articles.id, categoryId: articles.categoryId, version: articles.version })
        .from(articles)
        .where(eq(articles.categoryId, to));
      expect(rows.map((r) => r.id).sort()).toEqual([a1.id, a2.id].sort());
      expect(rows.every((r) => r.version === 2)).toBe(true);
      const moves = await t.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.resource, 'articles'), eq(operationLogs.resourceId, String(a1.id)), eq(operationLogs.type, 'update')));
      expect(moves.map((m) => m.summary)).toContain(`移动「移走的一」到分类「${(await data('GET', `/api/categories/${to}`)).name}」`);
      const [deleted] = await t.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.resource, 'categories'), eq(operationLogs.resourceId, String(from)), eq(operationLogs.type, 'delete')));
      expect(deleted).toBeDefined();
      const listed = (await call('GET', `/api/articles?categoryId=${to}`)).body.data.list.map((r: { id: number }) => r.id);
      expect(listed.sort()).toEqual([a1.id, a2.id].sort());
    });

    it('refuses a bad target, itself, and a category still used by something the move does not take (nothing moved)', async () => {
      const from = await newCategory();
      const a = await data('POST', '/api/articles', { title: '留下', categoryId: from });
      expect((await call('DELETE', `/api/categories/${from}?moveTo=abc`)).status).toBe(400);
      expect((await call('DELETE', `/api/categories/${from}?moveTo=${from}`)).status).toBe(400);
      const gone = await call('DELETE', `/api/categories/${from}?moveTo=999999`);
      expect(gone.status).toBe(400);
      expect(gone.body.message).toBe('目标分类不存在');
      await video({ categoryId: from }, {});
      const to = await newCategory();
      const refused = await call('DELETE', `/api/categories/${from}?moveTo=${to}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('该分类下有 1 个短视频，不能删除');
      expect((await t.db.select({ c: articles.categoryId }).from(articles).where(eq(articles.id, a.id)))[0].c).toBe(from);
    });

    it('needs 文章列表, the data scope over every article, and 内容审核 for a published one', async () => {
      const from = await newCategory();
      const to = await newCategory();
      // Settings only: may delete categories, may not move articles.
      const settings = await createStaff(t, admin, { username: 'cat_settings', routes: ['/setting'] });
      const a = await data('POST', '/api/articles', { title: '别人的稿', categoryId: from });
      const noList = await call('DELETE', `/api/categories/${from}?moveTo=${to}`, undefined, settings.cookie);
      expect(noList.status).toBe(403);
      // An editor who sees only their own articles cannot move an administrator's.
      const editor = await createStaff(t, admin, { username: 'cat_editor', routes: ['/setting', '/article/list', '/article/addArticle'], level: 3 });
      const scoped = await call('DELETE', `/api/categories/${from}?moveTo=${to}`, undefined, editor.cookie);
      expect(scoped.status).toBe(404);
      expect(scoped.body.message).toContain('没有移动任何文章');
      // A published article moves only for 内容审核.
      const { version } = await data('GET', `/api/articles/${a.id}`);
      expect((await call('PUT', `/api/articles/publish/${a.id}`, { version })).status).toBe(200);
      const wide = await createStaff(t, admin, { username: 'cat_wide', routes: ['/setting', '/article/list', '/article/addArticle'], level: 1 });
      const live = await call('DELETE', `/api/categories/${from}?moveTo=${to}`, undefined, wide.cookie);
      expect(live.status).toBe(409);
      expect(live.body.message).toContain('已发布');
      expect((await t.db.select({ c: articles.categoryId }).from(articles).where(eq(articles.id, a.id)))[0].c).toBe(from);
      expect((await call('GET', `/api/categories/${from}`)).status).toBe(200);
      expect((await call('DELETE', `/api/categories/${from}?moveTo=${to}`)).status).toBe(200);
    });
  });
});
