import { and, eq, inArray } from 'drizzle-orm';
import { mediaUsage, picStores } from '../db/schema';
import type { Tx } from '../db/types';

/**
 * Records which library pictures a record uses (DESIGN §9): the pictures whose URL is one of
 * `urls` (an image chosen from the library stores the library item's URL). Replaces the owner's
 * previous rows, so a changed image frees the old one; no URLs (or a deleted record) clears them.
 * The library counts these rows and refuses to delete a used picture.
 */
export async function recordImageUsage(tx: Tx, owner: { type: string; id: number; title: string }, urls: Array<string | null | undefined>) {
  await tx.delete(mediaUsage).where(and(eq(mediaUsage.ownerType, owner.type), eq(mediaUsage.ownerId, owner.id)));
  const wanted = [...new Set(urls.filter((u): u is string => typeof u === 'string' && u !== ''))];
  if (!wanted.length) return;
  const pics = await tx.select({ id: picStores.id }).from(picStores).where(inArray(picStores.url, wanted));
  if (!pics.length) return;
  const ownerTitle = owner.title.slice(0, 128);
  await tx
    .insert(mediaUsage)
    .values(pics.map((p) => ({ mediaKind: 'pic', mediaId: p.id, ownerType: owner.type, ownerId: owner.id, ownerTitle })))
    .onConflictDoNothing();
}
