import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';

/** Issue 17: the request path. */
describe.each(DB_KINDS)('the request path on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setupTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('GET /api/ping answers without a session, with the envelope and no caching', async () => {
    const res = await t.call('GET', '/api/ping');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 0, data: 'pong', message: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
