import type { Refusals } from '../http/answer';
import type { Context } from 'hono';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { EditorialResource } from '../db/schema';
import type { Tx } from '../db/types';
import { logOperation } from '../crud/oplog';
import { ApiError, notFound } from '../http/errors';
import type { AppEnv, SessionUser } from '../http/types';
import { assertMayChangeLive, type WorkflowTarget } from '../workflow/engine';
import { changeTransaction, emitChange } from '../events';
import { assertMayWrite, conflictContext, recordRevision } from './safety';

/**
 * The one versioned save of an editorial item (DESIGN §8; issue 24): articles (server/articles/
 * article.ts) and short videos (server/videos/video.ts) supply only their table, their columns and
 * their own text and reference work; the order and the rules are here, once:
 * load in scope (404) → may edit this record (403) → a live item is a reviewer's to change (409) →
 * the live edit lock is the saver's (423) → the item's own checks and columns → `UPDATE … WHERE
 * version` (of two saves from one version, one wins; the other gets 409 with the current record,
 * who saved it and the fields at the version the editor opened) → usage → revision → operation log,
 * all in one transaction.
 */

/** What a versioned save can refuse beside its guards: a stale version or a live item (409), someone else's lock (423). */
export const SAVE_REFUSALS: Refusals = { 409: '版本已过期（他人已修改），或已上线的内容只有审核人员能改', 423: '他人正在编辑' };

type Row = Record<string, unknown> & { id: number; version: number; title: string; status: number };

export interface VersionedItem<R extends Row> {
  resource: EditorialResource;
  /** 文章 / 短视频 */
  label: string;
  /** The operation log's resource: articles, videos. */
  logResource: string;
  workflow: WorkflowTarget;
  table: PgTable;
  columns: { id: AnyPgColumn; version: AnyPgColumn };
  /** The record in the user's data scope (undefined: 404). */
  load(tx: Tx, user: SessionUser, id: number): Promise<R | undefined>;
  /** Throws 403 when this person may not edit this record (e.g. not its kind's editor). */
  assertMayEdit?(user: SessionUser, before: R): void;
  /** The item's checks (references, body limits, content check) and the columns to write besides the patch. */
  columnsToWrite(tx: Tx, before: R): Promise<Record<string, unknown>>;
  /** What the UPDATE gives back. */
  returning: Record<string, AnyPgColumn>;
  /** The record after the save, from the UPDATE's row (or read again). */
  after(tx: Tx, row: Record<string, unknown>, before: R): Promise<R>;
  /** The item's rows in `media_usage`. */
  recordUsage(tx: Tx, after: R): Promise<void>;
  /** Whether the revision keeps `after` as given (not read again). */
  revisionFromRow?: boolean;
  /** What the operation log keeps of a record. */
  logged?(record: R): unknown;
}

export interface VersionedSaveInput {
  id: number;
  version: number;
  patch: Record<string, unknown>;
  lockToken?: string;
  revision?: { kind: 'save' | 'restore'; note?: string };
}

/** Saves an item from the version its editor opened; resolves with the record as saved, after commit. */
export async function versionedSave<R extends Row>(
  c: Context<AppEnv>,
  item: VersionedItem<R>,
  { id, version, patch, lockToken, revision = { kind: 'save' } }: VersionedSaveInput,
): Promise<R> {
  const user = c.get('user')!;
  // changeTransaction: once committed, the edit's surrogate keys reach every answer cache.
  return changeTransaction(c.get('db'), async (tx) => {
    const before = await item.load(tx, user, id);
    if (!before) throw notFound(`${item.label}不存在`);
    item.assertMayEdit?.(user, before);
    assertMayChangeLive(item.workflow, user, before.status);
    await assertMayWrite(tx, { resource: item.resource, id, token: lockToken, label: item.label, userId: user.id });
    const own = await item.columnsToWrite(tx, before);
    // The version is checked in the UPDATE itself: of two saves from the same version, one wins.
    const [row] = await tx
      .update(item.table)
      .set({ ...patch, ...own, version: sql`${item.columns.version} + 1`, updatedAt: new Date() } as never)
      .where(and(eq(item.columns.id, id), eq(item.columns.version, version)))
      .returning(item.returning);
    if (!row) {
      const context = await conflictContext(tx, item.resource, id, { from: version, current: before.version });
      const who = context.savedBy?.name ?? '他人';
      throw new ApiError(
        409,
        `${item.label}已被${who}在你打开之后修改（你的版本 ${version}，当前版本 ${before.version}），请对比后再保存`,
        { version: '版本已过期' },
        { current: { ...before, savedBy: context.savedBy }, base: context.base },
      );
    }
    const after = await item.after(tx, row, before);
    await item.recordUsage(tx, after);
    await recordRevision(tx, {
      resource: item.resource,
      id,
      kind: revision.kind,
      userId: user.id,
      note: revision.note,
      row: item.revisionFromRow ? after : undefined,
    });
    // The change (server/events): an edit of a published item is one the site must hear of.
    await emitChange(tx, {
      contentType: item.resource,
      id,
      action: revision.kind,
      fromStatus: before.status,
      toStatus: after.status,
      userId: user.id,
      note: revision.note ?? '',
      at: new Date(),
    });
    const logged = item.logged ?? ((r: R) => r);
    await logOperation(tx, c, {
      type: 'update',
      resource: item.logResource,
      resourceId: id,
      summary: `${revision.kind === 'restore' ? '恢复' : '修改'}${item.label}「${after.title}」`,
      before: logged(before),
      after: logged(after),
    });
    return after;
  });
}
