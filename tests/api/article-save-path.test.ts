import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { articles, mediaUsage, picStores, revisions, sensitiveWords } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Issue 17: a save sending the whole form (as the editors do) has its text work done before the
 * transaction, and its record comes from the UPDATE. What it stores and answers, and which refusal
 * comes first, are what a save of part of the form gets.
 */
describe.each(DB_KINDS)('article saves with the whole form on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let categoryA: number;
  let categoryB: number;
  const whole = (over: Record<string, unknown> = {}) => ({
    title: '全表单标题',
    subtitle: '副',
    summary: '摘要文字',
    content: '<p>正文第一段</p>',
    images: [],
    videoStoreId: null,
    ...over,
  });

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    await t.db.insert(sensitiveWords).values({ word: '违禁词' });
    const type = (await t.call('POST', '/api/category_types', { cookie: admin, body: { name: '保存路径' } })).body.data.id;
    categoryA = (await t.call('POST', '/api/categories', { cookie: admin, body: { typeId: type, name: '甲分类' } })).body.data.id;
    categoryB = (await t.call('POST', '/api/categories', { cookie: admin, body: { typeId: type, name: '乙分类' } })).body.data.id;
  });
  afterAll(async () => t?.close());

  const create = async () =>
    (await t.call('POST', '/api/articles', { cookie: admin, body: { ...whole(), categoryId: categoryA } })).body.data as { id: number; version: number };

  it('stores and answers the same as a save of part of the form: body, check, search, names, revision, usage', async () => {
    const a = await create();
    const [{ id: picId }] = await t.db
      .insert(picStores)
      .values({
        title: '图',
        storage: 'local',
        key: 'pic/2026/11/dddddddddddddddddddddddd.jpg',
        url: '/uploads/pic/2026/11/dddddddddddddddddddddddd.jpg',
        mime: 'image/jpeg',
        size: 1,
      })
      .returning();
    const res = await t.call('PUT', `/api/articles/${a.id}`, {
      cookie: admin,
      body: {
        version: a.version,
        ...whole({ title: '磁悬浮卡车首发', content: `<p onclick="x()">含有违禁词的正文<img src="/uploads/pic/2026/11/dddddddddddddddddddddddd.jpg"></p>` }),
        categoryId: categoryB,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      version: a.version + 1,
      title: '磁悬浮卡车首发',
      categoryId: categoryB,
      categoryName: '乙分类',
      editorName: '超级管理员',
    });
    expect(res.body.data.content).toBe('<p>含有违禁词的正文<img src="/uploads/pic/2026/11/dddddddddddddddddddddddd.jpg" /></p>');
    expect(res.body.data.checkResult.hits).toEqual(['违禁词']);
    expect(res.body.data).not.toHaveProperty('search');
    // The search vector was written: the new title finds it.
    const found = await t.call('GET', `/api/articles?keyword=${encodeURIComponent('磁悬浮')}`, { cookie: admin });
    expect(found.body.data.list.map((r: { id: number }) => r.id)).toContain(a.id);
    const [rev] = await t.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.resource, 'article'), eq(revisions.resourceId, a.id)))
      .orderBy(desc(revisions.id))
      .limit(1);
    expect(rev).toMatchObject({ kind: 'save', version: a.version + 1 });
    expect(rev.snapshot).toMatchObject({ title: '磁悬浮卡车首发', categoryId: categoryB, content: res.body.data.content });
    expect(
      await t.db
        .select({ mediaId: mediaUsage.mediaId })
        .from(mediaUsage)
        .where(and(eq(mediaUsage.ownerType, 'article'), eq(mediaUsage.ownerId, a.id))),
    ).toEqual([{ mediaId: picId }]);
    // The stored row and the answer agree.
    const [row] = await t.db.select().from(articles).where(eq(articles.id, a.id));
    expect(new Date(res.body.data.updatedAt).getTime()).toBe(row.updatedAt.getTime());
    // GET answers what the save answered (but for who saved it).
    const got = (await t.call('GET', `/api/articles/${a.id}`, { cookie: admin })).body.data;
    const { savedBy: _s, ...rest } = got;
    expect(rest).toEqual(res.body.data);
  });

  it("refusals come in the same order: someone else's lock (423) before an oversized body (400); a stale version 409", async () => {
    const a = await create();
    const other = await createStaff(t, admin, { username: 'lock-holder', routes: ['/article/addArticle', '/article/list'] });
    const lock = await t.call('POST', `/api/articles/${a.id}/lock`, { cookie: other.cookie, body: {} });
    expect(lock.status).toBe(200);
    const tooMany = '<div class="cms-video" data-video-id="1">视频</div>'.repeat(51);
    expect((await t.call('PUT', `/api/articles/${a.id}`, { cookie: admin, body: { version: a.version, ...whole({ content: tooMany }) } })).status).toBe(423);
    await t.call('DELETE', `/api/articles/${a.id}/lock?token=${lock.body.data.token}`, { cookie: other.cookie });
    const big = await t.call('PUT', `/api/articles/${a.id}`, { cookie: admin, body: { version: a.version, ...whole({ content: tooMany }) } });
    expect(big.status).toBe(400);
    expect(big.body.errors.content).toContain('最多 50 个插入块');
    const ok = await t.call('PUT', `/api/articles/${a.id}`, { cookie: admin, body: { version: a.version, ...whole({ title: '第二版' }) } });
    expect(ok.status).toBe(200);
    const stale = await t.call('PUT', `/api/articles/${a.id}`, { cookie: admin, body: { version: a.version, ...whole({ title: '旧版本上改的' }) } });
    expect(stale.status).toBe(409);
    expect(stale.body.data.current).toMatchObject({ version: a.version + 1, title: '第二版' });
  });
});
