import { and, eq, inArray } from 'drizzle-orm';
import { mediaUsage, picStores } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';

export type MediaKind = 'pic' | 'video';
export interface MediaOwner {
  /** `media_usage.owner_type`: 'article', 'video' or a declared resource's owner name. */
  type: string;
  id: number;
  title: string;
}

/**
 * Makes the owner's rows in `media_usage` (DESIGN §9: the library's "used by", and its refusal to
 * delete a used item) exactly `uses`, with the owner's current title. The one writer of that table
 * for articles, short videos and declared resources.
 *
 * It reads the owner's rows first and writes only the difference: a save that changed no picture
 * (most saves: a typo, a title) reads one indexed list and writes nothing, where replacing the rows
 * (delete all, insert all) wrote and deleted them on every save (issue 17: the save path). A changed
 * title updates `owner_title` on the rows that stay.
 */
export async function syncMediaUsage(tx: Tx, owner: MediaOwner, uses: Array<{ mediaKind: MediaKind; mediaId: number }>) {
  const ownerTitle = owner.title.slice(0, 128);
  const key = (kind: string, id: number) => `${kind}:${id}`;
  const wanted = new Map(uses.map((u) => [key(u.mediaKind, u.mediaId), u]));
  const ofOwner = and(eq(mediaUsage.ownerType, owner.type), eq(mediaUsage.ownerId, owner.id));
  const existing = await tx
    .select({ id: mediaUsage.id, mediaKind: mediaUsage.mediaKind, mediaId: mediaUsage.mediaId, ownerTitle: mediaUsage.ownerTitle })
    .from(mediaUsage)
    .where(ofOwner);
  const gone = existing.filter((row) => !wanted.has(key(row.mediaKind, row.mediaId))).map((row) => row.id);
  const kept = existing.filter((row) => wanted.has(key(row.mediaKind, row.mediaId)));
  for (const row of kept) wanted.delete(key(row.mediaKind, row.mediaId));
  if (gone.length) await tx.delete(mediaUsage).where(inArray(mediaUsage.id, gone));
  const retitled = kept.filter((row) => row.ownerTitle !== ownerTitle).map((row) => row.id);
  if (retitled.length) await tx.update(mediaUsage).set({ ownerTitle }).where(inArray(mediaUsage.id, retitled));
  if (wanted.size)
    await tx
      .insert(mediaUsage)
      .values([...wanted.values()].map((u) => ({ mediaKind: u.mediaKind, mediaId: u.mediaId, ownerType: owner.type, ownerId: owner.id, ownerTitle })))
      .onConflictDoNothing();
}

/** The library pictures whose URL is one of `urls` (an image chosen from the library stores its URL). */
export async function picturesAt(tx: Tx, urls: Array<string | null | undefined>): Promise<number[]> {
  const wanted = [...new Set(urls.filter((u): u is string => typeof u === 'string' && u !== ''))];
  if (!wanted.length) return [];
  return (await tx.select({ id: picStores.id }).from(picStores).where(inArray(picStores.url, wanted))).map((p) => p.id);
}

/**
 * Records which library pictures a declared resource's record uses: those at its picture fields'
 * URLs. No URLs (or a deleted record) clears them.
 */
export async function recordImageUsage(tx: Tx, owner: MediaOwner, urls: Array<string | null | undefined>) {
  const ids = await picturesAt(tx, urls);
  await syncMediaUsage(
    tx,
    owner,
    ids.map((mediaId) => ({ mediaKind: 'pic', mediaId })),
  );
}

/** Every owner's rows at once (a batch delete of owners). */
export async function clearMediaUsage(tx: DbOrTx, ownerType: string, ownerIds: number[]) {
  if (ownerIds.length) await tx.delete(mediaUsage).where(and(eq(mediaUsage.ownerType, ownerType), inArray(mediaUsage.ownerId, ownerIds)));
}
