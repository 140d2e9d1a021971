import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '@/lib/resources/define';
import { operationLogs } from '@/server/db/schema';
import { API } from '@/server/resources';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';
import { answerChecker } from './answer-check';

/**
 * One CRUD contract over every resource of the registry (refine's `all.cy.ts`): each declaration
 * carries an `example` and goes list → create → get → update (and 启用/停用 when it has a switch) →
 * sort (when sortable) → delete → 404, with the operation-log rows each write leaves, and an invalid
 * create that answers 400 with field errors and changes nothing. What an example needs first
 * (`exampleNeeds`: a category's type, an icon's version) is made from those resources' own examples.
 * A declaration that says `noDelete` gets its refusal asserted; one whose writes are not the generic
 * ones says so (`ownContract`, with the test that covers it) and its generic create is refused. A new
 * resource is covered here without a line of test.
 */
type Entry = (typeof API)[number] & { resource: ResourceDef; table: PgTable };
const declared = API.filter((e): e is Entry => !!e.resource && !!e.table);
const contract = declared.filter((e): e is Entry & { resource: { example: Record<string, unknown> } } => !!e.resource.example);
const own = declared.filter((e) => e.resource.ownContract);

/** The field that names a record (the declaration's `titleField`, else `name`, else `title`). */
const titleOf = (def: ResourceDef) => def.titleField ?? ('name' in def.example! ? 'name' : 'title');

/** Another record like `example`: its title and unique text fields changed. */
function another(def: ResourceDef, example: Record<string, unknown>, suffix: string): Record<string, unknown> {
  const out = { ...example };
  for (const field of new Set([titleOf(def), ...(def.unique ?? []).map((u) => u.field)])) {
    if (typeof out[field] === 'string') out[field] = `${out[field]}${suffix}`;
  }
  return out;
}

const entryOf = (name: string) => {
  const e = declared.find((x) => x.name === name);
  if (!e?.resource.example) throw new Error(`exampleNeeds: "${name}" is no registered resource with an example`);
  return e;
};

describe('the declarations the contract runs over', () => {
  it('every resource on the registry has an example, or says which test covers it instead', () => {
    for (const e of declared) {
      const { example, ownContract } = e.resource;
      expect(!!example !== !!ownContract, `${e.name}: an example or ownContract, not both`).toBe(true);
      if (ownContract) {
        expect(ownContract.reason.length, e.name).toBeGreaterThan(10);
        expect(existsSync(ownContract.test), `${e.name}: ${ownContract.test}`).toBe(true);
      }
    }
    expect(contract.map((e) => e.name)).toEqual(
      expect.arrayContaining(['users', 'categories', 'tags', 'chameleon', 'focus_home', 'focus_channel', 'focus_home_right', 'focus_video', 'friend_links']),
    );
    expect(contract.length).toBeGreaterThanOrEqual(23);
  });

  it('every need names a field of the schema and a resource with an example', () => {
    for (const e of contract) {
      for (const [field, ref] of Object.entries(e.resource.exampleNeeds ?? {})) {
        expect(e.resource.schema.shape, `${e.name}.exampleNeeds.${field}`).toHaveProperty(field);
        expect(field in e.resource.example, `${e.name}: the example shows ${field}`).toBe(true);
        expect(() => entryOf(ref.split('.')[0]), `${e.name}.exampleNeeds.${field}`).not.toThrow();
      }
    }
  });
});

