import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ARTICLE_KINDS, type ArticleKind } from '../../lib/resources/articles';
import { articleRecord, articleUpdateSchema } from '../../lib/resources/schemas/articles';
import { scopeCondition } from '../auth/scope';
import { articles } from '../db/schema';
import { allOf } from '../crud/list';
import type { ContentService } from '../content/check';
import { sanitizeArticleHtml } from '../content/sanitize';
import { autosaveDataSchema } from '../editorial/autosave';
import type { EditorialTarget } from '../editorial/target';
import { forbidden, notFound, parseInput } from '../http/errors';
import { idParam } from '../http/params';
import type { AppEnv, SessionUser } from '../http/types';
import { articleTarget } from './workflow-target';
import { loadArticle, updateArticle } from './article';

/** Articles as the editorial routes see them (server/editorial/: locks, revisions, autosave). */

/** Articles (all kinds) as an editorial target. */
export function articleEditorialTarget(contentService: ContentService): EditorialTarget {
  const editRoutes = ARTICLE_KINDS.map((k) => k.route);
  return {
    resource: 'article',
    label: '文章',
    readRoutes: ['/article/list', '/article/check', '/article/preview', ...editRoutes],
    editRoutes,
    listRoutes: ['/article/list'],
    load: (db, user, id) => loadArticle(db, user, id),
    patchSchema: articleUpdateSchema.omit({ version: true }),
    copySchema: autosaveDataSchema,
    workflow: articleTarget,
    mayEdit: (user, row) => user.routes.has(ARTICLE_KINDS.find((k) => k.value === row.kind)?.route ?? '/article/addArticle'),
    record: articleRecord,
    save: (c, { id, version, patch, lockToken, revision }) => updateArticle(c, { id, version, patch, contentService, lockToken, revision }),
  };
}

const kindSchema = z.enum(['article', 'gallery', 'video'], { error: '类型不正确' });
const labelOf = (kind: ArticleKind) => ARTICLE_KINDS.find((k) => k.value === kind)!.label;
const routeOf = (kind: ArticleKind) => ARTICLE_KINDS.find((k) => k.value === kind)!.route;

/** An article the user may edit, or their new article of a kind. */
export async function articleSlot(c: Context<AppEnv>, kindInput: unknown): Promise<{ articleId: number; kind: ArticleKind }> {
  const user = c.get('user')!;
  if (c.req.param('id') === 'new') {
    const kind = parseInput(z.object({ kind: kindSchema }), { kind: kindInput }).kind;
    if (!user.routes.has(routeOf(kind))) throw forbidden(`没有发布${labelOf(kind)}的权限`);
    return { articleId: 0, kind };
  }
  const articleId = idParam(c);
  const [row] = await c
    .get('db')
    .select({ kind: articles.kind })
    .from(articles)
    .where(allOf([eq(articles.id, articleId), scope(user)]))
    .limit(1);
  if (!row) throw notFound('文章不存在');
  const kind = row.kind as ArticleKind;
  if (!user.routes.has(routeOf(kind))) throw forbidden('没有编辑这类文章的权限');
  return { articleId, kind };
}

const scope = (user: SessionUser) => scopeCondition(user, { userColumn: articles.editorId, departmentColumn: articles.departmentId });

/** The article editors' autosave (server/editorial/autosave.ts `autosaveRoutes`): its routes, kinds, slot and cleaning. */
export const articleAutosave = {
  editRoutes: ARTICLE_KINDS.map((k) => k.route),
  kinds: ['article', 'gallery', 'video'] as [string, ...string[]],
  slotOf: articleSlot,
  dataSchema: autosaveDataSchema,
  clean: (data: Record<string, unknown>) => (typeof data.content === 'string' ? { ...data, content: sanitizeArticleHtml(data.content) } : data),
};
