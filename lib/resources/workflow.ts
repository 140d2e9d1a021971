/**
 * 发布流程 (DESIGN §8): the statuses, the actions a user can take and the inputs of the workflow
 * calls, shared by the screens (labels) and the server; the calls' zod schemas are in
 * schemas/workflow.ts.
 */

export const STATUS = { draft: 0, pending: 1, rejected: 2, published: 3, offline: 4, scheduled: 5 } as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];
export const STATUS_LABELS: Record<number, string> = { 0: '草稿', 1: '待审核', 2: '已驳回', 3: '已发布', 4: '已下线', 5: '定时发布' };
export const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'error', 3: 'success', 4: 'warning', 5: 'purple' };

/** Every action of the workflow, by name, with its Chinese label (operation log, history, buttons). */
export const WORKFLOW_ACTIONS = {
  submit: '提交审核',
  withdraw: '撤回审核',
  approve: '审核通过',
  reject: '驳回',
  publish: '发布',
  schedule: '定时发布',
  unschedule: '取消定时发布',
  offline: '下线',
  republish: '重新发布',
  schedule_offline: '定时下线',
  unschedule_offline: '取消定时下线',
  scheduled_publish: '定时发布执行',
  scheduled_offline: '定时下线执行',
  schedule_blocked: '定时发布受阻',
} as const;
export type WorkflowAction = keyof typeof WORKFLOW_ACTIONS;

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
