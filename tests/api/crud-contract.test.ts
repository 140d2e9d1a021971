import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '@/lib/resources/define';
import { operationLogs } from '@/server/db/schema';
import { API } from '@/server/resources';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * One CRUD contract over every plain resource (refine's `all.cy.ts`): each registry entry whose
 * declaration carries an `example` goes list → create → get → update (and 启用/停用 when it has a
 * switch) → sort (when sortable) → delete → 404 (when it deletes), with the operation-log rows each
 * write leaves, and an invalid create that answers 400 with field errors and changes nothing. A new
 * resource with an `example` is covered here without a line of test.
 */
const plain = API.filter(
  (e): e is (typeof API)[number] & { resource: ResourceDef & { example: Record<string, unknown> }; table: PgTable } => !!e.resource?.example && !!e.table,
);

/** The field that names a record (the declaration's `titleField`, else `name`, else `title`). */
const titleOf = (def: ResourceDef) => def.titleField ?? ('name' in def.example! ? 'name' : 'title');

/** A second record: the example with its title and unique text fields changed. */
function another(def: ResourceDef, suffix: string): Record<string, unknown> {
  const out = { ...def.example! };
  for (const field of new Set([titleOf(def), ...(def.unique ?? []).map((u) => u.field)])) {
    if (typeof out[field] === 'string') out[field] = `${out[field]}${suffix}`;
  }
  return out;
}

describe.each(DB_KINDS)('the CRUD contract of every plain resource on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const call = (method: string, path: string, body?: unknown) => t.call(method, path, { cookie: admin, body });
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

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  it('covers the plain resources', () => {
    expect(plain.map((e) => e.name)).toEqual(expect.arrayContaining(['friend_links', 'brands', 'category_types', 'tags_types', 'roles', 'departments']));
  });

  it.each(plain.map((e) => [e.name, e] as const))('%s', async (name, { resource: def, table }) => {
    const base = `/api/${name}`;
    const title = titleOf(def);

    const listed = await call('GET', base);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ status: 0, data: { list: expect.any(Array), total: expect.any(Number), page: 1 } });

    // Invalid: every field missing. 400 with field errors, nothing written, nothing logged.
    const [rowsBefore, logsBefore] = [await rowsOf(table), await allLogs()];
    const invalid = await call('POST', base, {});
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors ?? {})).toContain(title);
    expect([await rowsOf(table), await allLogs()]).toEqual([rowsBefore, logsBefore]);

    const created = await call('POST', base, def.example);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    for (const [field, value] of Object.entries(def.example!)) expect(created.body.data[field], field).toEqual(value);
    expect(await rowsOf(table)).toBe(rowsBefore + 1);

    const got = await call('GET', `${base}/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id, [title]: def.example![title] });
    const page = await call('GET', `${base}?pageSize=100`);
    expect(page.body.data.list.map((r: { id: number }) => r.id)).toContain(id);

    // A duplicate of a unique field: 409 naming the field, nothing written.
    for (const u of def.unique ?? []) {
      const twin = await call('POST', base, { ...another(def, 'b'), [u.field]: def.example![u.field] });
      expect(twin.status, `${u.field} twin`).toBe(409);
      expect(twin.body.errors?.[u.field]).toBe(u.message);
    }

    const renamed = `${def.example![title]}改`;
    const updated = await call('PUT', `${base}/${id}`, { [title]: renamed });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data[title]).toBe(renamed);
    const badUpdate = await call('PUT', `${base}/${id}`, { [title]: '' });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.errors).toHaveProperty(title);
    expect((await call('GET', `${base}/${id}`)).body.data[title]).toBe(renamed);
    const expected = ['create', 'update'];

    if ('enabled' in def.example!) {
      const off = await call('PUT', `${base}/${id}`, { enabled: false });
      expect(off.body.data.enabled).toBe(false);
      expected.push('disable');
    }
    expect(await logsOf(name, id)).toEqual(expected);

    if (def.sortable && mounted('PUT', `${base}/sort`)) {
      const second = await call('POST', base, another(def, 'c'));
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const other = second.body.data.id as number;
      // Appended: the new record comes after the first in its group.
      expect(second.body.data.sort).toBeGreaterThan(created.body.data.sort);
      expect((await call('PUT', `${base}/sort`, { ids: [other, id] })).status).toBe(200);
      const order = (await call('GET', `${base}?pageSize=100`)).body.data.list.map((r: { id: number }) => r.id).filter((x: number) => x === id || x === other);
      expect(order).toEqual([other, id]);
      expect((await logsOf(name)).filter((type) => type === 'sort')).toHaveLength(1);
      if (mounted('DELETE', `${base}/:id`)) expect((await call('DELETE', `${base}/${other}`)).status).toBe(200);
    }

    if (mounted('DELETE', `${base}/:id`)) {
      const removed = await call('DELETE', `${base}/${id}`);
      expect(removed.status).toBe(200);
      expect(await logsOf(name, id)).toEqual([...expected, 'delete']);
      const gone = await call('GET', `${base}/${id}`);
      expect(gone.status).toBe(404);
      expect(gone.body.status).toBe(404);
      expect((await call('DELETE', `${base}/${id}`)).status).toBe(404);
    } else {
      expect((await call('DELETE', `${base}/${id}`)).status).toBe(404);
    }
  });
});
