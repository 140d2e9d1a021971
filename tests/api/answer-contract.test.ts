import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AD_POSITIONS } from '@/lib/resources/operations';
import { chinaDate, addDays } from '@/lib/resources/statistics';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';
import { answerChecker } from './answer-check';

/**
 * Every route of the API, called for real on the real database and held to the description
 * (issue 25): each answer's status must be one the description names and each success's `data` must
 * match the published schema, whose objects are closed (a field the description lacks fails). The
 * walk calls each operation signed out, then as the administrator (GETs first, on a record that
 * exists where the path names one: an article, a short video, a picture and a video of the
 * libraries are made first). A write gets a valid body where `EXAMPLES` has one, so its success is
 * checked too, else an empty body, which the route refuses or takes; a GET gets the query it needs
 * from `QUERIES`. tests/api/crud-contract.test.ts holds the successful writes of every resource's
 * generic routes to the same check.
 *
 * A route whose success is not described yet publishes `data` as anything; those are listed here and
 * the list only shrinks: a new route must record its answer (`answers(schema)`, server/http/answer.ts).
 */
const UNDESCRIBED = new Set<string>([]);

/** What the walk made first, and the lock tokens it holds (the example bodies name them). */
interface Made {
  adminId: number;
  article: number;
  video: number;
  pic: number;
  videoStore: number;
  categoryType: number;
  tagType: number;
  videoTag: number;
  revision: Record<string, number>;
  lockToken: Record<string, string>;
}
type Call = TestContext['call'];

/** The query a GET needs to answer more than a 400. */
const QUERIES: Record<string, (m: Made) => string> = {
  'GET /api/articles/locks': (m) => `ids=${m.article}`,
  'GET /api/videos/locks': (m) => `ids=${m.video}`,
  'GET /api/categories/tree': (m) => `typeId=${m.categoryType}`,
  'GET /api/pic_stores/by_ids': (m) => `ids=${m.pic}`,
  'GET /api/video_stores/by_ids': (m) => `ids=${m.videoStore}`,
  'GET /api/statistics/detail': (m) => `userId=${m.adminId}`,
  'GET /api/articles/{id}/revisions/{rid}': () => 'against=current',
};

/** A record's version as it is now (a save and a restore name it). */
const versionOf = async (call: Call, cookie: string, path: string) => (await call('GET', path, { cookie })).body.data.version as number;

/** What an example sends: its body, and the record the path names when it is not the walk's own (`id`). */
interface Example {
  body: unknown;
  id?: number;
}

/** A new article of its own, sent for review (a decision needs one that waits). */
const pendingArticle = async (call: Call, cookie: string, title: string) => {
  const id = (await call('POST', '/api/articles', { cookie, body: { title } })).body.data.id as number;
  expect((await call('PUT', `/api/articles/submit/${id}`, { cookie, body: {} })).status).toBe(200);
  return id;
};

/**
 * Valid bodies of the write routes whose success the generic CRUD contract does not cover: the
 * editorial family (saves, locks, autosave, revisions, the workflow), the libraries, 敏感词, 数据统计,
 * 个人资料, tags and ads. A body may read what it needs first (a version, a lock's token).
 */
