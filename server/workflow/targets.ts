import { eq } from 'drizzle-orm';
import { ARTICLE_EDIT_ROUTES, ARTICLE_KINDS } from '../../lib/resources/articles';
import { articles, videos } from '../db/schema';
import { articleCheckTexts, checkContent, videoCheckTexts } from '../content/check';
import { libraryTexts } from '../content/library-texts';
import { type WorkflowAction } from '../../lib/resources/publishing';
import type { WorkflowTarget } from './engine';

/**
 * Every content type the workflow serves (server/workflow/engine.ts), listed here rather than
 * registered when some routes module happens to load: the scheduler, the review queue and the
 * workbench read this list, in this order.
 */

/** 文章 (articles, galleries, video articles). */
export const articleTarget: WorkflowTarget = {
  type: 'article',
  label: '文章',
  resource: 'articles',
  table: articles,
  columns: {
    id: articles.id,
    title: articles.title,
    editorId: articles.editorId,
    departmentId: articles.departmentId,
    status: articles.status,
    version: articles.version,
    publishAt: articles.publishAt,
    offlineAt: articles.offlineAt,
    publishedAt: articles.publishedAt,
    submittedAt: articles.submittedAt,
    reviewComment: articles.reviewComment,
    reviewerId: articles.reviewerId,
    reviewedAt: articles.reviewedAt,
    updatedAt: articles.updatedAt,
    checkResult: articles.checkResult,
  },
  extraColumns: { kind: articles.kind },
  reviewRoute: '/article/check',
  editRoutes: (row) => ARTICLE_KINDS.filter((k) => k.value === row.extra.kind).map((k) => k.route),
  editRouteList: ARTICLE_EDIT_ROUTES,
  async check(tx, id, service) {
    const [a] = await tx
      .select({
        title: articles.title,
        subtitle: articles.subtitle,
        summary: articles.summary,
        content: articles.content,
        images: articles.images,
        videoStoreId: articles.videoStoreId,
      })
      .from(articles)
      .where(eq(articles.id, id));
    const result = await checkContent(tx, [...articleCheckTexts(a), ...(await libraryTexts(tx, a))], service);
    await tx.update(articles).set({ checkResult: result }).where(eq(articles.id, id));
    return result;
  },
};

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
  reviewRoute: '/article/check',
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
 * The actions articles take through their own routes (`PUT /api/articles/{action}/{id}`); the review
 * decisions (approve, reject) go through `/api/articles_review`, and publish is `PUT /publish/{id}`.
 */
export const ARTICLE_ACTIONS: readonly WorkflowAction[] = [
  'submit',
  'withdraw',
  'offline',
  'republish',
  'schedule',
  'unschedule',
  'schedule_offline',
  'unschedule_offline',
];

/**
 * The actions short videos take through their own routes (review decisions go through
 * `/api/articles_review`; the video editor has no publish or offline times).
 */
export const VIDEO_ACTIONS: readonly WorkflowAction[] = ['submit', 'withdraw', 'offline', 'republish'];

export const WORKFLOW_TARGETS: readonly WorkflowTarget[] = [articleTarget, videoWorkflowTarget];

export function workflowTarget(type: string): WorkflowTarget | undefined {
  return WORKFLOW_TARGETS.find((t) => t.type === type);
}

export function workflowTargets(): WorkflowTarget[] {
  return [...WORKFLOW_TARGETS];
}
