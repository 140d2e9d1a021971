import { eq } from 'drizzle-orm';
import { ARTICLE_EDIT_ROUTES, ARTICLE_KINDS } from '../../lib/resources/articles';
import { REVIEW_ROUTE, type WorkflowAction } from '../../lib/resources/publishing';
import { articles } from '../db/schema';
import { articleCheckTexts, checkContent } from '../content/check';
import { libraryTexts } from '../content/library-texts';
import { revisionOnTransition } from '../editorial/safety';
import type { WorkflowTarget } from '../workflow/engine';
import { searchChanged } from './search';

/**
 * Articles as the workflow (server/workflow/engine.ts) sees them: their table and columns, who
 * edits which kind, the content check, and what follows a transition (a revision in its
 * transaction, the search engine after commit), handed in as change listeners so that the workflow
 * imports neither the articles nor the editorial safety (issue 24). Listed for the scheduler and
 * the review queue in server/publishing/targets.ts.
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
  reviewRoute: REVIEW_ROUTE,
  // In the transition's transaction: a revision of the item (DESIGN §8). After it commits: the search engine re-reads it (DESIGN §10).
  onChange: [revisionOnTransition],
  afterCommit: (c, changes) => searchChanged(c, [...new Set(changes.map((ch) => ch.id))]),
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
