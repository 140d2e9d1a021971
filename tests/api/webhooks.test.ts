import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { operationLogs, webhookDeliveries, webhookEndpoints } from '@/server/db/schema';
import { changeTransaction, writeEvent } from '@/server/events';
import { transition } from '@/server/workflow/engine';
import { articleTarget } from '@/server/articles/workflow-target';
import { createWebhookWorker, type WebhookWorker } from '@/server/delivery/webhooks/worker';
import { fanOut } from '@/server/delivery/webhooks/fanout';
import { openDatabase } from '@/server/startup';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';
import { startReceiver, type Receiver } from './webhook-receiver';

async function until(check: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Issue 24 items 4–5: webhooks from the outbox, by the Standard Webhooks scheme, to a real
 * receiver on a free port that verifies each signature with the `standardwebhooks` package.
 * The clock of due times is the test's (no minutes slept); signatures use the real time.
 */
describe.each(DB_KINDS)('webhooks on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let rx: Receiver;
  let clock: Date;
  const now = () => clock;
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const call = (method: string, path: string, body?: unknown) => t.call(method, path, { cookie: admin, body });
  const workers: WebhookWorker[] = [];
  /**
   * Fan-out waits for every transaction older than a committed event (the horizon); on PostgreSQL
   * the other test files write in the same cluster at the same time, so a round may come before the
   * horizon has passed. Waits (at most 5 s) until every committed event is fanned out, as the
   * worker's next rounds would; then the assertions see what one round sends.
   */
  async function fannedOut() {
    for (const end = Date.now() + 5000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      const [{ n }] = (await t.db.execute(sql`SELECT count(*)::int AS n FROM outbox_events WHERE tx_id >= (SELECT position FROM webhook_fanout WHERE id = 1)`))
        .rows as Array<{ n: number }>;
      if (n === 0) return;
      await fanOut(t.db, now());
    }
  }
  const worker = (extra: Partial<Parameters<typeof createWebhookWorker>[0]> = {}, { raw = false } = {}): WebhookWorker => {
    const w = createWebhookWorker({ db: t.db, now, log: () => {}, ...extra });
    workers.push(w);
    if (raw) return w;
    return { ...w, tick: async () => (await fannedOut(), w.tick()) };
  };

  async function article(title: string) {
    return (await call('POST', '/api/articles', { title, content: `<p>${title}的正文</p>` })).body.data.id as number;
  }
  async function publish(id: number) {
    const res = await call('PUT', `/api/articles/publish/${id}`, {});
    expect(res.status).toBe(200);
    return res.body.data as { version: number };
  }
  async function endpoint(body: Record<string, unknown> = {}) {
    const res = await call('POST', '/api/webhooks', { name: '官网', url: rx.url, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rx.secret = res.body.data.secret;
    return res.body.data as { id: number; secret: string };
  }

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    // The worker's clock starts ahead of the real time, so what the routes stamp "now" is due to it.
    clock = new Date(Date.now() + 3600_000);
    rx = await startReceiver();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await rx.close();
    // Each test has its own endpoints (their deliveries go with them).
    await t.db.delete(webhookEndpoints);
  });

  it('staff API: the secret is shown once, rotated, never logged; bad input is refused by field; admins only', async () => {
    const created = await endpoint({ events: ['article.published', 'article.published'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(created).toMatchObject({ name: '官网', url: rx.url, events: ['article.published'], paused: false, state: 'active' });
    const list = (await call('GET', '/api/webhooks')).body.data.list;
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const rotated = await call('PUT', `/api/webhooks/${created.id}`, { rotateSecret: true });
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(created.secret);
    const renamed = await call('PUT', `/api/webhooks/${created.id}`, { name: '官网（新）', events: [] });
    expect(renamed.body.data).toMatchObject({ name: '官网（新）', events: [] });
    expect(renamed.body.data.secret).toBeUndefined();

    const bad = await call('POST', '/api/webhooks', { name: '', url: 'ftp://example.com/x', events: ['不是事件'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['events.0', 'name', 'url']);
    expect((await call('PUT', '/api/webhooks/999999', { name: 'x' })).status).toBe(404);

    const logs = await t.db.select().from(operationLogs).where(eq(operationLogs.resource, 'webhooks'));
    expect(logs.map((l) => l.type)).toEqual(expect.arrayContaining(['create', 'rotate_secret', 'update']));
    expect(JSON.stringify(logs)).not.toContain(created.secret);
    expect(JSON.stringify(logs)).not.toContain(rotated.body.data.secret);

    const editor = await createStaff(t, admin, { username: `hook_editor_${kind}`, routes: ['/article/list', '/article/addArticle'] });
    expect((await t.call('GET', '/api/webhooks', { cookie: editor.cookie })).status).toBe(403);
    expect((await t.call('POST', '/api/webhooks', { cookie: editor.cookie, body: { name: 'x', url: rx.url } })).status).toBe(403);

    expect((await call('DELETE', `/api/webhooks/${created.id}`)).status).toBe(200);
    expect((await call('GET', '/api/webhooks')).body.data.list).toEqual([]);
  });

  it('a publication reaches the receiver, verified, within a second, with the item and its keys', async () => {
    await endpoint();
    const w = worker({ now: () => new Date(), intervalMs: 200 });
    w.start();
    const id = await article('一秒内到达');
    const asked = Date.now();
    await publish(id);
    // From the commit (the publish's answer) to the verified request at the receiver.
    const started = Date.now();
    const [got] = await rx.waitFor(1, 2000);
    console.log('publish', started - asked, 'ms; received after', got.at - started, 'ms');
    expect(got.at - started).toBeLessThan(1000);
    expect(got.verified).toBe(true);
    expect(got.id).toMatch(/^msg_/);
    expect(got.attempt).toBe(1);
    expect(got.body.type).toBe('article.published');
    expect(got.body.data).toMatchObject({ contentType: 'article', id, action: 'publish', keys: [`article-${id}`, 'articles'] });
    expect('item' in got.body.data).toBe(true);
    expect(new Date(got.body.timestamp).getTime()).toBeGreaterThan(started - 5000);
    // The worker records the answer just after the receiver gave it.
    await until(async () => (await call('GET', `/api/webhook_deliveries?item=article-${id}`)).body.data.list[0]?.state === 'succeeded');
    const [row] = (await call('GET', `/api/webhook_deliveries?item=article-${id}`)).body.data.list;
    expect(row).toMatchObject({ messageId: got.id, type: 'article.published', state: 'succeeded', attempts: 1, lastStatus: 200 });
  });

  it('a receiver answering 500 gets the same webhook-id again after the backoff, then the delivery succeeds', async () => {
    await endpoint();
    const w = worker({ backoffMs: [5_000, 60_000] });
    let failures = 2;
    rx.respond = () => (failures-- > 0 ? 500 : 200);
    const id = await article('先失败后成功');
    await publish(id);
    expect(await w.tick()).toBe(1);
    advance(4_000);
    expect(await w.tick()).toBe(0); // not before its 5 s
    advance(1_000);
    expect(await w.tick()).toBe(1);
    advance(59_000);
    expect(await w.tick()).toBe(0);
    advance(1_000);
    expect(await w.tick()).toBe(1);
    expect(rx.received.map((r) => [r.attempt, r.verified])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect(new Set(rx.received.map((r) => r.id)).size).toBe(1);

    const [row] = (await call('GET', `/api/webhook_deliveries?item=article-${id}`)).body.data.list;
    expect(row).toMatchObject({ state: 'succeeded', attempts: 3, lastStatus: 200 });
    const detail = (await call('GET', `/api/webhook_deliveries/${row.id}`)).body.data;
    expect(detail.attemptLog.map((a: { attempt: number; status: number }) => [a.attempt, a.status])).toEqual([
      [3, 200],
      [2, 500],
      [1, 500],
    ]);
    expect(detail.attemptLog[1].responseExcerpt).toBe('失败 500');
    expect(detail.payload.type).toBe('article.published');
    // The log's filters: failed deliveries of this item — none now.
    expect((await call('GET', `/api/webhook_deliveries?item=article-${id}&result=failed`)).body.data.list).toEqual([]);
    expect((await call('GET', `/api/webhook_deliveries?result=nope`)).status).toBe(400);
  });

  it('in order per item: a later event of an item waits for the earlier one; another item does not', async () => {
    await endpoint();
    const w = worker({ backoffMs: [5_000] });
    const first = await article('顺序一');
    const other = await article('别的文章');
    rx.respond = (r) => (r.type === 'article.published' && r.body.data.id === first && r.attempt === 1 ? 503 : 200);
    const published = await publish(first);
    expect((await call('PUT', `/api/articles/${first}`, { version: published.version, content: '<p>改了</p>' })).status).toBe(200);
    await publish(other);
    await w.tick();
    // The first publication failed; its update waits; the other article went.
    expect(rx.received.map((r) => [r.type, r.body.data.id])).toEqual([
      ['article.published', first],
      ['article.published', other],
    ]);
    advance(5_000);
    await w.tick();
    expect(rx.received.slice(2).map((r) => [r.type, r.body.data.id])).toEqual([
      ['article.published', first],
      ['article.updated', first],
    ]);
  });

  it('two workers never make one attempt twice; every event is delivered once', async () => {
    await endpoint();
    // On PostgreSQL the second worker has its own connections, as a second instance would.
    let second = t.db;
    let closeSecond = async () => {};
    if (kind === 'postgres') {
      const [{ schema }] = (await t.db.execute(sql`SELECT current_schema() AS schema`)).rows as Array<{ schema: string }>;
      const h = await openDatabase({ url: process.env.TEST_DATABASE_URL!, pgSchema: schema, poolMax: 4, quiet: true });
      second = h.db;
      closeSecond = () => h.close();
    }
    try {
      rx.respond = async () => {
        await new Promise((r) => setTimeout(r, 5));
        return 200;
      };
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) ids.push(await article(`并发${i}`));
      for (const id of ids) await publish(id);
      const a = worker({ batchSize: 3 });
      const b = createWebhookWorker({ db: second, now, log: () => {}, batchSize: 3 });
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      await a.tick();
      expect(rx.received).toHaveLength(12);
      expect(new Set(rx.received.map((r) => `${r.id}#${r.attempt}`)).size).toBe(12);
      expect(new Set(rx.received.map((r) => r.body.data.id))).toEqual(new Set(ids));
    } finally {
      await closeSecond();
    }
  });

  it('a rolled-back change sends nothing', async () => {
    await endpoint();
    const w = worker();
    const id = await article('回滚');
    await expect(
      changeTransaction(t.db, async (tx) => {
        await transition(tx, articleTarget, { id, action: 'publish', actor: { kind: 'system' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await w.tick()).toBe(0);
    expect(rx.received).toEqual([]);
    expect(await t.db.select().from(webhookDeliveries)).toEqual([]);
  });

  it('重新推送 sends the same body with the same webhook-id as the next attempt', async () => {
    await endpoint();
    const w = worker();
    const id = await article('重推');
    await publish(id);
    await w.tick();
    const [row] = (await call('GET', `/api/webhook_deliveries?item=article-${id}`)).body.data.list;
    const replay = await call('POST', `/api/webhook_deliveries/${row.id}/replay`);
    expect(replay.body.data).toMatchObject({ state: 'pending', messageId: row.messageId });
    await w.tick();
    expect(rx.received.map((r) => [r.id, r.attempt])).toEqual([
      [row.messageId, 1],
      [row.messageId, 2],
    ]);
    expect(rx.received[1].body).toEqual(rx.received[0].body);
    expect((await call('POST', '/api/webhook_deliveries/99999999/replay')).status).toBe(404);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.resource, 'webhooks'), eq(operationLogs.type, 'replay')));
    expect(log.summary).toContain(row.messageId);
  });

  it('a paused endpoint keeps its events and sends them when resumed; only subscribed types go', async () => {
    const created = await endpoint({ events: ['article.published'] });
    const w = worker();
    expect((await call('PUT', `/api/webhooks/${created.id}`, { paused: true })).body.data).toMatchObject({ paused: true, state: 'paused' });
    const id = await article('暂停期间发布');
    const published = await publish(id);
    await call('PUT', `/api/articles/${id}`, { version: published.version, content: '<p>更新不订阅</p>' });
    await w.tick();
    expect(rx.received).toEqual([]);
    expect((await call('PUT', `/api/webhooks/${created.id}`, { paused: false })).body.data).toMatchObject({ paused: false, state: 'active' });
    await w.tick();
    expect(rx.received.map((r) => r.type)).toEqual(['article.published']);
  });

  it('an endpoint failing for a day is paused (持续失败) and named as such; nothing it missed is given up', async () => {
    const created = await endpoint();
    const w = worker({ backoffMs: Array(30).fill(3600_000) });
    rx.respond = () => 500;
    const id = await article('一直失败');
    await publish(id);
    await w.tick();
    for (let h = 0; h < 25; h++) {
      advance(3600_000);
      await w.tick();
    }
    const [listed] = (await call('GET', '/api/webhooks')).body.data.list;
    expect(listed).toMatchObject({ id: created.id, paused: true, pauseReason: 'failing', state: 'paused_failing' });
    const [row] = (await call('GET', `/api/webhook_deliveries?item=article-${id}`)).body.data.list;
    expect(row.state).toBe('failed');
    const attemptsBefore = rx.received.length;
    advance(3600_000 * 5);
    await w.tick();
    expect(rx.received.length).toBe(attemptsBefore);
    rx.respond = () => 200;
    await call('PUT', `/api/webhooks/${created.id}`, { paused: false });
    await w.tick();
    expect(rx.received.at(-1)).toMatchObject({ id: row.messageId, verified: true });
    expect((await call('GET', `/api/webhook_deliveries/${row.id}`)).body.data.state).toBe('succeeded');
  });

  it('发送测试 sends a signed test event at once and shows the answer', async () => {
    const created = await endpoint();
    const res = await call('POST', `/api/webhooks/${created.id}/test`);
    expect(res.body.data).toMatchObject({ type: 'webhook.test', state: 'succeeded', attempts: 1, lastStatus: 200 });
    expect(rx.received).toHaveLength(1);
    expect(rx.received[0]).toMatchObject({ verified: true, type: 'webhook.test' });
    rx.respond = () => 500;
    const failed = await call('POST', `/api/webhooks/${created.id}/test`);
    expect(failed.body.data).toMatchObject({ state: 'dead', lastStatus: 500, lastError: '对方返回 HTTP 500' });
    const list = (await call('GET', `/api/webhooks/${created.id}/deliveries?type=webhook.test`)).body.data;
    expect(list.total).toBe(2);
  });

  it('the editors’ side panel says what the site was told of the item', async () => {
    await endpoint();
    const w = worker();
    const id = await article('侧栏');
    expect((await call('GET', `/api/webhook_deliveries/summary?contentType=article&contentId=${id}`)).body.data).toEqual({ last: null, canOpenLog: true });
    await publish(id);
    rx.respond = () => 500;
    await w.tick();
    const summary = (await call('GET', `/api/webhook_deliveries/summary?contentType=article&contentId=${id}`)).body.data;
    expect(summary.last).toMatchObject({ type: 'article.published', succeeded: 0, failed: 1, pending: 0 });
    expect((await call('GET', `/api/webhook_deliveries/summary?contentType=page&contentId=1`)).status).toBe(400);
    expect((await call('GET', `/api/webhook_deliveries/summary?contentType=article&contentId=99999999`)).status).toBe(404);
  });

  it.runIf(kind === 'postgres')('a row that commits after a later one was read is not skipped (fan-out by transaction horizon)', async () => {
    await endpoint();
    // One round at a time, as the worker runs them: this test holds the horizon back on purpose.
    const w = worker({}, { raw: true });
    const [{ schema }] = (await t.db.execute(sql`SELECT current_schema() AS schema`)).rows as Array<{ schema: string }>;
    const pool = new Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, options: `-c search_path=${schema}` });
    const slow = await pool.connect();
    try {
      // The slow transaction takes its id (and an outbox id) first, and commits last.
      await slow.query('BEGIN');
      await slow.query(
        `INSERT INTO outbox_events (type, content_type, content_id, action, keys) VALUES ('focus.changed', 'focus', 0, 'slow', '["focus-home"]')`,
      );
      await t.db.transaction((tx) => writeEvent(tx, { type: 'ads.changed', contentType: 'ads', contentId: 0, action: 'fast', keys: ['ads'] }));
      await w.tick();
      expect(rx.received).toEqual([]); // the fast one waits for the older transaction still running
      await slow.query('COMMIT');
      await fannedOut(); // other test files' transactions in the cluster may still hold the horizon
      await w.tick();
      expect(rx.received.map((r) => r.body.data.action).sort()).toEqual(['fast', 'slow']);
    } finally {
      slow.release();
      await pool.end();
    }
    expect(await fanOut(t.db)).toBe(0);
  });
});
