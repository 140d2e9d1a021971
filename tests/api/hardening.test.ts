import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { operationLogs, roles, users } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Issue 10: holes an outside security test found in the API core. Each case failed before its fix.
 */
describe.each(DB_KINDS)('API core hardening on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const logCount = async () => (await t.db.select({ n: count() }).from(operationLogs))[0].n;
  const dept = async (name: string, parentId: number | null = null) =>
    (await t.call('POST', '/api/departments', { cookie: admin, body: { name, parentId } })).body.data.id as number;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  describe('data scope', () => {
    it('本部门 covers the department and its sub-teams, nothing beside them', async () => {
      const editorial = await dept('编辑部');
      const news = await dept('新闻组', editorial);
      const video = await dept('视频部');
      const lead = await createStaff(t, admin, { username: 'ed_lead', routes: ['/department'], level: 2, departmentId: editorial });
      const reporter = await createStaff(t, admin, { username: 'news_rep', routes: [], level: 3, departmentId: news });
      const cutter = await createStaff(t, admin, { username: 'video_cut', routes: [], level: 3, departmentId: video });

      const seen = (await t.call('GET', '/api/users?pageSize=100', { cookie: lead.cookie })).body.data.list.map((u: { username: string }) => u.username);
      expect(seen).toEqual(expect.arrayContaining(['ed_lead', 'news_rep']));
      expect(seen).not.toContain('video_cut');
      expect((await t.call('GET', `/api/users/${cutter.userId}`, { cookie: lead.cookie })).status).toBe(404);

      // Moves within the subtree are fine; out of it they are refused and change nothing.
      expect((await t.call('PUT', `/api/users/${reporter.userId}`, { cookie: lead.cookie, body: { departmentId: editorial } })).status).toBe(200);
      expect((await t.call('PUT', `/api/users/${reporter.userId}`, { cookie: lead.cookie, body: { departmentId: news } })).status).toBe(200);
      const out = await t.call('PUT', `/api/users/${reporter.userId}`, { cookie: lead.cookie, body: { departmentId: video } });
      expect(out.status).toBe(400);
      expect(out.body.errors.departmentId).toBe('只能把员工分到自己的部门或其下属部门');
      expect((await t.db.select({ d: users.departmentId }).from(users).where(eq(users.id, reporter.userId)))[0].d).toBe(news);

      // A sub-team's manager does not see upwards.
      const newsLead = await createStaff(t, admin, { username: 'news_lead', routes: ['/department'], level: 2, departmentId: news });
      const seenBelow = (await t.call('GET', '/api/users?pageSize=100', { cookie: newsLead.cookie })).body.data.list.map((u: { username: string }) => u.username);
      expect(seenBelow).not.toContain('ed_lead');
      expect(seenBelow).toContain('news_rep');
    });

    it('roles are changed only with the 全部数据 scope: a department manager cannot rewrite another department’s role', async () => {
      const video = await dept('视频二部');
      const outsider = await createStaff(t, admin, { username: 'vid_staff', routes: ['/article/list'], level: 3, departmentId: video });
      const manager = await createStaff(t, admin, { username: 'role_mgr', routes: ['/role', '/article/list', '/department'], level: 2, departmentId: await dept('新闻二部') });
      const before = await logCount();
      for (const [method, path, body] of [
        ['PUT', `/api/roles/${outsider.roleId}`, { routes: [] }],
        ['PUT', `/api/roles/${outsider.roleId}`, { routes: ['/article/list', '/department'] }],
        ['DELETE', `/api/roles/${outsider.roleId}`, undefined],
        ['POST', '/api/roles', { name: '新角色', routes: [], level: 3 }],
      ] as const) {
        const res = await t.call(method, path, { cookie: manager.cookie, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.message).toBe('修改角色需要「全部数据」的数据范围');
      }
      expect(await logCount()).toBe(before);
      const [role] = await t.db.select({ routes: roles.routes }).from(roles).where(eq(roles.id, outsider.roleId));
      expect(role.routes).toEqual(['/article/list']);
    });

    it('the log screens are granted only with 全部数据; a narrower role that holds them anyway gets 403', async () => {
      const refused = await t.call('POST', '/api/roles', { cookie: admin, body: { name: '部门审计', routes: ['/log', '/log/operate'], level: 2 } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.routes).toBe('登录日志、操作日志只能授予数据范围为「全部数据」的角色');
      const auditor = await createStaff(t, admin, { username: 'auditor', routes: ['/log', '/log/operate'], level: 1 });
      const narrowed = await t.call('PUT', `/api/roles/${auditor.roleId}`, { cookie: admin, body: { level: 3 } });
      expect(narrowed.status).toBe(400);
      expect((await t.call('GET', '/api/log/operation', { cookie: auditor.cookie })).status).toBe(200);

      // A role saved before the rule (written straight into the database) grants nothing there.
      await t.db.update(roles).set({ level: 3 }).where(eq(roles.id, auditor.roleId));
      for (const path of ['/api/log/login', '/api/log/operation', '/api/log/operation/1', '/api/log/operation_type']) {
        expect((await t.call('GET', path, { cookie: auditor.cookie })).status, path).toBe(403);
      }
      const info = await t.call('GET', '/api/login_info', { cookie: auditor.cookie });
      expect(Object.keys(info.body.auth)).toEqual(['/']);
    });
  });
});
