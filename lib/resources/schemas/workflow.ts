/** 发布流程's call inputs as zod schemas (the server's validation); the statuses and labels are in ../workflow.ts. */
import { z } from 'zod';
import { INT4_MAX } from '../../constants';
import { HIDDEN_CHARS_MULTILINE } from '../common';
import { REVIEW_COMMENT_MAX } from '../workflow';

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
