import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DbOrTx, Tx } from '../db/types';
import { articles, editLocks, editLockTakeovers, revisions, users, videos, type DraftCopy, type EditorialResource } from '../db/schema';
import { ApiError } from '../http/errors';
import { scopeCondition } from '../auth/scope';
import type { AppEnv, SessionUser } from '../http/types';
import type { InTransactionListener } from '../events';

/**
 * Editorial safety (DESIGN §8, issue 8): edit locks and revisions of articles and short videos.
 * The lock and revision routes (server/editorial/locks.ts, server/editorial/revisions.ts) and the
 * saves of articles and videos call into here, inside their own transactions.
 */

/** The lock lapses this long after its last renewal; the browser renews every LOCK_RENEW_SECONDS. */
export const LOCK_TTL_SECONDS = 45;
export const LOCK_RENEW_SECONDS = 15;

/** The fields a revision keeps and a restore may put back, per resource, with their Chinese names. */
export const REVISION_FIELDS: Record<
  EditorialResource,
  ReadonlyArray<{ name: string; label: string; type: 'text' | 'html' | 'image' | 'id' | 'ids' | 'images' }>
> = {
  article: [
    { name: 'title', label: '标题', type: 'text' },
    { name: 'subtitle', label: '副标题', type: 'text' },
    { name: 'summary', label: '摘要', type: 'text' },
    { name: 'cover', label: '封面', type: 'image' },
    { name: 'content', label: '正文', type: 'html' },
    { name: 'images', label: '图集', type: 'images' },
    { name: 'videoStoreId', label: '视频', type: 'id' },
    { name: 'categoryId', label: '分类', type: 'id' },
    { name: 'tagIds', label: '标签', type: 'ids' },
    { name: 'topicIds', label: '专题', type: 'ids' },
    { name: 'albumId', label: '专辑', type: 'id' },
    { name: 'platformIds', label: '平台', type: 'ids' },
    { name: 'author', label: '作者', type: 'text' },
    { name: 'source', label: '来源', type: 'text' },
  ],
  video: [
    { name: 'title', label: '标题', type: 'text' },
    { name: 'cover', label: '封面', type: 'image' },
    { name: 'videoStoreId', label: '视频', type: 'id' },
    { name: 'description', label: '简介', type: 'text' },
    { name: 'categoryId', label: '分类', type: 'id' },
    { name: 'tagIds', label: '标签', type: 'ids' },
  ],
};

export const REVISION_KINDS: Record<string, string> = {
  create: '创建',
  save: '保存',
  transition: '状态变更',
  restore: '恢复',
  takeover: '未保存的副本',
};

/** JSON with object keys sorted: jsonb gives keys back in its own order, so compare this way. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

const tableOf = (resource: EditorialResource) => (resource === 'article' ? articles : videos);

/** The editable fields of a record (and its status), as a revision keeps them. */
export function snapshotOf(resource: EditorialResource, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of REVISION_FIELDS[resource]) if (row[f.name] !== undefined) out[f.name] = row[f.name];
  if (row.status !== undefined) out.status = row.status;
  return out;
}

export interface RecordRevisionInput {
  resource?: EditorialResource;
  /** The article's (or video's) id. */
  id: number;
  kind: 'create' | 'save' | 'transition' | 'restore' | 'takeover';
  userId: number | null;
  note?: string;
  /** The record as the caller's write left it (a save's UPDATE … RETURNING): not read again. */
  row?: Record<string, unknown> & { version: number };
}

/**
 * Keeps the record as it now is (after the caller's write, in the caller's transaction) as a
 * revision. Saves, creates and restores call it from the article and video routes; the workflow
 * calls it after each transition (`kind: 'transition'`, `note: '提交审核'` …).
 */
export async function recordRevision(tx: DbOrTx, { resource = 'article', id, kind, userId, note = '', row: given }: RecordRevisionInput): Promise<number> {
  const table = tableOf(resource);
  const [row] = given ? [given] : await tx.select().from(table).where(eq(table.id, id)).limit(1);
  if (!row) throw new Error(`recordRevision: ${resource} ${id} not found`);
  const [{ revisionId }] = await tx
    .insert(revisions)
    .values({
      resource,
      resourceId: id,
      kind,
      version: row.version,
      snapshot: snapshotOf(resource, row as Record<string, unknown>),
      userId,
      note: note.slice(0, 255),
    })
    .returning({ revisionId: revisions.id });
  return revisionId;
}

/** The change listener every workflow target hands in (server/events): each transition keeps a revision (DESIGN §8). */
export const revisionOnTransition: InTransactionListener = async (tx, change) => {
  await recordRevision(tx, { resource: change.contentType as EditorialResource, id: change.id, kind: 'transition', userId: change.userId, note: change.note });
};

