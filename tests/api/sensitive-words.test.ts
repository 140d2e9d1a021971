import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { operationLogs, sensitiveWords } from '@/server/db/schema';
import { createApp } from '@/server/app';
import { createStaff, DB_KINDS, setupTestApp, testPeer, type TestContext } from './helpers';

/** 敏感词库 (issue 15): the dictionary's API against the real database, as a reviewer uses it. */
describe.each(DB_KINDS)('敏感词库 on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let reviewer: string;
  let editor: string;
  const words = async () => (await t.db.select({ word: sensitiveWords.word }).from(sensitiveWords)).map((r) => r.word).sort();
  const logsOf = async () => t.db.select().from(operationLogs).where(eq(operationLogs.resource, 'sensitive_words'));

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    reviewer = (await createStaff(t, admin, { username: 'reviewer15', routes: ['/article/check'] })).cookie;
    editor = (await createStaff(t, admin, { username: 'editor15', routes: ['/article/list', '/article/addArticle'] })).cookie;
  });
  afterAll(async () => t?.close());

  it('is for holders of 内容审核 only; the page comes with that permission', async () => {
    const mine = await t.call('GET', '/api/login_info', { cookie: reviewer });
    expect(Object.keys(mine.body.auth)).toEqual(['/', '/article/check', '/article/sensitiveWords']);
    const theirs = await t.call('GET', '/api/login_info', { cookie: editor });
    expect(Object.keys(theirs.body.auth)).not.toContain('/article/sensitiveWords');
    expect((await t.call('GET', '/api/sensitive_words', { cookie: reviewer })).status).toBe(200);
    for (const [method, url, body] of [
      ['GET', '/api/sensitive_words', undefined],
      ['POST', '/api/sensitive_words', { words: ['词'] }],
      ['POST', '/api/sensitive_words/batch', { action: 'delete', ids: [1] }],
      ['DELETE', '/api/sensitive_words/1', undefined],
    ] as const) {
      expect((await t.call(method, url, { cookie: editor, body })).status, `${method} ${url}`).toBe(403);
    }
    // Nor can a role grant the page on its own.
    const role = await t.call('POST', '/api/roles', { cookie: admin, body: { name: '只有词库', routes: ['/article/sensitiveWords'], level: 1 } });
    expect(role.status).toBe(400);
  });

  it('adds in bulk: blanks dropped; repeats, words already there as matched and words with nothing to match skipped; one log row', async () => {
    const res = await t.call('POST', '/api/sensitive_words', {
      cookie: reviewer,
      body: { words: ['赌博', ' 代开发票 ', '赌博', '', '  ', '赌 博', 'ＤＵＢＯ', 'dubo', '！！'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ added: 3, skipped: 4 });
    expect(await words()).toEqual(['ＤＵＢＯ', '代开发票', '赌博'].sort());
    const again = await t.call('POST', '/api/sensitive_words', { cookie: reviewer, body: { words: ['赌博', '枪支出售'] } });
    expect(again.body.data).toEqual({ added: 1, skipped: 1 });
    const summaries = (await logsOf()).map((l) => l.summary);
    expect(summaries).toEqual(['添加敏感词 3 个，跳过 4 个', '添加敏感词 1 个，跳过 1 个']);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const before = await words();
    const cases: Array<[unknown, string]> = [
      [{ words: '赌博' }, 'words'],
      [{}, 'words'],
      [{ words: [] }, 'words'],
      [{ words: ['', '   '] }, 'words'],
      [{ words: ['好词', 'x'.repeat(65)] }, 'words.1'],
      [{ words: ['\u200b隐形'] }, 'words.0'],
      [{ words: [42] }, 'words.0'],
      [{ words: Array.from({ length: 5001 }, (_, i) => `词${i}`) }, 'words'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', '/api/sensitive_words', { cookie: reviewer, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(res.body)).toContain(field);
    }
    const longest = await t.call('POST', '/api/sensitive_words', { cookie: reviewer, body: { words: ['长'.repeat(64)] } });
    expect(longest.body.data).toEqual({ added: 1, skipped: 0 });
    expect((await t.call('POST', '/api/sensitive_words/batch', { cookie: reviewer, body: { action: 'delete', ids: [] } })).body.errors.ids).toBeDefined();
    expect((await t.call('POST', '/api/sensitive_words/batch', { cookie: reviewer, body: { action: 'rename', ids: [1] } })).body.errors.action).toBeDefined();
    expect(
      (await t.call('POST', '/api/sensitive_words/batch', { cookie: reviewer, body: { action: 'delete', ids: Array.from({ length: 1001 }, (_, i) => i + 1) } }))
        .status,
    ).toBe(400);
    expect(await words()).toEqual([...before, '长'.repeat(64)].sort());
  });

  it('refuses a word that matches as one character unless the request confirms it (it would block nearly every article)', async () => {
    const before = await words();
    for (const single of [['的'], [' 的 '], ['“的”'], ['ａ'], ['好词', '。Ｘ！']]) {
      const res = await t.call('POST', '/api/sensitive_words', { cookie: reviewer, body: { words: single } });
      expect(res.status, JSON.stringify(single)).toBe(400);
      expect(res.body.errors.words).toMatch(/只有一个字（比对时忽略空格和标点），会拦截几乎所有含这个字的稿件。确需添加，请确认后再提交$/);
    }
    expect(await words()).toEqual(before);
    const refused = await t.call('POST', '/api/sensitive_words', { cookie: reviewer, body: { words: ['好词', '“的”'] } });
    expect(refused.body.errors.words).toBe('「“的”」只有一个字（比对时忽略空格和标点），会拦截几乎所有含这个字的稿件。确需添加，请确认后再提交');
    expect(
      (await t.call('POST', '/api/sensitive_words', { cookie: reviewer, body: { words: ['的'], confirmSingle: 'yes' } })).body.errors.confirmSingle,
    ).toBeDefined();

    const confirmed = await t.call('POST', '/api/sensitive_words', { cookie: reviewer, body: { words: ['屌'], confirmSingle: true } });
    expect(confirmed.body.data).toEqual({ added: 1, skipped: 0 });
    const article = await t.call('POST', '/api/articles', { cookie: admin, body: { title: '单字', content: '<p>一个屌字</p>' } });
    expect(article.body.data.checkResult.hits).toEqual(['屌']);
    await t.db.delete(sensitiveWords).where(eq(sensitiveWords.word, '屌'));
  });

  it('lists newest first, searches part of a word, and says who added each', async () => {
    const res = await t.call('GET', `/api/sensitive_words?keyword=${encodeURIComponent('赌')}`, { cookie: reviewer });
    expect(res.body.data.list.map((w: { word: string }) => w.word)).toEqual(['赌博']);
    expect(res.body.data.list[0]).toMatchObject({ createdByName: '员工reviewer15' });
    const all = await t.call('GET', '/api/sensitive_words?pageSize=2', { cookie: reviewer });
    expect(all.body.data.total).toBe(5);
    expect(all.body.data.list.map((w: { word: string }) => w.word)).toEqual(['长'.repeat(64), '枪支出售']);
  });

  it('deletes one or several at once; the check follows at once; every delete is logged', async () => {
    const article = await t.call('POST', '/api/articles', {
      cookie: admin,
      body: { title: '稿件', content: '<p>有人在网上赌博，还有枪支出售和代开发票的广告</p>' },
    });
    expect(article.body.data.checkResult.hits.sort()).toEqual(['代开发票', '枪支出售', '赌博'].sort());
    const ids = Object.fromEntries((await t.db.select().from(sensitiveWords)).map((w) => [w.word, w.id]));
    expect((await t.call('DELETE', `/api/sensitive_words/${ids['赌博']}`, { cookie: reviewer })).status).toBe(200);
    const batch = await t.call('POST', '/api/sensitive_words/batch', {
      cookie: reviewer,
      body: { action: 'delete', ids: [ids['代开发票'], ids['枪支出售'], ids['赌博']] },
    });
    expect(batch.body.data).toEqual({ deleted: 2, missing: 1 });
    expect((await t.call('POST', '/api/sensitive_words/batch', { cookie: reviewer, body: { action: 'delete', ids: [ids['赌博']] } })).status).toBe(404);
    expect((await t.call('DELETE', `/api/sensitive_words/${ids['赌博']}`, { cookie: reviewer })).status).toBe(404);
    const again = await t.call('PUT', `/api/articles/${article.body.data.id}`, { cookie: admin, body: { version: 1, summary: '改摘要' } });
    expect(again.body.data.checkResult.hits).toEqual([]);
    const summaries = (await logsOf()).map((l) => l.summary);
    expect(summaries).toContain('删除敏感词「赌博」');
    expect(summaries).toContain('批量删除敏感词 2 个');
  });

  it('follows a word changed in place by hand-written SQL, and a truncate (the dictionary keeps its size and last id)', async () => {
    await t.call('POST', '/api/sensitive_words', { cookie: reviewer, body: { words: ['旧词甲'] } });
    const save = async () =>
      (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '稿件乙', content: '<p>旧词甲和新词乙</p>' } })).body.data.checkResult.hits;
    expect(await save()).toEqual(['旧词甲']);
    await t.db.update(sensitiveWords).set({ word: '新词乙' }).where(eq(sensitiveWords.word, '旧词甲'));
    expect(await save()).toEqual(['新词乙']);
    await t.db.execute(sql`TRUNCATE sensitive_words`);
    expect(await save()).toEqual([]);
  });
});

