/**
 * What the editorial routes of articles and short videos answer (server/editorial/: edit locks,
 * revisions, autosave; server/workflow/: transitions, history, the review queue), one schema per
 * answer: the API description publishes them (`answers(…)`, server/http/answer.ts) and the
 * browser's types are their `z.output` (lib/api/editorial.ts, lib/api/workflow.ts).
 * @see docs/decisions.md, "Issue 25: one source for what the API answers"
 */
import { z } from 'zod';
import { WORKFLOW_ACTIONS, type WorkflowAction } from '../publishing';
import { isoTime, listOf, recordId, refId } from './common';
import type { DiffOp } from '../../diff';

const int = z.number().int();
const at = isoTime.nullable();

/** What the content check found at the last save (DESIGN §6), kept on an article or short video. */
export const checkResultSchema = z.object({
  hits: z.array(z.string()),
  /** 'pass' | 'hits' | 'unchecked' for the outside service, with the reason when unchecked. */
  service: z.object({ status: z.enum(['pass', 'hits', 'unchecked', 'off']), note: z.string() }),
  checkedAt: isoTime,
  /** Set when nothing read the text (empty dictionary, no outside service): shown instead of 「通过」. */
  unchecked: z.string().optional(),
});

/** Who saved the version a record is at (the person, not the owner: issue 15). */
export const savedBySchema = z.object({ userId: refId, name: z.string().nullable(), at: isoTime, version: int }).nullable();

/** The workflow's columns an article or short video answers (server/db/schema/workflow.ts), with its check and stamps. */
export const WORKFLOW_FIELDS = {
  editorId: recordId,
  departmentId: refId,
  status: int,
  version: int,
  publishAt: at,
  offlineAt: at,
  publishedAt: at,
  submittedAt: at,
  reviewComment: z.string(),
  reviewerId: refId,
  reviewedAt: at,
  checkResult: checkResultSchema.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  editorName: z.string().nullable(),
  /** The reviewer of the last decision (shown while the item is 已驳回). */
  reviewerName: z.string().nullable(),
};

// --- edit locks ---

export const lockHolderSchema = z.object({ userId: recordId, name: z.string(), since: isoTime, renewedAt: isoTime, self: z.boolean() });
/** `GET /{type}/locks?ids=`: who is editing which of these records. */
export const lockListSchema = z.object({ list: z.array(lockHolderSchema.extend({ id: recordId })) });
/** `POST|PUT /{type}/{id}/lock`: the lock held (a refusal's 423 carries the same shape with `held: false`). */
export const lockReplySchema = z.object({
  held: z.boolean(),
  token: z.string().optional(),
  holder: lockHolderSchema,
  takenOver: z.boolean().optional(),
  /** The takeover that displaced this tab already ended (issue 15). */
  ended: z.boolean().optional(),
  regained: z.boolean().optional(),
  savedRevisionId: refId.optional(),
  ownRevisionId: refId.optional(),
  version: int.optional(),
  ttlSeconds: int,
  renewSeconds: int,
});
/** `DELETE /{type}/{id}/lock`: whether this tab's lock was released, and the revision its unsaved copy became. */
export const lockReleaseSchema = z.object({ released: z.boolean(), savedRevisionId: refId });

// --- revisions ---

export const revisionItemSchema = z.object({
  id: recordId,
  kind: z.string(),
  kindLabel: z.string(),
  version: int,
  userId: refId,
  userName: z.string().nullable(),
  note: z.string(),
  title: z.string(),
  createdAt: isoTime,
});
export const revisionListSchema = listOf(revisionItemSchema).extend({ current: z.object({ version: int }) });

const snapshot = z.record(z.string(), z.unknown());
const diffPart = z.object({ op: z.enum(['equal', 'insert', 'delete'] satisfies DiffOp[]), text: z.string(), block: z.boolean().optional() });
export const fieldDiffSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'html', 'image', 'id', 'ids', 'images']),
  changed: z.boolean(),
  before: z.unknown(),
  after: z.unknown(),
  parts: z.array(diffPart).optional(),
  list: z.object({ added: z.array(z.unknown()), removed: z.array(z.unknown()), reordered: z.boolean() }).optional(),
});
/** `GET /{type}/{id}/revisions/{rid}?against=`: one revision, its copy and what changed. */
export const revisionDetailSchema = z.object({
  revision: revisionItemSchema.omit({ title: true }).extend({ snapshot }),
  against: z.enum(['previous', 'current']),
  base: z.object({ label: z.string(), version: int.nullable(), snapshot, revisionId: refId }),
  direction: z.string(),
  fields: z.array(fieldDiffSchema),
  /** Names of the ids the copies hold, per field (`categoryId` → { "3": "新闻" }). */
  names: z.record(z.string(), z.record(z.string(), z.string())),
  current: z.object({ version: int }),
});

