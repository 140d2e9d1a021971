import { desc, eq, sql } from 'drizzle-orm';
import { ALBUM_COUNT_CAP } from '../../lib/resources/albums';
import { albumResource } from '../../lib/resources/schemas/albums';
import { albumArticlePage } from '../../lib/resources/schemas/articles';
import { answers } from '../http/answer';
import { ARTICLE_READ_ROUTES } from '../../lib/resources/articles';
import { access } from '../auth/access';
import { scopeCondition } from '../auth/scope';
import { albums, articles, users } from '../db/schema';
import { crudRoutes } from '../crud/crud-routes';
import { allOf, cappedCount, listQuerySchema, parseListQuery } from '../crud/list';
import { queryDoc } from '../http/input';
import { idParam } from '../http/params';
import { notFound } from '../http/errors';
import { ok } from '../http/reply';
import { albumEvents } from '../delivery/families/events';

/**
 * How many articles an album holds, counted through `articles_album_idx` and stopped past the cap
 * (a long-running column can hold many thousands; the screen says 10000+).
 */
const articleCount = sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM "articles" AS a WHERE a."album_id" = "albums"."id" LIMIT ${ALBUM_COUNT_CAP + 1}) AS counted)`;

/**
 * 专辑 (SEED §7 `/api/articles_album`: GET, POST, PUT /{id}, DELETE /{id}, PUT /sort). Readable by
 * every signed-in user (the editors' album field), written with /store. An album that still holds
 * articles is not deleted: the refusal says how many. `GET /{id}/articles` lists them, for people
 * who may read articles (their titles and states are drafts' too: issue 14 F5).
 */
export const albumRoutes = crudRoutes({
  resource: albumResource,
  table: albums,
  columns: {
    id: albums.id,
    name: albums.name,
    cover: albums.cover,
    description: albums.description,
    sort: albums.sort,
    updatedAt: albums.updatedAt,
    articleCount: articleCount.as('article_count'),
  },
  events: albumEvents,
  extend(app) {
    // The album's articles, newest first, for article readers, within their data scope on articles.
    app.get('/:id/articles', access.anyRoute(ARTICLE_READ_ROUTES), queryDoc(listQuerySchema), answers(albumArticlePage), async (c) => {
      const id = idParam(c);
      const db = c.get('db');
      const [album] = await db.select({ id: albums.id }).from(albums).where(eq(albums.id, id)).limit(1);
      if (!album) throw notFound('专辑不存在');
      const { page, pageSize } = parseListQuery(c.req.query());
      const user = c.get('user')!;
      const where = allOf([eq(articles.albumId, id), scopeCondition(user, { userColumn: articles.editorId, departmentColumn: articles.departmentId })]);
      const [list, counted] = await Promise.all([
        db
          .select({
            id: articles.id,
            kind: articles.kind,
            title: articles.title,
            status: articles.status,
            editorName: users.name,
            updatedAt: articles.updatedAt,
            publishedAt: articles.publishedAt,
          })
          .from(articles)
          .leftJoin(users, eq(users.id, articles.editorId))
          .where(where)
          .orderBy(desc(articles.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        cappedCount(db, articles, where, ALBUM_COUNT_CAP),
      ]);
      return ok(c, { list, page, pageSize, ...counted });
    });
  },
});
