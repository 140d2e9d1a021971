import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputOf } from '@/server/http/input';
import { openApiPath } from '@/server/openapi';
import { API } from '@/server/resources';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';

/** `GET /api/openapi.json`: the whole API, described from the routes the app mounts and the declarations. */
describe.each(DB_KINDS)('the OpenAPI description on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let doc: any;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    const res = await t.call('GET', '/api/openapi.json', { cookie: admin });
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(async () => t?.close());

  it('is for signed-in people only', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(401);
  });

  it('is an OpenAPI 3.1 document whose every operation has responses and declares its path parameters', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    for (const [path, operations] of Object.entries<Record<string, any>>(doc.paths)) {
      expect(path.startsWith('/api/'), path).toBe(true);
      expect(path, 'no Hono-style :param left').not.toMatch(/:\w/);
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(operations)) {
        expect(['get', 'post', 'put', 'delete', 'patch']).toContain(method);
        expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        const declared = (op.parameters ?? [])
          .filter((p: { in: string }) => p.in === 'path')
          .map((p: { name: string }) => p.name)
          .sort();
        expect(declared, `${method} ${path} path parameters`).toEqual(inPath);
      }
    }
    // It survives a round trip through JSON text (no undefined, no cycles).
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('lists every route the app mounts, and only those', () => {
    const mounted = new Set(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path)}`));
    const described = new Set(Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)));
    expect([...mounted].filter((k) => !described.has(k))).toEqual([]);
    expect([...described].filter((k) => !mounted.has(k))).toEqual([]);
    expect(described.size).toBeGreaterThan(150);
    expect(described).toContain('get /api/openapi.json');
    expect(doc.paths['/api/ping'].get.security).toEqual([]);
  });

  it('describes a plain resource: its body schema from zod, list parameters, the envelope and the refusals', () => {
    const create = doc.paths['/api/friend_links'].post;
    const body = create.requestBody.content['application/json'];
    expect(body.schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', maxLength: 64 }, url: { type: 'string', maxLength: 512 }, enabled: { type: 'boolean', default: true } },
      required: ['name', 'url'],
    });
    expect(body.example).toMatchObject({ name: expect.any(String), url: expect.stringMatching(/^https:/) });
    expect(create.responses['200'].content['application/json'].schema).toMatchObject({ properties: { status: {}, data: {}, message: {} } });
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409']));
    const list = doc.paths['/api/friend_links'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['page', 'pageSize', 'keyword', 'enabled']));
    expect(list.responses['200'].content['application/json'].schema.properties.data.properties.list.items.properties).toHaveProperty('logo');
    expect(doc.paths['/api/friend_links/{id}'].put.requestBody.content['application/json'].schema.required ?? []).toEqual([]);
    expect(doc.paths['/api/friend_links/sort'].put.requestBody).toBeTruthy();
    expect(doc.paths['/api/friend_links/{id}'].delete.responses).not.toHaveProperty('409');
    // A record others point at (`usedBy`) is refused while in use.
    expect(doc.paths['/api/categories/{id}'].delete.responses).toHaveProperty('409');
    // Ads list at their own path (`GET /api/advertise/list`).
    expect(doc.paths['/api/advertise/list'].get.summary).toBe('广告列表');
  });

  it('gives every route that validates a body or a query its schema (jsonBody / queryInput record them on the route)', () => {
    let bodies = 0;
    let queries = 0;
    for (const route of t.app.routes) {
      const input = inputOf(route.handler);
      if (!input) continue;
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeTruthy();
      const json = z.toJSONSchema(input.schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
      if (input.target === 'json') {
        bodies++;
        const schema = op.requestBody?.content?.['application/json']?.schema;
        expect(schema, `${route.method} ${route.path} is documented with its request body`).toBeTruthy();
        for (const field of Object.keys(json?.properties ?? {}))
          expect(schema.properties ?? {}, `${route.method} ${route.path} body.${field}`).toHaveProperty(field);
        expect(op.responses, `${route.method} ${route.path}`).toHaveProperty('400');
      } else {
        queries++;
        const names = (op.parameters ?? []).filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name);
        for (const field of Object.keys(json?.properties ?? {})) expect(names, `${route.method} ${route.path} ?${field}`).toContain(field);
      }
    }
    expect(bodies).toBeGreaterThan(30);
    expect(queries).toBeGreaterThan(8);
    // A few, read as an integrator would.
    expect(doc.paths['/api/advertise/edit'].put.requestBody.content['application/json'].schema.properties).toHaveProperty('id');
    expect(doc.paths['/api/articles_review'].post.requestBody.content['application/json'].schema.properties).toEqual(
      expect.objectContaining({ id: expect.anything(), action: expect.anything() }),
    );
    expect(doc.paths['/api/categories/tree'].get.parameters).toContainEqual(expect.objectContaining({ name: 'typeId', in: 'query', required: true }));
    expect(doc.paths['/api/articles/publish/{id}'].put.requestBody).toBeTruthy();
    expect(doc.paths['/api/users/{id}/password'].put.requestBody.content['application/json'].schema.required).toEqual(['password']);
    // The lists that parse their own query (queryDoc): their paging and filters, from the schemas they parse with.
    const queryNames = (p: string) => (doc.paths[p].get.parameters ?? []).filter((q: { in: string }) => q.in === 'query').map((q: { name: string }) => q.name);
    expect(queryNames('/api/articles')).toEqual(expect.arrayContaining(['page', 'pageSize', 'keyword', 'kind', 'status', 'categoryId', 'updatedFrom']));
    expect(queryNames('/api/articles/export.csv')).toEqual(expect.arrayContaining(['keyword', 'status']));
    expect(queryNames('/api/articles_review')).toEqual(expect.arrayContaining(['page', 'contentType', 'kind']));
    expect(queryNames('/api/log/login')).toEqual(expect.arrayContaining(['page', 'username', 'success', 'ip']));
    expect(queryNames('/api/log/operation')).toContain('page');
    expect(queryNames('/api/statistics/list')).toEqual(expect.arrayContaining(['page', 'from', 'to', 'departmentId', 'view', 'sort']));
    // A declared list's sort values are an enum the server enforces (issue 23): its 400 is documented.
    const brands = doc.paths['/api/brands'].get;
    expect(brands.parameters).toContainEqual(
      expect.objectContaining({ name: 'sort', schema: { type: 'string', enum: ['name', 'initial', 'productBrandId'] } }),
    );
    expect(brands.parameters).toContainEqual(expect.objectContaining({ name: 'order', schema: { type: 'string', enum: ['ascend', 'descend'] } }));
    expect(brands.responses).toHaveProperty('400');
  });

  it('reads request bodies only through a recording validator or crudRoutes (a body read another way would go undocumented)', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : f.endsWith('.ts') ? [path.join(dir, f)] : []));
    const allowed = new Set(['server/http/body.ts', 'server/http/input.ts', 'server/crud/crud-routes.ts'].map((f) => path.normalize(f)));
    const offenders: string[] = [];
    for (const file of walk('server')) {
      const source = readFileSync(file, 'utf8');
      if (!allowed.has(path.normalize(file)) && /\breadJson\(|c\.req\.(json|parseBody|formData|text)\(/.test(source)) offenders.push(`${file}: reads a body`);
      // The product and topic hosts are apps of their own, not in this document.
      if (!file.startsWith(path.normalize('server/hosts/')) && /parseInput\([^;]*c\.req\.query\(\)/.test(source)) offenders.push(`${file}: parses a query`);
      // A query read by hand is documented by queryDoc with the schemas the handler parses it with
      // (文章列表's handlers are mounted with theirs in server/articles/routes.ts, checked above). The
      // delivery API (server/delivery/app.ts) parses each family's declared query schema, which its own
      // document (/content-api/v1/openapi.json) publishes: it is not in this one.
      if (
        !file.startsWith(path.normalize('server/hosts/')) &&
        path.normalize(file) !== path.normalize('server/delivery/app.ts') &&
        !allowed.has(path.normalize(file)) &&
        !['server/articles/list.ts', 'server/articles/export-csv.ts'].map((f) => path.normalize(f)).includes(path.normalize(file)) &&
        /c\.req\.query\(\)/.test(source) &&
        !/queryDoc\(/.test(source)
      )
        offenders.push(`${file}: reads a query without queryDoc`);
    }
    expect(offenders).toEqual([]);
  });

  it('gives every registered resource with a create route its request body schema', () => {
    for (const e of API) {
      const op = doc.paths[`/api/${e.name}`]?.post;
      if (!op || !e.resource?.example) continue;
      const schema = op.requestBody.content['application/json'].schema;
      for (const field of Object.keys(e.resource.example)) expect(schema.properties, `${e.name}.${field}`).toHaveProperty(field);
    }
  });
});
