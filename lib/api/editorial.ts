/**
 * Client of the edit locks and revisions of articles and short videos (DESIGN §8, issue 8).
 * Lock calls are silent (`send`): the banner says what happened, not a toast.
 * @see server/editorial/locks.ts, server/editorial/revisions.ts (the contract)
 */
import { http, isFailure, type ApiReply } from '../http';
import type { z } from 'zod';
import type {
  checkResultSchema,
  fieldDiffSchema,
  lockHolderSchema,
  lockReplySchema,
  revisionDetailSchema,
  revisionItemSchema,
} from '../resources/schemas/editorial';

/** `/api/articles` or `/api/videos`. */
export type EditorialPath = 'articles' | 'videos';

export type LockHolder = z.output<typeof lockHolderSchema>;
/** What a lock call answers (a refusal's 423 carries the same shape with `held: false`). */
export type LockReply = z.output<typeof lockReplySchema>;

/** The editor's unsaved copy: the form's values and the version they were loaded at. */
export interface DraftCopy {
  baseVersion: number;
  fields: Record<string, unknown>;
}

/** A lock call's outcome: the reply's HTTP status and envelope, or `network` when nothing came back. */
export type LockOutcome =
  { kind: 'ok'; data: LockReply } | { kind: 'refused'; httpStatus: number; message: string; data: LockReply | null } | { kind: 'network' };

async function lockCall(method: 'POST' | 'PUT', path: EditorialPath, id: number, body: object): Promise<LockOutcome> {
  const reply = await http.main.send<LockReply>(method, `/api/${path}/${id}/lock`, body);
  if (isFailure(reply)) return { kind: 'network' };
  if (reply.body.status === 0) return { kind: 'ok', data: reply.body.data as LockReply };
  return { kind: 'refused', httpStatus: reply.httpStatus, message: reply.body.message ?? '', data: (reply.body.data as LockReply | null) ?? null };
}

export const lockApi = {
  acquire: (path: EditorialPath, id: number, body: { token?: string; takeover?: boolean; draft?: DraftCopy | null }) => lockCall('POST', path, id, body),
  renew: (path: EditorialPath, id: number, body: { token: string; draft?: DraftCopy | null }) => lockCall('PUT', path, id, body),
  /** Releases on leaving; `keepalive` lets it finish while the page unloads. */
  release(path: EditorialPath, id: number, token: string) {
    return fetch(`/api/${path}/${id}/lock?token=${encodeURIComponent(token)}`, { method: 'DELETE', keepalive: true, credentials: 'same-origin' }).catch(
      () => undefined,
    );
  },
  /** Who is editing which of these records (the list's 编辑中 column). */
  list: (path: EditorialPath, ids: number[]) => http.main.get<{ list: Array<LockHolder & { id: number }> }>(`/api/${path}/locks`, { ids: ids.join(',') }),
  /** The same, silent (a list refreshing in the background): null when it could not be read. */
  async holders(path: EditorialPath, ids: number[]): Promise<Array<LockHolder & { id: number }> | null> {
    const reply = await http.main.send<{ list: Array<LockHolder & { id: number }> }>('GET', `/api/${path}/locks`, { ids: ids.join(',') });
    return !isFailure(reply) && reply.body.status === 0 && reply.body.data ? reply.body.data.list : null;
  },
};

export type RevisionItem = z.output<typeof revisionItemSchema>;
export type FieldDiff = z.output<typeof fieldDiffSchema>;
export type RevisionDetail = z.output<typeof revisionDetailSchema>;

export const revisionApi = {
  list: (path: EditorialPath, id: number, params: { page?: number; pageSize?: number } = {}) =>
    http.main.get<{ list: RevisionItem[]; total: number; page: number; pageSize: number; current: { version: number } }>(
      `/api/${path}/${id}/revisions`,
      params,
    ),
  get: (path: EditorialPath, id: number, rid: number, against: 'previous' | 'current') =>
    http.main.get<RevisionDetail>(`/api/${path}/${id}/revisions/${rid}`, { against }),
  /** A restore is a save: version-checked (409) and lock-checked (423); silent so the drawer explains. */
  restore: (path: EditorialPath, id: number, rid: number, body: { version: number; fields?: string[]; lockToken?: string }) =>
    http.main.send<Record<string, unknown> & { version: number }>('POST', `/api/${path}/${id}/revisions/${rid}/restore`, body),
};

export type { ApiReply };

/** What the content check found (kept on an article or short video; the editors and the review show it). */
export type CheckResult = z.output<typeof checkResultSchema>;
