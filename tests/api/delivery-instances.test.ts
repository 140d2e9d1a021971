import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { articles } from '@/server/db/schema';
import { createDeliveryApp, type DeliveryApp } from '@/server/delivery/app';
import { setupTestApp, type TestContext } from './helpers';

/**
 * Two app instances on one PostgreSQL (DESIGN §12; issue 24 item 3): this test's process (A) and a
 * second one in its own process (B, tests/fixtures/delivery-instance.ts), each with its in-process
 * answer cache. A change committed on either drops the other's cached answer, through the relay's
 * NOTIFY/LISTEN only (the processes share nothing else). Each side is first shown to be answering
 * from its cache (a row changed behind the API's back does not show), so the drop is the relay's.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the answer caches of two instances on one PostgreSQL', () => {
  let t: TestContext;
  let a: DeliveryApp;
  let b: ChildProcess;
  let bOrigin = '';
  let admin: string;
  let key = '';
  let id = 0;

  beforeAll(async () => {
    t = await setupTestApp('postgres');
    admin = await t.login();
    a = createDeliveryApp({ getDb: async () => t.db });
    const [{ schema }] = (await t.db.execute(sql`SELECT current_schema() AS schema`)).rows as Array<{ schema: string }>;
    b = spawn('npx', ['tsx', '--conditions=react-server', 'tests/fixtures/delivery-instance.ts'], {
      env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, PG_SCHEMA: schema },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      const lines = readline.createInterface({ input: b.stdout! });
      lines.on('line', (line) => line.startsWith('READY ') && resolve(Number(line.slice(6))));
      b.on('exit', (code) => reject(new Error(`instance B exited (${code})`)));
    });
    bOrigin = `http://127.0.0.1:${port}`;
    key = (await t.call('POST', '/api/api_keys', { cookie: admin, body: { name: '两个实例' } })).body.data.key;
    id = (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '初稿标题', content: '<p>正文</p>' } })).body.data.id;
    expect((await t.call('PUT', `/api/articles/publish/${id}`, { cookie: admin, body: {} })).body.data.status).toBe(3);
  });
  afterAll(async () => {
    b?.stdin?.end();
    await new Promise((resolve) => (b && b.exitCode === null ? b.once('exit', resolve) : resolve(null)));
    await t?.close();
  });

  const onA = async () =>
    (await (await a.request(`http://localhost/content-api/v1/articles/${id}`, { headers: { authorization: `Bearer ${key}` } })).json()).data.title;
  const onB = async () => (await (await fetch(`${bOrigin}/content-api/v1/articles/${id}`, { headers: { authorization: `Bearer ${key}` } })).json()).data.title;
  /** The NOTIFY arrives a moment after the commit: asks again for up to 5 s. */
  const eventually = async (read: () => Promise<string>, title: string) => expect.poll(read, { timeout: 5_000, interval: 50 }).toBe(title);
  const behindTheBack = (title: string) => t.db.update(articles).set({ title }).where(eq(articles.id, id));
  const version = async () => (await t.call('GET', `/api/articles/${id}`, { cookie: admin })).body.data.version as number;

  it('a change committed on A drops B’s cached answer', async () => {
    expect(await onA()).toBe('初稿标题');
    expect(await onB()).toBe('初稿标题');
    await behindTheBack('没有事件的改动');
    expect(await onB()).toBe('初稿标题');
    expect((await t.call('PUT', `/api/articles/${id}`, { cookie: admin, body: { version: await version(), title: 'A 上的修改' } })).status).toBe(200);
    expect(await onA()).toBe('A 上的修改');
    await eventually(onB, 'A 上的修改');
  });

  it('a change committed on B drops A’s cached answer', async () => {
    expect(await onA()).toBe('A 上的修改');
    await behindTheBack('又一次没有事件的改动');
    expect(await onA()).toBe('A 上的修改');
    const res = await fetch(`${bOrigin}/api/articles/${id}`, {
      method: 'PUT',
      headers: { cookie: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ version: await version(), title: 'B 上的修改' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await onB()).toBe('B 上的修改');
    await eventually(onA, 'B 上的修改');
  });
  it('a key revoked on B is refused on A, which had it cached, as soon as the NOTIFY arrives', async () => {
    const other = (await t.call('POST', '/api/api_keys', { cookie: admin, body: { name: '将被吊销' } })).body.data;
    const status = async () =>
      (await a.request(`http://localhost/content-api/v1/articles/${id}`, { headers: { authorization: `Bearer ${other.key}` } })).status;
    expect(await status()).toBe(200);
    // A keeps the live key: a revocation behind the API's back (no event) is not seen at once.
    await t.db.execute(sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${other.id}`);
    expect(await status()).toBe(200);
    await t.db.execute(sql`UPDATE api_keys SET revoked_at = NULL WHERE id = ${other.id}`);
    const res = await fetch(`${bOrigin}/api/api_keys/${other.id}`, { method: 'DELETE', headers: { cookie: admin } });
    expect(res.status, await res.clone().text()).toBe(200);
    await expect.poll(status, { timeout: 5_000, interval: 50 }).toBe(401);
  });
});
