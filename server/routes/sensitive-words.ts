import { Hono } from 'hono';
import { desc, eq, ilike, inArray } from 'drizzle-orm';
import { sensitiveWordResource, addWordsSchema, deleteWordsSchema } from '../../lib/resources/schemas/sensitive-words';
import { access } from '../auth/access';
import { sensitiveWords, users } from '../db/schema';
import { likePattern, listQuerySchema, pageOf, parseListQuery } from '../crud/list';
import { logOperation } from '../crud/oplog';
import { dictionaryForms, normalizeForCheck } from '../content/check';
import { idParam } from '../http/params';
import { notFound } from '../http/errors';
import { ok } from '../http/reply';
import { jsonBody, queryDoc } from '../http/input';
import type { AppEnv } from '../http/types';

/** 敏感词库 comes with 内容审核 (lib/routes.ts `grantedWith`): the API checks that permission. */
const mayEdit = () => access.route(sensitiveWordResource.permission);
/** Words named in one log row; the count is always exact. */
const LOGGED_WORDS = 200;

/**
 * 敏感词库 (DESIGN §6, issue 15): the built-in dictionary of the content check, kept by holders of
 * 内容审核. Every write is validated, checked, done in one transaction and logged.
 * - `GET /`: newest first, `keyword` matches part of a word, with who added it.
 * - `POST /` `{ words }`: up to 5000 per request; blanks dropped; a word already in the dictionary
 *   in its matched form (赌 博 when 赌博 is there), repeated in the request, or with nothing to
 *   match (only punctuation) is skipped. Replies `{ added, skipped }`.
 * - `DELETE /:id` one word; `POST /batch` `{ action: 'delete', ids }` up to 1000.
 */
export const sensitiveWordRoutes = new Hono<AppEnv>()
  .get('/', mayEdit(), queryDoc(listQuerySchema), async (c) => {
    const { page, pageSize, keyword } = parseListQuery(c.req.query());
    const where = keyword ? ilike(sensitiveWords.word, likePattern(keyword)) : undefined;
    const db = c.get('db');
    const select = db
      .select({
        id: sensitiveWords.id,
        word: sensitiveWords.word,
        createdBy: sensitiveWords.createdBy,
        createdByName: users.name,
        createdAt: sensitiveWords.createdAt,
      })
      .from(sensitiveWords)
      .leftJoin(users, eq(users.id, sensitiveWords.createdBy))
      .where(where)
      .orderBy(desc(sensitiveWords.id));
    return ok(c, await pageOf(db, { query: select, table: sensitiveWords, where, page, pageSize, cap: 100_000 }));
  })
  .post('/', mayEdit(), jsonBody(addWordsSchema), async (c) => {
    const { words } = c.req.valid('json');
    const userId = c.get('user')!.id;
    const reply = await c.get('db').transaction(async (tx) => {
      const known = new Set((await dictionaryForms(tx)).keys());
      const fresh: string[] = [];
      for (const word of words) {
        const form = normalizeForCheck(word);
        if (!form || known.has(form)) continue;
        known.add(form);
        fresh.push(word);
      }
      const rows = fresh.length
        ? await tx
            .insert(sensitiveWords)
            .values(fresh.map((word) => ({ word, createdBy: userId })))
            .onConflictDoNothing()
            .returning({ id: sensitiveWords.id, word: sensitiveWords.word })
        : [];
      const skipped = words.length - rows.length;
      await logOperation(tx, c, {
        type: 'create',
        resource: 'sensitive_words',
        summary: `添加敏感词 ${rows.length} 个${skipped ? `，跳过 ${skipped} 个` : ''}`,
        after: { words: rows.map((r) => r.word).slice(0, LOGGED_WORDS) },
      });
      return { added: rows.length, skipped };
    });
    return ok(c, reply);
  })
  .post('/batch', mayEdit(), jsonBody(deleteWordsSchema), async (c) => {
    const { ids } = c.req.valid('json');
    const unique = [...new Set(ids)];
    const reply = await c.get('db').transaction(async (tx) => {
      const rows = await tx.delete(sensitiveWords).where(inArray(sensitiveWords.id, unique)).returning({ id: sensitiveWords.id, word: sensitiveWords.word });
      if (!rows.length) throw notFound('所选敏感词不存在（可能已被删除）');
      await logOperation(tx, c, {
        type: 'delete',
        resource: 'sensitive_words',
        summary: `批量删除敏感词 ${rows.length} 个`,
        before: { words: rows.map((r) => r.word).slice(0, LOGGED_WORDS) },
      });
      return { deleted: rows.length, missing: unique.length - rows.length };
    });
    return ok(c, reply);
  })
  .delete('/:id', mayEdit(), async (c) => {
    const id = idParam(c);
    await c.get('db').transaction(async (tx) => {
      const [row] = await tx.delete(sensitiveWords).where(eq(sensitiveWords.id, id)).returning();
      if (!row) throw notFound('敏感词不存在（可能已被删除）');
      await logOperation(tx, c, { type: 'delete', resource: 'sensitive_words', resourceId: id, summary: `删除敏感词「${row.word}」`, before: row });
    });
    return ok(c, { id });
  });