describe.each(DB_KINDS)('the CRUD contract of every resource on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let made = 0;
  let checker: ReturnType<typeof answerChecker>;
  /** Every answer of the walk is held to the API description: its status named, its data as published (issue 25). */
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await t.call(method, path, { cookie: admin, body });
    expect(checker.problems(method, path, res), `${method} ${path} against the description`).toEqual([]);
    return res;
  };
  const logsOf = async (resource: string, id?: number) =>
    (
      await t.db
        .select({ type: operationLogs.type, summary: operationLogs.summary })
        .from(operationLogs)
        .where(and(eq(operationLogs.resource, resource), id === undefined ? undefined : eq(operationLogs.resourceId, String(id))))
        .orderBy(asc(operationLogs.id))
    ).map((l) => l.type);
  const rowsOf = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0].n;
  const allLogs = async () => (await t.db.select({ n: count() }).from(operationLogs))[0].n;
  const mounted = (method: string, path: string) => t.app.routes.some((r) => r.method === method && r.path === path);

  /** The example with what it needs made first: each need's record from its own example (and its needs), its id or named field filled in. */
  async function prepared(def: ResourceDef): Promise<Record<string, unknown>> {
    const out = { ...def.example! };
    for (const [field, ref] of Object.entries(def.exampleNeeds ?? {})) {
      const [name, column = 'id'] = ref.split('.');
      const need = entryOf(name).resource;
      const body = another(need, await prepared(need), `n${++made}`);
      const res = await call('POST', `/api/${name}`, body);
      expect(res.status, `${def.name} needs ${name}: ${JSON.stringify(res.body)}`).toBe(200);
      out[field] = res.body.data[column];
    }
    return out;
  }

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    checker = answerChecker((await t.call('GET', '/api/openapi.json', { cookie: admin })).body);
  });
  afterAll(async () => t?.close());

  it.each(contract.map((e) => [e.name, e] as const))('%s', async (name, { resource: def, table }) => {
    const base = `/api/${name}`;
    const title = titleOf(def);
    const example = await prepared(def);
    // Fields the API does not echo: not stored as sent (an initial password is kept as its hash).
    const echoed = Object.keys(example).filter((f) => def.fields.find((x) => x.name === f)?.stored !== false);

    const listed = await call('GET', base);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ status: 0, data: { list: expect.any(Array), total: expect.any(Number), page: 1 } });

    // Invalid: every field missing. 400 with field errors, nothing written, nothing logged.
    const [rowsBefore, logsBefore] = [await rowsOf(table), await allLogs()];
    const invalid = await call('POST', base, {});
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors ?? {})).toContain(title);
    expect([await rowsOf(table), await allLogs()]).toEqual([rowsBefore, logsBefore]);

    const created = await call('POST', base, example);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    for (const field of echoed) expect(created.body.data[field], field).toEqual(example[field]);
    expect(await rowsOf(table)).toBe(rowsBefore + 1);

    const got = await call('GET', `${base}/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id, [title]: example[title] });
    const page = await call('GET', `${base}?pageSize=100`);
    expect(page.body.data.list.map((r: { id: number }) => r.id)).toContain(id);

    // A duplicate of a unique field: 409 naming the field, nothing written.
    for (const u of def.unique ?? []) {
      const twin = await call('POST', base, { ...another(def, example, 'b'), [u.field]: example[u.field] });
      expect(twin.status, `${u.field} twin`).toBe(409);
      expect(twin.body.errors?.[u.field]).toBe(u.message);
    }

    const renamed = `${example[title]}改`;
    const updated = await call('PUT', `${base}/${id}`, { [title]: renamed });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data[title]).toBe(renamed);
    const badUpdate = await call('PUT', `${base}/${id}`, { [title]: '' });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.errors).toHaveProperty(title);
    expect((await call('GET', `${base}/${id}`)).body.data[title]).toBe(renamed);
    const expected = ['create', 'update'];

    if ('enabled' in example) {
      const off = await call('PUT', `${base}/${id}`, { enabled: false });
      expect(off.body.data.enabled).toBe(false);
      expected.push('disable');
    }
    expect(await logsOf(name, id)).toEqual(expected);

    // Sortable: the sort call is mounted, a second record is appended after the first in its group.
    expect(mounted('PUT', `${base}/sort`), `${name}: PUT /sort when sortable`).toBe(!!def.sortable);
    if (def.sortable) {
      const second = await call('POST', base, another(def, example, 'c'));
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const other = second.body.data.id as number;
      expect(second.body.data.sort).toBeGreaterThan(created.body.data.sort);
      expect((await call('PUT', `${base}/sort`, { ids: [other, id] })).status).toBe(200);
      const order = (await call('GET', `${base}?pageSize=100`)).body.data.list.map((r: { id: number }) => r.id).filter((x: number) => x === id || x === other);
      expect(order).toEqual([other, id]);
      expect((await logsOf(name)).filter((type) => type === 'sort')).toHaveLength(1);
      if (!def.noDelete) expect((await call('DELETE', `${base}/${other}`)).status).toBe(200);
    }

    // Delete, unless the declaration says why not: then the refusal (no route, the record kept, nothing logged).
    expect(mounted('DELETE', `${base}/:id`), `${name}: DELETE /{id} unless noDelete`).toBe(!def.noDelete);
    if (def.noDelete) {
      const refused = await call('DELETE', `${base}/${id}`);
      expect(refused.status).toBe(404);
      expect((await call('GET', `${base}/${id}`)).status).toBe(200);
      expect(await logsOf(name, id)).toEqual(expected);
    } else {
      const last = (await call('GET', `${base}/${id}`)).body.data;
      const removed = await call('DELETE', `${base}/${id}`);
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(await logsOf(name, id)).toEqual([...expected, 'delete']);
      const gone = await call('GET', `${base}/${id}`);
      expect(gone.status).toBe(404);
      expect(gone.body.status).toBe(404);
      expect((await call('DELETE', `${base}/${id}`)).status).toBe(404);
      // 撤销 (issue 23): the record comes back whole under its id, logged, unless the declaration says why not.
      expect(mounted('POST', `${base}/:id/restore`), `${name}: POST /{id}/restore unless noRestore`).toBe(!def.noRestore);
      if (!def.noRestore) {
        const back = await call('POST', `${base}/${id}/restore`);
        expect(back.status, JSON.stringify(back.body)).toBe(200);
        expect(back.body.data.id).toBe(id);
        for (const field of echoed) expect(back.body.data[field], field).toEqual(last[field]);
        expect(await logsOf(name, id)).toEqual([...expected, 'delete', 'restore']);
        expect((await call('POST', `${base}/${id}/restore`)).status).toBe(409);
        expect((await call('DELETE', `${base}/${id}`)).status).toBe(200);
      }
    }
  });

  it.each(own.map((e) => [e.name, e] as const))('%s: its own contract; the generic create of an empty record is refused', async (name, { table }) => {
    const [rowsBefore, logsBefore] = [await rowsOf(table), await allLogs()];
    const res = await call('POST', `/api/${name}`, {});
    expect([400, 404], JSON.stringify(res.body)).toContain(res.status);
    expect([await rowsOf(table), await allLogs()]).toEqual([rowsBefore, logsBefore]);
  });
});
