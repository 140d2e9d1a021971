import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { chameleons, friendLinks, mediaUsage, operationLogs, picStores } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * ux-2026-11-28 P2-3 and P2-6 on the real database: 撤销 after a delete (`POST /{id}/restore`), a
 * drag order saved from a list that hides its retired rows, the lists' default status filters, and
 * 新增版本 「从版本…复制」.
 */
describe.each(DB_KINDS)('undo, retire and copy on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let picUrl: string;
  let picId: number;

  const call = (method: string, path: string, body?: unknown, cookie = admin) => t.call(method, path, { cookie, body });
  const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
  const logsOf = (resource: string, id: number) =>
    t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.resource, resource), eq(operationLogs.resourceId, String(id))));
  const usesOf = async (ownerType: string, ownerId: number) =>
    (
      await t.db
        .select()
        .from(mediaUsage)
        .where(and(eq(mediaUsage.ownerType, ownerType), eq(mediaUsage.ownerId, ownerId)))
    ).map((u) => u.mediaId);
  const names = async (path: string) => (await call('GET', path)).body.data.list.map((r: { name?: string; title?: string }) => r.name ?? r.title);

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    const [pic] = await t.db
      .insert(picStores)
      .values({
        title: 'Logo',
        storage: 'local',
        key: 'pic/2026/11/eeeeeeeeeeeeeeeeeeeeeeee.png',
        url: '/uploads/pic/2026/11/eeeeeeeeeeeeeeeeeeeeeeee.png',
        mime: 'image/png',
        size: 1,
      })
      .returning();
    picUrl = pic.url;
    picId = pic.id;
    await call('POST', '/api/platform', { name: 'APP', code: 'app' });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('撤销 a delete', () => {
    it('brings a friend link back with its id, place, logo use and a 恢复 log row; a second restore is refused', async () => {
      const made = [];
      for (const name of ['一汽解放', '东风商用车', '中国重汽']) {
        made.push(
          (await call('POST', '/api/friend_links', { name, url: `https://${made.length}.example.com`, logo: name === '一汽解放' ? picUrl : '' })).body.data,
        );
      }
      const [jiefang] = made;
      expect((await call('DELETE', `/api/friend_links/${jiefang.id}`)).status).toBe(200);
      expect(await names('/api/friend_links')).toEqual(['东风商用车', '中国重汽']);
      expect(await usesOf('friend_link', jiefang.id)).toEqual([]);

      const back = await call('POST', `/api/friend_links/${jiefang.id}/restore`);
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(back.body.data).toMatchObject({ id: jiefang.id, name: '一汽解放', url: jiefang.url, logo: picUrl, sort: jiefang.sort });
      expect(await names('/api/friend_links')).toEqual(['一汽解放', '东风商用车', '中国重汽']);
      expect(await usesOf('friend_link', jiefang.id)).toEqual([picId]);
      const logs = await logsOf('friend_links', jiefang.id);
      expect(logs.map((l) => l.type)).toEqual(['create', 'delete', 'restore']);
      expect(logs[2].summary).toBe('恢复友情链接「一汽解放」');

      // Restored already: nothing to undo, nothing written.
      const again = await call('POST', `/api/friend_links/${jiefang.id}/restore`);
      expect(again.status).toBe(409);
      expect((await logsOf('friend_links', jiefang.id)).length).toBe(3);
      // Never deleted (no such record): nothing to restore.
      expect((await call('POST', '/api/friend_links/987654/restore')).status).toBe(404);
    });

    it('puts the record back in its old place after the list was reordered meanwhile', async () => {
      const ids = (await call('GET', '/api/friend_links')).body.data.list.map((l: { id: number }) => l.id);
      const middle = ids[1];
      expect((await call('DELETE', `/api/friend_links/${middle}`)).status).toBe(200);
      // The list is dragged while the row is gone: the others are numbered 0, 1 again.
      expect((await call('PUT', '/api/friend_links/sort', { ids: [ids[2], ids[0]] })).status).toBe(200);
      expect((await call('POST', `/api/friend_links/${middle}/restore`)).status).toBe(200);
      const after = (await call('GET', '/api/friend_links')).body.data.list.map((l: { id: number }) => l.id);
      expect(after).toEqual([ids[2], middle, ids[0]]);
    });

    it('refuses when another record took the name meanwhile, and leaves everything as it was', async () => {
      const link = (await call('POST', '/api/friend_links', { name: '北奔重汽', url: 'https://beiben.example.com' })).body.data;
      await call('DELETE', `/api/friend_links/${link.id}`);
      const twin = (await call('POST', '/api/friend_links', { name: '北奔重汽', url: 'https://beiben2.example.com' })).body.data;
      const refused = await call('POST', `/api/friend_links/${link.id}/restore`);
      expect(refused.status).toBe(409);
      expect(refused.body.errors).toEqual({ name: '已有同名的友情链接' });
      expect(await t.db.select().from(friendLinks).where(eq(friendLinks.id, link.id))).toEqual([]);
      expect((await logsOf('friend_links', link.id)).map((l) => l.type)).toEqual(['create', 'delete']);
      expect((await call('GET', `/api/friend_links/${twin.id}`)).body.data.url).toBe('https://beiben2.example.com');
    });

    it('needs the permission that deletes it', async () => {
      const link = (await call('POST', '/api/friend_links', { name: '陕汽', url: 'https://shacman.example.com' })).body.data;
      await call('DELETE', `/api/friend_links/${link.id}`);
      const other = await createStaff(t, admin, { username: 'undo.editor', routes: ['/article/list'] });
      expect((await call('POST', `/api/friend_links/${link.id}/restore`, undefined, other.cookie)).status).toBe(403);
      expect(await t.db.select().from(friendLinks).where(eq(friendLinks.id, link.id))).toEqual([]);
      const operator = await createStaff(t, admin, { username: 'undo.operator', routes: ['/operation/friendLinks'] });
      expect((await call('POST', `/api/friend_links/${link.id}/restore`, undefined, operator.cookie)).status).toBe(200);
    });

    it('checks what the record points at again: a tag whose type went away meanwhile stays deleted', async () => {
      const type = (await call('POST', '/api/tags_types', { name: '撤销测试类型' })).body.data;
      const tag = (await call('POST', '/api/tags', { typeId: type.id, name: '撤销测试标签' })).body.data;
      expect((await call('DELETE', `/api/tags/${tag.id}`)).status).toBe(200);
      expect((await call('DELETE', `/api/tags_types/${type.id}`)).status).toBe(200);
      const refused = await call('POST', `/api/tags/${tag.id}/restore`);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect((await call('GET', `/api/tags/${tag.id}`)).status).toBe(404);
      // With its type back first, the tag comes back too.
      expect((await call('POST', `/api/tags_types/${type.id}/restore`)).status).toBe(200);
      expect((await call('POST', `/api/tags/${tag.id}/restore`)).status).toBe(200);
    });

    it('is not offered where the log cannot bring a record back whole (员工: no password kept)', async () => {
      const staff = await createStaff(t, admin, { username: 'undo.gone', routes: ['/article/list'] });
      expect((await call('DELETE', `/api/users/${staff.userId}`)).status).toBe(200);
      expect((await call('POST', `/api/users/${staff.userId}/restore`)).status).toBe(404);
    });
  });

  describe('lists that hide retired records', () => {
    it('a drag order saved from the shown rows keeps the hidden ones in their places', async () => {
      const make = async (word: string, enabled = true) => (await call('POST', '/api/search_keywords', { word, platform: 'app', enabled })).body.data;
      const a = await make('牵引车');
      const off = await make('停用词', false);
      const b = await make('自卸车');
      const c = await make('载货车');
      // The list shows a, b, c (停用词 hidden by the default filter); c is dragged to the top.
      expect((await call('PUT', '/api/search_keywords/sort', { ids: [c.id, a.id, b.id] })).status).toBe(200);
      const all = (await call('GET', '/api/search_keywords?platform=app&pageSize=100')).body.data.list;
      // The shown rows take the places they held (0, 2, 3) in the new order; 停用词 stays second.
      expect(all.map((k: { word: string }) => k.word)).toEqual(['载货车', '停用词', '牵引车', '自卸车']);
      expect(all.map((k: { sort: number }) => k.sort)).toEqual([0, 1, 2, 3]);
      expect(all.find((k: { id: number }) => k.id === off.id).sort).toBe(1);
    });

    it('focus slots: `current` is what is still in play; ads: `current` hides only the ended ones', async () => {
      const slot = (v: Record<string, unknown>) => call('POST', '/api/focus_home', { image: picUrl, url: 'https://a.example.com', platform: 'app', ...v });
      await slot({ title: '在展', startAt: inHours(-1) });
      await slot({ title: '将来', startAt: inHours(5) });
      await slot({ title: '关了', startAt: inHours(-1), enabled: false });
      await slot({ title: '过期', startAt: inHours(-5), endAt: inHours(-1) });
      expect(await names('/api/focus_home?platform=app&status=current')).toEqual(['在展', '将来']);
      expect((await names('/api/focus_home?platform=app&status=all')).length).toBe(4);

      const ad = async (name: string, period: Record<string, string>) =>
        (await call('PUT', '/api/advertise/edit', { name, position: 'home_top', image: picUrl, ...period })).body.data;
      await ad('新广告', { startAt: inHours(-1) });
      await ad('双十一', { startAt: inHours(-48), endAt: inHours(-24) });
      expect(await names('/api/advertise/list?status=current')).toEqual(['新广告']);
      expect(await names('/api/advertise/list?status=expired')).toEqual(['双十一']);
      expect(await names('/api/advertise/list?status=disabled')).toEqual(['新广告']);
      expect((await names('/api/advertise/list?status=all')).sort()).toEqual(['双十一', '新广告']);
    });
  });

  describe('新增版本 从版本…复制', () => {
    it('starts the new version with a copy of every icon, in one transaction, logged', async () => {
      const v1 = (await call('POST', '/api/chameleon_version', { name: '6.2.0', platform: 'app' })).body.data;
      const grid = (await call('POST', '/api/chameleon_type', { name: '金刚区' })).body.data;
      const tab = (await call('POST', '/api/chameleon_type', { name: '底部导航' })).body.data;
      const icon = (typeId: number, name: string, extra: Record<string, unknown> = {}) =>
        call('POST', '/api/chameleon', { versionId: v1.id, typeId, name, icon: picUrl, url: `https://m.example.com/${name}`, ...extra });
      await icon(grid.id, '资讯');
      await icon(grid.id, '车型', { enabled: false });
      await icon(tab.id, '首页', { url: 'truckapp://home' });

      const v2 = await call('POST', '/api/chameleon_version', { name: '6.3.0', platform: 'app', copyFrom: v1.id });
      expect(v2.status, JSON.stringify(v2.body)).toBe(200);
      const of = async (versionId: number) =>
        (await t.db.select().from(chameleons).where(eq(chameleons.versionId, versionId))).map(({ typeId, name, icon: pic, url, sort, enabled }) => ({
          typeId,
          name,
          pic,
          url,
          sort,
          enabled,
        }));
      const copied = await of(v2.body.data.id);
      expect(copied).toHaveLength(3);
      expect(copied.sort((x, y) => x.name.localeCompare(y.name))).toEqual((await of(v1.id)).sort((x, y) => x.name.localeCompare(y.name)));
      const copies = await t.db.select().from(chameleons).where(eq(chameleons.versionId, v2.body.data.id));
      for (const c of copies) expect(await usesOf('chameleon', c.id)).toEqual([picId]);
      const logs = (await logsOf('chameleon_version', v2.body.data.id)).map((l) => l.summary).sort();
      expect(logs).toEqual(['从版本「6.2.0」复制 3 个图标到「6.3.0」', '新增导航版本「6.3.0」']);
      expect((await call('GET', '/api/chameleon_version')).body.data.list.find((v: { id: number }) => v.id === v2.body.data.id).iconCount).toBe(3);

      // A version that does not exist: refused on its field, no version made.
      const bad = await call('POST', '/api/chameleon_version', { name: '6.4.0', platform: 'app', copyFrom: 999999 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ copyFrom: '要复制的版本不存在' });
      expect((await names('/api/chameleon_version')).includes('6.4.0')).toBe(false);
      // An empty version stays empty.
      const empty = (await call('POST', '/api/chameleon_version', { name: '7.0.0', platform: 'app' })).body.data;
      expect(await of(empty.id)).toEqual([]);
    });

    it('icon links: http(s) or the app’s own scheme, never javascript: or data:', async () => {
      const v = (await call('POST', '/api/chameleon_version', { name: '8.0.0', platform: 'app' })).body.data;
      const type = (await call('GET', '/api/chameleon_type')).body.data.list[0];
      const put = (url: string) => call('POST', '/api/chameleon', { versionId: v.id, typeId: type.id, name: '链接', icon: picUrl, url });
      for (const url of ['truckapp://news', 'truckapp://article?id=12', 'https://m.example.com/a']) expect((await put(url)).status, url).toBe(200);
      for (const url of [
        'javascript://%0aalert(1)',
        'JavaScript://x',
        'data://text/html,x',
        'vbscript://x',
        'file:///etc/passwd',
        'intent://x',
        'truckapp:news',
        'truck app://x',
      ]) {
        const res = await put(url);
        expect(res.status, url).toBe(400);
        expect(res.body.errors.url).toBe('链接必须是 http(s) 链接或 App 内链接（如 truckapp://news）');
      }
    });
  });
});
