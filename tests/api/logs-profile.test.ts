import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { loginLogs, operationLogs } from '@/server/db/schema';
import { LOG_COUNT_CAP } from '@/server/routes/logs';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

describe.each(DB_KINDS)('logs and my profile on %s', (kind) => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    await t.call('POST', '/api/login', { body: { username: 'admin', password: 'wrong' }, headers: { 'x-test-peer': '10.5.5.5' } });
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  describe('login log', () => {
    it('lists newest first with filters on user, result, ip and time', async () => {
      const all = await t.call('GET', '/api/log/login', { cookie: admin });
      expect(all.body.data.list[0]).toMatchObject({ username: 'admin', success: true });
      const failed = await t.call('GET', '/api/log/login?success=false&username=admin', { cookie: admin });
      expect(failed.body.data.list).toHaveLength(1);
      expect(failed.body.data.list[0]).toMatchObject({ ip: '10.5.5.5', reason: 'bad_password' });
      expect((await t.call('GET', '/api/log/login?ip=10.5.5.5', { cookie: admin })).body.data.total).toBe(1);
      const future = new Date(Date.now() + 3600_000).toISOString();
      expect((await t.call('GET', `/api/log/login?from=${encodeURIComponent(future)}`, { cookie: admin })).body.data.total).toBe(0);
      expect((await t.call('GET', `/api/log/login?to=${encodeURIComponent(future)}&success=`, { cookie: admin })).body.data.total).toBe(2);
    });

    it('用户名 and IP match part of the value from three characters; wildcards are plain text', async () => {
      await t.db.insert(loginLogs).values([
        { username: 'zhangwei', ip: '10.20.1.7', success: true },
        { username: 'zhangsan', ip: '10.20.9.1', success: false, reason: 'bad_password' },
        { username: 'li_si', ip: '172.16.0.3', success: true },
        { username: 'lixsi', ip: '172.16.0.4', success: true },
        { username: 'zh', ip: '192.168.0.1', success: true },
      ]);
      const names = async (q: string) =>
        ((await t.call('GET', `/api/log/login?${q}`, { cookie: admin })).body.data.list as Array<{ username: string }>).map((r) => r.username).sort();
      expect(await names('username=ZHANG')).toEqual(['zhangsan', 'zhangwei']);
      expect(await names('username=angw')).toEqual(['zhangwei']);
      // `_` is an underscore, not "any character".
      expect(await names('username=li_')).toEqual(['li_si']);
      // Two characters match the whole name only (no index can serve a shorter part).
      expect(await names('username=zh')).toEqual(['zh']);
      expect(await names('ip=10.20.')).toEqual(['zhangsan', 'zhangwei']);
      expect(await names('ip=172.16.0.3')).toEqual(['li_si']);
      await t.db.insert(operationLogs).values([
        { username: 'zhangwei', type: 'create', resource: 'departments', summary: '新增部门「甲」' },
        { username: 'wangwu', type: 'create', resource: 'departments', summary: '新增部门「乙」' },
      ]);
      const ops = await t.call('GET', '/api/log/operation?username=angwe', { cookie: admin });
      expect((ops.body.data.list as Array<{ summary: string }>).map((r) => r.summary)).toEqual(['新增部门「甲」']);
    });

    it('400 for a bad filter', async () => {
      const res = await t.call('GET', '/api/log/login?success=maybe&from=yesterday', { cookie: admin });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['success', 'from']);
    });

    it('caps the total on a huge table instead of counting every row', async () => {
      await t.db
        .insert(loginLogs)
        .values(Array.from({ length: LOG_COUNT_CAP + 5 }, () => ({ username: 'bulk', ip: '10.6.6.6', success: false, reason: 'bad_password' })));
      const res = await t.call('GET', '/api/log/login?username=bulk&pageSize=5&page=3', { cookie: admin });
      expect(res.body.data).toMatchObject({ total: LOG_COUNT_CAP, totalCapped: true, page: 3, pageSize: 5 });
      expect(res.body.data.list).toHaveLength(5);
      const small = await t.call('GET', '/api/log/login?username=admin', { cookie: admin });
      expect(small.body.data.totalCapped).toBe(false);
      // Past the counted range the API refuses instead of making the database skip the rows.
      const deep = await t.call('GET', `/api/log/login?pageSize=100&page=${LOG_COUNT_CAP / 100 + 1}`, { cookie: admin });
      expect(deep.status).toBe(400);
      expect(deep.body.errors.page).toBeTruthy();
      expect((await t.call('GET', `/api/log/login?pageSize=100&page=${LOG_COUNT_CAP / 100}`, { cookie: admin })).status).toBe(200);
    });
  });

  describe('operation log', () => {
    it('offers the types and resources, lists without the images, details with them', async () => {
      const created = await t.call('POST', '/api/departments', { cookie: admin, body: { name: '技术部' } });
      await t.call('PUT', `/api/departments/${created.body.data.id}`, { cookie: admin, body: { name: '技术中心' } });
      const types = await t.call('GET', '/api/log/operation_type', { cookie: admin });
      expect(types.body.data.types).toContainEqual({ value: 'update', label: '修改' });
      expect(types.body.data.resources).toContainEqual({ value: 'departments', label: '部门' });

      const list = await t.call('GET', '/api/log/operation?type=update&resource=departments', { cookie: admin });
      expect(list.body.data.total).toBe(1);
      expect(list.body.data.list[0]).not.toHaveProperty('before');
      expect(list.body.data.list[0].summary).toBe('修改部门「技术中心」');
      const detail = await t.call('GET', `/api/log/operation/${list.body.data.list[0].id}`, { cookie: admin });
      expect(detail.body.data.before).toMatchObject({ name: '技术部' });
      expect(detail.body.data.after).toMatchObject({ name: '技术中心' });
      expect((await t.call('GET', '/api/log/operation/999999', { cookie: admin })).status).toBe(404);
      expect((await t.call('GET', '/api/log/operation/4294967296', { cookie: admin })).status).toBe(404);
    });

    it('the log screens need their routes', async () => {
      const { cookie } = await createStaff(t, admin, { username: 'viewer', routes: ['/log'] });
      expect((await t.call('GET', '/api/log/login', { cookie })).status).toBe(200);
      expect((await t.call('GET', '/api/log/operation', { cookie })).status).toBe(403);
    });
  });

  describe('my profile', () => {
    it('reads and edits my own profile, logged with before and after', async () => {
      const { cookie } = await createStaff(t, admin, { username: 'zhangwei', routes: [] });
      const res = await t.call('PUT', '/api/profile', {
        cookie,
        body: { name: '张伟', phone: '138 0000 0000', email: 'zw@example.com', avatar: '/uploads/a.png' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ username: 'zhangwei', name: '张伟', email: 'zw@example.com' });
      const info = await t.call('GET', '/api/login_info', { cookie });
      expect(info.body.data.name).toBe('张伟');
      const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.type, 'update_profile'));
      expect(log.before).toMatchObject({ name: '员工zhangwei' });
      expect(log.after).toMatchObject({ name: '张伟' });
    });

    it('400 with field errors for bad profile input; javascript: avatars are refused', async () => {
      const { cookie } = await createStaff(t, admin, { username: 'badinput', routes: [] });
      const res = await t.call('PUT', '/api/profile', { cookie, body: { name: '', phone: 'abc', email: 'x@', avatar: 'javascript:alert(1)' } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(['avatar', 'email', 'name', 'phone']);
    });

    it('changes the password with the current one; every other session ends', async () => {
      const staff = await createStaff(t, admin, { username: 'mover', routes: [], password: 'Mover#2026' });
      const other = await t.login('mover', 'Mover#2026');
      const wrong = await t.call('PUT', '/api/profile/password', { cookie: staff.cookie, body: { currentPassword: 'nope', password: 'Moved#2027' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual({ currentPassword: '当前密码不正确（还可尝试 4 次）' });
      const before = (await t.db.select({ n: count() }).from(operationLogs).where(eq(operationLogs.type, 'change_password')))[0].n;
      expect(before).toBe(0);
      const ok = await t.call('PUT', '/api/profile/password', { cookie: staff.cookie, body: { currentPassword: 'Mover#2026', password: 'Moved#2027' } });
      expect(ok.status).toBe(200);
      expect((await t.call('GET', '/api/login_info', { cookie: staff.cookie })).status).toBe(200);
      expect((await t.call('GET', '/api/login_info', { cookie: other })).status).toBe(401);
      await t.login('mover', 'Moved#2027');
    });
  });
});
