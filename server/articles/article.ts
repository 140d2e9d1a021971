import type { Context } from 'hono';
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ARTICLE_KINDS, type ArticleKind } from '../../lib/resources/articles';
import { articleSaveSchema } from '../../lib/resources/schemas/articles';
import { scopeCondition } from '../auth/scope';
import { albums, articles, categories, picStores, platforms, tags, topics, users, videoStores } from '../db/schema';
import { picturesAt, syncMediaUsage } from '../crud/media-usage';
import type { DbOrTx, Tx } from '../db/types';
import { allOf } from '../crud/list';
import { logOperation } from '../crud/oplog';
import { articleCheckTexts, checkContent, htmlText, type ContentService } from '../content/check';
import { recordRevision } from '../editorial/safety';
import { versionedSave } from '../editorial/save';
import { articleTarget } from './workflow-target';
import { blockReferences, bodyLimitProblem, sanitizeArticleHtml } from '../content/sanitize';
import { documentTerms } from './search/terms';
import { libraryTexts } from '../content/library-texts';
import { searchChanged } from './search';
import { badRequest, forbidden } from '../http/errors';
import type { AppEnv, SessionUser } from '../http/types';

/**
 * An article (SEED §7, issue 7): loaded with its names, created, or updated with the version check.
 * Every save is validated, sanitized, content-checked, scoped, done in one transaction with its
 * media usage and an operation-log row (the routes: server/articles/routes.ts). The workflow
 * (submit, review, publish) is server/workflow/.
 */

const routeOfKind = (kind: ArticleKind) => ARTICLE_KINDS.find((k) => k.value === kind)!.route;

/** Data scope on articles: 全部数据 all, 本部门 the department and below, 仅本人 one's own. */
const scope = (user: SessionUser) => scopeCondition(user, { userColumn: articles.editorId, departmentColumn: articles.departmentId });

const reviewers = alias(users, 'reviewers');

/**
 * One article with the names the editor shows, and the reviewer of the last decision (the editor
 * shows who rejected it, when and why: issue 8 "the author sees the comment on the article").
 */
export async function loadArticle(db: DbOrTx, user: SessionUser, id: number) {
  const [row] = await db
    .select({ article: articles, categoryName: categories.name, editorName: users.name, reviewerName: reviewers.name })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.editorId))
    .leftJoin(reviewers, eq(reviewers.id, articles.reviewerId))
    .where(allOf([eq(articles.id, id), scope(user)]))
    .limit(1);
  if (!row) return undefined;
  const { search: _terms, ...article } = row.article;
  return { ...article, categoryName: row.categoryName, editorName: row.editorName, reviewerName: row.reviewerName };
}

type SaveInput = Partial<z.infer<typeof articleSaveSchema>>;

/** Every referenced record exists (400 on the field otherwise); gives the named category's name. */
async function assertReferences(tx: DbOrTx, input: SaveInput): Promise<Map<number, string>> {
  const errors: Record<string, string> = {};
  const categoryNames = new Map<number, string>();
  const missing = async (
    field: string,
    table: typeof categories | typeof tags | typeof topics | typeof platforms | typeof videoStores | typeof picStores | typeof albums,
    ids: Array<number | null | undefined>,
    message: string,
  ) => {
    const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
    if (!wanted.length) return;
    // FOR KEY SHARE, as a foreign key would: a category, tag or album being deleted waits for this
    // save (and counts it), or this save waits for the delete and finds it gone (issue 14).
    const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, wanted)).for('key share');
    if (found.length !== wanted.length) errors[field] = message;
  };
  if (typeof input.categoryId === 'number') {
    const found = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.id, input.categoryId)).for('key share');
    if (!found.length) errors.categoryId = '分类不存在';
    for (const f of found) categoryNames.set(f.id, f.name);
  }
  await missing('tagIds', tags, input.tagIds ?? [], '部分标签不存在');
  await missing('topicIds', topics, input.topicIds ?? [], '部分专题不存在');
  await missing('platformIds', platforms, input.platformIds ?? [], '部分平台不存在');
  await missing('videoStoreId', videoStores, [input.videoStoreId], '视频不存在');
  await missing('albumId', albums, [input.albumId], '专辑不存在');
  await missing(
    'images',
    picStores,
    (input.images ?? []).map((i) => i.picId),
    '图集中有图片已不在图片库',
  );
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
  return categoryNames;
}

