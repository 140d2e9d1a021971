import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultKinds } from '@/server/storage/config';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';

/** Review P3-2 (issue 15): the library learns whether pictures are checked at all, to leave 未检测 out. */
describe.each(DB_KINDS)('whether a picture check is configured, on %s', (kind) => {
  let plain: TestContext;
  let checked: TestContext;
  beforeAll(async () => {
    plain = await setupTestApp(kind);
    checked = await setupTestApp(kind, {
      storage: { driver: 'local', uploadsDir: plain.uploadsDir, kinds: defaultKinds(), ticketMinutes: 60, imageCheckUrl: 'http://check.example.test/check' },
    });
  });
  afterAll(async () => {
    await checked?.close();
    await plain?.close();
  });

  it('GET /api/upload_limits says imageCheck', async () => {
    expect((await plain.call('GET', '/api/upload_limits', { cookie: await plain.login() })).body.data.imageCheck).toBe(false);
    expect((await checked.call('GET', '/api/upload_limits', { cookie: await checked.login() })).body.data.imageCheck).toBe(true);
  });
});
