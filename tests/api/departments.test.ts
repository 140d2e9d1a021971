import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { departments, operationLogs } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

describe.each(DB_KINDS)('departments API on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const logCount = async () => (await t.db.select({ n: count() }).from(operationLogs))[0].n;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  it('creates departments in order under a parent and logs each with its after-image', async () => {
    const root = await t.call('POST', '/api/departments', { cookie: admin, body: { name: '编辑部' } });
    expect(root.status).toBe(200);
    expect(root.body.data).toMatchObject({ name: '编辑部', parentId: null, sort: 0 });
    const a = await t.call('POST', '/api/departments', { cookie: admin, body: { name: '新闻组', parentId: root.body.data.id } });
    const b = await t.call('POST', '/api/departments', { cookie: admin, body: { name: '评测组', parentId: root.body.data.id } });
    expect([a.body.data.sort, b.body.data.sort]).toEqual([0, 1]);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.resourceId, String(b.body.data.id)));
    expect(log).toMatchObject({ type: 'create', resource: 'departments', username: 'admin', before: null });
    expect(log.after).toMatchObject({ name: '评测组' });
  });

  it('lists the tree with member counts to any signed-in user', async () => {
    const { cookie } = await createStaff(t, admin, { username: 'reader', routes: [] });
    const res = await t.call('GET', '/api/departments/tree', { cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(['编辑部', '新闻组', '评测组']));
    expect(res.body.data[0]).toHaveProperty('userCount', 0);
  });

  it('400 with field errors for bad input, and nothing changes', async () => {
    const before = await logCount();
    const res = await t.call('POST', '/api/departments', { cookie: admin, body: { name: '   ', parentId: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ name: '请输入部门名称' });
    expect(res.body.errors.parentId).toBeTruthy();
    const missingParent = await t.call('POST', '/api/departments', { cookie: admin, body: { name: '孤儿', parentId: 99999 } });
    expect(missingParent.status).toBe(400);
    expect(missingParent.body.errors).toEqual({ parentId: '上级部门不存在' });
    expect(await logCount()).toBe(before);
  });

  it('refuses to move a department under itself or its child', async () => {
    const [root] = await t.db.select().from(departments).where(eq(departments.name, '编辑部'));
    const [child] = await t.db.select().from(departments).where(eq(departments.name, '新闻组'));
    const res = await t.call('PUT', `/api/departments/${root.id}`, { cookie: admin, body: { parentId: child.id } });
    expect(res.status).toBe(400);
    expect(res.body.errors.parentId).toBe('不能选择自己或下级部门');
  });

  it('updates with before and after in the log; 404 for a missing one', async () => {
    const [dept] = await t.db.select().from(departments).where(eq(departments.name, '评测组'));
    const res = await t.call('PUT', `/api/departments/${dept.id}`, { cookie: admin, body: { name: '车型评测组' } });
    expect(res.body.data).toMatchObject({ id: dept.id, name: '车型评测组', parentId: dept.parentId });
    const logs = await t.db.select().from(operationLogs).where(eq(operationLogs.type, 'update'));
    expect(logs.at(-1)).toMatchObject({ before: expect.objectContaining({ name: '评测组' }), after: expect.objectContaining({ name: '车型评测组' }) });
    expect((await t.call('PUT', '/api/departments/99999', { cookie: admin, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('GET', '/api/departments/abc', { cookie: admin })).status).toBe(404);
  });

  it('sorts among siblings only', async () => {
    const kids = await t.db.select().from(departments).where(eq(departments.name, '新闻组'));
    const all = await t.db.select().from(departments);
    const siblings = all.filter((d) => d.parentId === kids[0].parentId).map((d) => d.id);
    const reversed = [...siblings].reverse();
    const res = await t.call('PUT', '/api/departments/sort', { cookie: admin, body: { ids: reversed } });
    expect(res.status).toBe(200);
    const after = await t.db.select({ id: departments.id, sort: departments.sort }).from(departments);
    expect(reversed.map((id) => after.find((d) => d.id === id)!.sort)).toEqual([0, 1]);
    const root = all.find((d) => d.parentId === null)!;
    const mixed = await t.call('PUT', '/api/departments/sort', { cookie: admin, body: { ids: [root.id, siblings[0]] } });
    expect(mixed.status).toBe(400);
    expect((await t.call('PUT', '/api/departments/sort', { cookie: admin, body: { ids: [] } })).status).toBe(400);
  });

  it('refuses to delete a department with members or children (409), changing nothing', async () => {
    const [root] = await t.db.select().from(departments).where(eq(departments.name, '编辑部'));
    const [news] = await t.db.select().from(departments).where(eq(departments.name, '新闻组'));
    await createStaff(t, admin, { username: 'member', routes: [], departmentId: news.id });
    const before = await logCount();
    const withChildren = await t.call('DELETE', `/api/departments/${root.id}`, { cookie: admin });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.message).toContain('下级部门');
    const withMembers = await t.call('DELETE', `/api/departments/${news.id}`, { cookie: admin });
    expect(withMembers.status).toBe(409);
    expect(withMembers.body.message).toContain('1 名员工');
    expect(await logCount()).toBe(before);
    expect(await t.db.select().from(departments).where(eq(departments.id, news.id))).toHaveLength(1);
  });

  it('deletes an empty department and logs its before-image', async () => {
    const created = await t.call('POST', '/api/departments', { cookie: admin, body: { name: '临时组' } });
    const res = await t.call('DELETE', `/api/departments/${created.body.data.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(departments).where(eq(departments.id, created.body.data.id))).toHaveLength(0);
    const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.type, 'delete'));
    expect(log.before).toMatchObject({ name: '临时组' });
    expect((await t.call('DELETE', `/api/departments/${created.body.data.id}`, { cookie: admin })).status).toBe(404);
  });

  it('403 for writes without /department', async () => {
    const { cookie } = await createStaff(t, admin, { username: 'outsider', routes: ['/article/list'] });
    const res = await t.call('POST', '/api/departments', { cookie, body: { name: '越权' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('没有权限执行此操作');
  });
});
