import { AsyncLocalStorage } from 'node:async_hooks';
import { STATUS } from '../../lib/resources/publishing';
import { outboxEvents } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';
import { surrogate } from './keys';
import { publishCommittedKeys } from './bus';

/**
 * Change events (DESIGN §12; issue 24): how the workflow, the articles, the short videos and the
 * editorial safety hear of each other's changes without importing one another. A change is emitted
 * inside the transaction that makes it: the listeners that must write in that same transaction run
 * there (a revision of the item), and a change a reader could notice writes its row in the outbox
 * (`outbox_events`) there too, so a rolled-back change leaves no event and a committed one is never
 * lost. Other changes a reader could notice (focus slots, ads, the operations lists) write their
 * rows with `writeEvent`. The transaction's changes are then handed to the after-commit listeners
 * only once it has committed (the search engine re-reads the item; later, webhooks and cache drops);
 * a transaction that rolls back hands over nothing.
 *
 * This module imports no domain: each domain hands its listeners in (server/workflow/engine.ts
 * `WorkflowTarget.onChange`, server/workflow/handlers.ts `runTransition`).
 */

/** One change to an article or a short video that a reader, an editor or the site may notice. */
export interface ContentChange {
  /** 'article' | 'video' (content_events.content_type). */
  contentType: string;
  id: number;
  /** The workflow action (`publish`, `scheduled_offline` …), or `save` / `restore` of the versioned save. */
  action: string;
  fromStatus: number;
  toStatus: number;
  /** Who acted; null for the scheduler. */
  userId: number | null;
  /** The revision note of a transition (`发布：草稿 → 已发布`). */
  note: string;
  at: Date;
}

/** Writes in the change's own transaction; a throw rolls the change back with it. */
export type InTransactionListener = (tx: Tx, change: ContentChange) => Promise<void>;
/** Runs after the transaction committed, with every change it emitted, in order. Never throws into the caller. */
export type AfterCommitListener = (changes: readonly ContentChange[]) => void;

/** The item as readers now see it, read inside the change's transaction; null when readers cannot see it. */
export type ReaderSnapshot = (tx: Tx, id: number) => Promise<Record<string, unknown> | null>;
const holder = globalThis as typeof globalThis & { __cmsReaderSnapshots?: Map<string, ReaderSnapshot> };
const snapshots = (holder.__cmsReaderSnapshots ??= new Map<string, ReaderSnapshot>());

/**
 * The delivery side hands in how readers see an item of a content type (`article`, `video`), so an
 * event carries it (DESIGN §12) without this module importing the delivery side.
 */
export function registerReaderSnapshot(contentType: string, snapshot: ReaderSnapshot): void {
  snapshots.set(contentType, snapshot);
}

/**
 * What else a change shows or hides for readers, written in the change's own transaction: a focus
 * slot pointing at an article that was just published or taken down (server/delivery/focus-events.ts).
 * Called for every change that writes an event of its own, with that event's type.
 */
export type ChangeFollower = (tx: Tx, change: ContentChange, type: string) => Promise<void>;
const followerHolder = globalThis as typeof globalThis & { __cmsChangeFollowers?: Map<string, ChangeFollower> };
const followers = (followerHolder.__cmsChangeFollowers ??= new Map<string, ChangeFollower>());

/** The delivery side hands in a follower by name (registering a name again replaces it). */
export function registerChangeFollower(name: string, follower: ChangeFollower): void {
  followers.set(name, follower);
}

/** The surrogate keys a change to one item makes stale: the item and its family's lists. */
export function contentKeys(contentType: string, id: number): string[] {
  return contentType === 'video' ? [surrogate.video(id), surrogate.videos] : [surrogate.article(id), surrogate.articles];
}

interface Collected {
  changes: ContentChange[];
  keys: Set<string>;
}
const collected = new WeakMap<object, Collected>();
/**
 * The changeTransaction a write runs inside, for writes made in a savepoint of it (a nested
 * `tx.transaction`, as the scheduler's transitions are): the savepoint's own tx object is not the one
 * changeTransaction opened.
 */
