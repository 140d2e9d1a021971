import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { webhookDeliveries } from '@/server/db/schema';
import { writeEvent } from '@/server/events';
import { setupTestApp, type TestContext } from './helpers';
import { startReceiver, type Receiver } from './webhook-receiver';

/**
 * Issue 24 "Done means": kill -9. A worker in its own process (tsx) is killed with SIGKILL while
 * it sends; more events commit while no worker runs; a new worker starts. Every committed event
 * ends delivered, verified; no attempt (webhook-id × attempt number) reaches the receiver twice;
 * events of one item arrive in order. PostgreSQL only (the worker shares the database with this process).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('webhooks survive kill -9 of the worker (PostgreSQL)', () => {
  let t: TestContext;
  let rx: Receiver;
  let schema: string;
  const children: ChildProcess[] = [];

  function startWorker(): Promise<ChildProcess> {
    // `node --import tsx`: the worker is this very process (the tsx command would run it in a child of its own, out of reach of the kill).
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=react-server', path.join('tests', 'api', 'webhook-worker-child.ts')], {
      env: {
        ...process.env,
        WEBHOOK_CHILD_DB_URL: process.env.TEST_DATABASE_URL,
        WEBHOOK_CHILD_SCHEMA: schema,
        WEBHOOK_CHILD_LEASE_MS: '1500',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child));
      child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)));
    });
  }

  async function commitEvents(from: number, to: number) {
    for (let i = from; i < to; i++)
      // Items 0..4 take turns: each item's events must arrive in their order.
      await t.db.transaction((tx) => writeEvent(tx, { type: 'ads.changed', contentType: 'ads', contentId: i % 5, action: `e${i}`, keys: ['ads'] }));
  }

  const waitUntil = async (check: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  beforeAll(async () => {
    t = await setupTestApp('postgres');
    schema = ((await t.db.execute(sql`SELECT current_schema() AS s`)).rows[0] as { s: string }).s;
    rx = await startReceiver();
    // Slow enough (0.4 s per answer) that the kill finds requests in flight.
    rx.respond = async () => {
      await new Promise((r) => setTimeout(r, 400));
      return 200;
    };
    const admin = await t.login();
    const res = await t.call('POST', '/api/webhooks', { cookie: admin, body: { name: '官网', url: rx.url } });
    rx.secret = res.body.data.secret;
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await rx?.close();
    await t?.close();
  });

  it('every committed event is delivered after a restart; no attempt twice; in order per item', async () => {
    await commitEvents(0, 40);
    const first = await startWorker();
    await waitUntil(() => rx.received.length >= 6, 60_000);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const atKill = rx.received.length;
    // Committed while no worker runs.
    await commitEvents(40, 60);
    expect(atKill).toBeLessThan(60);

    const second = await startWorker();
    const delivered = () => new Set(rx.received.filter((r) => r.verified).map((r) => r.body.data.action));
    await waitUntil(() => delivered().size === 60, 90_000);
    // Let anything the lease of the killed worker still held settle.
    await waitUntil(() => false, 2500).catch(() => {});
    second.kill('SIGKILL');

    expect([...delivered()].sort()).toEqual(Array.from({ length: 60 }, (_, i) => `e${i}`).sort());
    const pairs = rx.received.map((r) => `${r.id}#${r.attempt}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    const rows = await t.db
      .select({ messageId: webhookDeliveries.messageId, attempts: webhookDeliveries.attempts, state: webhookDeliveries.state })
      .from(webhookDeliveries);
    expect(rows).toHaveLength(60);
    // The requests in flight at the kill were sent again, as the next attempt, once their lease ran out.
    expect(rows.filter((r) => r.attempts > 1).length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.state, row.messageId).toBe('succeeded');
      expect(rx.received.filter((r) => r.id === row.messageId).length).toBeLessThanOrEqual(row.attempts);
    }
    // Per item, the first arrival of each event follows the order the events were written.
    for (let item = 0; item < 5; item++) {
      const seen: number[] = [];
      for (const r of rx.received) {
        const n = Number(String(r.body.data.action).slice(1));
        if (r.body.data.id === item && !seen.includes(n)) seen.push(n);
      }
      expect(seen, `item ${item}`).toEqual([...seen].sort((a, b) => a - b));
    }
  });
});
