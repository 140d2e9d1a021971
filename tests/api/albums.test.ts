import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { albums, operationLogs } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

describe.each(DB_KINDS)('albums (专辑管理) on %s', (kind) => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  const create = (body: Record<string, unknown>, cookie = admin) => t.call('POST', '/api/articles_album', { cookie, body });

  it('creates at the end of the order, validates, refuses a duplicate name, logs', async () => {
    const a = await create({ name: '重卡评测', description: '每周一款重卡的深度评测', cover: '/uploads/pic/2026/11/abc.png' });
    expect(a.status).toBe(200);
    const b = await create({ name: '物流观察' });
    expect(b.body.data.sort).toBeGreaterThan(a.body.data.sort);
    const bad = await create({ name: '', cover: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['cover', 'name']);
    const twin = await create({ name: '重卡评测' });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toContain('已存在');
    const logs = await t.db.select().from(operationLogs).where(eq(operationLogs.resource, 'articles_album'));
    expect(logs.map((l) => l.summary)).toContain('新增专辑「重卡评测」');
  });

  it('lists in the dragged order with article counts; reorders with PUT /sort', async () => {
    const list = await t.call('GET', '/api/articles_album', { cookie: admin });
    const names = list.body.data.list.map((r: { name: string }) => r.name);
    expect(names).toEqual(['重卡评测', '物流观察']);
    expect(list.body.data.list[0].articleCount).toBe(0);
    const ids = list.body.data.list.map((r: { id: number }) => r.id);
    expect((await t.call('PUT', '/api/articles_album/sort', { cookie: admin, body: { ids: [ids[1], ids[0]] } })).status).toBe(200);
    const again = await t.call('GET', '/api/articles_album', { cookie: admin });
    expect(again.body.data.list.map((r: { name: string }) => r.name)).toEqual(['物流观察', '重卡评测']);
  });

  it('articles join an album through the editor; the album lists them in scope and cannot be deleted while it holds any', async () => {
    const [album] = await t.db.select().from(albums).where(eq(albums.name, '重卡评测'));
    const mine = await t.call('POST', '/api/articles', { cookie: admin, body: { title: '解放 J7 评测', albumId: album.id } });
    expect(mine.status).toBe(200);
    const missing = await t.call('POST', '/api/articles', { cookie: admin, body: { title: '不存在的专辑', albumId: 999999 } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.albumId).toBe('专辑不存在');

    // An editor who sees only their own articles sees only theirs in the album.
    const writer = await createStaff(t, admin, { username: 'album-writer', routes: ['/article/addArticle', '/article/list'], level: 3 });
    await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { title: '豪沃 TX 评测', albumId: album.id } });
    const all = await t.call('GET', `/api/articles_album/${album.id}/articles`, { cookie: admin });
    expect(all.body.data.list.map((r: { title: string }) => r.title)).toEqual(['豪沃 TX 评测', '解放 J7 评测']);
    const own = await t.call('GET', `/api/articles_album/${album.id}/articles`, { cookie: writer.cookie });
    expect(own.body.data.list.map((r: { title: string }) => r.title)).toEqual(['豪沃 TX 评测']);
    expect((await t.call('GET', '/api/articles_album/999999/articles', { cookie: admin })).status).toBe(404);

    const listed = await t.call('GET', '/api/articles_album?keyword=评测', { cookie: admin });
    expect(listed.body.data.list).toHaveLength(1);
    expect(listed.body.data.list[0].articleCount).toBe(2);

    const refused = await t.call('DELETE', `/api/articles_album/${album.id}`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('该专辑下有 2 篇文章，不能删除');
    const [other] = await t.db.select().from(albums).where(eq(albums.name, '物流观察'));
    expect((await t.call('DELETE', `/api/articles_album/${other.id}`, { cookie: admin })).status).toBe(200);
    expect(await t.db.select().from(albums).where(eq(albums.id, other.id))).toHaveLength(0);
  });

  it('everyone signed in reads albums (the editors pick one); only /store writes', async () => {
    const editor = await createStaff(t, admin, { username: 'album-reader', routes: ['/article/addArticle'] });
    expect((await t.call('GET', '/api/articles_album', { cookie: editor.cookie })).status).toBe(200);
    expect((await create({ name: '越权专辑' }, editor.cookie)).status).toBe(403);
    const keeper = await createStaff(t, admin, { username: 'album-keeper', routes: ['/store'] });
    expect((await create({ name: '新能源' }, keeper.cookie)).status).toBe(200);
  });
});
