import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { operationLogs, sessions, users } from '@/server/db/schema';
import { ADMIN, createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

describe.each(DB_KINDS)('users and roles API on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let adminId: number;
  let deptA: number;
  let deptB: number;
  const logCount = async () => (await t.db.select({ n: count() }).from(operationLogs))[0].n;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    adminId = (await t.call('GET', '/api/login_info', { cookie: admin })).body.data.id;
    deptA = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '新闻组' } })).body.data.id;
    deptB = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '视频组' } })).body.data.id;
  });
  afterAll(async () => t?.close());

  describe('roles', () => {
    it('creates a role; 409 for a duplicate name; 400 for an unknown route or level', async () => {
      const res = await t.call('POST', '/api/roles', { cookie: admin, body: { name: '编辑', routes: ['/article/list', '/article/list'], level: 2 } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: '编辑', routes: ['/article/list'], level: 2, userCount: 0 });
      const dup = await t.call('POST', '/api/roles', { cookie: admin, body: { name: '编辑' } });
      expect(dup.status).toBe(409);
      expect(dup.body.errors).toEqual({ name: '角色名称已存在' });
      const bad = await t.call('POST', '/api/roles', { cookie: admin, body: { name: '坏', routes: ['/nope', '/user/my'], level: 9 } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['routes.0', 'routes.1', 'level']));
    });

    it('lists roles (with member counts) to any signed-in user; writes need /role', async () => {
      const { cookie } = await createStaff(t, admin, { username: 'picker', routes: ['/article/list'] });
      const list = await t.call('GET', '/api/roles?keyword=编辑', { cookie });
      expect(list.status).toBe(200);
      expect(list.body.data.list.map((r: { name: string }) => r.name)).toContain('编辑');
      expect((await t.call('POST', '/api/roles', { cookie, body: { name: '越权' } })).status).toBe(403);
    });

    it('a role holder with /role cannot grant more than they hold', async () => {
      const { cookie } = await createStaff(t, admin, { username: 'roleadmin', routes: ['/role', '/article/list'], level: 1 });
      const wider = await t.call('POST', '/api/roles', { cookie, body: { name: '越权角色', routes: ['/department'], level: 2 } });
      expect(wider.status).toBe(403);
      expect(wider.body.message).toContain('部门与员工');
      const fine = await t.call('POST', '/api/roles', { cookie, body: { name: '小编', routes: ['/article/list'], level: 3 } });
      expect(fine.status).toBe(200);
      // With a narrower scope, roles are not changed at all (they reach every department).
      const scoped = await createStaff(t, admin, { username: 'roleadmin2', routes: ['/role', '/article/list'], level: 2 });
      const refused = await t.call('POST', '/api/roles', { cookie: scoped.cookie, body: { name: '小编2', routes: ['/article/list'], level: 3 } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('修改角色需要「全部数据」的数据范围');
    });

    it('a role change applies from the holder’s next request', async () => {
      const staff = await createStaff(t, admin, { username: 'grower', routes: ['/article/list'] });
      expect((await t.call('GET', '/api/users', { cookie: staff.cookie })).status).toBe(403);
      await t.call('PUT', `/api/roles/${staff.roleId}`, { cookie: admin, body: { routes: ['/article/list', '/department'] } });
      expect((await t.call('GET', '/api/users', { cookie: staff.cookie })).status).toBe(200);
      const info = await t.call('GET', '/api/login_info', { cookie: staff.cookie });
      expect(Object.keys(info.body.auth)).toEqual(['/', '/article/list', '/department']);
    });

    it('refuses to delete a role still held by users (409)', async () => {
      const staff = await createStaff(t, admin, { username: 'holder', routes: [] });
      const shown = await t.call('GET', `/api/roles/${staff.roleId}`, { cookie: admin });
      expect(shown.body.data.userCount).toBe(1);
      const listed = await t.call('GET', '/api/roles?pageSize=100', { cookie: admin });
      expect(listed.body.data.list.find((r: { id: number }) => r.id === staff.roleId).userCount).toBe(1);
      const res = await t.call('DELETE', `/api/roles/${staff.roleId}`, { cookie: admin });
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('1 名员工');
    });
  });

  describe('users', () => {
    it('creates a user with an initial password; never returns or logs the hash', async () => {
      const res = await t.call('POST', '/api/users', {
        cookie: admin,
        body: { username: 'lina', name: '李娜', password: 'Lina#2026', departmentId: deptA, email: 'lina@example.com' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ username: 'lina', name: '李娜', departmentId: deptA, departmentName: '新闻组', enabled: true, isSuper: false });
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
      const [log] = await t.db
        .select()
        .from(operationLogs)
        .where(eq(operationLogs.resourceId, String(res.body.data.id)));
      expect(JSON.stringify(log.after)).not.toMatch(/password/i);
      await t.login('lina', 'Lina#2026');
    });

    it('400 with field errors; 409 for a duplicate username; nothing logged', async () => {
      const before = await logCount();
      const bad = await t.call('POST', '/api/users', {
        cookie: admin,
        body: { username: 'a b', name: '', password: 'short', email: 'not-mail', departmentId: 99999 },
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['username', 'name', 'password', 'email']));
      const missingDept = await t.call('POST', '/api/users', {
        cookie: admin,
        body: { username: 'ghost', name: '幽灵', password: 'Ghost#2026', departmentId: 99999 },
      });
      expect(missingDept.status).toBe(400);
      expect(missingDept.body.errors).toEqual({ departmentId: '部门不存在' });
      const dup = await t.call('POST', '/api/users', { cookie: admin, body: { username: 'LINA'.toLowerCase(), name: '重复', password: 'Dup#20260' } });
      expect(dup.status).toBe(409);
      expect(dup.body.errors).toEqual({ username: '用户名已存在' });
      expect(await logCount()).toBe(before);
    });

    it('lists with filters and keyword; page size is capped', async () => {
      const res = await t.call('GET', `/api/users?departmentId=${deptA}&keyword=李&page=1&pageSize=10&_t=123`, { cookie: admin });
      expect(res.body.data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
      expect(res.body.data.list[0]).toMatchObject({ username: 'lina', roleName: null });
      expect(Object.keys(res.body.data.list[0])).not.toContain('passwordHash');
      const disabled = await t.call('GET', '/api/users?enabled=false', { cookie: admin });
      expect(disabled.body.data.total).toBe(0);
      expect((await t.call('GET', '/api/users?pageSize=1000', { cookie: admin })).status).toBe(400);
    });

    it('keyword finds part of a username, name or phone; % and _ are literal; trigram indexes serve it', async () => {
      const zhao = { username: 'zhao_reporter', name: '赵记者', phone: '13912345678', password: 'Zhao#2026' };
      expect((await t.call('POST', '/api/users', { cookie: admin, body: zhao })).body.status).toBe(0);
      const names = async (keyword: string) =>
        (await t.call('GET', `/api/users?keyword=${encodeURIComponent(keyword)}`, { cookie: admin })).body.data.list.map(
          (u: { username: string }) => u.username,
        );
      expect(await names('记者')).toEqual(['zhao_reporter']);
      expect(await names('2345')).toEqual(['zhao_reporter']);
      expect(await names('o_r')).toEqual(['zhao_reporter']);
      expect(await names('_')).toEqual(['zhao_reporter']);
      expect(await names('%')).toEqual([]);
      // The route's condition shape (varchar column, ILIKE) must be able to use the GIN trigram
      // indexes, on PGlite (extension loaded at open) as on PostgreSQL.
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const res = await tx.execute(
          sql`EXPLAIN SELECT id FROM users WHERE ${or(ilike(users.username, '%记者%'), ilike(users.name, '%记者%'), ilike(users.phone, '%记者%'))}`,
        );
        return (res.rows as Array<Record<string, string>>).map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('users_name_trgm_idx');
      expect(plan).toContain('users_phone_trgm_idx');
    });

    it('partial update keeps the other fields; disabling ends the user’s sessions', async () => {
      const [lina] = await t.db.select().from(users).where(eq(users.username, 'lina'));
      const cookie = await t.login('lina', 'Lina#2026');
      const res = await t.call('PUT', `/api/users/${lina.id}`, { cookie: admin, body: { departmentId: deptB } });
      expect(res.body.data).toMatchObject({ departmentId: deptB, email: 'lina@example.com', name: '李娜' });
      await t.call('PUT', `/api/users/${lina.id}`, { cookie: admin, body: { enabled: false } });
      expect((await t.call('GET', '/api/login_info', { cookie })).status).toBe(401);
      // Ended, not live: kept only to tell her why (tests/api/session-end.test.ts).
      expect(
        await t.db
          .select()
          .from(sessions)
          .where(and(eq(sessions.userId, lina.id), isNull(sessions.endedAt))),
      ).toHaveLength(0);
      await t.call('PUT', `/api/users/${lina.id}`, { cookie: admin, body: { enabled: true } });
      const types = await t.db
        .select({ type: operationLogs.type, summary: operationLogs.summary })
        .from(operationLogs)
        .where(eq(operationLogs.resourceId, String(lina.id)));
      expect(types.slice(-3)).toEqual([
        { type: 'update', summary: '修改员工「李娜（lina）」' },
        { type: 'disable', summary: '停用员工「李娜（lina）」' },
        { type: 'enable', summary: '启用员工「李娜（lina）」' },
      ]);
    });

    it('resets a password: the old one stops working and sessions end', async () => {
      const [lina] = await t.db.select().from(users).where(eq(users.username, 'lina'));
      const cookie = await t.login('lina', 'Lina#2026');
      const weak = await t.call('PUT', `/api/users/${lina.id}/password`, { cookie: admin, body: { password: '123' } });
      expect(weak.status).toBe(400);
      expect(weak.body.errors.password).toBeTruthy();
      const res = await t.call('PUT', `/api/users/${lina.id}/password`, { cookie: admin, body: { password: 'NewLina#2026' } });
      expect(res.status).toBe(200);
      expect((await t.call('GET', '/api/login_info', { cookie })).status).toBe(401);
      expect((await t.call('POST', '/api/login', { body: { username: 'lina', password: 'Lina#2026' } })).status).toBe(401);
      await t.login('lina', 'NewLina#2026');
      const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.type, 'reset_password'));
      expect(log.summary).toContain('李娜');
    });

    it('no one deletes or disables themselves, and the last super-administrator stays', async () => {
      const before = await logCount();
      const selfDelete = await t.call('DELETE', `/api/users/${adminId}`, { cookie: admin });
      expect(selfDelete.status).toBe(409);
      expect(selfDelete.body.message).toBe('不能删除自己的账号');
      const selfDisable = await t.call('PUT', `/api/users/${adminId}`, { cookie: admin, body: { enabled: false } });
      expect(selfDisable.status).toBe(409);
      expect(selfDisable.body.message).toBe('不能停用自己的账号');
      const demote = await t.call('PUT', `/api/users/${adminId}`, { cookie: admin, body: { isSuper: false } });
      expect(demote.status).toBe(409);
      expect(demote.body.message).toContain('最后一名超级管理员');
      expect(await logCount()).toBe(before);
      const [me] = await t.db.select().from(users).where(eq(users.id, adminId));
      expect(me).toMatchObject({ enabled: true, isSuper: true });
    });

    it('a second super-administrator can remove the first, but not the last', async () => {
      const second = await t.call('POST', '/api/users', {
        cookie: admin,
        body: { username: 'root2', name: '副管理员', password: 'Root2#2026', isSuper: true },
      });
      const cookie2 = await t.login('root2', 'Root2#2026');
      expect((await t.call('PUT', `/api/users/${adminId}`, { cookie: cookie2, body: { enabled: false } })).status).toBe(200);
      // Now root2 is the only enabled super-administrator: nobody may remove them.
      const res = await t.call('DELETE', `/api/users/${second.body.data.id}`, { cookie: cookie2 });
      expect(res.status).toBe(409);
      await t.db.update(users).set({ enabled: true }).where(eq(users.id, adminId));
      admin = await t.login(ADMIN.username, ADMIN.password);
    });

    it('only super-administrators touch super-administrators or create them', async () => {
      const { cookie } = await createStaff(t, admin, { username: 'hrstaff', routes: ['/department'] });
      expect((await t.call('POST', '/api/users', { cookie, body: { username: 'boss', name: '老板', password: 'Boss#2026', isSuper: true } })).status).toBe(403);
      expect((await t.call('PUT', `/api/users/${adminId}`, { cookie, body: { name: '被改名' } })).status).toBe(403);
      expect((await t.call('PUT', `/api/users/${adminId}/password`, { cookie, body: { password: 'Hijack#2026' } })).status).toBe(403);
    });

    it('data scope: level 2 sees and manages only its own department; level 3 only itself', async () => {
      const dept = await createStaff(t, admin, { username: 'deptlead', routes: ['/department'], level: 2, departmentId: deptA });
      const list = await t.call('GET', '/api/users?pageSize=100', { cookie: dept.cookie });
      expect(list.body.data.list.every((u: { departmentId: number }) => u.departmentId === deptA)).toBe(true);
      const [lina] = await t.db.select().from(users).where(eq(users.username, 'lina')); // in deptB now
      expect((await t.call('GET', `/api/users/${lina.id}`, { cookie: dept.cookie })).status).toBe(404);
      expect((await t.call('PUT', `/api/users/${lina.id}`, { cookie: dept.cookie, body: { name: 'x' } })).status).toBe(404);
      const outside = await t.call('POST', '/api/users', { cookie: dept.cookie, body: { username: 'stray', name: '无部门', password: 'Stray#2026' } });
      expect(outside.status).toBe(400);
      expect(outside.body.errors).toEqual({ departmentId: '只能把员工分到自己的部门或其下属部门' });
      const inside = await t.call('POST', '/api/users', {
        cookie: dept.cookie,
        body: { username: 'newbie', name: '新人', password: 'Newbie#2026', departmentId: deptA },
      });
      expect(inside.status).toBe(200);
      const self = await createStaff(t, admin, { username: 'solo', routes: ['/department'], level: 3, departmentId: deptA });
      const own = await t.call('GET', '/api/users?pageSize=100', { cookie: self.cookie });
      expect(own.body.data.list.map((u: { username: string }) => u.username)).toEqual(['solo']);
    });

    it('deletes a user and logs the before-image; 404 afterwards', async () => {
      const created = await t.call('POST', '/api/users', { cookie: admin, body: { username: 'temp', name: '临时', password: 'Temp#2026' } });
      const res = await t.call('DELETE', `/api/users/${created.body.data.id}`, { cookie: admin });
      expect(res.status).toBe(200);
      expect((await t.call('GET', `/api/users/${created.body.data.id}`, { cookie: admin })).status).toBe(404);
      const logs = await t.db
        .select()
        .from(operationLogs)
        .where(eq(operationLogs.resourceId, String(created.body.data.id)));
      expect(logs.map((l) => l.type)).toEqual(['create', 'delete']);
    });
  });
});
