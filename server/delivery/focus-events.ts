import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { windowVisibility } from '../../lib/resources/publishing';
import type { Tx } from '../db/types';
import { writeEvent, type ContentChange } from '../events';
import { surrogate } from '../events/keys';
import { FOCUS_PLACES, focusContentType, focusTable, readerFocusSlot, slotsWithTargets } from './families/focus';

/**
 * A focus slot shows only while its article or short video is visible (lib/resources/publishing.ts
 * `focusSlotVisibility`). So when one is published or taken down (by a reviewer, or by the
 * scheduler at its time), every slot that points at it, switched on and inside its window, appears
 * or disappears for readers (by status, as the item's own event: an article whose offline time has
 * just passed already left the answers at that time, and the scheduler's take-down is what tells): the site is told with a `focus.changed` event per such slot, written
 * in the same transaction as the change (issue 24), beside the item's own event. Registered as a
 * change follower (server/events `registerChangeFollower`) by server/delivery/snapshots.ts.
 */
export async function focusFollowsContent(tx: Tx, change: ContentChange, type: string): Promise<void> {
  if (change.contentType !== 'article' && change.contentType !== 'video') return;
  // An edit of a published item changes nothing a slot shows (its own title and image).
  if (!type.endsWith('.published') && !type.endsWith('.unpublished')) return;
  for (const place of FOCUS_PLACES) {
    const t = focusTable(place);
    const target = change.contentType === 'article' ? eq(t.articleId, change.id) : eq(t.videoId, change.id);
    const rows = await slotsWithTargets(tx, place, and(target, eq(t.enabled, true), or(isNull(t.endAt), gt(t.endAt, change.at))));
    const shown = type.endsWith('.published');
    for (const row of rows) {
      // The item's status flipped (as its own event says); a slot flips with it while its own window is open.
      if (!windowVisibility(row, change.at).visible) continue;
      await writeEvent(tx, {
        type: 'focus.changed',
        contentType: focusContentType(place),
        contentId: row.id,
        action: shown ? `${change.contentType}_shown` : `${change.contentType}_hidden`,
        data: { contentType: change.contentType, contentId: change.id, contentAction: change.action },
        item: shown ? readerFocusSlot(row) : null,
        keys: [surrogate.focus(place)],
        at: change.at,
      });
    }
  }
}