/**
 * While nothing checks (the dictionary is empty and no CONTENT_CHECK_URL), a check result says so
 * instead of reading as a pass (issue 15, review P2-3): the article, the queue row and the item.
 */
describe.each(DB_KINDS)('an empty dictionary without an outside service on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let editor: string;
  let service: Server;
  let serviceUrl: string;
  const queueRow = async (id: number) =>
    (await t.call('GET', '/api/articles_review', { cookie: admin })).body.data.list.find((r: { id: number }) => r.id === id);

  beforeAll(async () => {
    t = await setupTestApp(kind, { contentService: {} });
    admin = await t.login();
    editor = (await createStaff(t, admin, { username: 'writer15', routes: ['/article/list', '/article/addArticle'] })).cookie;
    service = createServer((_req, res) => res.end(JSON.stringify({ hits: [] })));
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/check`;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => service?.close(resolve));
  });

  it('says 词库为空，未做检测 on the article and in the queue, until there is a word', async () => {
    const created = await t.call('POST', '/api/articles', { cookie: editor, body: { title: '未检测的稿件', content: '<p>正文</p>' } });
    expect(created.body.data.checkResult).toMatchObject({ hits: [], service: { status: 'off' }, unchecked: '词库为空，未做检测' });
    const id = created.body.data.id;
    expect((await t.call('PUT', `/api/articles/publish/${id}`, { cookie: editor, body: {} })).body.data.status).toBe(1);
    expect(await queueRow(id)).toMatchObject({ hits: 0, unchecked: '词库为空，未做检测' });
    expect((await t.call('GET', `/api/articles/${id}`, { cookie: admin })).body.data.checkResult.unchecked).toBe('词库为空，未做检测');

    await t.call('POST', '/api/sensitive_words', { cookie: admin, body: { words: ['与本文无关的词'] } });
    const checked = await t.call('POST', '/api/articles', { cookie: editor, body: { title: '检测过的稿件', content: '<p>正文</p>' } });
    expect(checked.body.data.checkResult.unchecked).toBeUndefined();
    expect((await t.call('PUT', `/api/articles/publish/${checked.body.data.id}`, { cookie: editor, body: {} })).body.data.status).toBe(1);
    expect(await queueRow(checked.body.data.id)).toMatchObject({ hits: 0, unchecked: null });
    // Approving re-runs the check with the dictionary as it is now: the first one was checked then.
    const approved = await t.call('PUT', `/api/articles_review/${id}`, { cookie: admin, body: { action: 'approve' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await t.call('GET', `/api/articles/${id}`, { cookie: admin })).body.data.checkResult.unchecked).toBeUndefined();
  });

  it('an outside service that answered is a check, even with an empty dictionary', async () => {
    await t.db.delete(sensitiveWords);
    const withService = createApp({ getDb: async () => t.db, peer: testPeer, contentService: { url: serviceUrl } });
    const res = await withService.request('http://localhost/api/articles', {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/json', 'x-test-peer': '10.0.0.1' },
      body: JSON.stringify({ title: '外部检测过', content: '<p>正文</p>' }),
    });
    const body = await res.json();
    expect(body.data.checkResult.service.status).toBe('pass');
    expect(body.data.checkResult.unchecked).toBeUndefined();
  });
});
