import { inArray } from 'drizzle-orm';
import { picStores, videoStores } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { blockReferences } from './sanitize';

/**
 * The library texts an article shows readers: the titles of the pictures of its gallery blocks
 * (captions and alt text) and of its videos (the player's caption), drawn from the library when it
 * is shown. The content check reads them with the article's own text (issue 14 F8). Bounded: a body
 * names at most BODY_LIMITS pictures and blocks.
 */
export async function libraryTexts(db: DbOrTx, article: { content: string; videoStoreId?: number | null }): Promise<string[]> {
  const refs = blockReferences(article.content);
  const videoIds = [...refs.videoIds, ...(article.videoStoreId ? [article.videoStoreId] : [])];
  const [pics, videos] = await Promise.all([
    refs.picIds.size
      ? db
          .select({ title: picStores.title })
          .from(picStores)
          .where(inArray(picStores.id, [...refs.picIds]))
      : [],
    videoIds.length ? db.select({ title: videoStores.title }).from(videoStores).where(inArray(videoStores.id, videoIds)) : [],
  ]);
  return [...pics, ...videos].map((r) => r.title);
}
