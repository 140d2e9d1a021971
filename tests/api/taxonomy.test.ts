import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { categories, operationLogs } from '@/server/db/schema';
import { TAG_SEARCH_LIMIT } from '@/server/routes/taxonomy';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

describe.each(DB_KINDS)('taxonomy API on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const post = async (path: string, body: unknown) => t.call('POST', path, { cookie: admin, body });
  const logCount = async () => (await t.db.select({ n: count() }).from(operationLogs))[0].n;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  describe('category types and categories', () => {
    let news: number;
    let models: number;

    it('creates types at the end of the order, reorders them by drag, refuses a duplicate name', async () => {
      news = (await post('/api/category_types', { name: '资讯' })).body.data.id;
      models = (await post('/api/category_types', { name: '车型' })).body.data.id;
      const third = (await post('/api/category_types', { name: '专题' })).body.data.id;
      const dup = await post('/api/category_types', { name: '资讯' });
      expect(dup.status).toBe(409);
      expect(dup.body.errors).toEqual({ name: '分类类型名称已存在' });
      const list = async () => (await t.call('GET', '/api/category_types', { cookie: admin })).body.data.list.map((r: { name: string }) => r.name);
      expect(await list()).toEqual(['资讯', '车型', '专题']);
      expect((await t.call('PUT', '/api/category_types/sort', { cookie: admin, body: { ids: [third, news, models] } })).status).toBe(200);
      expect(await list()).toEqual(['专题', '资讯', '车型']);
    });

    it('builds a tree per type; names are unique among siblings only; no cycles, no parent from another type', async () => {
      const industry = (await post('/api/categories', { typeId: news, name: '行业动态' })).body.data;
      expect(industry).toMatchObject({ typeId: news, parentId: null, enabled: true });
      const policy = (await post('/api/categories', { typeId: news, parentId: industry.id, name: '政策法规' })).body.data;
      const market = (await post('/api/categories', { typeId: news, parentId: industry.id, name: '市场' })).body.data;
      // Same name under another parent or type is fine; beside a sibling it is a 409 on the field.
      expect((await post('/api/categories', { typeId: models, name: '行业动态' })).status).toBe(200);
      expect((await post('/api/categories', { typeId: news, parentId: policy.id, name: '市场' })).status).toBe(200);
      const twin = await post('/api/categories', { typeId: news, parentId: industry.id, name: '市场' });
      expect(twin.status).toBe(409);
      expect(twin.body.errors.name).toBe('同一级下已有同名分类');
      const rename = await t.call('PUT', `/api/categories/${policy.id}`, { cookie: admin, body: { name: '市场' } });
      expect(rename.status).toBe(409);

      const cycle = await t.call('PUT', `/api/categories/${industry.id}`, { cookie: admin, body: { parentId: policy.id } });
      expect(cycle.status).toBe(400);
      expect(cycle.body.errors.parentId).toContain('下级');
      const foreignModel = (await post('/api/categories', { typeId: models, name: '牵引车' })).body.data;
      const crossType = await t.call('PUT', `/api/categories/${market.id}`, { cookie: admin, body: { parentId: foreignModel.id } });
      expect(crossType.status).toBe(400);
      expect(crossType.body.errors.parentId).toBe('上级分类不存在');
      const noType = await post('/api/categories', { typeId: 999999, name: 'x' });
      expect(noType.status).toBe(400);
      expect(noType.body.errors.typeId).toBe('分类类型不存在');

      const tree = (await t.call('GET', `/api/categories/tree?typeId=${news}`, { cookie: admin })).body.data;
      expect(tree.map((c: { name: string }) => c.name).sort()).toEqual(['市场', '市场', '政策法规', '行业动态']);
      expect((await t.call('GET', '/api/categories/tree', { cookie: admin })).status).toBe(400);
    });

    it('switches a category off and on; reorders siblings only', async () => {
      const [first] = (await t.call('GET', `/api/categories?typeId=${news}&keyword=${encodeURIComponent('行业')}`, { cookie: admin })).body.data.list;
      const off = await t.call('PUT', `/api/categories/${first.id}`, { cookie: admin, body: { enabled: false } });
      expect(off.body.data.enabled).toBe(false);
      const [log] = await t.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.resource, 'categories'), eq(operationLogs.resourceId, String(first.id)), eq(operationLogs.type, 'disable')));
      // A patch of only `enabled` is a switch, logged as 停用 / 启用 (crudRoutes' default since issue 16).
      expect(log.summary).toBe('停用分类「行业动态」');
      const kids = (await t.call('GET', `/api/categories?parentId=${first.id}`, { cookie: admin })).body.data.list.map((c: { id: number }) => c.id);
      expect((await t.call('PUT', '/api/categories/sort', { cookie: admin, body: { ids: [...kids].reverse() } })).status).toBe(200);
      const mixed = await t.call('PUT', '/api/categories/sort', { cookie: admin, body: { ids: [kids[0], first.id] } });
      expect(mixed.status).toBe(400);
    });

    it('refuses to delete a type that has categories or a category that has children, naming what is left', async () => {
      const before = await logCount();
      const type = await t.call('DELETE', `/api/category_types/${news}`, { cookie: admin });
      expect(type.status).toBe(409);
      expect(type.body.message).toMatch(/^该分类类型下有 \d+ 个分类，不能删除$/);
      const [parent] = await t.db
        .select()
        .from(categories)
        .where(and(eq(categories.typeId, news), eq(categories.name, '行业动态')));
      const cat = await t.call('DELETE', `/api/categories/${parent.id}`, { cookie: admin });
      expect(cat.status).toBe(409);
      expect(cat.body.message).toContain('下级分类');
      expect(await logCount()).toBe(before);
      expect((await t.call('DELETE', '/api/categories/999999', { cookie: admin })).status).toBe(404);
      const empty = (await post('/api/category_types', { name: '临时' })).body.data.id;
      expect((await t.call('DELETE', `/api/category_types/${empty}`, { cookie: admin })).status).toBe(200);
    });

    it('readable by every signed-in user; written only with /setting', async () => {
      const reader = await createStaff(t, admin, { username: 'tax_reader', routes: ['/article/list'] });
      expect((await t.call('GET', '/api/category_types', { cookie: reader.cookie })).status).toBe(200);
      expect((await t.call('POST', '/api/category_types', { cookie: reader.cookie, body: { name: '越权' } })).status).toBe(403);
    });
  });

  describe('platforms', () => {
    it('creates platforms with unique names and codes; code is lower-case; no delete', async () => {
      const app = await post('/api/platform', { name: 'APP', code: 'app' });
      expect(app.status).toBe(200);
      expect((await post('/api/platform', { name: 'APP2', code: 'app' })).body.errors).toEqual({ code: '平台代码已存在' });
      expect((await post('/api/platform', { name: 'PC', code: 'PC 端' })).body.errors.code).toContain('小写字母');
      expect((await t.call('PUT', `/api/platform/${app.body.data.id}`, { cookie: admin, body: { enabled: false } })).body.data.enabled).toBe(false);
      expect((await t.call('DELETE', `/api/platform/${app.body.data.id}`, { cookie: admin })).status).toBe(404);
    });
  });

  describe('tags', () => {
    let brand: number;
    let topicType: number;

    it('unique within a type; a type with tags is not deleted', async () => {
      brand = (await post('/api/tags_types', { name: '品牌' })).body.data.id;
      topicType = (await post('/api/tags_types', { name: '话题' })).body.data.id;
      expect((await post('/api/tags', { typeId: brand, name: '解放' })).status).toBe(200);
      expect((await post('/api/tags', { typeId: topicType, name: '解放' })).status).toBe(200);
      const dup = await post('/api/tags', { typeId: brand, name: '解放' });
      expect(dup.status).toBe(409);
      expect(dup.body.errors.name).toBe('该类型下已有同名标签');
      expect((await post('/api/tags', { typeId: 999999, name: 'x' })).body.errors.typeId).toBe('标签类型不存在');
      expect((await post('/api/tags', { name: 'x' })).body.errors.typeId).toBe('请选择标签类型');
      const refused = await t.call('DELETE', `/api/tags_types/${brand}`, { cookie: admin });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('该标签类型下有 1 个标签，不能删除');
      const types = (await t.call('GET', '/api/tags_types', { cookie: admin })).body.data.list;
      expect(types.find((x: { id: number }) => x.id === brand).tagCount).toBe(1);
    });

    it('names the tags a form holds in one call (ids=, at most 100, unknown ids skipped)', async () => {
      const type = (await t.call('POST', '/api/tags_types', { cookie: admin, body: { name: '批量类型' } })).body.data.id;
      const a = (await t.call('POST', '/api/tags', { cookie: admin, body: { typeId: type, name: '批量甲' } })).body.data.id;
      const b = (await t.call('POST', '/api/tags', { cookie: admin, body: { typeId: type, name: '批量乙' } })).body.data.id;
      const named = await t.call('GET', `/api/tags?ids=${a},${b},999999,x&pageSize=100`, { cookie: admin });
      expect(named.body.data.list.map((x: { name: string }) => x.name).sort()).toEqual(['批量乙', '批量甲'].sort());
      expect((await t.call('GET', '/api/tags?ids=x,y', { cookie: admin })).body.data.list).toEqual([]);
    });

    it('the picker finds names starting with the text first, then names containing it, within a type if asked', async () => {
      for (const name of ['重卡', '重卡新闻', '轻重卡', '牵引车', '重汽豪沃', '中重卡市场']) await post('/api/tags', { typeId: brand, name });
      const search = async (q: string) => (await t.call('GET', `/api/tags/search?${q}`, { cookie: admin })).body.data.map((x: { name: string }) => x.name);
      expect(await search(`keyword=${encodeURIComponent('重卡')}`)).toEqual(['重卡', '重卡新闻', '中重卡市场', '轻重卡']);
      expect(await search(`keyword=${encodeURIComponent('解放')}&typeId=${topicType}`)).toEqual(['解放']);
      expect(await search('keyword=%25')).toEqual([]);
      for (let i = 0; i < TAG_SEARCH_LIMIT + 5; i++) await post('/api/tags', { typeId: topicType, name: `车展${String(i).padStart(2, '0')}` });
      expect(await search(`keyword=${encodeURIComponent('车展')}`)).toHaveLength(TAG_SEARCH_LIMIT);
      // The management list searches parts of names too, and shows the type.
      const list = (await t.call('GET', `/api/tags?keyword=${encodeURIComponent('豪沃')}`, { cookie: admin })).body.data.list;
      expect(list).toEqual([expect.objectContaining({ name: '重汽豪沃', typeName: '品牌' })]);
    });

    it('an editor without 标签管理 creates a tag in an existing type from the picker, logged; nothing else of 标签管理 (P2-11)', async () => {
      const editor = await createStaff(t, admin, { username: 'tagwriter', routes: ['/article/addArticle', '/article/list'] });
      const reader = await createStaff(t, admin, { username: 'tagreader', routes: ['/article/list'] });
      const before = await logCount();
      const made = await t.call('POST', '/api/tags/quick', { cookie: editor.cookie, body: { typeId: brand, name: '天然气重卡' } });
      expect(made.status).toBe(200);
      expect(made.body.data).toMatchObject({ typeId: brand, name: '天然气重卡' });
      expect(await logCount()).toBe(before + 1);
      const [log] = await t.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.resource, 'tags'), eq(operationLogs.resourceId, String(made.body.data.id))));
      expect(log).toMatchObject({ type: 'create', userId: editor.userId, summary: '写稿时新建标签「天然气重卡」（品牌）' });
      // The same rules as 标签管理: a type that exists, a name unique in it; refused writes leave nothing.
      const twin = await t.call('POST', '/api/tags/quick', { cookie: editor.cookie, body: { typeId: brand, name: '天然气重卡' } });
      expect(twin.status).toBe(409);
      expect((await t.call('POST', '/api/tags/quick', { cookie: editor.cookie, body: { typeId: 999999, name: '新类型的标签' } })).body.errors.typeId).toBe(
        '标签类型不存在',
      );
      expect((await t.call('POST', '/api/tags/quick', { cookie: editor.cookie, body: { typeId: brand, name: '' } })).status).toBe(400);
      expect(await logCount()).toBe(before + 1);
      // Types, renames, deletes and the management create stay 标签管理's; a reader cannot create at all.
      expect((await t.call('POST', '/api/tags', { cookie: editor.cookie, body: { typeId: brand, name: '别的' } })).status).toBe(403);
      expect((await t.call('PUT', `/api/tags/${made.body.data.id}`, { cookie: editor.cookie, body: { name: '改名' } })).status).toBe(403);
      expect((await t.call('POST', '/api/tags_types', { cookie: editor.cookie, body: { name: '新类型' } })).status).toBe(403);
      expect((await t.call('POST', '/api/tags/quick', { cookie: reader.cookie, body: { typeId: brand, name: '读者的标签' } })).status).toBe(403);
    });
  });

  describe('topics', () => {
    it('takes http(s) links and library images only, optionally an activity', async () => {
      const ok = await post('/api/topic', {
        title: '2026 卡车年度评选',
        cover: '/uploads/pic/2026/11/a.webp',
        summary: '年度盘点\n第二行',
        url: 'https://www.example.com/topic/1',
        activityId: 3,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ enabled: true, activityId: 3 });
      const bad = await post('/api/topic', { title: 'x', url: 'javascript:alert(1)', cover: '/api/logout' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['cover', 'url']);
      expect((await post('/api/topic', { title: '' })).body.errors.title).toBe('请输入专题名称');
      expect((await t.call('PUT', `/api/topic/${ok.body.data.id}`, { cookie: admin, body: { enabled: false } })).body.data.enabled).toBe(false);
      expect((await t.call('GET', '/api/topic/999999', { cookie: admin })).status).toBe(404);
    });
  });
});