const current = new AsyncLocalStorage<Collected>();
const boxOf = (tx: object) => collected.get(tx) ?? current.getStore();

/** One row in the outbox (for a change that is not an article's or a video's: `focus.changed` …). */
export interface OutboxEvent {
  type: string;
  contentType: string;
  /** 0 for a list-level event. */
  contentId: number;
  action: string;
  data?: Record<string, unknown>;
  item?: Record<string, unknown> | null;
  keys: string[];
  at?: Date;
}

/**
 * Writes an event row in `tx` (the change's own transaction). When `tx` was opened by
 * `changeTransaction`, its keys are published to every answer cache once it commits.
 */
export async function writeEvent(tx: Tx, event: OutboxEvent): Promise<void> {
  await tx.insert(outboxEvents).values({
    type: event.type,
    contentType: event.contentType,
    contentId: event.contentId,
    action: event.action,
    data: event.data ?? {},
    item: event.item ?? null,
    keys: event.keys,
    createdAt: event.at ?? new Date(),
  });
  const box = boxOf(tx);
  if (box) for (const key of event.keys) box.keys.add(key);
}

/**
 * The event a change sends to the site, or null when readers cannot notice it: an item that was not
 * published and still is not (a submission, a rejection, a schedule set or cancelled) changes nothing
 * a reader sees. Published is what readers see (lib/resources/publishing.ts `contentVisibility`).
 */
export function eventTypeOf(change: Pick<ContentChange, 'contentType' | 'fromStatus' | 'toStatus'>): string | null {
  const before = change.fromStatus === STATUS.published;
  const after = change.toStatus === STATUS.published;
  if (!before && after) return `${change.contentType}.published`;
  if (before && !after) return `${change.contentType}.unpublished`;
  if (before && after) return `${change.contentType}.updated`;
  return null;
}

/**
 * Emits a change inside `tx`: the given in-transaction listeners run now, in order; the outbox row
 * is written when readers can notice it; and the change is kept for the after-commit listeners of
 * the transaction that `changeTransaction` opened.
 */
export async function emitChange(tx: Tx, change: ContentChange, inTransaction: readonly InTransactionListener[] = []): Promise<void> {
  for (const listener of inTransaction) await listener(tx, change);
  const type = eventTypeOf(change);
  if (type) {
    const snapshot = snapshots.get(change.contentType);
    await writeEvent(tx, {
      type,
      contentType: change.contentType,
      contentId: change.id,
      action: change.action,
      data: { fromStatus: change.fromStatus, toStatus: change.toStatus, userId: change.userId, at: change.at.toISOString() },
      item: snapshot ? await snapshot(tx, change.id) : null,
      keys: contentKeys(change.contentType, change.id),
      at: change.at,
    });
    for (const follower of followers.values()) await follower(tx, change, type);
  }
  boxOf(tx)?.changes.push(change);
}

/**
 * Runs `work` in one transaction; once it has committed, each after-commit listener gets the changes
 * emitted inside it. A transaction that throws (rolls back) hands over nothing and rethrows.
 */
export async function changeTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>, afterCommit: readonly AfterCommitListener[] = []): Promise<T> {
  const changes: ContentChange[] = [];
  const keys = new Set<string>();
  const box = { changes, keys };
  const result = await current.run(box, () =>
    db.transaction(async (tx) => {
      collected.set(tx, box);
      return work(tx);
    }),
  );
  // Committed: every answer cache drops what it holds under these keys (server/events/bus.ts).
  publishCommittedKeys([...keys]);
  if (changes.length)
    for (const listener of afterCommit) {
      try {
        listener(changes);
      } catch (err) {
        // The change is committed: a listener's failure is its own (logged), never the caller's.
        console.error('[cms] after-commit listener failed', err);
      }
    }
  return result;
}