/** The sanitized body, refused (400 on 正文) when it holds more blocks than BODY_LIMITS allows. */
function boundedBody(html: string): string {
  const content = sanitizeArticleHtml(html);
  const problem = bodyLimitProblem(content);
  if (problem) throw badRequest(problem, { content: problem });
  return content;
}

/** The article's rows in `media_usage` (DESIGN §9): library pictures and videos it uses. */
async function recordUsage(
  tx: Tx,
  article: { id: number; title: string; content: string; images: Array<{ picId: number | null; url: string }>; cover: string; videoStoreId: number | null },
) {
  const refs = blockReferences(article.content);
  const picIds = new Set<number>(refs.picIds);
  for (const image of article.images) if (image.picId) picIds.add(image.picId);
  // Pictures placed by URL (the cover, images in the text) count when they are library items.
  const urls = [article.cover, ...Array.from(article.content.matchAll(/<img[^>]+src="([^"]+)"/g), (m) => m[1])];
  for (const id of await picturesAt(tx, urls)) picIds.add(id);
  const videoIds = new Set<number>(refs.videoIds);
  if (article.videoStoreId) videoIds.add(article.videoStoreId);
  await syncMediaUsage(tx, { type: 'article', id: article.id, title: article.title }, [
    ...[...picIds].map((mediaId) => ({ mediaKind: 'pic' as const, mediaId })),
    ...[...videoIds].map((mediaId) => ({ mediaKind: 'video' as const, mediaId })),
  ]);
}

/** The search vector of an article (DESIGN §10): title and summary weigh more than the body. */
function searchVector(a: { title: string; summary: string; content: string }) {
  return vectorOf(documentTerms({ title: a.title, summary: a.summary, body: htmlText(a.content) }));
}

const vectorOf = ({ head, body }: { head: string; body: string }) =>
  sql`setweight(to_tsvector('simple', ${head}), 'A') || setweight(to_tsvector('simple', ${body}), 'B')`;

/** The content check over what a reader will see. */
async function runCheck(
  db: DbOrTx,
  article: { title: string; subtitle: string; summary: string; content: string; images: Array<{ caption: string }>; videoStoreId?: number | null },
  service: ContentService,
) {
  return checkContent(db, [...articleCheckTexts(article), ...(await libraryTexts(db, article))], service);
}

/** The fields the content check and the search terms read: a save sending them all is prepared before its transaction. */
const TEXT_FIELDS = ['title', 'subtitle', 'summary', 'content', 'images', 'videoStoreId'] as const;

type PreparedTexts =
  { problem: string } | { problem: null; content: string; checkResult: Awaited<ReturnType<typeof runCheck>>; terms: { head: string; body: string } };

/**
 * The text work of a save (issue 17): the sanitized body, the content check (the dictionary, and
 * the outside service when one is configured: up to its timeout) and the search terms, done before
 * the transaction, so that neither a pool connection nor the article's row waits on it. Possible
 * when the save sends every field they read (the editors send the whole form); else null and the
 * transaction does it as before. A body over the limits is reported where the transaction reports it.
 */
async function prepareTexts(db: DbOrTx, patch: SaveInput, service: ContentService): Promise<PreparedTexts | null> {
  if (!TEXT_FIELDS.every((f) => f in patch && (patch[f] !== undefined || f === 'videoStoreId'))) return null;
  const content = sanitizeArticleHtml(patch.content!);
  const problem = bodyLimitProblem(content);
  if (problem) return { problem };
  const texts = {
    title: patch.title!,
    subtitle: patch.subtitle!,
    summary: patch.summary!,
    content,
    images: patch.images!,
    videoStoreId: patch.videoStoreId ?? null,
  };
  return {
    problem: null,
    content,
    checkResult: await runCheck(db, texts, service),
    terms: documentTerms({ title: texts.title, summary: texts.summary, body: htmlText(content) }),
  };
}

/** Every column of an article but its search vector: what a save's UPDATE gives back. */
const { search: _search, ...articleColumns } = getTableColumns(articles);

/**
 * Creates an article (POST /api/articles): for a person who may publish its kind, references checked,
 * the body sanitized and bounded, content-checked, with its media usage, a first revision and an
 * operation-log row in one transaction; the search engine follows the commit.
 */
export async function createArticle(c: Context<AppEnv>, input: z.infer<typeof articleSaveSchema>, contentService: ContentService) {
  const user = c.get('user')!;
  if (!user.routes.has(routeOfKind(input.kind))) throw forbidden(`没有发布${ARTICLE_KINDS.find((k) => k.value === input.kind)!.label}的权限`);
  const db = c.get('db');
  const created = await db.transaction(async (tx) => {
    await assertReferences(tx, input);
    const content = boundedBody(input.content);
    const checkResult = await runCheck(tx, { ...input, content }, contentService);
    const [{ id }] = await tx
      .insert(articles)
      .values({
        ...input,
        content,
        checkResult,
        search: searchVector({ ...input, content }),
        editorId: user.id,
        departmentId: user.departmentId,
        videoStoreId: input.videoStoreId ?? null,
        categoryId: input.categoryId ?? null,
        albumId: input.albumId ?? null,
      })
      .returning({ id: articles.id });
    const after = (await loadArticle(tx, user, id))!;
    await recordUsage(tx, after);
    await recordRevision(tx, { resource: 'article', id, kind: 'create', userId: user.id });
    await logOperation(tx, c, {
      type: 'create',
      resource: 'articles',
      resourceId: id,
      summary: `新建${ARTICLE_KINDS.find((k) => k.value === input.kind)!.label}「${after.title}」`,
      after: summaryOf(after),
    });
    return after;
  });
  searchChanged(c, [created.id]);
  return created;
}

/**
 * Saves an article from the version the editor opened (PUT /api/articles/{id}, and a restore of a
 * revision): refused with 423 while someone else holds its live edit lock, 409 with the current
 * record when the version is stale; otherwise sanitized, checked, logged and kept as a revision.
 */
export async function updateArticle(
  c: Context<AppEnv>,
  {
    id,
    version,
    patch,
    contentService,
    lockToken,
    revision = { kind: 'save' },
  }: {
    id: number;
    version: number;
    patch: SaveInput;
    contentService: ContentService;
    lockToken?: string;
    revision?: { kind: 'save' | 'restore'; note?: string };
  },
) {
  const prepared = await prepareTexts(c.get('db'), patch, contentService);
  let categoryNames = new Map<number, string>();
  type Loaded = NonNullable<Awaited<ReturnType<typeof loadArticle>>>;
  const saved = await versionedSave<Loaded>(
    c,
    {
      resource: 'article',
      label: '文章',
      logResource: 'articles',
      workflow: articleTarget,
      table: articles,
      columns: { id: articles.id, version: articles.version },
      load: (tx, user, articleId) => loadArticle(tx, user, articleId),
      assertMayEdit(user, before) {
        if (!user.routes.has(routeOfKind(before.kind as ArticleKind))) throw forbidden('没有编辑这类文章的权限');
      },
      async columnsToWrite(tx, before) {
        categoryNames = await assertReferences(tx, patch);
        if (prepared?.problem) throw badRequest(prepared.problem, { content: prepared.problem });
        if (prepared) {
          const ready = prepared as Extract<PreparedTexts, { problem: null }>;
          return { content: ready.content, checkResult: ready.checkResult, search: vectorOf(ready.terms) };
        }
        const content = patch.content === undefined ? before.content : boundedBody(patch.content);
        const merged = { ...before, ...patch, content };
        return { content, checkResult: await runCheck(tx, merged, contentService), search: searchVector(merged) };
      },
      returning: articleColumns,
      // The record as loadArticle gives it, without reading it again: a save changes no editor or
      // reviewer, and the category's name came with its check.
      after: async (_tx, row, before) => {
        const r = row as typeof articles.$inferSelect;
        return {
          ...r,
          categoryName: r.categoryId === before.categoryId ? before.categoryName : (categoryNames.get(r.categoryId!) ?? null),
          editorName: before.editorName,
          reviewerName: before.reviewerName,
        } as Loaded;
      },
      recordUsage: (tx, after) => recordUsage(tx, after),
      revisionFromRow: true,
      logged: (a) => summaryOf(a),
    },
    { id, version, patch, lockToken, revision },
  );
  // The search engine follows the commit (DESIGN §10).
  searchChanged(c, [id]);
  return saved;
}

/** What the operation log keeps of an article: every field, the body as its length and hash-free text start. */
function summaryOf(a: Record<string, unknown> & { content: string }) {
  const { content, ...rest } = a;
  return { ...rest, content: `${htmlText(content).slice(0, 200)}…（${content.length} 字符）` };
}
