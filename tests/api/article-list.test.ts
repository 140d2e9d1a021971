import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { articles, mediaUsage, operationLogs, picStores } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/** A writer of every kind who sees the list. */
const WRITER_ROUTES = ['/article/addArticle', '/article/addImage', '/article/addVideo', '/article/list', '/article/preview'];

type Row = {
  id: number;
  title: string;
  status: number;
  categoryId: number | null;
  categoryName: string | null;
  editorName: string | null;
  kind: string;
  version: number;
};

/** Parses the CSV the export sends (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') (row.push(field), (field = ''));
    else if (ch === '\r' && text[i + 1] === '\n') {
      (row.push(field), rows.push(row), (row = []), (field = ''), i++);
    } else field += ch;
  }
  if (field || row.length) (row.push(field), rows.push(row));
  return rows;
}

describe.each(DB_KINDS)('article list, export, delete and batch on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let news: number;
  let market: number;
  let policy: number;
  let tagA: number;
  let dept: number;
  let team: number;
  let other: number;
  let writer: Awaited<ReturnType<typeof createStaff>>;
  let colleague: Awaited<ReturnType<typeof createStaff>>;
  let lead: Awaited<ReturnType<typeof createStaff>>;
  let outsider: Awaited<ReturnType<typeof createStaff>>;
  const ids: Record<string, number> = {};

  const list = async (q: string, cookie = admin) => {
    const res = await t.call('GET', `/api/articles?${q.includes('pageSize=') ? q : `pageSize=100&${q}`}`, { cookie });
    if (res.status !== 200) throw new Error(`${q}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { list: Row[]; total: number; totalCapped: boolean; nextCursor: string | null; prevCursor: string | null };
  };
  const titles = async (q: string, cookie = admin) => (await list(q, cookie)).list.map((r) => r.title).sort();
  const setStatus = (id: number, status: number, publishedAt: Date | null = null) =>
    t.db.update(articles).set({ status, publishedAt }).where(eq(articles.id, id));
  const logRows = async (resourceId: number) =>
    t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.resource, 'articles'), eq(operationLogs.resourceId, String(resourceId))));

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    const post = async (path: string, body: unknown) => (await t.call('POST', path, { cookie: admin, body })).body.data;
    const type = (await post('/api/category_types', { name: '资讯' })).id;
    news = (await post('/api/categories', { typeId: type, name: '新闻' })).id;
    market = (await post('/api/categories', { typeId: type, name: '市场' })).id;
    policy = (await post('/api/categories', { typeId: type, name: '政策' })).id;
    const tagType = (await post('/api/tags_types', { name: '品牌' })).id;
    tagA = (await post('/api/tags', { typeId: tagType, name: '解放' })).id;
    dept = (await post('/api/departments', { name: '编辑部' })).id;
    team = (await post('/api/departments', { name: '快讯组', parentId: dept })).id;
    other = (await post('/api/departments', { name: '视频部' })).id;
    writer = await createStaff(t, admin, { username: 'lw1', routes: WRITER_ROUTES, level: 3, departmentId: team });
    colleague = await createStaff(t, admin, { username: 'lw2', routes: WRITER_ROUTES, level: 3, departmentId: team });
    lead = await createStaff(t, admin, { username: 'llead', routes: WRITER_ROUTES, level: 2, departmentId: dept });
    outsider = await createStaff(t, admin, { username: 'lout', routes: WRITER_ROUTES, level: 2, departmentId: other });
    const make = async (cookie: string, key: string, body: Record<string, unknown>) => {
      const res = await t.call('POST', '/api/articles', { cookie, body: { title: key, ...body } });
      if (res.status !== 200) throw new Error(`${key}: ${JSON.stringify(res.body)}`);
      ids[key] = res.body.data.id;
    };
    await make(writer.cookie, '解放J7 新车上市', { categoryId: news, tagIds: [tagA], summary: '牵引车新品' });
    await make(writer.cookie, '冬季保养图集', { kind: 'gallery', categoryId: market });
    await make(colleague.cookie, '同事的视频稿', { kind: 'video', categoryId: market });
    await make(lead.cookie, '主编的评论', { categoryId: policy });
    await make(outsider.cookie, '视频部的稿子', { categoryId: news });
    await make(admin, '已发布的政策解读', { categoryId: policy, tagIds: [tagA] });
    await setStatus(ids['已发布的政策解读'], 3, new Date('2026-11-01T08:00:00Z'));
    await setStatus(ids['主编的评论'], 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('filters by kind, status, category, tag, editor, department, dates and keyword, and combines them', async () => {
    expect(await titles('kind=gallery')).toEqual(['冬季保养图集']);
    expect(await titles('kind=video')).toEqual(['同事的视频稿']);
    expect(await titles('status=3')).toEqual(['已发布的政策解读']);
    expect(await titles('status=1')).toEqual(['主编的评论']);
    expect(await titles(`categoryId=${market}`)).toEqual(['冬季保养图集', '同事的视频稿']);
    expect(await titles(`tagId=${tagA}`)).toEqual(['已发布的政策解读', '解放J7 新车上市']);
    expect(await titles(`editorId=${writer.userId}`)).toEqual(['冬季保养图集', '解放J7 新车上市']);
    // A department is its own articles (the department at creation), not its sub-teams'.
    expect(await titles(`departmentId=${team}`)).toEqual(['冬季保养图集', '同事的视频稿', '解放J7 新车上市']);
    expect(await titles(`departmentId=${other}`)).toEqual(['视频部的稿子']);
    expect(
      await titles(`publishedFrom=${encodeURIComponent('2026-10-31T00:00:00+08:00')}&publishedTo=${encodeURIComponent('2026-11-02T00:00:00+08:00')}`),
    ).toEqual(['已发布的政策解读']);
    expect(await titles(`publishedFrom=${encodeURIComponent('2026-11-02T00:00:00+08:00')}`)).toEqual([]);
    expect((await titles(`updatedFrom=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}`)).length).toBe(6);
    expect(await titles(`updatedTo=${encodeURIComponent('2020-01-01T00:00:00Z')}`)).toEqual([]);
    expect(await titles(`keyword=${encodeURIComponent('牵引车')}`)).toEqual(['解放J7 新车上市']);
    expect(await titles(`keyword=${encodeURIComponent('新车')}&categoryId=${news}&status=0&kind=article`)).toEqual(['解放J7 新车上市']);
    expect(await titles(`keyword=${encodeURIComponent('新车')}&categoryId=${market}`)).toEqual([]);
    // Names come along; malformed ids match nothing; bad values are a 400 with the field.
    const [row] = (await list(`categoryId=${news}&editorId=${writer.userId}`)).list;
    expect(row).toMatchObject({ categoryName: '新闻', editorName: '员工lw1', kind: 'article', status: 0 });
    expect(row).not.toHaveProperty('content');
    expect(row).not.toHaveProperty('_k');
    expect(await titles('tagId=abc')).toEqual([]);
    const bad = await t.call('GET', '/api/articles?kind=poem&sort=title', { cookie: admin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['kind', 'sort']);
  });

  it('data scope holds on the list, the search call and the export: 仅本人, 本部门 and below, 全部', async () => {
    expect(await titles('', writer.cookie)).toEqual(['冬季保养图集', '解放J7 新车上市']);
    expect(await titles('', lead.cookie)).toEqual(['主编的评论', '冬季保养图集', '同事的视频稿', '解放J7 新车上市']);
    expect(await titles('', outsider.cookie)).toEqual(['视频部的稿子']);
    expect((await titles('')).length).toBe(6);
    // Filters cannot reach past the scope.
    expect(await titles(`editorId=${colleague.userId}`, writer.cookie)).toEqual([]);
    expect(await titles(`departmentId=${other}`, lead.cookie)).toEqual([]);
    const searched = await t.call('GET', `/api/article_from_es?keyword=${encodeURIComponent('视频')}`, { cookie: lead.cookie });
    expect(searched.body.data.list.map((r: Row) => r.title)).toEqual(['同事的视频稿']);
    const csv = await t.call('GET', '/api/articles/export.csv', { cookie: writer.cookie });
    expect(
      parseCsv(String(csv.body).slice(1))
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['冬季保养图集', '解放J7 新车上市']);
    // Without the list route: no list, no export.
    const editorOnly = await createStaff(t, admin, { username: 'lnolist', routes: ['/article/addArticle'], level: 1 });
    expect((await t.call('GET', '/api/articles', { cookie: editorOnly.cookie })).status).toBe(403);
    expect((await t.call('GET', '/api/articles/export.csv', { cookie: editorOnly.cookie })).status).toBe(403);
    expect((await t.call('GET', '/api/articles/export.csv')).status).toBe(401);
  });

  it('deletes drafts only, in scope, with its media usage, logged; anything else changes nothing', async () => {
    const [pic] = await t.db
      .insert(picStores)
      .values({
        title: '草稿封面',
        storage: 'local',
        key: 'pic/2026/11/cccccccccccccccccccccccc.jpg',
        url: '/uploads/pic/2026/11/cccccccccccccccccccccccc.jpg',
        mime: 'image/jpeg',
        size: 1,
      })
      .returning();
    const draft = (await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { title: '要删的草稿', cover: pic.url } })).body.data;
    expect((await t.db.select().from(mediaUsage).where(eq(mediaUsage.ownerId, draft.id))).length).toBe(1);
    // Someone else's draft outside the scope: 404, kept.
    expect((await t.call('DELETE', `/api/articles/${draft.id}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await t.call('DELETE', `/api/articles/${draft.id}`, { cookie: colleague.cookie })).status).toBe(404);
    // A published article: refused with why.
    const published = await t.call('DELETE', `/api/articles/${ids['已发布的政策解读']}`, { cookie: admin });
    expect(published.status).toBe(409);
    expect(published.body.message).toContain('只能删除草稿');
    expect(published.body.message).toContain('已发布');
    // A draft of a kind the viewer cannot edit: 403.
    const noVideo = await createStaff(t, admin, { username: 'lnovideo', routes: ['/article/addArticle', '/article/list'], level: 1 });
    expect((await t.call('DELETE', `/api/articles/${ids['同事的视频稿']}`, { cookie: noVideo.cookie })).status).toBe(403);
    const count0 = (await t.db.select({ n: count() }).from(articles))[0].n;
    // The team lead deletes the writer's draft.
    const done = await t.call('DELETE', `/api/articles/${draft.id}`, { cookie: lead.cookie });
    expect(done.status).toBe(200);
    expect((await t.db.select({ n: count() }).from(articles))[0].n).toBe(count0 - 1);
    expect((await t.db.select().from(mediaUsage).where(eq(mediaUsage.ownerId, draft.id))).length).toBe(0);
    const [log] = (await logRows(draft.id)).filter((l) => l.type === 'delete');
    expect(log.summary).toBe('删除草稿「要删的草稿」');
    expect((log.before as { title: string }).title).toBe('要删的草稿');
    expect((await t.call('DELETE', `/api/articles/${draft.id}`, { cookie: lead.cookie })).status).toBe(404);
    // The picture is free again.
    expect((await t.call('DELETE', `/api/pic_stores/${pic.id}`, { cookie: admin })).status).toBe(200);
  });

  it('batch delete takes drafts only: one non-draft or one article out of scope refuses the lot', async () => {
    const a = (await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { title: '批量草稿一' } })).body.data.id;
    const b = (await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { title: '批量草稿二' } })).body.data.id;
    const mixed = await t.call('POST', '/api/articles/batch', { cookie: admin, body: { action: 'delete', ids: [a, b, ids['已发布的政策解读']] } });
    expect(mixed.status).toBe(409);
    const outOfScope = await t.call('POST', '/api/articles/batch', { cookie: writer.cookie, body: { action: 'delete', ids: [a, ids['同事的视频稿']] } });
    expect(outOfScope.status).toBe(404);
    expect(
      (
        await t.db
          .select({ id: articles.id })
          .from(articles)
          .where(inArray(articles.id, [a, b]))
      ).length,
    ).toBe(2);
    const ok = await t.call('POST', '/api/articles/batch', { cookie: writer.cookie, body: { action: 'delete', ids: [a, b, a] } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.ids.sort()).toEqual([a, b].sort());
    expect(
      (
        await t.db
          .select({ id: articles.id })
          .from(articles)
          .where(inArray(articles.id, [a, b]))
      ).length,
    ).toBe(0);
    expect((await t.call('POST', '/api/articles/batch', { cookie: admin, body: { action: 'delete', ids: [] } })).status).toBe(400);
    expect((await t.call('POST', '/api/articles/batch', { cookie: admin, body: { action: 'publish', ids: [a] } })).status).toBe(400);
  });

  it('batch move: in scope only, all or nothing, versions grow, one log row per article', async () => {
    const mine = [ids['解放J7 新车上市'], ids['冬季保养图集']];
    const before = await t.db
      .select({ id: articles.id, version: articles.version, categoryId: articles.categoryId })
      .from(articles)
      .where(inArray(articles.id, mine));
    // One article outside the writer's scope: nothing moves.
    const refused = await t.call('POST', '/api/articles/batch', {
      cookie: writer.cookie,
      body: { action: 'move', ids: [...mine, ids['同事的视频稿']], categoryId: policy },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toContain('没有移动任何文章');
    expect(await titles(`categoryId=${policy}`, writer.cookie)).toEqual([]);
    // A category that does not exist: 400 on the field.
    const missing = await t.call('POST', '/api/articles/batch', { cookie: writer.cookie, body: { action: 'move', ids: mine, categoryId: 999999 } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ categoryId: '目标分类不存在' });
    const noCategory = await t.call('POST', '/api/articles/batch', { cookie: writer.cookie, body: { action: 'move', ids: mine } });
    expect(noCategory.body.errors).toHaveProperty('categoryId');
    // In scope: both move, versions grow (an editor open on the old copy will be told), logged.
    const moved = await t.call('POST', '/api/articles/batch', { cookie: writer.cookie, body: { action: 'move', ids: mine, categoryId: policy } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ action: 'move', unchanged: 0, categoryName: '政策' });
    expect(await titles(`categoryId=${policy}`, writer.cookie)).toEqual(['冬季保养图集', '解放J7 新车上市']);
    const after = await t.db.select({ id: articles.id, version: articles.version }).from(articles).where(inArray(articles.id, mine));
    for (const row of after) expect(row.version).toBe(before.find((b) => b.id === row.id)!.version + 1);
    const [log] = (await logRows(mine[0])).filter((l) => l.summary.startsWith('移动'));
    expect(log.summary).toBe('移动「解放J7 新车上市」到分类「政策」');
    expect(log.before).toMatchObject({ categoryId: news, categoryName: '新闻' });
    expect(log.after).toMatchObject({ categoryId: policy, categoryName: '政策' });
    // A stale save from before the move is refused, not silently undoing it.
    const stale = await t.call('PUT', `/api/articles/${mine[0]}`, {
      cookie: writer.cookie,
      body: { version: before.find((b) => b.id === mine[0])!.version, categoryId: news },
    });
    expect(stale.status).toBe(409);
    // Moving again to the same category changes nothing and logs nothing.
    const logsBefore = (await logRows(mine[0])).length;
    const again = await t.call('POST', '/api/articles/batch', { cookie: writer.cookie, body: { action: 'move', ids: mine, categoryId: policy } });
    expect(again.body.data).toMatchObject({ ids: [], unchanged: 2 });
    expect((await logRows(mine[0])).length).toBe(logsBefore);
    // Put them back for the other tests.
    await t.call('POST', '/api/articles/batch', { cookie: admin, body: { action: 'move', ids: [mine[0]], categoryId: news } });
    await t.call('POST', '/api/articles/batch', { cookie: admin, body: { action: 'move', ids: [mine[1]], categoryId: market } });
  });

  it('exports the filtered list as CSV: BOM, Chinese headers, quotes and commas escaped, formulas defused, logged', async () => {
    const tricky = (
      await t.call('POST', '/api/articles', { cookie: admin, body: { title: '他说："卡车,就是生产力"', categoryId: news, author: '=HYPERLINK("x")' } })
    ).body.data.id;
    const res = await t.app.request(`http://localhost/api/articles/export.csv?categoryId=${news}`, { headers: { cookie: admin, 'x-test-peer': '10.0.0.1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="articles-\d{12}\.csv"; filename\*=UTF-8''%E6%96%87%E7%AB%A0/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['ID', '标题', '类型', '分类', '编辑', '部门', '状态', '作者', '来源', '更新时间', '发布时间']);
    const body = rows.slice(1);
    expect(body.map((r) => r[1]).sort()).toEqual(['他说："卡车,就是生产力"', '视频部的稿子', '解放J7 新车上市'].sort());
    expect(body.every((r) => r.length === 11 && r[3] === '新闻')).toBe(true);
    const row = body.find((r) => r[0] === String(tricky))!;
    expect(row[7]).toBe(`'=HYPERLINK("x")`);
    expect(row[2]).toBe('文章');
    expect(row[6]).toBe('草稿');
    expect(row[9]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(text).toContain('"他说：""卡车,就是生产力"""');
    // Newest first, like the list.
    expect(body[0][0]).toBe(String(tricky));
    const published = parseCsv(
      new TextDecoder().decode(
        new Uint8Array(
          await (
            await t.app.request('http://localhost/api/articles/export.csv?status=3', { headers: { cookie: admin, 'x-test-peer': '10.0.0.1' } })
          ).arrayBuffer(),
        ).slice(3),
      ),
    );
    expect(published.slice(1).map((r) => [r[1], r[6], r[10]])).toEqual([['已发布的政策解读', '已发布', '2026-11-01 16:00:00']]);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.type, 'export'), eq(operationLogs.resource, 'articles')))
      .orderBy(sql`${operationLogs.id} DESC`)
      .limit(1);
    expect(log.summary).toBe('导出文章列表 CSV（状态=已发布）');
    expect((await t.call('GET', '/api/articles/export.csv?status=7', { cookie: admin })).status).toBe(400);
    await t.call('DELETE', `/api/articles/${tricky}`, { cookie: admin });
  });

  describe('at volume', () => {
    beforeAll(async () => {
      // 1 200 more articles; many share an update time to the microsecond (ties broken by id).
      await t.db.execute(sql`
        INSERT INTO articles (kind, title, editor_id, department_id, category_id, status, created_at, updated_at)
        SELECT 'article', '批量稿 ' || g, 1, NULL, ${market}, (g % 2)::smallint, now(), timestamptz '2026-01-01 00:00:00.123456+00' - ((g / 3) || ' seconds')::interval - ((g % 3) || ' microseconds')::interval * (g % 2)
        FROM generate_series(1, 1200) g`);
      await t.db.execute(sql`ANALYZE articles`);
    });

    it('totals stop at 1000 ("1000+"); a narrow filter counts exactly', async () => {
      const all = await list('pageSize=20');
      expect(all).toMatchObject({ total: 1000, totalCapped: true });
      expect((await list('status=3')).total).toBe(1);
      expect((await list('status=3')).totalCapped).toBe(false);
    });

    it('the total comes with the page in every path (cursor, deep page, past the end, nothing found); withTotal=false counts nothing', async () => {
      const first = await list(`pageSize=10&categoryId=${market}&status=1`);
      expect(first).toMatchObject({ total: 600, totalCapped: false });
      const second = await list(`pageSize=10&categoryId=${market}&status=1&page=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
      expect(second).toMatchObject({ total: 600, totalCapped: false });
      expect((await list(`pageSize=10&categoryId=${market}&status=1&page=30`)).total).toBe(600);
      expect(await list(`pageSize=10&categoryId=${market}&status=1&page=61`)).toMatchObject({ list: [], total: 600, totalCapped: false });
      expect(await list('pageSize=10&keyword=没有这个词')).toMatchObject({ list: [], total: 0, totalCapped: false });
      const known = await list(`pageSize=10&categoryId=${market}&status=1&page=2&cursor=${encodeURIComponent(first.nextCursor!)}&withTotal=false`);
      expect(known).toMatchObject({ total: null, totalCapped: null });
      expect(known.list.map((r) => r.id)).toEqual(second.list.map((r) => r.id));
      expect(known.nextCursor).toBe(second.nextCursor);
      expect((await t.call('GET', '/api/articles?withTotal=maybe', { cookie: admin })).status).toBe(400);
    });

    it('cursor pages, offset pages and deep pages agree, forwards and backwards, in both orders', async () => {
      for (const q of ['pageSize=25', `pageSize=25&categoryId=${market}&status=1`, 'pageSize=25&sort=updatedAt&order=ascend']) {
        const expected = (await t.call('GET', `/api/articles?${q.replace('pageSize=25', 'pageSize=100')}&page=1`, { cookie: admin })).body.data.list.map(
          (r: Row) => r.id,
        );
        const byOffset: number[] = [];
        for (let page = 1; page <= 12; page++) byOffset.push(...(await list(`${q}&page=${page}`)).list.map((r) => r.id));
        // Offsets from 200 on skip index entries first (the deferred join): same rows.
        expect(byOffset.slice(0, 100)).toEqual(expected);
        const byCursor: number[] = [];
        const cursors: Array<string | null> = [null];
        for (let page = 1; page <= 12; page++) {
          const cursor = cursors[page - 1];
          const data = await list(`${q}&page=${page}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
          byCursor.push(...data.list.map((r) => r.id));
          cursors.push(data.nextCursor);
        }
        expect(byCursor).toEqual(byOffset);
        expect(new Set(byCursor).size).toBe(byCursor.length);
        // Back from page 12 to page 11 by its prevCursor.
        const p12 = await list(`${q}&page=12&cursor=${encodeURIComponent(cursors[11]!)}`);
        const p11 = await list(`${q}&page=11&cursor=${encodeURIComponent(p12.prevCursor!)}`);
        expect(p11.list.map((r) => r.id)).toEqual(byOffset.slice(250, 275));
      }
      // The 发布时间 order: published first (newest), then the unpublished; pages by offset.
      const byPublished = await list('sort=publishedAt&order=descend&pageSize=3');
      expect(byPublished.list[0].title).toBe('已发布的政策解读');
      expect(byPublished.nextCursor).toBeNull();
      // A cursor of another order is ignored; a forged one is a 400.
      const asc = await list('sort=updatedAt&order=ascend&pageSize=5');
      const first = await list(`pageSize=5&cursor=${encodeURIComponent(asc.nextCursor!)}`);
      expect(first.list.map((r) => r.id)).toEqual((await list('pageSize=5')).list.map((r) => r.id));
      const forged = await t.call(
        'GET',
        `/api/articles?cursor=${Buffer.from(JSON.stringify({ s: 'updatedAt', o: 'd', k: "'; DROP TABLE articles; --", i: 1, d: 'n' })).toString('base64url')}`,
        { cookie: admin },
      );
      expect(forged.status).toBe(400);
      expect(forged.body.errors).toEqual({ cursor: '翻页标记无效' });
      expect((await t.call('GET', '/api/articles?cursor=%%%', { cookie: admin })).status).toBe(400);
    });

    it('a common keyword (walks the newest first) and a rare one (through the search index) page alike', async () => {
      // The volume rows have no search terms: give 300 of them one word, and one row another.
      await t.db.execute(sql`UPDATE articles SET search = to_tsvector('simple', '常见 常见词') WHERE title LIKE '批量稿 %' AND id % 4 = 0`);
      await t.db.execute(sql`UPDATE articles SET search = to_tsvector('simple', '罕见') WHERE title = '批量稿 7'`);
      const expected = await t.db.execute(sql`SELECT id FROM articles WHERE title LIKE '批量稿 %' AND id % 4 = 0 ORDER BY updated_at DESC, id DESC`);
      const ids = (expected as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
      const seen: number[] = [];
      let cursor: string | null = null;
      for (let page = 1; page <= 3; page++) {
        const data = await list(`keyword=${encodeURIComponent('常见')}&pageSize=30&page=${page}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        seen.push(...data.list.map((r) => r.id));
        cursor = data.nextCursor;
      }
      expect(seen).toEqual(ids.slice(0, 90));
      expect((await list(`keyword=${encodeURIComponent('常见')}`)).total).toBe(300);
      expect((await list(`keyword=${encodeURIComponent('罕见')}`)).list.map((r) => r.title)).toEqual(['批量稿 7']);
    });

    it('the export streams every matching row in batches (more than one batch)', async () => {
      const res = await t.app.request(`http://localhost/api/articles/export.csv?categoryId=${market}`, {
        headers: { cookie: admin, 'x-test-peer': '10.0.0.1' },
      });
      const rows = parseCsv(new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3))).slice(1);
      const expected = (await t.db.select({ n: count() }).from(articles).where(eq(articles.categoryId, market)))[0].n;
      expect(rows.length).toBe(expected);
      expect(expected).toBeGreaterThan(1000);
      expect(new Set(rows.map((r) => r[0])).size).toBe(expected);
    });
  });
});
