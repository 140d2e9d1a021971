/**
 * 发布流程 (DESIGN §8): the statuses, the actions a user can take and the inputs of the workflow
 * calls, shared by the screens (labels) and the server; the calls' zod schemas are in
 * schemas/workflow.ts.
 */

import type { WorkflowAction } from './publishing';

// The statuses, their labels and the actions live in the one publishing model (publishing.ts).
export { STATUS, STATUS_COLORS, STATUS_LABELS, WORKFLOW_ACTIONS, type Status, type WorkflowAction } from './publishing';

/** Content types the workflow serves (content_events.content_type). */
export const CONTENT_TYPES = [
  { value: 'article', label: '文章' },
  { value: 'video', label: '短视频' },
] as const;

export const REVIEW_COMMENT_MAX = 500;

/** A row of the review queue. */
export interface ReviewItem {
  contentType: 'article' | 'video';
  id: number;
  kind: string;
  title: string;
  editorId: number;
  editorName: string | null;
  departmentId: number | null;
  status: number;
  version: number;
  submittedAt: string | null;
  publishAt: string | null;
  reviewComment: string;
  hits: number;
  /** Why nothing checked it (「词库为空，未做检测」, 「尚未检测」); null when it was checked. */
  unchecked: string | null;
}

/** One transition in an item's history. */
export interface ContentEvent {
  id: number;
  action: WorkflowAction;
  fromStatus: number;
  toStatus: number;
  userId: number | null;
  userName: string | null;
  comment: string;
  at: string;
}
