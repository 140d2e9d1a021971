import { Hono, type Context } from 'hono';
import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { INT4_MAX } from '../../lib/constants';
import { access } from '../auth/access';
import { editLocks, editLockTakeovers, users, type DraftCopy } from '../db/schema';
import { type LockHolder, LOCK_RENEW_SECONDS, LOCK_TTL_SECONDS, holderOf, liveLocks, newLockToken, readLock, recordDraft } from './safety';
import { assertMayChangeLive } from '../workflow/engine';
import { logOperation } from '../crud/oplog';
import { ApiError, notFound, parseInput } from '../http/errors';
import { idParam } from '../http/params';
import { ok } from '../http/reply';
import { answers } from '../http/answer';
import { lockListSchema, lockReleaseSchema, lockReplySchema } from '../../lib/resources/schemas/editorial';
import { jsonBody, queryInput } from '../http/input';
import type { AppEnv } from '../http/types';
import type { EditorialTarget } from './target';

/**
 * 编辑锁 (DESIGN §8, issue 8) of articles and short videos:
 * - `POST /{id}/lock {token?, takeover?}` takes the lock (423 with the holder while someone else
 *   holds a live one; `takeover: true` takes it anyway, keeping the holder's last unsaved copy as a
 *   revision first);
 * - `PUT /{id}/lock {token, draft?}` renews it every 15 s and carries the tab's unsaved copy while
 *   the form differs from the saved version; a tab whose lock was taken over is answered 423
 *   "已被 X 接管" and the copy it sent is kept as a revision, so nothing typed is lost even when
 *   that browser answers late;
 * - `DELETE /{id}/lock?token=` releases it (leaving the editor);
 * - `GET /locks?ids=1,2,3` the live locks of a page of the list (who is editing what).
 * A lock lapses 45 s after its last renewal (database time). The copy a tab sends is checked for
 * shape and size like an autosave's; a published or scheduled item's lock is for reviewers only,
 * as its save is (409 for anyone else; issue 14).
 */

/**
 * The unsaved copy a tab sends: its fields by the resource's copy rules (the article autosave's:
 * shape and size, as typed), so no copy is larger than a save may be (issue 14, F1).
 */
const draftSchema = (fields: z.ZodType<Record<string, unknown>>) =>
  z
    .object({
      baseVersion: z.number({ error: '副本缺少版本号' }).int().positive().max(INT4_MAX),
      fields,
    })
    .nullable()
    .optional();

const token = z.string({ error: '缺少锁令牌' }).min(8, '锁令牌不正确').max(64, '锁令牌不正确');
const idsSchema = z.object({
  ids: z
    .string({ error: '请提供 ids' })
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, 'ids 必须是逗号分隔的整数（最多 200 个）')
    .transform((v) => [...new Set(v.split(',').map(Number))].filter((n) => n >= 1 && n <= INT4_MAX)),
});

/** A live item's lock is for reviewers only (409); someone else holds it, or took it over (423, with the holder). */
const LOCK_REFUSALS = { 409: '已上线的内容只有审核人员能编辑', 423: '他人正在编辑，或已接管这个编辑锁' };

