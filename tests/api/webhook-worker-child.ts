/**
 * One instance's webhook worker in a process of its own, for the kill -9 test
 * (tests/api/webhooks-kill.test.ts): it opens the test's PostgreSQL schema and runs the worker
 * until it is killed. Run with `tsx --conditions=react-server`.
 */
import { openDatabase } from '../../server/startup';
import { createWebhookWorker } from '../../server/delivery/webhooks/worker';

void openDatabase({ url: process.env.WEBHOOK_CHILD_DB_URL!, pgSchema: process.env.WEBHOOK_CHILD_SCHEMA!, poolMax: 4, quiet: true }).then((handle) => {
  createWebhookWorker({ db: handle.db, intervalMs: 50, leaseMs: Number(process.env.WEBHOOK_CHILD_LEASE_MS), log: () => {} }).start();
  process.stdout.write('ready\n');
  setInterval(() => {}, 1000);
});