const EXAMPLES: Record<string, (m: Made, call: Call, cookie: string) => Promise<Example> | Example> = {
  // Editorial: the lock first (its token goes with every save after it), then saves and restores.
  'PUT /api/articles/{id}/lock': async (m, call, cookie) => {
    const taken = await call('POST', `/api/articles/${m.article}/lock`, { cookie, body: { takeover: true } });
    m.lockToken.article = taken.body.data.token;
    return { body: { token: m.lockToken.article, draft: { baseVersion: 1, fields: { title: '未保存的标题' } } } };
  },
  'PUT /api/videos/{id}/lock': async (m, call, cookie) => {
    const taken = await call('POST', `/api/videos/${m.video}/lock`, { cookie, body: { takeover: true } });
    m.lockToken.video = taken.body.data.token;
    return { body: { token: m.lockToken.video } };
  },
  // Taken again with the token this tab holds (a takeover would leave the saves below with a stale one).
  'POST /api/articles/{id}/lock': (m) => ({ body: { token: m.lockToken.article } }),
  'POST /api/videos/{id}/lock': (m) => ({ body: { token: m.lockToken.video } }),
  'PUT /api/articles/{id}': async (m, call, cookie) => ({
    body: { version: await versionOf(call, cookie, `/api/articles/${m.article}`), title: '答复契约的文章（改）', lockToken: m.lockToken.article },
  }),
  'PUT /api/videos/{id}': async (m, call, cookie) => ({
    body: { version: await versionOf(call, cookie, `/api/videos/${m.video}`), title: '答复契约的短视频（改）', lockToken: m.lockToken.video },
  }),
  'POST /api/articles/{id}/revisions/{rid}/restore': async (m, call, cookie) => ({
    body: { version: await versionOf(call, cookie, `/api/articles/${m.article}`), fields: ['title'], lockToken: m.lockToken.article },
  }),
  'POST /api/videos/{id}/revisions/{rid}/restore': async (m, call, cookie) => ({
    body: { version: await versionOf(call, cookie, `/api/videos/${m.video}`), fields: ['title'], lockToken: m.lockToken.video },
  }),
  'PUT /api/articles/{id}/autosave': () => ({ body: { baseVersion: 1, data: { title: '自动保存的标题' } } }),
  'PUT /api/videos/{id}/autosave': () => ({ body: { baseVersion: 1, data: { title: '自动保存的标题' } } }),
  'POST /api/articles': () => ({ body: { title: '答复契约的第二篇文章', content: '<p>正文</p>' } }),
  'POST /api/videos': (m) => ({ body: { title: '答复契约的第二个短视频', videoStoreId: m.videoStore } }),
  'POST /api/articles/batch': async (m, call, cookie) => {
    const draft = await call('POST', '/api/articles', { cookie, body: { title: '批量删除的草稿' } });
    return { body: { action: 'delete', ids: [draft.body.data.id] } };
  },
  'PUT /api/articles/batch/submit': (m) => ({ body: { ids: [m.article] } }),
  'POST /api/articles_review': async (m, call, cookie) => ({
    body: { id: await pendingArticle(call, cookie, '待通过的文章'), contentType: 'article', action: 'approve' },
  }),
  'PUT /api/articles_review/{id}': async (m, call, cookie) => ({
    id: await pendingArticle(call, cookie, '待驳回的文章'),
    body: { contentType: 'article', action: 'reject', comment: '答复契约的驳回' },
  }),
  // The libraries, 敏感词, tags.
  'POST /api/pic_stores/batch': (m) => ({ body: { action: 'delete', ids: [m.pic] } }),
  'POST /api/video_stores/batch': (m) => ({ body: { action: 'addTags', ids: [m.videoStore], tagIds: [m.videoTag] } }),
  'POST /api/upload_token': () => ({ body: { kind: 'pic', filename: 'a.png', size: 100, mime: 'image/png' } }),
  'POST /api/upyun_play_token': (m) => ({ body: { id: m.videoStore } }),
  'POST /api/sensitive_words': () => ({ body: { words: ['答复契约词'] } }),
  'POST /api/sensitive_words/batch': async (m, call, cookie) => {
    const list = await call('GET', `/api/sensitive_words?keyword=${encodeURIComponent('答复契约词')}`, { cookie });
    return { body: { action: 'delete', ids: [...list.body.data.list.map((w: { id: number }) => w.id), 2_000_000_000] } };
  },
  'POST /api/tags/quick': (m) => ({ body: { typeId: m.tagType, name: '答复契约的标签' } }),
  // 数据统计, 个人资料, 广告.
  'PUT /api/statistics/edit': (m) => ({ body: { date: addDays(chinaDate(), -1), userId: m.adminId, pv: 10, uv: 5, reason: '答复契约的修正' } }),
  'POST /api/statistics/import': () => ({ body: { csv: `日期,用户名,浏览量,访客数\n${addDays(chinaDate(), -2)},admin,12,6\n`, apply: true } }),
  'PUT /api/profile': () => ({ body: { name: '管理员', phone: '', email: '', avatar: '' } }),
  'PUT /api/advertise/edit': () => ({
    body: { name: '答复契约的广告', position: AD_POSITIONS[0].value, image: 'https://example.com/ad.jpg', url: '', startAt: '2026-01-01T00:00:00.000Z' },
  }),
  'PUT /api/advertise/state/edit': async (m, call, cookie) => ({
    body: { id: (await call('GET', '/api/advertise/list', { cookie })).body.data.list[0].id, state: 1 },
  }),
};