export function lockRoutes(target: EditorialTarget) {
  const { resource, label } = target;
  const app = new Hono<AppEnv>();
  const timing = { ttlSeconds: LOCK_TTL_SECONDS, renewSeconds: LOCK_RENEW_SECONDS };
  const draft = draftSchema(target.copySchema);
  const acquireSchema = z.object({ token: token.optional(), takeover: z.boolean({ error: 'takeover 必须是布尔值' }).default(false), draft });
  const renewSchema = z.object({ token, draft });

  app.get('/locks', access.anyRoute([...new Set([...target.listRoutes, ...target.readRoutes])]), queryInput(idsSchema), answers(lockListSchema), async (c) => {
    const { ids } = c.req.valid('query');
    return ok(c, { list: await liveLocks(c.get('db'), resource, ids, c.get('user')!) });
  });

  /** The record, editable by this user (404 otherwise: out of scope or not theirs to edit). */
  async function editable(c: Context<AppEnv>) {
    const user = c.get('user')!;
    const row = await target.load(c.get('db'), user, idParam(c));
    if (!row || !target.mayEdit(user, row)) throw notFound(`${label}不存在`);
    return row;
  }

  /**
   * A published or scheduled item is changed by reviewers only, and so is its edit lock (issue 14,
   * F7): anyone else is refused as their save would be (409, the same words), before anything is
   * taken or kept. A tab that held the lock when the item went live (a reviewer approved it
   * meanwhile) lets it go, and what it still had unsaved is kept as a revision, so the reviewer
   * opening it is not told someone is editing and nothing typed is lost.
   */
  async function assertMayLock(c: Context<AppEnv>, row: { id: number; status: number }, input: { token?: string; draft?: DraftCopy | null }) {
    try {
      assertMayChangeLive(target.workflow, c.get('user')!, row.status);
    } catch (refusal) {
      if (!(refusal instanceof ApiError) || !input.token) throw refusal;
      const held = input.token;
      const savedRevisionId = await c.get('db').transaction(async (tx) => {
        const [gone] = await tx
          .delete(editLocks)
          .where(and(eq(editLocks.resource, resource), eq(editLocks.resourceId, row.id), eq(editLocks.token, held)))
          .returning({ draft: editLocks.draft, userId: editLocks.userId });
        const copy = gone && (input.draft ?? gone.draft);
        return copy ? recordDraft(tx, { resource, id: row.id, userId: gone.userId, draft: copy, note: `${label}上线后送达的未保存内容` }) : null;
      });
      throw new ApiError(refusal.status, refusal.message, refusal.errors, { held: false, savedRevisionId });
    }
  }

  app.post('/:id/lock', access.anyRoute(target.editRoutes), jsonBody(acquireSchema), answers(lockReplySchema, LOCK_REFUSALS), async (c) => {
    const row = await editable(c);
    const input = c.req.valid('json');
    await assertMayLock(c, row, input);
    const user = c.get('user')!;
    const result: { token: string; revisionId: number | null; ownRevisionId: number | null } | { refused: LockHolder; ownRevisionId: number | null } = await c
      .get('db')
      .transaction(async (tx) => {
        const mine = newLockToken();
        // The asking tab's own unsaved copy (a displaced editor taking the article back, a reopen):
        // kept before the tab reloads the stored record, unless this tab is the holder.
        const ownCopy = async () =>
          input.draft ? recordDraft(tx, { resource, id: row.id, userId: user.id, draft: input.draft, note: '重新打开前未保存的内容' }) : null;
        // A first editor inserts; of two at once, one inserts and the other reads that row below.
        const inserted = await tx
          .insert(editLocks)
          .values({ resource, resourceId: row.id, token: mine, userId: user.id })
          .onConflictDoNothing()
          .returning({ token: editLocks.token });
        if (inserted.length) return { token: mine, revisionId: null as number | null, ownRevisionId: await ownCopy() };
        const lock = (await readLock(tx, resource, row.id, true))!;
        // The same tab opening again (a reload keeps its token): renew.
        if (input.token && lock.token === input.token) {
          await tx
            .update(editLocks)
            .set({ renewedAt: sql`now()` })
            .where(and(eq(editLocks.resource, resource), eq(editLocks.resourceId, row.id)));
          return { token: lock.token, revisionId: null, ownRevisionId: await ownCopy() };
        }
        const ownRevisionId = await ownCopy();
        // Refused after the transaction commits, so the copy kept above stays.
        if (lock.live && !input.takeover) return { refused: holderOf(lock, user), ownRevisionId };
        // Taking over a live lock, or a lapsed one: the previous holder's last unsaved copy is kept first.
        const revisionId = lock.draft
          ? await recordDraft(tx, {
              resource,
              id: row.id,
              userId: lock.userId,
              draft: lock.draft,
              note: lock.live ? `被${user.name}接管时未保存的内容` : '编辑锁过期时未保存的内容',
            })
          : null;
        await tx
          .update(editLocks)
          .set({
            token: mine,
            userId: user.id,
            acquiredAt: sql`now()`,
            renewedAt: sql`now()`,
            draft: null,
            draftAt: null,
            takenFromToken: lock.token,
            takenFromUserId: lock.userId,
            takenAt: sql`now()`,
          })
          .where(and(eq(editLocks.resource, resource), eq(editLocks.resourceId, row.id)));
        // The displaced tab is told at its next heartbeat even if this lock is released before it (issue 15).
        // (A lapsed lock's tab gets it back if nobody holds it then: its saves are version-checked and
        // the editor reloads a version that moved.)
        if (lock.live) {
          await tx.delete(editLockTakeovers).where(lt(editLockTakeovers.at, sql`now() - interval '1 day'`));
          await tx.insert(editLockTakeovers).values({ token: lock.token, resource, resourceId: row.id, byUserId: user.id }).onConflictDoNothing();
        }
        if (lock.live) {
          await logOperation(tx, c, {
            type: 'update',
            resource: resource === 'article' ? 'articles' : 'videos',
            resourceId: row.id,
            summary: `接管${label}「${row.title}」的编辑（原编辑者：${lock.name ?? lock.userId}）`,
            before: { holder: lock.userId },
            after: { holder: user.id, revisionId },
          });
        }
        return { token: mine, revisionId, ownRevisionId };
      });
    if ('refused' in result) {
      const holder = result.refused;
      throw new ApiError(
        423,
        holder.self ? `你正在另一个窗口编辑这篇${label}，可以在这里接管` : `${holder.name}正在编辑这篇${label}，可以等待对方离开或接管`,
        { lock: '他人正在编辑' },
        { held: false, holder, ownRevisionId: result.ownRevisionId, ...timing },
      );
    }
    const lock = (await readLock(c.get('db'), resource, row.id))!;
    return ok(c, {
      held: true,
      token: result.token,
      holder: holderOf(lock, user),
      savedRevisionId: result.revisionId,
      ownRevisionId: result.ownRevisionId,
      version: row.version,
      ...timing,
    });
  });

  app.put('/:id/lock', access.anyRoute(target.editRoutes), jsonBody(renewSchema), answers(lockReplySchema, LOCK_REFUSALS), async (c) => {
    const row = await editable(c);
    const input = c.req.valid('json');
    await assertMayLock(c, row, input);
    const user = c.get('user')!;
    const outcome = await c.get('db').transaction(async (tx) => {
      const lock = await readLock(tx, resource, row.id, true);
      if (lock && lock.token === input.token) {
        // Still ours (even if it lapsed and nobody took it): renew and keep the unsaved copy.
        await tx
          .update(editLocks)
          .set({ renewedAt: sql`now()`, ...(input.draft !== undefined ? { draft: input.draft, draftAt: input.draft ? sql`now()` : null } : {}) })
          .where(and(eq(editLocks.resource, resource), eq(editLocks.resourceId, row.id)));
        return { held: true as const };
      }
      // Not ours any more: whatever this tab still has unsaved is kept as a revision.
      const revisionId = input.draft
        ? await recordDraft(tx, {
            resource,
            id: row.id,
            userId: user.id,
            draft: input.draft,
            note: lock?.live ? `被${lock.name ?? '他人'}接管后送达的未保存内容` : '编辑锁失效后送达的未保存内容',
          })
        : null;
      if (lock?.live) return { held: false as const, lock, revisionId };
      // Taken over, and the taker already left: still told, never silently handed the lock back (issue 15).
      const [taken] = await tx
        .select({ userId: editLockTakeovers.byUserId, name: users.name, at: editLockTakeovers.at })
        .from(editLockTakeovers)
        .leftJoin(users, eq(users.id, editLockTakeovers.byUserId))
        .where(and(eq(editLockTakeovers.token, input.token), eq(editLockTakeovers.resource, resource), eq(editLockTakeovers.resourceId, row.id)))
        .limit(1);
      if (taken)
        return {
          held: false as const,
          lock: { userId: taken.userId, name: taken.name, acquiredAt: taken.at, renewedAt: taken.at, takenFromToken: input.token },
          revisionId,
          ended: true,
        };
      // Lapsed or released and nobody holds it: this tab gets it back (the version check still guards its saves).
      const values = {
        token: input.token,
        userId: user.id,
        acquiredAt: sql`now()`,
        renewedAt: sql`now()`,
        draft: input.draft ?? null,
        draftAt: input.draft ? sql`now()` : null,
        takenFromToken: null,
        takenFromUserId: null,
        takenAt: null,
      };
      await tx
        .insert(editLocks)
        .values({ resource, resourceId: row.id, ...values })
        .onConflictDoUpdate({ target: [editLocks.resource, editLocks.resourceId], set: values });
      return { held: true as const, regained: true, revisionId };
    });
    if (!outcome.held) {
      const holder = holderOf(outcome.lock, user);
      const takenOver = outcome.lock.takenFromToken === input.token;
      const ended = 'ended' in outcome;
      throw new ApiError(
        423,
        takenOver
          ? `${holder.name}已接管编辑${ended ? '（对方已离开）' : ''}，你未保存的内容已存为修订`
          : `${holder.name}正在编辑这篇${label}，你的编辑锁已失效`,
        { lock: '编辑锁已被接管' },
        { held: false, takenOver, ended, holder, savedRevisionId: outcome.revisionId, version: row.version, ...timing },
      );
    }
    const lock = (await readLock(c.get('db'), resource, row.id))!;
    return ok(c, {
      held: true,
      token: input.token,
      holder: holderOf(lock, user),
      regained: 'regained' in outcome,
      savedRevisionId: 'revisionId' in outcome ? outcome.revisionId : null,
      version: row.version,
      ...timing,
    });
  });

  // The token in the body, or in the query (a page closing sends what it can).
  app.delete('/:id/lock', access.anyRoute(target.editRoutes), jsonBody(z.object({ token: z.string().optional() })), answers(lockReleaseSchema), async (c) => {
    const id = idParam(c);
    const tokenValue = c.req.query('token') ?? c.req.valid('json').token ?? '';
    const { token: t } = parseInput(z.object({ token }), { token: tokenValue });
    const out = await c.get('db').transaction(async (tx) => {
      const gone = await tx
        .delete(editLocks)
        .where(and(eq(editLocks.resource, resource), eq(editLocks.resourceId, id), eq(editLocks.token, t)))
        .returning({ draft: editLocks.draft, userId: editLocks.userId });
      // Leaving with changes the form still had (closing the tab, choosing to discard): kept anyway.
      const draft = gone[0]?.draft;
      const revisionId = draft ? await recordDraft(tx, { resource, id, userId: gone[0].userId, draft, note: '离开编辑时未保存的内容' }) : null;
      return { released: gone.length > 0, savedRevisionId: revisionId };
    });
    return ok(c, out);
  });

  return app;
}
