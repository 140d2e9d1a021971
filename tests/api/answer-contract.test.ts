import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';
import { answerChecker } from './answer-check';

/**
 * Every route of the API, called for real on the real database and held to the description
 * (issue 25): each answer's status must be one the description names and each success's `data` must
 * match the published schema, whose objects are closed (a field the description lacks fails). The
 * walk calls each operation signed out, then as the administrator (GETs first, on a record that
 * exists where the path names one; writes with an empty body, which the route refuses or takes);
 * tests/api/crud-contract.test.ts holds the successful writes of every resource to the same check.
 *
 * A route whose success is not described yet publishes `data` as anything; those are listed here and
 * the list only shrinks: a new route must record its answer (`answers(schema)`, server/http/answer.ts).
 */
const UNDESCRIBED = new Set<string>([]);

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
  const call = async (method: string, path: string, cookie?: string) => {
    const res = await t.call(method, path, { cookie, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
    problems.push(...checker.problems(method, path, res));
    return res;
  };

  it('every operation, signed out and as the administrator, answers a status it names with data as published', async () => {
    // Something to read: an article and the records the lists hold.
    const article = await t.call('POST', '/api/articles', { cookie: admin, body: { title: '答复契约的文章' } });
    expect(article.status, JSON.stringify(article.body)).toBe(200);
    const operations = checker.operations.filter((o) => o.template !== '/api/openapi.json');
    /** An id that exists under the mount when its list has one (else 1: then a 404 is the answer). */
    const ids = new Map<string, number>();
    const idFor = async (template: string) => {
      const mount = template.split('/').slice(0, 3).join('/');
      if (!ids.has(mount)) {
        const list = await t.call('GET', mount, { cookie: admin });
        ids.set(mount, list.body?.data?.list?.[0]?.id ?? (mount === '/api/articles' ? article.body.data.id : 1));
      }
      return ids.get(mount)!;
    };
    const pathOf = async (template: string) => {
      let path = template;
      if (path.includes('{id}')) path = path.replace('{id}', String(await idFor(template)));
      return path
        .replace('{rid}', '1')
        .replace('{type}', 'article')
        .replace(/\{\w+\}/g, 'x');
    };
    // Signed out: every route but the public ones refuses (401), and says so in the description.
    for (const o of operations) await call(o.method, await pathOf(o.template));
    // As the administrator: reads first, then writes, deletes and signing out last.
    const order = (m: string) => ['GET', 'PUT', 'POST', 'DELETE'].indexOf(m);
    const last = (o: { template: string }) => Number(o.template.includes('logout'));
    const signedIn = [...operations].sort((a, b) => last(a) - last(b) || order(a.method) - order(b.method));
    for (const o of signedIn) {
      const res = await call(o.method, await pathOf(o.template), admin);
      if (res.status === 401 && !o.template.includes('logout')) problems.push(`${o.method} ${o.template}: signed out by an earlier call`);
    }
    expect(problems).toEqual([]);
    // Every operation was reached.
    for (const o of operations) expect(checker.seen.has(`${o.method} ${o.template}`), `${o.method} ${o.template}`).toBe(true);
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
