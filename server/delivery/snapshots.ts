import { registerChangeFollower, registerReaderSnapshot } from '../events';
import type { StorageConfig } from '../storage/config';
import { articleAsRead } from './families/articles';
import { shortVideoAsRead } from './families/short-videos';
import { focusFollowsContent } from './focus-events';

/**
 * Hands server/events how readers see an article and a short video (DESIGN §12): every change event
 * row carries the item exactly as `articles/{id}` / `short_videos/{id}` would answer it after the
 * change (null once readers cannot see it); and what else such a change shows or hides (the focus
 * slots pointing at the item: ./focus-events.ts). Called when the main API is built (server/app.ts)
 * and when the scheduler starts (server/start-scheduler.ts), so every process that writes has it.
 */
export function registerDeliverySnapshots(storage: StorageConfig): void {
  registerReaderSnapshot('article', async (tx, id) => (await articleAsRead(tx, { storage }, id, new Date()))?.data ?? null);
  registerReaderSnapshot('video', async (tx, id) => (await shortVideoAsRead(tx, { storage }, id, new Date()))?.data ?? null);
  registerChangeFollower('focus', focusFollowsContent);
}
