import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { allDocuments, followScheduledJobs, searchBackendFromEnv, searchSync } from '@/server/articles/search';
import { createScheduler } from '@/server/jobs/scheduler';
import { elasticsearchBackend } from '@/server/articles/search/elasticsearch';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * The Elasticsearch/OpenSearch adapter (DESIGN §10) against an outside host served by msw. No
 * cluster installs here, so the replies are written in the shape the REST API documents for
 * Elasticsearch 8/9 and OpenSearch 2/3 (`hits.total` as `{ value, relation }`, `_bulk` items);
 * what is checked is what we send and what we make of the answers.
 */

const ES = 'http://es.example.test:9200';

interface Recorded {
  method: string;
  path: string;
  body: string;
  headers: Headers;
}
const calls: Recorded[] = [];
/** The next `_search` answers: ids (as the cluster would rank them) and the total. */
let searchReply: { ids: number[]; total: number; relation: 'eq' | 'gte' } | 'fail' | 'slow' = { ids: [], total: 0, relation: 'eq' };
let aliasExists = false;

const record = async (request: Request) => {
  const url = new URL(request.url);
  calls.push({ method: request.method, path: url.pathname, body: await request.clone().text(), headers: request.headers });
};

const server = setupServer(
  http.get(`${ES}/_alias/:alias`, async ({ request, params }) => {
    await record(request);
    return aliasExists
      ? HttpResponse.json({ [`${params.alias}_20261122t000000000`]: { aliases: { [String(params.alias)]: { is_write_index: true } } } })
      : HttpResponse.json({ error: 'alias [cms_articles] missing', status: 404 }, { status: 404 });
  }),
  http.put(`${ES}/:index`, async ({ request, params }) => {
    await record(request);
    aliasExists = true;
    return HttpResponse.json({ acknowledged: true, shards_acknowledged: true, index: params.index });
  }),
  http.put(`${ES}/:index/_settings`, async ({ request }) => {
    await record(request);
    return HttpResponse.json({ acknowledged: true });
  }),
  http.post(`${ES}/:index/_refresh`, async ({ request }) => {
    await record(request);
    return HttpResponse.json({ _shards: { total: 1, successful: 1, failed: 0 } });
  }),
  http.post(`${ES}/_aliases`, async ({ request }) => {
    await record(request);
    return HttpResponse.json({ acknowledged: true });
  }),
  http.delete(`${ES}/:index`, async ({ request }) => {
    await record(request);
    return HttpResponse.json({ acknowledged: true });
  }),
  http.post(`${ES}/:index/_bulk`, async ({ request }) => {
    await record(request);
    const lines = (await request.clone().text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const items = lines
      .filter((l) => l.index || l.delete)
      .map((l) =>
        l.index ? { index: { _id: l.index._id, result: 'created', status: 201 } } : { delete: { _id: l.delete._id, result: 'not_found', status: 404 } },
      );
    return HttpResponse.json({ took: 3, errors: items.some((i) => 'delete' in i), items });
  }),
  http.post(`${ES}/:index/_search`, async ({ request }) => {
    await record(request);
    if (searchReply === 'fail')
      return HttpResponse.json(
        { error: { root_cause: [], type: 'search_phase_execution_exception', reason: 'all shards failed' }, status: 503 },
        { status: 503 },
      );
    if (searchReply === 'slow') await new Promise((r) => setTimeout(r, 600));
    const reply = searchReply === 'slow' ? { ids: [], total: 0, relation: 'eq' as const } : searchReply;
    return HttpResponse.json({
      took: 2,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: {
        total: { value: reply.total, relation: reply.relation },
        max_score: null,
        hits: reply.ids.map((id) => ({ _index: 'cms_articles_20261122t000000000', _id: String(id), _score: null, sort: [1763800000000, id] })),
      },
    });
  }),
);

const searches = () => calls.filter((c) => c.path.endsWith('/_search')).map((c) => JSON.parse(c.body));
const bulkLines = () =>
  calls
    .filter((c) => c.path.endsWith('/_bulk'))
    .flatMap((c) =>
      c.body
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    );

describe.each(DB_KINDS)('article search through Elasticsearch on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const search = elasticsearchBackend({ url: ES, index: 'cms_articles', timeoutMs: 300 });

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'bypass' });
    aliasExists = false;
    t = await setupTestApp(kind, { search });
    admin = await t.login();
  });
  afterEach(() => {
    calls.length = 0;
  });
  afterAll(async () => {
    server.close();
    await t?.close();
  });

  it('every write updates the index after its commit: create, save, move, delete', async () => {
    const created = (
      await t.call('POST', '/api/articles', { cookie: admin, body: { title: '解放J7 牵引车上市', summary: '新车', content: '<p>动力<b>强劲</b></p>' } })
    ).body.data;
    // First write on a new cluster: the index with our mapping behind the alias, then the document.
    await vi.waitFor(() => expect(bulkLines().length).toBe(2));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toMatch(/^\/cms_articles_\d{8}t\d+$/);
    expect(JSON.parse(put.body)).toMatchObject({
      aliases: { cms_articles: { is_write_index: true } },
      mappings: { properties: { title: { type: 'text', analyzer: 'cjk' } } },
    });
    const [action, doc] = bulkLines();
    expect(action).toEqual({ index: { _id: String(created.id) } });
    expect(doc).toMatchObject({
      id: created.id,
      kind: 'article',
      title: '解放J7 牵引车上市',
      summary: '新车',
      body: '动力 强劲',
      status: 0,
      editorId: created.editorId,
      categoryId: null,
      tagIds: [],
    });
    expect(calls.find((c) => c.path.endsWith('/_bulk'))!.headers.get('content-type')).toBe('application/x-ndjson');
    calls.length = 0;

    await t.call('PUT', `/api/articles/${created.id}`, { cookie: admin, body: { version: 1, title: '解放J7 牵引车上市（更新）' } });
    await vi.waitFor(() => expect(bulkLines()[1]?.title).toBe('解放J7 牵引车上市（更新）'));
    calls.length = 0;

    const type = (await t.call('POST', '/api/category_types', { cookie: admin, body: { name: '搜索测试' } })).body.data.id;
    const category = (await t.call('POST', '/api/categories', { cookie: admin, body: { typeId: type, name: '新车' } })).body.data.id;
    await t.call('POST', '/api/articles/batch', { cookie: admin, body: { action: 'move', ids: [created.id], categoryId: category } });
    await vi.waitFor(() => expect(bulkLines()[1]?.categoryId).toBe(category));
    calls.length = 0;

    await t.call('DELETE', `/api/articles/${created.id}`, { cookie: admin });
    await vi.waitFor(() => expect(bulkLines()).toEqual([{ delete: { _id: String(created.id) } }]));
  });

  it('every workflow transition reaches the index after its commit: publish, offline, republish, reject, batch submit, fired jobs', async () => {
    const indexed = (id: number) => bulkLines().filter((l) => l.id === id);
    const lastStatus = (id: number) => indexed(id).at(-1)?.status;
    const a = (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '流程同步索引甲', content: '<p>正文</p>' } })).body.data.id as number;
    await vi.waitFor(() => expect(lastStatus(a)).toBe(0));
    calls.length = 0;

    // Published by a reviewer: the document says 已发布 with its publication time.
    expect((await t.call('PUT', `/api/articles/publish/${a}`, { cookie: admin, body: {} })).body.data.status).toBe(3);
    await vi.waitFor(() => expect(lastStatus(a)).toBe(3));
    const published = indexed(a).at(-1)!;
    expect(published.publishedAt).toEqual(expect.any(String));
    calls.length = 0;

    expect((await t.call('PUT', `/api/articles/offline/${a}`, { cookie: admin, body: {} })).body.data.status).toBe(4);
    await vi.waitFor(() => expect(lastStatus(a)).toBe(4));
    calls.length = 0;
    expect((await t.call('PUT', `/api/articles/republish/${a}`, { cookie: admin, body: {} })).body.data.status).toBe(3);
    await vi.waitFor(() => expect(lastStatus(a)).toBe(3));

    // A review decision and a batch submit are transitions too.
    const b = (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '流程同步索引乙', content: '<p>正文</p>' } })).body.data.id as number;
    calls.length = 0;
    const batch = await t.call('PUT', '/api/articles/batch/submit', { cookie: admin, body: { ids: [b] } });
    expect(batch.body.data.done).toEqual([b]);
    await vi.waitFor(() => expect(lastStatus(b)).toBe(1));
    calls.length = 0;
    expect(
      (await t.call('PUT', `/api/articles_review/${b}`, { cookie: admin, body: { contentType: 'article', action: 'reject', comment: '请补充车型' } })).status,
    ).toBe(200);
    await vi.waitFor(() => expect(lastStatus(b)).toBe(2));

    // A refused transition changes nothing and writes nothing.
    calls.length = 0;
    expect((await t.call('PUT', `/api/articles/offline/${b}`, { cookie: admin, body: {} })).status).toBe(409);
    await new Promise((r) => setTimeout(r, 50));
    expect(indexed(b)).toEqual([]);

    // The scheduler's jobs, as the server wires them (server/start-scheduler.ts): a scheduled offline
    // and a scheduled publication fire, and the index follows each after its batch commits.
    const sync = searchSync(search);
    const offlineAt = new Date(Date.now() + 60_000);
    expect((await t.call('PUT', `/api/articles/schedule_offline/${a}`, { cookie: admin, body: { offlineAt: offlineAt.toISOString() } })).status).toBe(200);
    const c = (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '流程同步索引丙', content: '<p>正文</p>' } })).body.data.id as number;
    expect((await t.call('PUT', `/api/articles/schedule/${c}`, { cookie: admin, body: { publishAt: offlineAt.toISOString() } })).body.data.status).toBe(5);
    await vi.waitFor(() => expect(lastStatus(c)).toBe(5));
    calls.length = 0;
    const scheduler = createScheduler({ db: t.db, now: () => new Date(offlineAt.getTime() + 1000), onCommitted: followScheduledJobs(sync, t.db) });
    expect(await scheduler.tick()).toBeGreaterThanOrEqual(2);
    await sync.idle();
    expect(lastStatus(a)).toBe(4);
    expect(lastStatus(c)).toBe(3);
  });

  it('a keyword is asked of the cluster with every filter and the scope; rows come from PostgreSQL in its order', async () => {
    const dept = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '搜索部' } })).body.data.id;
    const writer = await createStaff(t, admin, { username: 'eswriter', routes: ['/article/addArticle', '/article/list'], level: 3, departmentId: dept });
    const a = (await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { title: '重卡市场十月' } })).body.data.id;
    const b = (await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { title: '重卡销量' } })).body.data.id;
    const theirs = (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '重卡别人的' } })).body.data.id;
    calls.length = 0;

    // The cluster ranks b before a and also names an article outside the writer's scope.
    searchReply = { ids: [b, theirs, a], total: 3, relation: 'eq' };
    const res = await t.call(
      'GET',
      `/api/article_from_es?keyword=${encodeURIComponent('重卡')}&status=0&kind=article&updatedFrom=${encodeURIComponent('2026-01-01T00:00:00+08:00')}&page=1&pageSize=10`,
      { cookie: writer.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.engine).toBe('elasticsearch');
    expect(res.body.data.list.map((r: { id: number }) => r.id)).toEqual([b, a]);
    const [body] = searches();
    expect(body).toMatchObject({
      from: 0,
      size: 10,
      track_total_hits: 1000,
      _source: false,
      sort: [{ updatedAt: { order: 'desc' } }, { id: { order: 'desc' } }],
    });
    expect(body.query.bool.must).toEqual([{ multi_match: { query: '重卡', type: 'phrase', fields: ['title^3', 'summary^2', 'body'] } }]);
    expect(body.query.bool.filter).toEqual(
      expect.arrayContaining([
        { term: { kind: 'article' } },
        { term: { status: 0 } },
        { term: { editorId: writer.userId } },
        { range: { updatedAt: { gte: '2026-01-01T00:00:00+08:00' } } },
      ]),
    );

    // 本部门: the department and its sub-teams as terms; page 3 asks from 20; "1000+" from `gte`.
    const lead = await createStaff(t, admin, { username: 'eslead', routes: ['/article/list'], level: 2, departmentId: dept });
    calls.length = 0;
    searchReply = { ids: [a], total: 1000, relation: 'gte' };
    const deep = (
      await t.call('GET', `/api/articles?keyword=${encodeURIComponent('重卡')}&page=3&pageSize=10&sort=publishedAt&order=ascend`, { cookie: lead.cookie })
    ).body.data;
    expect(deep).toMatchObject({ total: 1000, totalCapped: true, engine: 'elasticsearch' });
    const [second] = searches();
    expect(second.from).toBe(20);
    expect(second.sort[0]).toEqual({ publishedAt: { order: 'asc', missing: '_first' } });
    expect(second.query.bool.filter).toContainEqual({ terms: { departmentId: [dept] } });

    // Without a keyword the list never asks the cluster.
    calls.length = 0;
    await t.call('GET', '/api/articles?status=0', { cookie: admin });
    expect(searches()).toEqual([]);
  });

  it('a cluster that fails or is slow: PostgreSQL answers, with a notice', async () => {
    await t.call('POST', '/api/articles', { cookie: admin, body: { title: '冷藏车新规解读' } });
    for (const reply of ['fail', 'slow'] as const) {
      searchReply = reply;
      const res = await t.call('GET', `/api/articles?keyword=${encodeURIComponent('冷藏车')}`, { cookie: admin });
      expect(res.status).toBe(200);
      expect(res.body.data.engine).toBe('postgres');
      expect(res.body.data.notice).toBe('搜索服务暂时不可用，以下结果来自数据库检索');
      expect(res.body.data.list.map((r: { title: string }) => r.title)).toEqual(['冷藏车新规解读']);
    }
    searchReply = { ids: [], total: 0, relation: 'eq' };
  });

  it('the rebuild fills a new index, then moves the alias and drops the old one', async () => {
    aliasExists = true;
    const result = await search.rebuild(allDocuments(t.db, 2));
    expect(result.indexed).toBeGreaterThan(3);
    const order = calls.map((c) => `${c.method} ${c.path.replace(result.index, 'NEW')}`);
    expect(order[0]).toBe('PUT /NEW');
    expect(order.filter((o) => o === 'POST /NEW/_bulk').length).toBe(Math.ceil(result.indexed / 2));
    expect(order.slice(-5)).toEqual([
      'PUT /NEW/_settings',
      'POST /NEW/_refresh',
      'GET /_alias/cms_articles',
      'POST /_aliases',
      'DELETE /cms_articles_20261122t000000000',
    ]);
    const aliases = JSON.parse(calls.find((c) => c.path === '/_aliases')!.body);
    expect(aliases.actions).toEqual([
      { remove: { index: 'cms_articles_20261122t000000000', alias: 'cms_articles' } },
      { add: { index: result.index, alias: 'cms_articles', is_write_index: true } },
    ]);
  });
});