/** A PNG of a few pixels (the library's own upload path: ticket, file, register). */
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#369' } })
    .png()
    .toBuffer();
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16, 1)]);

describe.each(DB_KINDS)('every route answers what the API description says, on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let doc: { paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> };
  let checker: ReturnType<typeof answerChecker>;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    doc = (await t.call('GET', '/api/openapi.json', { cookie: admin })).body;
    checker = answerChecker(doc as never);
  });
  afterAll(async () => t?.close());

  const problems: string[] = [];
  /** What each example body was answered: they are there to be taken (else the success schema is not checked). */
  const succeeded = new Map<string, number>();
  const call = async (method: string, path: string, cookie?: string, body: unknown = method === 'GET' || method === 'DELETE' ? undefined : {}) => {
    const res = await t.call(method, path, { cookie, body });
    problems.push(...checker.problems(method, path, res));
    return res;
  };
  /** Sends a file the way the browser does with a local ticket, and registers it in its library. */
  const upload = async (kind: 'pic' | 'video', file: Buffer, type: string, extra: Record<string, unknown> = {}) => {
    const ticket = (await t.call('POST', '/api/upload_token', { cookie: admin, body: { kind, size: file.length, mime: type } })).body.data;
    const sent = await t.app.request(`http://localhost${ticket.url}`, {
      method: 'PUT',
      headers: { cookie: admin, 'content-type': type, 'x-test-peer': '10.0.0.1' },
      body: file,
    } as RequestInit);
    expect(sent.status).toBe(200);
    const item = await t.call('POST', `/api/${kind}_stores`, { cookie: admin, body: { key: ticket.key, title: `答复契约的${kind}`, ...extra } });
    expect(item.status, JSON.stringify(item.body)).toBe(200);
    return item.body.data.id as number;
  };

  it('every operation, signed out and as the administrator, answers a status it names with data as published', async () => {
    // Something to read: an article, a short video on a library video, a picture, a category tree, a tag type.
    const made: Made = { adminId: 0, article: 0, video: 0, pic: 0, videoStore: 0, categoryType: 0, tagType: 0, videoTag: 0, revision: {}, lockToken: {} };
    const post = async (path: string, body: unknown) => {
      const res = await t.call('POST', path, { cookie: admin, body });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data.id as number;
    };
    made.adminId = (await t.call('GET', '/api/login_info', { cookie: admin })).body.data.id;
    made.article = await post('/api/articles', { title: '答复契约的文章' });
    made.pic = await upload('pic', await png(), 'image/png');
    made.videoStore = await upload('video', mp4(), 'video/mp4', { duration: 12 });
    made.video = await post('/api/videos', { title: '答复契约的短视频', videoStoreId: made.videoStore });
    made.categoryType = await post('/api/category_types', { name: '答复契约的分类类型' });
    await post('/api/categories', { typeId: made.categoryType, name: '答复契约的分类' });
    made.tagType = await post('/api/tags_types', { name: '答复契约的标签类型' });
    made.videoTag = await post('/api/video_store_tags', { name: '答复契约的视频标签' });
    for (const [mount, id] of [
      ['/api/articles', made.article],
      ['/api/videos', made.video],
    ] as const)
      made.revision[mount] = (await t.call('GET', `${mount}/${id}/revisions`, { cookie: admin })).body.data.list[0].id;

    const operations = checker.operations.filter((o) => o.template !== '/api/openapi.json');
    /** The record a path names under its mount: the one made above, else the first its list has (else 1: then a 404 is the answer). */
    const ids = new Map<string, number>([
      ['/api/articles', made.article],
      ['/api/articles_review', made.article],
      ['/api/videos', made.video],
      ['/api/pic_stores', made.pic],
      ['/api/video_stores', made.videoStore],
    ]);
    const idFor = async (template: string) => {
      const mount = template.split('/').slice(0, 3).join('/');
      if (!ids.has(mount)) {
        const list = await t.call('GET', mount, { cookie: admin });
        ids.set(mount, list.body?.data?.list?.[0]?.id ?? 1);
      }
      return ids.get(mount)!;
    };
    const pathOf = async (method: string, template: string) => {
      let path = template;
      if (path.includes('{id}')) path = path.replace('{id}', String(await idFor(template)));
      const query = QUERIES[`${method} ${template}`]?.(made);
      path = path
        .replace('{rid}', String(made.revision[template.split('/').slice(0, 3).join('/')] ?? 1))
        .replace('{type}', 'article')
        .replace(/\{\w+\}/g, 'x');
      return query ? `${path}?${query}` : path;
    };
    // Signed out: every route but the public ones refuses (401), and says so in the description.
    for (const o of operations) await call(o.method, await pathOf(o.method, o.template));
    // As the administrator: reads first, then writes (with a valid body where there is one), deletes and signing out last.
    const order = (m: string) => ['GET', 'PUT', 'POST', 'DELETE'].indexOf(m);
    const last = (o: { template: string }) => Number(o.template.includes('logout'));
    const signedIn = [...operations].sort((a, b) => last(a) - last(b) || order(a.method) - order(b.method));
    for (const o of signedIn) {
      const example = await EXAMPLES[`${o.method} ${o.template}`]?.(made, t.call, admin);
      const path = example?.id ? (await pathOf(o.method, o.template)).replace(/\/\d+(?=\/|$|\?)/, `/${example.id}`) : await pathOf(o.method, o.template);
      const res = await call(o.method, path, admin, example?.body);
      if (res.status === 401 && !o.template.includes('logout')) problems.push(`${o.method} ${o.template}: signed out by an earlier call`);
      if (example) succeeded.set(`${o.method} ${o.template}`, res.status);
    }
    expect(problems).toEqual([]);
    // Every operation was reached.
    for (const o of operations) expect(checker.seen.has(`${o.method} ${o.template}`), `${o.method} ${o.template}`).toBe(true);
  });

  it('the example bodies are taken, so the success of those routes is checked', () => {
    expect(
      Object.keys(EXAMPLES).filter((k) => !succeeded.has(k)),
      'examples of routes the walk never called',
    ).toEqual([]);
    expect([...succeeded].filter(([, status]) => status !== 200)).toEqual([]);
  });

  it('describes the data of every route but the listed ones, and the list only shrinks', () => {
    const undescribed = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const))
      .filter(([, op]) => op.responses['200']?.description.includes('尚未描述'))
      .map(([key]): string => key)
      .sort();
    expect(
      undescribed.filter((k) => !UNDESCRIBED.has(k)),
      'routes without a recorded answer: add answers(schema)',
    ).toEqual([]);
    expect(
      [...UNDESCRIBED].filter((k) => !undescribed.includes(k)),
      'described now: take them off UNDESCRIBED',
    ).toEqual([]);
  });
});
