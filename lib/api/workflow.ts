/**
 * Client of the publishing workflow (server/routes/workflow.ts is the contract): the review queue
 * and decisions, an item's transitions and history, the workbench. Browser only.
 * @see DESIGN §8
 */
import { http } from '../http';
import type { ListParams } from './resource';
import type { ListResult } from '../resources/define';
import type { ContentEvent, ReviewItem } from '../resources/workflow';
import type { TransitionInput } from '../resources/schemas/workflow';
import type { z } from 'zod';
import type {
  batchOutcomeSchema,
  focusUsageSchema,
  relationNamesSchema,
  transitionResultSchema,
  workbenchItemSchema,
  workbenchSchema,
} from '../resources/schemas/editorial';

export type ContentType = 'article' | 'video';

/** The API collection of a content type. */
export const contentBase = (type: ContentType) => (type === 'video' ? '/api/videos' : '/api/articles');

/** Where an item is edited (DESIGN §4: edit screens take `?id=`). */
export function editorPath(type: ContentType, kind: string, id: number): string {
  if (type === 'video') return `/article/createVideo?id=${id}`;
  if (kind === 'gallery') return `/article/addImage?id=${id}`;
  if (kind === 'video') return `/article/addVideo?id=${id}`;
  return `/article/addArticle?id=${id}`;
}

/** The review screen opened on one item. */
export const reviewPath = (type: ContentType, id: number) => `/article/check?review=${type}:${id}`;

/** What a transition call answers. */
export type TransitionReply = z.output<typeof transitionResultSchema>;
export type BatchReply = z.output<typeof batchOutcomeSchema>;
/** A row of the workbench lists. */
export type WorkbenchItem = z.output<typeof workbenchItemSchema>;
export type WorkbenchData = z.output<typeof workbenchSchema>;
/** Focus slots (enabled, not ended) pointing at an item, per family (the 下线 confirmation's warning). */
export type FocusUsage = z.output<typeof focusUsageSchema>;
/** What an item is filed under, by name (the review drawer's 描述 table). */
export type RelationNames = z.output<typeof relationNamesSchema>;
/** A referenced record by id, with its name (null when it no longer exists). */
export type NamedRef = RelationNames['tags'][number];

export const workflowApi = {
  queue: (params: ListParams) => http.main.get<ListResult<ReviewItem>>('/api/articles_review', params),
  /** Approve or reject; raw so the screen can show a content-check refusal with its words. */
  decide: (type: ContentType, id: number, body: { action: 'approve' | 'reject'; comment?: string; version?: number }) =>
    http.main.send<TransitionReply>('PUT', `/api/articles_review/${id}`, { contentType: type, ...body }),
  item: <T>(type: ContentType, id: number) => http.main.get<T>(`${contentBase(type)}/${id}`, { _t: Date.now() }),
  history: (type: ContentType, id: number) => http.main.get<{ list: ContentEvent[] }>(`${contentBase(type)}/events/${id}`),
  transition: (
    type: ContentType,
    action: 'publish' | 'submit' | 'withdraw' | 'offline' | 'republish' | 'schedule' | 'unschedule' | 'schedule_offline' | 'unschedule_offline',
    id: number,
    body: TransitionInput = {},
  ) => http.main.put<TransitionReply>(`${contentBase(type)}/${action}/${id}`, body),
  batchSubmit: (ids: number[]) => http.main.put<BatchReply>('/api/articles/batch/submit', { ids }),
  /** Silent: the confirmation says itself when it cannot tell. Reviewers only. */
  focusUsage: (type: ContentType, id: number) => http.main.send<FocusUsage>('GET', `/api/articles_review/focus_usage/${type}/${id}`),
  /** Silent: the drawer falls back to the ids. Reviewers only. */
  relations: (type: ContentType, id: number) => http.main.send<RelationNames>('GET', `/api/articles_review/relations/${type}/${id}`),
};
