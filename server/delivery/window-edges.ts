import { and, eq, gt, lte, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { adVisibility, focusSlotVisibility, type Visibility } from '../../lib/resources/publishing';
import { AD_STATE } from '../../lib/resources/operations';
import { advertise, windowEdgeCursors } from '../db/schema';
import type { Db, Tx } from '../db/types';
import { changeTransaction, writeEvent } from '../events';
import { surrogate } from '../events/keys';
import { FOCUS_PLACES, focusContentType, focusTable, readerFocusSlot, slotsWithTargets } from './families/focus';
import { adKeys, adReaderColumns, readerAd } from './families/operations';

/**
 * Window edges (DESIGN §12; issue 24 item 4): when a focus slot's or an ad's window starts or ends,
 * the site is told at that moment (within the scheduler's tick), not when someone next saves. Each
 * tick of every instance calls `tellWindowEdges`; one transaction locks the cursor row (`FOR UPDATE
 * SKIP LOCKED`: another instance on it means this one skips), writes a `focus.changed` /
 * `ads.changed` event for every edge in (`done_until`, now] that changes what readers see, and moves
 * the cursor to now. So each edge is told exactly once across instances, and a tick that fails tells
 * nothing and leaves its edges to the next. The keys are published to the answer caches after the
 * commit (`changeTransaction`).
 */

const CURSOR = 'windows';
/**
 * A bound on the rows read per table per tick. Edges are set by hand (a second holds a handful, a
 * week's stop some hundreds); the bound only keeps a runaway list from holding the tick.
 */
export const EDGES_PER_TICK = 5000;

type Edge = 'start' | 'end';

/** The edge at `edge` changes what readers see: visible just before and at it differ. */
const flips = (visibility: (t: Date) => Visibility, edge: Date) => visibility(new Date(edge.getTime() - 1)).visible !== visibility(edge).visible;

/** The edges of a row that passed in (from, to], oldest first. */
function passed(row: { startAt: Date; endAt: Date | null }, from: Date, to: Date): Array<{ edge: Edge; at: Date }> {
  const out: Array<{ edge: Edge; at: Date }> = [];
  const inRange = (d: Date | null) => !!d && d.getTime() > from.getTime() && d.getTime() <= to.getTime();
  if (inRange(row.startAt)) out.push({ edge: 'start', at: row.startAt });
  if (inRange(row.endAt)) out.push({ edge: 'end', at: row.endAt! });
  return out;
}

const inWindow = (startAt: AnyPgColumn, endAt: AnyPgColumn, from: Date, to: Date) =>
  or(and(gt(startAt, from), lte(startAt, to)), and(gt(endAt, from), lte(endAt, to)));

async function focusEdges(tx: Tx, from: Date, to: Date, limit: number): Promise<number> {
  let count = 0;
  for (const place of FOCUS_PLACES) {
    const t = focusTable(place);
    const rows = await slotsWithTargets(tx, place, and(eq(t.enabled, true), inWindow(t.startAt, t.endAt, from, to)), limit);
    for (const row of rows) {
      const visibility = (at: Date) => focusSlotVisibility(row, row.target, at);
      for (const { edge, at } of passed(row, from, to)) {
        if (!flips(visibility, at)) continue;
        await writeEvent(tx, {
          type: 'focus.changed',
          contentType: focusContentType(place),
          contentId: row.id,
          action: `window_${edge}`,
          data: { edge, edgeAt: at.toISOString() },
          item: visibility(to).visible ? readerFocusSlot(row) : null,
          keys: [surrogate.focus(place)],
          at: to,
        });
        count++;
      }
    }
  }
  return count;
}

async function adEdges(tx: Tx, from: Date, to: Date, limit: number): Promise<number> {
  const rows = await tx
    .select(adReaderColumns)
    .from(advertise)
    .where(and(eq(advertise.state, AD_STATE.on), inWindow(advertise.startAt, advertise.endAt, from, to)))
    .limit(limit);
  let count = 0;
  for (const row of rows) {
    const visibility = (at: Date) => adVisibility(row, at);
    for (const { edge, at } of passed(row, from, to)) {
      if (!flips(visibility, at)) continue;
      await writeEvent(tx, {
        type: 'ads.changed',
        contentType: 'advertise',
        contentId: row.id,
        action: `window_${edge}`,
        data: { edge, edgeAt: at.toISOString() },
        item: visibility(to).visible ? readerAd(row) : null,
        keys: adKeys(row),
        at: to,
      });
      count++;
    }
  }
  return count;
}

/**
 * Tells the site of the window edges that passed since the last look, up to `at`. Returns how many
 * events it wrote (0 when another instance holds the cursor, or on the very first look, which
 * starts the cursor at `at`).
 */
export async function tellWindowEdges(db: Db, at: Date, { limit = EDGES_PER_TICK }: { limit?: number } = {}): Promise<number> {
  return changeTransaction(db, async (tx) => {
    const [cursor] = await tx.select().from(windowEdgeCursors).where(eq(windowEdgeCursors.name, CURSOR)).for('update', { skipLocked: true });
    if (!cursor) {
      // Held by another instance, or never started: the first look starts from now (nothing older is told).
      await tx.insert(windowEdgeCursors).values({ name: CURSOR, doneUntil: at }).onConflictDoNothing();
      return 0;
    }
    const from = cursor.doneUntil;
    if (at.getTime() <= from.getTime()) return 0;
    const told = (await focusEdges(tx, from, at, limit)) + (await adEdges(tx, from, at, limit));
    await tx.update(windowEdgeCursors).set({ doneUntil: at }).where(eq(windowEdgeCursors.name, CURSOR));
    return told;
  });
}