/**
 * Keeps an editor's unsaved copy (from a heartbeat, or the lock row at a takeover) as a revision,
 * unless the same copy was already kept for them. Fields the copy does not carry come from the
 * record as it is now.
 */
export async function recordDraft(
  tx: DbOrTx,
  { resource, id, userId, draft, note }: { resource: EditorialResource; id: number; userId: number; draft: DraftCopy; note: string },
): Promise<number | null> {
  const table = tableOf(resource);
  const [row] = await tx.select().from(table).where(eq(table.id, id)).limit(1);
  if (!row) return null;
  const allowed = new Set(REVISION_FIELDS[resource].map((f) => f.name));
  const copy = Object.fromEntries(Object.entries(draft.fields).filter(([k]) => allowed.has(k)));
  const current = snapshotOf(resource, row as Record<string, unknown>);
  const snapshot = { ...current, ...copy };
  // Nothing unsaved: the copy equals the record (then it is already in the history).
  if (Object.keys(copy).every((k) => stableJson(copy[k]) === stableJson(current[k]))) return null;
  const [last] = await tx
    .select({ id: revisions.id, snapshot: revisions.snapshot })
    .from(revisions)
    .where(and(eq(revisions.resource, resource), eq(revisions.resourceId, id), eq(revisions.kind, 'takeover'), eq(revisions.userId, userId)))
    .orderBy(desc(revisions.id))
    .limit(1);
  if (last && stableJson(last.snapshot) === stableJson(snapshot)) return last.id;
  const [{ revisionId }] = await tx
    .insert(revisions)
    .values({ resource, resourceId: id, kind: 'takeover', version: draft.baseVersion, snapshot, userId, note: note.slice(0, 255) })
    .returning({ revisionId: revisions.id });
  return revisionId;
}

export interface LockHolder {
  userId: number;
  name: string;
  since: string;
  renewedAt: string;
  /** The holder is the asking user (in another tab or window). */
  self: boolean;
}

