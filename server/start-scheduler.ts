import { getDatabase } from './startup';
import { schedule } from './jobs/maintenance';
import { storageFromEnv } from './storage/config';
import { runDeletions } from './storage/deletions';
import { scheduleUploadSweep } from './storage/tickets';
import { createScheduler, type Scheduler } from './jobs/scheduler';
import { followScheduledJobs, searchBackendFromEnv, searchSync } from './articles/search';
import { warmDictionary } from './content/dictionary';
import { describeError } from './http/failure';
import { jobsOutageLog } from './jobs/outage';
import { createWebhookWorker } from './delivery/webhooks/worker';
import { tellWindowEdges } from './delivery/window-edges';
import { registerDeliverySnapshots } from './delivery/snapshots';

const KEY = Symbol.for('cms.scheduler');
type GlobalWithScheduler = typeof globalThis & { [KEY]?: Scheduler };

/**
 * Starts this process's scheduler (instrumentation.ts, Node runtime only): once per process, also
 * across dev reloads. `CMS_SCHEDULER=off` leaves it off (an instance that only serves pages).
 */
export async function startScheduler() {
  const g = globalThis as GlobalWithScheduler;
  if (g[KEY] || process.env.CMS_SCHEDULER === 'off') return;
  const { db } = await getDatabase();
  // A scheduled publication before the first API request still carries the item and tells its focus slots.
  const storage = storageFromEnv();
  registerDeliverySnapshots(storage);
  // Fired jobs change statuses: the search engine (when configured) re-reads those articles.
  const search = searchSync(searchBackendFromEnv());
  const scheduler = createScheduler({
    db,
    contentService: { url: process.env.CONTENT_CHECK_URL || undefined },
    log: (m) => console.log(m),
    onCommitted: followScheduledJobs(search, db),
    // Focus slots and ads starting or ending: the site is told at that tick (issue 24).
    windowEdges: (at) => tellWindowEdges(db, at),
  });
  g[KEY] = scheduler;
  // Its timer never keeps the process alive: shutdown stays the database's (server/db/client.ts).
  scheduler.start();
  // Webhooks: committed outbox rows become deliveries, sent, retried and logged (server/delivery/webhooks).
  createWebhookWorker({ db }).start();
  // Library files whose removal from storage failed (or was cut short by a stop) are retried here.
  schedule(() => runDeletions(db, storage), { firstDelayMs: 30_000, everyMs: 60_000, name: '媒体文件清理' });
  // Uploads never registered are removed a day after their ticket expired, every ten minutes.
  scheduleUploadSweep(db, storage);
  console.log('[cms] 定时发布任务已启动（每秒检查到期任务）');
  // The dictionary's automaton is built now (in its worker), not by the first save that checks.
  warmDictionary(db).catch((err) => {
    if (!jobsOutageLog().failed('敏感词库加载', err)) console.error(`[check] 敏感词库加载失败: ${describeError(err)}`);
  });
}
