import { eq } from 'drizzle-orm';
import { REVIEW_ROUTE, type WorkflowAction } from '../../lib/resources/publishing';
import { videos } from '../db/schema';
import { checkContent, videoCheckTexts } from '../content/check';
import { revisionOnTransition } from '../editorial/safety';
import type { WorkflowTarget } from '../workflow/engine';

/** The workflow's view of short videos (server/workflow/engine.ts): review by 内容审核 holders. */
export const videoWorkflowTarget: WorkflowTarget = {
  type: 'video',
  label: '短视频',
  resource: 'videos',
  table: videos,
  columns: {
    id: videos.id,
    title: videos.title,
    editorId: videos.editorId,
    departmentId: videos.departmentId,
    status: videos.status,
    version: videos.version,
    publishAt: videos.publishAt,
    offlineAt: videos.offlineAt,
    publishedAt: videos.publishedAt,
    submittedAt: videos.submittedAt,
    reviewComment: videos.reviewComment,
    reviewerId: videos.reviewerId,
    reviewedAt: videos.reviewedAt,
    updatedAt: videos.updatedAt,
    checkResult: videos.checkResult,
  },
  reviewRoute: REVIEW_ROUTE,
  // In the transition's transaction: a revision of the item (DESIGN §8).
  onChange: [revisionOnTransition],
  editRoutes: () => ['/article/createVideo'],
  editRouteList: ['/article/createVideo'],
  async check(tx, id, service) {
    const [v] = await tx.select({ title: videos.title, description: videos.description }).from(videos).where(eq(videos.id, id));
    const result = await checkContent(tx, videoCheckTexts(v), service);
    await tx.update(videos).set({ checkResult: result }).where(eq(videos.id, id));
    return result;
  },
};

/**
 * The actions short videos take through their own routes (review decisions go through
 * `/api/articles_review`; the video editor has no publish or offline times).
 */
export const VIDEO_ACTIONS: readonly WorkflowAction[] = ['submit', 'withdraw', 'offline', 'republish'];
