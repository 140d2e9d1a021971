import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessOf, type Access } from '@/server/auth/access';
import { PERMISSION_ROUTES } from '@/lib/routes';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Walks every API route for the three cases of DESIGN §3: anonymous → 401, signed in without the
 * route → 403, with it → works. A route added without an access rule fails here.
 */
describe.each(DB_KINDS)('every API route checks permission on %s', (kind) => {
  let t: TestContext;
  let nobody: string;
  let everybody: { username: string; password: string };
  const routes: Array<{ method: string; path: string; access: Access }> = [];

  beforeAll(async () => {
    t = await setupTestApp(kind);
    const admin = await t.login();
    nobody = (await createStaff(t, admin, { username: 'nobody', routes: [], level: 3 })).cookie;
    await createStaff(t, admin, { username: 'everybody', routes: PERMISSION_ROUTES.map((r) => r.path), level: 1 });
    everybody = { username: 'everybody', password: 'Staff#2026' };

    const byRoute = new Map<string, Access[]>();
    for (const r of t.app.routes) {
      if (r.method === 'ALL') continue;
      const key = `${r.method} ${r.path}`;
      const list = byRoute.get(key) ?? [];
      const rule = accessOf(r.handler);
      if (rule) list.push(rule);
      byRoute.set(key, list);
    }
    for (const [key, rules] of byRoute) {
      const [method, path] = key.split(' ');
      expect(rules, `${key} must register exactly one access rule`).toHaveLength(1);
      routes.push({ method, path, access: rules[0] });
    }
  });
  afterAll(async () => t?.close());

  const concrete = (path: string) => path.replace(/:\w+/g, '999999');
  // Writes carry an empty JSON object; the upload route takes files, so it gets no body at all.
  const send = (r: { method: string; path: string }, cookie?: string) =>
    t.call(r.method, concrete(r.path), { cookie, body: r.method === 'GET' || r.path.startsWith('/api/uploads/') ? undefined : {} });

  it('has the routes of the admin screens', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    for (const k of [
      'GET /api/users',
      'POST /api/roles',
      'PUT /api/departments/sort',
      'GET /api/log/login',
      'GET /api/log/operation_type',
      'PUT /api/profile/password',
    ]) {
      expect(keys).toContain(k);
    }
  });

  it('anonymous: 401 everywhere but login', async () => {
    for (const r of routes) {
      const res = await send(r);
      if (r.access.kind === 'public') expect(res.status, `${r.method} ${r.path}`).not.toBe(401);
      else expect(res.status, `${r.method} ${r.path}`).toBe(401);
    }
  });

  it('signed in without the route: 403 for route-guarded calls, served otherwise', async () => {
    for (const r of routes) {
      if (r.path === '/api/logout') continue; // would end the session used by the loop
      const res = await send(r, nobody);
      if (r.access.kind === 'route' || r.access.kind === 'anyRoute') expect(res.status, `${r.method} ${r.path}`).toBe(403);
      else expect([401, 403], `${r.method} ${r.path}`).not.toContain(res.status);
    }
  });

  it('signed in with the route: never 401 or 403', async () => {
    // One sign-in, renewed only after a call that ends the session (signing in per route made the
    // walk outgrow its time limit once the operations routes came).
    let cookie = await t.login(everybody.username, everybody.password);
    for (const r of routes) {
      const res = await send(r, cookie);
      if (r.path === '/api/logout') cookie = await t.login(everybody.username, everybody.password);
      expect([401, 403], `${r.method} ${r.path} → ${JSON.stringify(res.body)}`).not.toContain(res.status);
      expect(res.body.status, `${r.method} ${r.path}`).not.toBe(500);
    }
  });
});
