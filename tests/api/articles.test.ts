import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { articles, mediaUsage, operationLogs, picStores } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

const WRITER_ROUTES = ['/article/addArticle', '/article/addImage', '/article/list', '/article/preview'];

/** A content-check service on an outside host. */
const checker = setupServer(
  http.post('http://check.example.test/text', async ({ request }) => {
    const { content } = (await request.json()) as { content: string };
    if (content.includes('超时')) await new Promise((r) => setTimeout(r, 400));
    return HttpResponse.json({ status: 0, data: { hits: content.includes('违禁') ? ['违禁'] : [] } });
  }),
);

describe.each(DB_KINDS)('articles API on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const rowCount = async () => (await t.db.select({ n: count() }).from(articles))[0].n;

  beforeAll(async () => {
    checker.listen({ onUnhandledRequest: 'bypass' });
    t = await setupTestApp(kind, { contentService: { url: 'http://check.example.test/text', timeoutMs: 200 } });
    admin = await t.login();
  });
  afterAll(async () => {
    checker.close();
    await t?.close();
  });

  it('creates an article: sanitized body, names, version 1, a log row; the title is required', async () => {
    const missing = await t.call('POST', '/api/articles', { cookie: admin, body: { content: '<p>x</p>' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.title).toBe('请输入标题');
    const before = await rowCount();
    const res = await t.call('POST', '/api/articles', {
      cookie: admin,
      body: {
        title: '解放J7 深度试驾',
        content: '<p onclick="x()">正文<script>alert(1)</script></p><div class="cms-vote" data-activity-id="2">投票</div>',
        author: '张伟',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: '解放J7 深度试驾', kind: 'article', status: 0, version: 1, editorName: '超级管理员', author: '张伟' });
    expect(res.body.data.content).toBe('<p>正文</p><div class="cms-vote" contenteditable="false" data-activity-id="2">投票</div>');
    expect(await rowCount()).toBe(before + 1);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.resource, 'articles'), eq(operationLogs.resourceId, String(res.body.data.id))));
    expect(log.summary).toBe('新建文章「解放J7 深度试驾」');
  });

  it('a save from a stale version is refused with the current record, and overwrites nothing', async () => {
    const created = (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '原标题', content: '<p>第一版</p>' } })).body.data;
    const first = await t.call('PUT', `/api/articles/${created.id}`, { cookie: admin, body: { version: 1, content: '<p>第二版</p>' } });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(2);
    const stale = await t.call('PUT', `/api/articles/${created.id}`, { cookie: admin, body: { version: 1, title: '另一个标签页的标题' } });
    expect(stale.status).toBe(409);
    expect(stale.body.data.current).toMatchObject({ version: 2, title: '原标题', content: '<p>第二版</p>' });
    expect(stale.body.message).toContain('当前版本 2');
    const [row] = await t.db.select().from(articles).where(eq(articles.id, created.id));
    expect([row.title, row.version]).toEqual(['原标题', 2]);
    expect((await t.call('PUT', `/api/articles/${created.id}`, { cookie: admin, body: { title: 'x' } })).body.errors.version).toBeDefined();
  });

  it('a stale save names the person who saved the newer version, not the owner, and carries the version it was opened at (issue 15)', async () => {
    const created = (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '燃气版上市', summary: '旧摘要', content: '<p>一</p>' } })).body
      .data;
    const fixer = await createStaff(t, admin, { username: 'title_fixer', routes: [...WRITER_ROUTES, '/article/check'], level: 1 });
    expect((await t.call('PUT', `/api/articles/${created.id}`, { cookie: fixer.cookie, body: { version: 1, title: '燃气版正式上市' } })).status).toBe(200);
    const stale = await t.call('PUT', `/api/articles/${created.id}`, { cookie: admin, body: { version: 1, summary: '新摘要' } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('员工title_fixer');
    expect(stale.body.message).not.toContain('超级管理员');
    expect(stale.body.data.current.savedBy).toMatchObject({ name: '员工title_fixer', version: 2 });
    expect(stale.body.data.base).toMatchObject({ title: '燃气版上市', summary: '旧摘要' });
    const opened = await t.call('GET', `/api/articles/${created.id}`, { cookie: admin });
    expect(opened.body.data.savedBy).toMatchObject({ name: '员工title_fixer', version: 2 });
  });

  it('two saves from the same version at once: exactly one wins', async () => {
    const created = (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '并发', content: '' } })).body.data;
    const [a, b] = await Promise.all([
      t.call('PUT', `/api/articles/${created.id}`, { cookie: admin, body: { version: 1, title: '甲的版本' } }),
      t.call('PUT', `/api/articles/${created.id}`, { cookie: admin, body: { version: 1, title: '乙的版本' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('runs the content check: dictionary hits (normalized) and the outside service, which never blocks a save', async () => {
    // The repeated 赌博 is counted as skipped (issue 15: the reply counts everything not added).
    expect((await t.call('POST', '/api/sensitive_words', { cookie: admin, body: { words: ['赌博', '代开发票', '赌博'] } })).body.data).toEqual({
      added: 2,
      skipped: 1,
    });
    const res = await t.call('POST', '/api/articles', { cookie: admin, body: { title: '测试', content: '<p>网上赌 博和代开-发票都是违禁的</p>' } });
    expect(res.body.data.checkResult.hits.sort()).toEqual(['代开发票', '赌博']);
    expect(res.body.data.checkResult.service).toEqual({ status: 'hits', note: '违禁' });
    const slow = await t.call('POST', '/api/articles', { cookie: admin, body: { title: '服务超时的稿子', content: '' } });
    expect(slow.status).toBe(200);
    expect(slow.body.data.checkResult.service).toEqual({ status: 'unchecked', note: '外部检测服务超时（0.2 秒）' });
    // The dictionary follows edits at once.
    const [word] = (await t.call('GET', `/api/sensitive_words?keyword=${encodeURIComponent('赌博')}`, { cookie: admin })).body.data.list;
    expect((await t.call('DELETE', `/api/sensitive_words/${word.id}`, { cookie: admin })).status).toBe(200);
    const again = await t.call('PUT', `/api/articles/${res.body.data.id}`, { cookie: admin, body: { version: 1, summary: '改摘要' } });
    expect(again.body.data.checkResult.hits).toEqual(['代开发票']);
  });

  it('the content check reads alt and title text and sees through look-alike letters (issue 14 I3)', async () => {
    await t.call('POST', '/api/sensitive_words', { cookie: admin, body: { words: ['Casino', '赌场', '六合彩'] } });
    const body = [
      '<p>欢迎来到 c\u0430sino 娱乐</p>', // Cyrillic а
      '<p><img src="https://img.example.com/a.jpg" alt="澳门赌场" title="示意图"></p>',
      '<p><a href="https://x.example.com" title="六合彩开奖">详情</a></p>',
    ].join('');
    const res = await t.call('POST', '/api/articles', { cookie: admin, body: { title: '看似正常的稿子', content: body } });
    expect(res.status).toBe(200);
    // The words as the dictionary has them.
    expect(res.body.data.checkResult.hits.sort()).toEqual(['Casino', '六合彩', '赌场'].sort());
    // The same text without them passes the dictionary.
    const clean = await t.call('POST', '/api/articles', {
      cookie: admin,
      body: { title: '正常的稿子', content: '<p>欢迎来到卡车之家</p><img src="https://img.example.com/a.jpg" alt="新车图" title="示意图">' },
    });
    expect(clean.body.data.checkResult.hits).toEqual([]);
  });

  it('records the library items an article uses, so they cannot be deleted from under it', async () => {
    const [pic] = await t.db
      .insert(picStores)
      .values({
        title: '封面图',
        storage: 'local',
        key: 'pic/2026/11/aaaaaaaaaaaaaaaaaaaaaaaa.jpg',
        url: '/uploads/pic/2026/11/aaaaaaaaaaaaaaaaaaaaaaaa.jpg',
        mime: 'image/jpeg',
        size: 1,
      })
      .returning();
    const [pic2] = await t.db
      .insert(picStores)
      .values({
        title: '图集图',
        storage: 'local',
        key: 'pic/2026/11/bbbbbbbbbbbbbbbbbbbbbbbb.jpg',
        url: '/uploads/pic/2026/11/bbbbbbbbbbbbbbbbbbbbbbbb.jpg',
        mime: 'image/jpeg',
        size: 1,
      })
      .returning();
    const res = await t.call('POST', '/api/articles', {
      cookie: admin,
      body: { title: '用图的文章', cover: pic.url, content: `<div class="cms-gallery" data-pic-ids="${pic2.id}">图集</div>` },
    });
    const uses = await t.db
      .select()
      .from(mediaUsage)
      .where(and(eq(mediaUsage.ownerType, 'article'), eq(mediaUsage.ownerId, res.body.data.id)));
    expect(uses.map((u) => u.mediaId).sort()).toEqual([pic.id, pic2.id].sort());
    const refused = await t.call('DELETE', `/api/pic_stores/${pic.id}`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('文章「用图的文章」');
    // Taking the picture out of the article frees it.
    await t.call('PUT', `/api/articles/${res.body.data.id}`, { cookie: admin, body: { version: 1, cover: '' } });
    expect((await t.call('DELETE', `/api/pic_stores/${pic.id}`, { cookie: admin })).status).toBe(200);
  });

  it('bad references and bad input store nothing', async () => {
    const before = await rowCount();
    const res = await t.call('POST', '/api/articles', {
      cookie: admin,
      body: { title: '坏引用', categoryId: 999999, tagIds: [999998], cover: 'javascript:alert(1)' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.cover).toBeDefined();
    const refs = await t.call('POST', '/api/articles', { cookie: admin, body: { title: '坏引用', categoryId: 999999, tagIds: [999998] } });
    expect(refs.status).toBe(400);
    expect(refs.body.errors).toMatchObject({ categoryId: '分类不存在', tagIds: '部分标签不存在' });
    expect(await rowCount()).toBe(before);
  });

  it('data scope: 仅本人 sees and edits its own, 本部门 its department and below; the kind needs its editor route', async () => {
    const dept = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '新闻部' } })).body.data.id;
    const team = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '快讯组', parentId: dept } })).body.data.id;
    const writer = await createStaff(t, admin, { username: 'writer1', routes: WRITER_ROUTES, level: 3, departmentId: team });
    const other = await createStaff(t, admin, { username: 'writer2', routes: WRITER_ROUTES, level: 3, departmentId: team });
    const lead = await createStaff(t, admin, { username: 'lead1', routes: WRITER_ROUTES, level: 2, departmentId: dept });
    const mine = (await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { title: '我的稿子' } })).body.data;
    const theirs = (await t.call('POST', '/api/articles', { cookie: other.cookie, body: { title: '别人的稿子' } })).body.data;
    const listed = (cookie: string) =>
      t.call('GET', '/api/articles?pageSize=100', { cookie }).then((r) => r.body.data.list.map((a: { title: string }) => a.title));
    expect(await listed(writer.cookie)).toEqual(['我的稿子']);
    expect((await t.call('GET', `/api/articles/${theirs.id}`, { cookie: writer.cookie })).status).toBe(404);
    expect((await t.call('PUT', `/api/articles/${theirs.id}`, { cookie: writer.cookie, body: { version: 1, title: '改别人的' } })).status).toBe(404);
    expect((await listed(lead.cookie)).sort()).toEqual(['别人的稿子', '我的稿子']);
    expect((await t.call('PUT', `/api/articles/${mine.id}`, { cookie: lead.cookie, body: { version: 1, title: '主编改过' } })).status).toBe(200);
    // No 发视频文章 route: no video article.
    const video = await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { kind: 'video', title: '视频' } });
    expect(video.status).toBe(403);
    expect(video.body.message).toContain('视频文章');
  });

  it('finds articles by a two-character word in the title or summary, words of the body, Latin words; both search calls agree', async () => {
    const post = (body: Record<string, unknown>) => t.call('POST', '/api/articles', { cookie: admin, body });
    const a = (await post({ title: '中重卡市场十月销量大涨', summary: '', content: '<p>报道</p>' })).body.data;
    const b = (await post({ title: '新车速递', summary: '解放J6P 国六版本上市', content: '<p>详情</p>' })).body.data;
    const c = (await post({ title: '用车课堂', content: '<p>冬季保养要点：检查防冻液和蓄电池。</p>' })).body.data;
    const found = async (keyword: string, path = '/api/articles') =>
      (await t.call('GET', `${path}?keyword=${encodeURIComponent(keyword)}&pageSize=50`, { cookie: admin })).body.data.list.map((x: { id: number }) => x.id);
    expect(await found('重卡')).toContain(a.id); // inside 中重卡, which jieba would split as 中重/卡
    expect(await found('销量大涨')).toEqual([a.id]);
    expect(await found('j6p')).toEqual([b.id]);
    expect(await found('国六')).toContain(b.id);
    expect(await found('防冻液')).toEqual([c.id]);
    expect(await found('蓄电池', '/api/article_from_es')).toEqual([c.id]);
    expect(await found('完全不存在的词')).toEqual([]);
    expect(await found('！！')).toEqual([]);
    // An edit re-indexes the article.
    await t.call('PUT', `/api/articles/${c.id}`, { cookie: admin, body: { version: 1, content: '<p>换季检查轮胎。</p>' } });
    expect(await found('防冻液')).toEqual([]);
    expect(await found('轮胎')).toEqual([c.id]);
  });

  it('lists newest first with filters; bad filters are a 400, unknown parameters ignored', async () => {
    const list = async (q: string) => (await t.call('GET', `/api/articles?${q}`, { cookie: admin })).body.data;
    const first = (await list('pageSize=1&_t=1700000000000')).list[0];
    const newest = (await t.db.select({ id: articles.id }).from(articles).orderBy(articles.updatedAt)).at(-1)!;
    expect(first.id).toBe(newest.id);
    expect((await list(`keyword=${encodeURIComponent('试驾')}`)).list.map((a: { title: string }) => a.title)).toContain('解放J7 深度试驾');
    expect((await list('status=0&kind=article')).total).toBeGreaterThan(3);
    expect((await list('status=3')).total).toBe(0);
    expect((await t.call('GET', '/api/articles?status=9', { cookie: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/articles?updatedFrom=9999-12-31T23:59:59-23:59', { cookie: admin })).status).toBe(400);
    expect((await list('categoryId=abc')).total).toBe(0);
  });
});
