import { registerReaderSnapshot } from '../events';
import type { StorageConfig } from '../storage/config';
import { articleAsRead } from './families/articles';
import { shortVideoAsRead } from './families/short-videos';

/**
 * Hands server/events how readers see an article and a short video (DESIGN §12): every change event
 * row carries the item exactly as `articles/{id}` / `short_videos/{id}` would answer it after the
 * change (null once readers cannot see it). Called when the main API is built (server/app.ts), so
 * every process that writes has it.
 */
export function registerDeliverySnapshots(storage: StorageConfig): void {
  registerReaderSnapshot('article', async (tx, id) => (await articleAsRead(tx, { storage }, id, new Date()))?.data ?? null);
  registerReaderSnapshot('video', async (tx, id) => (await shortVideoAsRead(tx, { storage }, id, new Date()))?.data ?? null);
}