interface LockRow {
  token: string;
  userId: number;
  name: string | null;
  acquiredAt: Date;
  renewedAt: Date;
  draft: DraftCopy | null;
  takenFromToken: string | null;
  live: boolean;
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function holderOf(row: Pick<LockRow, 'userId' | 'name' | 'acquiredAt' | 'renewedAt'>, me: SessionUser): LockHolder {
  return { userId: row.userId, name: row.name ?? `用户${row.userId}`, since: iso(row.acquiredAt), renewedAt: iso(row.renewedAt), self: row.userId === me.id };
}

const liveExpr = sql<boolean>`(${editLocks.renewedAt} > now() - make_interval(secs => ${LOCK_TTL_SECONDS}))`;

/** The lock row of a record (locked FOR UPDATE when `forUpdate`), with whether it is live. */
export async function readLock(tx: DbOrTx, resource: EditorialResource, id: number, forUpdate = false): Promise<LockRow | undefined> {
  const q = tx
    .select({
      token: editLocks.token,
      userId: editLocks.userId,
      name: users.name,
      acquiredAt: editLocks.acquiredAt,
      renewedAt: editLocks.renewedAt,
      draft: editLocks.draft,
      takenFromToken: editLocks.takenFromToken,
      live: liveExpr,
    })
    .from(editLocks)
    .leftJoin(users, eq(users.id, editLocks.userId))
    .where(and(eq(editLocks.resource, resource), eq(editLocks.resourceId, id)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update', { of: editLocks }) : await q;
  return row;
}

/**
 * Live locks of some records (the lists show who is editing what): one query for a page's ids,
 * limited to the records in the asker's data scope (an id outside it tells nothing).
 */
export async function liveLocks(db: DbOrTx, resource: EditorialResource, ids: number[], me: SessionUser) {
  if (!ids.length) return [];
  const table = tableOf(resource);
  const scope = scopeCondition(me, { userColumn: table.editorId, departmentColumn: table.departmentId });
  const rows = await db
    .select({ resourceId: editLocks.resourceId, userId: editLocks.userId, name: users.name, acquiredAt: editLocks.acquiredAt, renewedAt: editLocks.renewedAt })
    .from(editLocks)
    .leftJoin(users, eq(users.id, editLocks.userId))
    .where(
      and(
        eq(editLocks.resource, resource),
        inArray(editLocks.resourceId, ids),
        liveExpr,
        scope ? sql`exists (select 1 from ${table} where ${table.id} = ${editLocks.resourceId} and ${scope})` : undefined,
      ),
    );
  return rows.map((r) => ({ id: r.resourceId, ...holderOf(r, me) }));
}

export const newLockToken = () => randomBytes(18).toString('base64url');

/** The lock token a save carries: the `X-Edit-Lock` header or `lockToken` in the body. */
export function lockTokenOf(c: Context<AppEnv>, body: unknown): string | undefined {
  const fromBody = body && typeof body === 'object' ? (body as { lockToken?: unknown }).lockToken : undefined;
  if (typeof fromBody === 'string' && fromBody) return fromBody.slice(0, 64);
  return c.req.header('x-edit-lock')?.slice(0, 64) || undefined;
}

const hhmm = (d: Date) => new Date(d).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Shanghai' });

/**
 * A save (or restore) must come from the lock's holder when someone else holds a live lock:
 * otherwise 423 with who holds it, and nothing is written. No lock, or a lapsed one: the version
 * check alone decides.
 */
export async function assertMayWrite(
  tx: Tx,
  { resource, id, token, label, userId }: { resource: EditorialResource; id: number; token: string | undefined; label: string; userId?: number },
) {
  const lock = await readLock(tx, resource, id);
  if (!lock || !lock.live || lock.token === token) {
    // Saving is editing: a tab whose lock had lapsed or been released (a takeover that ended) and
    // that saves holds the lock again, so the one who opens it next is told (issue 15). Kept only
    // if the save commits (a stale save's 409 rolls it back).
    if (token && userId && (!lock || !lock.live)) {
      // A lapsed lock of another tab may still hold that tab's last unsaved copy: kept first, as a
      // takeover of a lapsed lock keeps it.
      if (lock && lock.token !== token && lock.draft)
        await recordDraft(tx, { resource, id, userId: lock.userId, draft: lock.draft, note: '编辑锁过期时未保存的内容' });
      const values = {
        token,
        userId,
        acquiredAt: sql`now()`,
        renewedAt: sql`now()`,
        draft: null,
        draftAt: null,
        takenFromToken: null,
        takenFromUserId: null,
        takenAt: null,
      };
      await tx
        .insert(editLocks)
        .values({ resource, resourceId: id, ...values })
        .onConflictDoUpdate({ target: [editLocks.resource, editLocks.resourceId], set: values });
      await tx.delete(editLockTakeovers).where(eq(editLockTakeovers.token, token));
    }
    return;
  }
  const name = lock.name ?? `用户${lock.userId}`;
  throw new ApiError(
    423,
    `${name}正在编辑这篇${label}（${hhmm(lock.acquiredAt)} 起），你的修改没有保存；请等待对方离开或接管编辑后再保存`,
    { lock: '他人正在编辑' },
    { holder: { userId: lock.userId, name, since: iso(lock.acquiredAt), renewedAt: iso(lock.renewedAt) } },
  );
}

/** Who saved a version (the person, not the item's owner: issue 15) and when. */
export interface SavedBy {
  userId: number | null;
  name: string | null;
  at: string;
  version: number;
}

/**
 * The newest revision that made this version (a save, create, restore or transition): who saved
 * the version an editor is shown, and when. Null when the revision was pruned.
 */
export async function savedByOf(db: DbOrTx, resource: EditorialResource, id: number, version: number): Promise<SavedBy | null> {
  const [row] = await db
    .select({ userId: revisions.userId, name: users.name, at: revisions.createdAt })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.userId))
    .where(and(eq(revisions.resource, resource), eq(revisions.resourceId, id), eq(revisions.version, version), sql`${revisions.kind} <> 'takeover'`))
    .orderBy(desc(revisions.id))
    .limit(1);
  return row ? { userId: row.userId, name: row.name, at: new Date(row.at).toISOString(), version } : null;
}

/**
 * What a stale save's 409 carries besides the current record (issue 15): who saved the newer
 * version, and the fields as they were at the version the editor opened (`base`), so the editor
 * merges three ways. `base` is null when that version's revision was pruned (the editor then
 * falls back to the copy it loaded).
 */
export async function conflictContext(db: DbOrTx, resource: EditorialResource, id: number, { from, current }: { from: number; current: number }) {
  // One after the other: inside a transaction the queries share one connection.
  const savedBy = await savedByOf(db, resource, id, current);
  const [base] = await db
    .select({ snapshot: revisions.snapshot })
    .from(revisions)
    .where(and(eq(revisions.resource, resource), eq(revisions.resourceId, id), eq(revisions.version, from), sql`${revisions.kind} <> 'takeover'`))
    .orderBy(desc(revisions.id))
    .limit(1);
  return { savedBy, base: (base?.snapshot as Record<string, unknown> | undefined) ?? null };
}
