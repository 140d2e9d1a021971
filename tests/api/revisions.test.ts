import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { articles, revisions } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

describe.each(DB_KINDS)('article revisions on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let tagA: number;
  let tagB: number;
  const revs = async (id: number) =>
    t.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.resource, 'article'), eq(revisions.resourceId, id)))
      .orderBy(revisions.id);

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    const type = (await t.call('POST', '/api/tags_types', { cookie: admin, body: { name: '车型' } })).body.data;
    tagA = (await t.call('POST', '/api/tags', { cookie: admin, body: { name: '重卡', typeId: type.id } })).body.data.id;
    tagB = (await t.call('POST', '/api/tags', { cookie: admin, body: { name: '牵引车', typeId: type.id } })).body.data.id;
  });
  afterAll(async () => t?.close());

  it('each create and save keeps a revision; the list is newest first with who and what', async () => {
    const a = (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '解放J7上市', content: '<p>解放J7今日上市。</p>' } })).body.data;
    const saved = await t.call('PUT', `/api/articles/${a.id}`, {
      cookie: admin,
      body: { version: 1, title: '解放J7正式上市', content: '<p>解放J7今日正式上市，售价公布。</p>' },
    });
    expect(saved.status).toBe(200);
    const rows = await revs(a.id);
    expect(rows.map((r) => [r.kind, r.version])).toEqual([
      ['create', 1],
      ['save', 2],
    ]);
    expect(rows[1].snapshot).toMatchObject({ title: '解放J7正式上市', content: '<p>解放J7今日正式上市，售价公布。</p>', status: 0 });
    const list = await t.call('GET', `/api/articles/${a.id}/revisions`, { cookie: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((r: { kind: string; title: string; userName: string }) => [r.kind, r.title, r.userName])).toEqual([
      ['save', '解放J7正式上市', '超级管理员'],
      ['create', '解放J7上市', '超级管理员'],
    ]);
    expect(list.body.data.current.version).toBe(2);
    // Each workflow transition keeps one too.
    expect((await t.call('PUT', `/api/articles/publish/${a.id}`, { cookie: admin, body: { version: 2 } })).status).toBe(200);
    expect((await revs(a.id)).at(-1)).toMatchObject({
      kind: 'transition',
      version: 3,
      note: '发布：草稿 → 已发布',
      snapshot: expect.objectContaining({ status: 3 }),
    });
    // A refused (stale) save keeps no revision.
    expect((await t.call('PUT', `/api/articles/${a.id}`, { cookie: admin, body: { version: 1, title: '旧标签页' } })).status).toBe(409);
    expect(await revs(a.id)).toHaveLength(3);
  });

  it('a revision shows a word-level diff of the body and field diffs (title, tags, gallery order, cover)', async () => {
    const a = (
      await t.call('POST', '/api/articles', {
        cookie: admin,
        body: {
          title: '东风天龙评测',
          cover: '/uploads/a.jpg',
          tagIds: [tagA, tagB],
          content: '<p>东风天龙的油耗表现很好。</p><div class="cms-vote" data-activity-id="2">投票</div>',
          images: [{ url: '/uploads/1.jpg' }, { url: '/uploads/2.jpg' }],
        },
      })
    ).body.data;
    await t.call('PUT', `/api/articles/${a.id}`, {
      cookie: admin,
      body: {
        version: 1,
        title: '东风天龙深度评测',
        cover: '/uploads/b.jpg',
        tagIds: [tagB, tagA],
        content: '<p>东风天龙的油耗表现一般。</p><div class="cms-vote" data-activity-id="3">投票</div>',
        images: [{ url: '/uploads/2.jpg' }, { url: '/uploads/1.jpg' }],
      },
    });
    const [, second] = await revs(a.id);
    const res = await t.call('GET', `/api/articles/${a.id}/revisions/${second.id}?against=previous`, { cookie: admin });
    expect(res.status).toBe(200);
    const fields = Object.fromEntries(res.body.data.fields.map((f: { name: string }) => [f.name, f]));
    expect(fields.content.parts.filter((p: { op: string }) => p.op !== 'equal')).toEqual([
      { op: 'delete', text: '很好' },
      { op: 'insert', text: '一般' },
      { op: 'delete', text: '【投票 #2】', block: true },
      { op: 'insert', text: '【投票 #3】', block: true },
    ]);
    expect(fields.title.parts).toEqual([
      { op: 'equal', text: '东风天龙' },
      { op: 'insert', text: '深度' },
      { op: 'equal', text: '评测' },
    ]);
    expect(fields.tagIds.list).toEqual({ added: [], removed: [], reordered: true });
    expect(fields.images.list.reordered).toBe(true);
    expect(fields.cover).toMatchObject({ changed: true, before: '/uploads/a.jpg', after: '/uploads/b.jpg' });
    expect(fields.summary.changed).toBe(false);
    expect(res.body.data.names.tagIds).toEqual({ [tagA]: '重卡', [tagB]: '牵引车' });
    // Against the current record: the first revision compared with what is there now.
    const first = (await revs(a.id))[0];
    const cur = await t.call('GET', `/api/articles/${a.id}/revisions/${first.id}?against=current`, { cookie: admin });
    expect(cur.body.data.base.version).toBe(2);
    expect(cur.body.data.fields.find((f: { name: string }) => f.name === 'title').changed).toBe(true);
    expect((await t.call('GET', `/api/articles/${a.id}/revisions/${first.id}?against=next`, { cookie: admin })).status).toBe(400);
    expect((await t.call('GET', `/api/articles/${a.id}/revisions/999999`, { cookie: admin })).status).toBe(404);
  });

  it('restores a whole revision or one field: version-checked, a new revision, nothing else touched', async () => {
    const a = (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '第一版标题', content: '<p>第一版正文</p>' } })).body.data;
    await t.call('PUT', `/api/articles/${a.id}`, { cookie: admin, body: { version: 1, title: '第二版标题', content: '<p>第二版正文</p>' } });
    const [first] = await revs(a.id);
    // Stale version: refused, nothing written.
    const stale = await t.call('POST', `/api/articles/${a.id}/revisions/${first.id}/restore`, { cookie: admin, body: { version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.data.current.title).toBe('第二版标题');
    expect(await revs(a.id)).toHaveLength(2);
    // One field: the title comes back, the body stays.
    const titleOnly = await t.call('POST', `/api/articles/${a.id}/revisions/${first.id}/restore`, { cookie: admin, body: { version: 2, fields: ['title'] } });
    expect(titleOnly.status).toBe(200);
    expect(titleOnly.body.data).toMatchObject({ title: '第一版标题', content: '<p>第二版正文</p>', version: 3 });
    const rows = await revs(a.id);
    expect(rows.at(-1)).toMatchObject({ kind: 'restore', version: 3, note: `恢复修订 #${first.id}（标题）` });
    // The whole revision.
    const whole = await t.call('POST', `/api/articles/${a.id}/revisions/${first.id}/restore`, { cookie: admin, body: { version: 3 } });
    expect(whole.body.data).toMatchObject({ title: '第一版标题', content: '<p>第一版正文</p>', version: 4 });
    const bad = await t.call('POST', `/api/articles/${a.id}/revisions/${first.id}/restore`, { cookie: admin, body: { version: 4, fields: ['status'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['fields.0']).toBe('不能恢复这个字段');
    const [row] = await t.db.select().from(articles).where(eq(articles.id, a.id));
    expect(row.version).toBe(4);
  });

  it("revisions follow the article's data scope and permissions", async () => {
    const a = (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '管理员的稿子', content: '' } })).body.data;
    const [rev] = await revs(a.id);
    const own = await createStaff(t, admin, { username: 'rev_self', routes: ['/article/addArticle', '/article/list'], level: 3 });
    expect((await t.call('GET', `/api/articles/${a.id}/revisions`, { cookie: own.cookie })).status).toBe(404);
    expect((await t.call('POST', `/api/articles/${a.id}/revisions/${rev.id}/restore`, { cookie: own.cookie, body: { version: 1 } })).status).toBe(404);
    const reader = await createStaff(t, admin, { username: 'rev_reader', routes: ['/article/list'], level: 1 });
    expect((await t.call('GET', `/api/articles/${a.id}/revisions`, { cookie: reader.cookie })).status).toBe(200);
    expect((await t.call('POST', `/api/articles/${a.id}/revisions/${rev.id}/restore`, { cookie: reader.cookie, body: { version: 1 } })).status).toBe(403);
    expect((await t.call('GET', `/api/articles/${a.id}/revisions`)).status).toBe(401);
  });
});