describe('search configuration', () => {
  it('ELASTICSEARCH_URL turns the engine on; credentials in the URL become a Basic header, an API key wins', async () => {
    expect(searchBackendFromEnv({})).toBeNull();
    const seen: Array<{ url: string; auth: string | null }> = [];
    const fake: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), auth: new Headers(init?.headers).get('authorization') });
      return new Response(JSON.stringify({ hits: { total: { value: 0, relation: 'eq' }, hits: [] } }), { status: 200 });
    };
    const q = { keyword: '重卡', filters: {}, sort: 'updatedAt' as const, descending: true, from: 0, size: 20, totalCap: 1000 };
    await searchBackendFromEnv({ ELASTICSEARCH_URL: 'https://elastic:s%3Acret@search.example.test:9200/' }, fake)!.search(q);
    expect(seen[0]).toEqual({
      url: 'https://search.example.test:9200/cms_articles/_search',
      auth: `Basic ${Buffer.from('elastic:s:cret').toString('base64')}`,
    });
    await searchBackendFromEnv(
      { ELASTICSEARCH_URL: 'http://user:pw@es.local:9200', ELASTICSEARCH_API_KEY: 'abc==', ELASTICSEARCH_INDEX: 'news' },
      fake,
    )!.search(q);
    expect(seen[1]).toEqual({ url: 'http://es.local:9200/news/_search', auth: 'ApiKey abc==' });
  });
});
