/**
 * 发布流程 (DESIGN §8): the statuses, the actions a user can take and the inputs of the workflow
 * calls, shared by the screens (labels) and the server; the calls' zod schemas are in
 * schemas/workflow.ts.
 */

import type { z } from 'zod';
import type { contentEventSchema, reviewItemSchema } from './schemas/editorial';

// The statuses, their labels and the actions live in the one publishing model (publishing.ts).
export { STATUS, STATUS_COLORS, STATUS_LABELS, WORKFLOW_ACTIONS, type Status, type WorkflowAction } from './publishing';

/** Content types the workflow serves (content_events.content_type). */
export const CONTENT_TYPES = [
  { value: 'article', label: '文章' },
  { value: 'video', label: '短视频' },
] as const;

export const REVIEW_COMMENT_MAX = 500;

/** A row of the review queue. */
export type ReviewItem = z.output<typeof reviewItemSchema>;

/** One transition in an item's history. */
export type ContentEvent = z.output<typeof contentEventSchema>;
