import type { ListResult } from '@/lib/resources/define';
import type { ReviewItem } from '@/lib/resources/workflow';

/** A queue row keyed by type and id: an article and a video may share an id. */
export type QueueRow = Omit<ReviewItem, 'id'> & { id: string; itemId: number };

/**
 * A page of the review queue with each row keyed by type and id: what the screen holds, whether it
 * asked itself or the server read the first page with the HTML (app/(default)/article/check).
 */
export function queueRows(page: ListResult<ReviewItem>): ListResult<QueueRow> {
  return { ...page, list: page.list.map((r) => ({ ...r, id: `${r.contentType}:${r.id}`, itemId: r.id })) };
}