// --- autosave ---

/** The rolling server copy of one editor's unsaved form (`GET|PUT /{type}/{id|new}/autosave`). */
export const autosaveCopySchema = z.object({
  articleId: refId,
  kind: z.string(),
  baseVersion: int,
  savedAt: isoTime,
  data: snapshot,
});
export const autosaveDeletedSchema = z.object({ deleted: int });

// --- workflow ---

const actionSchema = z.enum(Object.keys(WORKFLOW_ACTIONS) as [WorkflowAction, ...WorkflowAction[]]);
/** What a transition answers (server/workflow/engine.ts `transition`). */
export const transitionResultSchema = z.object({
  id: recordId,
  action: actionSchema,
  fromStatus: int,
  status: int,
  version: int,
  publishAt: isoTime.nullable(),
  offlineAt: isoTime.nullable(),
  publishedAt: isoTime.nullable(),
  reviewComment: z.string(),
  checkResult: checkResultSchema.nullable(),
});
/** A batch of transitions: which went through, which were refused and why. */
export const batchOutcomeSchema = z.object({ done: z.array(recordId), failed: z.array(z.object({ id: recordId, message: z.string() })) });
/** `GET /{type}/events/{id}`: the item's history, newest first. */
export const contentEventSchema = z.object({
  id: recordId,
  action: actionSchema,
  fromStatus: int,
  toStatus: int,
  userId: refId,
  userName: z.string().nullable(),
  comment: z.string(),
  at: isoTime,
});
export const contentEventListSchema = z.object({ list: z.array(contentEventSchema) });

const contentType = z.enum(['article', 'video']);

/** A row of the review queue (`GET /api/articles_review`). */
export const reviewItemSchema = z.object({
  contentType,
  id: recordId,
  kind: z.string(),
  title: z.string(),
  editorId: recordId,
  editorName: z.string().nullable(),
  departmentId: refId,
  status: int,
  version: int,
  submittedAt: at,
  publishAt: at,
  reviewComment: z.string(),
  reviewedAt: at,
  hits: int,
  /** Why nothing checked it (「词库为空，未做检测」, 「尚未检测」); null when it was checked. */
  unchecked: z.string().nullable(),
});
export const reviewQueueSchema = listOf(reviewItemSchema);

/** Focus slots (enabled, not ended) pointing at an item, per family (the 下线 confirmation's warning). */
export const focusUsageSchema = z.object({
  total: int,
  families: z.array(z.object({ key: z.string(), label: z.string(), route: z.string(), count: int })),
});
/** A referenced record by id, with its name (null when it no longer exists). */
const namedRef = z.object({ id: recordId, name: z.string().nullable() });
/** What an item is filed under, by name (the review drawer's 描述 table). */
export const relationNamesSchema = z.object({
  tags: z.array(namedRef),
  topics: z.array(namedRef),
  platforms: z.array(namedRef),
  album: namedRef.nullable(),
});

/** A row of the workbench lists. */
export const workbenchItemSchema = z.object({
  contentType,
  id: recordId,
  kind: z.string(),
  title: z.string(),
  status: int,
  version: int,
  editorName: z.string().nullable(),
  updatedAt: isoTime,
  submittedAt: at,
  publishAt: at,
  offlineAt: at,
  reviewComment: z.string(),
  reviewedAt: at,
});
/** Focus slots whose article or video went offline (or is not out yet), per screen and group. */
export const offlineFocusGroupSchema = z.object({
  /** 首页焦点图 · APP */
  label: z.string(),
  /** The screen, on that platform or channel, filtered to 内容已下线 (or 待发布). */
  href: z.string(),
  count: int,
  reason: z.enum(['offline', 'pending']),
});
/** `GET /api/workbench`. */
export const workbenchSchema = z.object({
  /** null without a focus screen. */
  focus: z.array(offlineFocusGroupSchema).nullable(),
  drafts: z.array(workbenchItemSchema),
  rejected: z.array(workbenchItemSchema),
  scheduled: z.array(workbenchItemSchema),
  /** null when the user reviews nothing. */
  review: z.array(workbenchItemSchema).nullable(),
  reviewTotal: int,
});
