/**
 * 发布流程 (DESIGN §8): the statuses, the actions a user can take and the inputs of the workflow
 * calls, shared by the screens (labels, inline checks) and the server (validation).
 */
import { z } from 'zod';
import { INT4_MAX } from '../constants';
import { HIDDEN_CHARS_MULTILINE } from './common';

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

const when = (label: string) =>
  z.union(
    [
      z.iso.datetime({ offset: true, error: `${label}必须是 ISO-8601 时间` }).refine((v) => {
        const y = new Date(v).getUTCFullYear();
        return y >= 2000 && y <= 9999;
      }, `${label}超出范围`),
      z.null(),
    ],
    { error: `${label}必须是 ISO-8601 时间` },
  );

const comment = z
  .string({ error: '意见必须是文字' })
  .trim()
  .max(REVIEW_COMMENT_MAX, `意见不能超过 ${REVIEW_COMMENT_MAX} 个字符`)
  .refine((v) => !HIDDEN_CHARS_MULTILINE.test(v), '意见不能包含控制字符、方向控制符或零宽字符');

/** Body of the transition calls: the version the user saw (optional), the times, a comment. */
export const transitionSchema = z.object({
  version: z.number({ error: '版本号必须是数字' }).int().positive().max(INT4_MAX).optional(),
  publishAt: when('定时发布时间').optional(),
  offlineAt: when('定时下线时间').optional(),
  comment: comment.optional(),
});
export type TransitionInput = z.infer<typeof transitionSchema>;

/** A review decision (`/api/articles_review`): reject needs a reason. */
export const reviewDecisionSchema = z
  .object({
    contentType: z.enum(['article', 'video'], { error: '内容类型不正确' }).default('article'),
    action: z.enum(['approve', 'reject'], { error: '请选择通过或驳回' }),
    comment: comment.default(''),
    version: z.number({ error: '版本号必须是数字' }).int().positive().max(INT4_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && !v.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: '请填写驳回理由，作者会看到它' });
  });
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

export const batchSchema = z.object({
  ids: z
    .array(z.number({ error: '编号必须是数字' }).int().positive().max(INT4_MAX), { error: '请选择文章' })
    .min(1, '请选择文章')
    .max(100, '一次最多 100 篇'),
});

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
