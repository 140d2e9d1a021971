import { Hono } from 'hono';
import { ARTICLE_EDIT_ROUTES, ARTICLE_READ_ROUTES } from '../../lib/resources/articles';
import { z } from 'zod';
import { articleBatchAnswer, articleDetail, articlePage, articleRecord, articleSaveSchema, articleUpdateSchema } from '../../lib/resources/schemas/articles';
import { recordId } from '../../lib/resources/schemas/common';
import { answers, answersOther } from '../http/answer';
import { access } from '../auth/access';
import type { ContentService } from '../content/check';
import { lockRoutes } from '../editorial/locks';
import { revisionRoutes } from '../editorial/revisions';
import { autosaveRoutes } from '../editorial/autosave';
import { lockTokenOf, savedByOf } from '../editorial/safety';
import { SAVE_REFUSALS } from '../editorial/save';
import { createArticle, loadArticle, updateArticle } from './article';
import { articleAutosave, articleEditorialTarget } from './editorial';
import { articleFilterSchema, listHandler } from './list';
import { listQuerySchema } from '../crud/list';
import { exportCsv } from './export-csv';
import { batchSchema, deleteDrafts, moveToCategory } from './batch';
import { searchChanged } from './search';
import type { SearchBackend } from './search/types';
import { notFound } from '../http/errors';
import { idParam } from '../http/params';
import { ok } from '../http/reply';
import { jsonBody, onlySent, queryDoc, rawBody } from '../http/input';
import type { AppEnv } from '../http/types';

/**
 * 文章 API (SEED §7, issue 7) under `/api/articles`, in this order (the workflow's calls are mounted
 * before it: server/routes/workflow.ts):
 * 1. the edit locks, revisions and autosave (server/editorial/), first: `/locks` is not an article id;
 * 2. the list, the CSV export, deleting a draft and the batch actions (server/articles/list.ts,
 *    export-csv.ts, batch.ts), before `/:id`;
 * 3. one article, create and update (server/articles/article.ts).
 */
export function articleRoutes({ contentService = {}, search = null }: { contentService?: ContentService; search?: SearchBackend | null } = {}) {
  const app = new Hono<AppEnv>();
  const editorial = articleEditorialTarget(contentService);
  app.route('/', lockRoutes(editorial));
  app.route('/', revisionRoutes(editorial));
  app.route('/', autosaveRoutes(articleAutosave));

  app.get('/', access.route('/article/list'), queryDoc(listQuerySchema, articleFilterSchema), answers(articlePage), listHandler(search));
  app.get(
    '/export.csv',
    access.route('/article/list'),
    answersOther({ status: 200, type: 'text/csv', description: '筛选结果的 CSV 文件' }),
    queryDoc(listQuerySchema, articleFilterSchema),
    exportCsv,
  );

  app.delete('/:id', access.route('/article/list'), answers(z.object({ id: recordId }), { 409: '只能删除草稿' }), async (c) => {
    const id = idParam(c);
    const db = c.get('db');
    await db.transaction((tx) => deleteDrafts(tx, c, [id]));
    searchChanged(c, [id], true);
    return ok(c, { id });
  });

  app.post(
    '/batch',
    access.route('/article/list'),
    jsonBody(batchSchema),
    answers(articleBatchAnswer, { 404: '部分文章不存在或不在数据范围内', 409: '只能删除草稿' }),
    async (c) => {
      const input = c.req.valid('json');
      const ids = [...new Set(input.ids)];
      const db = c.get('db');
      if (input.action === 'delete') {
        const deleted = await db.transaction((tx) => deleteDrafts(tx, c, ids));
        searchChanged(c, deleted, true);
        return ok(c, { action: 'delete', ids: deleted });
      }
      const moved = await db.transaction((tx) => moveToCategory(tx, c, ids, input.categoryId));
      searchChanged(c, moved.ids);
      return ok(c, { action: 'move', ...moved });
    },
  );

  app.get('/:id', access.anyRoute(ARTICLE_READ_ROUTES), answers(articleDetail), async (c) => {
    const article = await loadArticle(c.get('db'), c.get('user')!, idParam(c));
    if (!article) throw notFound('文章不存在');
    // Who saved this version (the person, not the owner): the editor names them (issue 15).
    return ok(c, { ...article, savedBy: await savedByOf(c.get('db'), 'article', article.id, article.version) });
  });

  app.post('/', access.anyRoute(ARTICLE_EDIT_ROUTES), jsonBody(articleSaveSchema), answers(articleRecord), async (c) =>
    ok(c, await createArticle(c, c.req.valid('json'), contentService)),
  );

  app.put('/:id', access.anyRoute(ARTICLE_EDIT_ROUTES), jsonBody(articleUpdateSchema), answers(articleRecord, SAVE_REFUSALS), async (c) => {
    const id = idParam(c);
    const { version, ...patch } = onlySent(c, c.req.valid('json')) as z.infer<typeof articleUpdateSchema>;
    return ok(c, await updateArticle(c, { id, version, patch, contentService, lockToken: lockTokenOf(c, rawBody(c)) }));
  });

  return app;
}

/**
 * `GET /api/article_from_es` (SEED §7): the search, the list's filters and reply; answered by the
 * search engine when `ELASTICSEARCH_URL` is set, else (or when it fails) by PostgreSQL.
 */
export const articleSearchRoutes = (search: SearchBackend | null = null) =>
  new Hono<AppEnv>().get('/', access.route('/article/list'), queryDoc(listQuerySchema, articleFilterSchema), answers(articlePage), listHandler(search));
