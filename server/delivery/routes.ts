import { Hono } from 'hono';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { ARTICLE_EDIT_ROUTES, ARTICLE_KINDS } from '../../lib/resources/articles';
import { videoResource } from '../../lib/resources/videos';
import { DELIVERY_BASE, DELIVERY_FAMILY_VALUES } from '../../lib/resources/delivery';
import { REVIEW_ROUTE } from '../../lib/resources/publishing';
import { listOf } from '../../lib/resources/schemas/common';
import { DELIVERY_ROUTE, apiKeyCreateSchema, apiKeyRecord, createdKeyRecord, previewTokenRecord, revokedKeyRecord } from '../../lib/resources/schemas/delivery';
import { access } from '../auth/access';
import { scopeCondition } from '../auth/scope';
import { apiKeys, articles, users, videos } from '../db/schema';
import type { Db } from '../db/types';
import { allOf, listQuerySchema } from '../crud/list';
import { logOperation } from '../crud/oplog';
import { forbidden, notFound } from '../http/errors';
import { answers } from '../http/answer';
import { jsonBody, queryInput } from '../http/input';
import { idParam } from '../http/params';
import { ok } from '../http/reply';
import type { AppEnv, SessionUser } from '../http/types';
import { apiKeyBusKey, newKey } from './keys';
import { publishCommittedKeys } from '../events/bus';
import { makePreviewToken, type PreviewType } from './preview';

/**
 * The delivery side's staff API (DESIGN §12 "Their staff API", admins only through 站点接口
 * `/setting/delivery`): `POST /api/api_keys {name, families?}` → `{id, name, key}` (the key this once,
 * stored as its hash), `GET /api/api_keys` (with last use), `DELETE /api/api_keys/{id}` (revoke: from
 * the next request on, on every instance). Each write in one transaction with its log row.
 */
export function apiKeyRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', access.route(DELIVERY_ROUTE), queryInput(listQuerySchema), answers(listOf(apiKeyRecord)), async (c) => {
    const { page, pageSize } = c.req.valid('query');
    const db = c.get('db');
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          prefix: apiKeys.prefix,
          families: apiKeys.families,
          createdAt: apiKeys.createdAt,
          createdByName: users.name,
          lastUsedAt: apiKeys.lastUsedAt,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .leftJoin(users, eq(users.id, apiKeys.createdBy))
        // Live keys first, newest first.
        .orderBy(desc(isNull(apiKeys.revokedAt)), desc(apiKeys.createdAt), desc(apiKeys.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ total: count() }).from(apiKeys),
    ]);
    return ok(c, { list: rows, total, page, pageSize });
  });

  app.post('/', access.route(DELIVERY_ROUTE), jsonBody(apiKeyCreateSchema), answers(createdKeyRecord), async (c) => {
    const input = c.req.valid('json');
    const { key, hash, prefix } = newKey();
    const families = [...new Set(input.families ?? [])].filter((f) => (DELIVERY_FAMILY_VALUES as readonly string[]).includes(f));
    const row = await c.get('db').transaction(async (tx) => {
      const [created] = await tx
        .insert(apiKeys)
        .values({ name: input.name, keyHash: hash, prefix, families, createdBy: c.get('user')!.id })
        .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, families: apiKeys.families, createdAt: apiKeys.createdAt });
      await logOperation(tx, c, { type: 'create', resource: 'api_keys', resourceId: created.id, summary: `新建 API 密钥「${created.name}」`, after: created });
      return created;
    });
    return ok(c, { ...row, key });
  });

  app.delete('/:id', access.route(DELIVERY_ROUTE), answers(revokedKeyRecord), async (c) => {
    const id = idParam(c);
    const done = await c.get('db').transaction(async (tx) => {
      const [before] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
      if (!before) throw notFound('API 密钥不存在');
      if (before.revokedAt) return before;
      const [after] = await tx
        .update(apiKeys)
        .set({ revokedAt: new Date(), revokedBy: c.get('user')!.id })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning();
      const { keyHash: _h1, ...was } = before;
      const { keyHash: _h2, ...now } = after;
      await logOperation(tx, c, { type: 'delete', resource: 'api_keys', resourceId: id, summary: `吊销 API 密钥「${before.name}」`, before: was, after: now });
      return after;
    });
    // Committed: every instance's key cache forgets it (server/delivery/keys.ts `KeyCache`).
    publishCommittedKeys([apiKeyBusKey(id)]);
    return ok(c, { id: done.id, name: done.name, revokedAt: done.revokedAt });
  });

  return app;
}

interface PreviewSubject {
  type: PreviewType;
  /** The log's resource name (the staff API path). */
  resource: 'articles' | 'videos';
  /** Who may ask at all: an editor of this family or a reviewer. */
  routes: readonly string[];
  missing: string;
  /** The item in the user's data scope, with the page permission its editing needs; null when out of reach. */
  find(db: Db, user: SessionUser, id: number): Promise<{ title: string; editRoute: string } | null>;
}

const ARTICLE_PREVIEW: PreviewSubject = {
  type: 'article',
  resource: 'articles',
  routes: [...ARTICLE_EDIT_ROUTES, REVIEW_ROUTE],
  missing: '文章不存在',
  async find(db, user, id) {
    const [row] = await db
      .select({ kind: articles.kind, title: articles.title })
      .from(articles)
      .where(allOf([eq(articles.id, id), scopeCondition(user, { userColumn: articles.editorId, departmentColumn: articles.departmentId })]))
      .limit(1);
    return row ? { title: row.title, editRoute: ARTICLE_KINDS.find((k) => k.value === row.kind)?.route ?? REVIEW_ROUTE } : null;
  },
};

const VIDEO_PREVIEW: PreviewSubject = {
  type: 'video',
  resource: 'videos',
  routes: [videoResource.permission, REVIEW_ROUTE],
  missing: '短视频不存在',
  async find(db, user, id) {
    const [row] = await db
      .select({ title: videos.title })
      .from(videos)
      .where(allOf([eq(videos.id, id), scopeCondition(user, { userColumn: videos.editorId, departmentColumn: videos.departmentId })]))
      .limit(1);
    return row ? { title: row.title, editRoute: videoResource.permission } : null;
  },
};

/**
 * `POST /api/articles/{id}/preview_token` and `POST /api/videos/{id}/preview_token`: a preview link
 * (server/delivery/preview.ts) for someone who may edit the item: an editor of its kind within
 * their data scope, or a reviewer. Logged on the item.
 */
export function previewTokenRoutes(type: PreviewType = 'article') {
  const subject = type === 'video' ? VIDEO_PREVIEW : ARTICLE_PREVIEW;
  const app = new Hono<AppEnv>();
  app.post(
    '/:id/preview_token',
    access.anyRoute(subject.routes),
    answers(previewTokenRecord, { 403: '没有这个页面权限或编辑这类内容的权限，或跨站请求' }),
    async (c) => {
      const id = idParam(c);
      const user = c.get('user')!;
      const db = c.get('db');
      const row = await subject.find(db, user, id);
      if (!row) throw notFound(subject.missing);
      if (!user.routes.has(REVIEW_ROUTE) && !user.routes.has(row.editRoute)) throw forbidden('没有编辑这类内容的权限，不能生成预览链接');
      const made = await db.transaction(async (tx) => {
        const token = await makePreviewToken(tx, { type, id }, new Date());
        await logOperation(tx, c, {
          type: 'create',
          resource: subject.resource,
          resourceId: id,
          summary: `生成预览链接「${row.title}」`,
          after: { expiresAt: token.expiresAt },
        });
        return token;
      });
      return ok(c, { token: made.token, path: `${DELIVERY_BASE}/preview/${made.token}`, expiresAt: made.expiresAt.toISOString() });
    },
  );
  return app;
}
