import { setImmediate as nextTurn } from 'node:timers/promises';
import { Hono } from 'hono';
import { desc, eq, ilike, inArray } from 'drizzle-orm';
import {
  addWordsReply,
  addWordsSchema,
  deletedWord,
  deleteWordsReply,
  deleteWordsSchema,
  sensitiveWordPage,
  sensitiveWordResource,
} from '../../lib/resources/schemas/sensitive-words';
import { answers } from '../http/answer';
import { access } from '../auth/access';
import { sensitiveWords, users } from '../db/schema';
import { likePattern, listQuerySchema, pageOf, parseListQuery } from '../crud/list';
import { logOperation } from '../crud/oplog';
import { changeDictionary } from '../content/dictionary';
import { batches, DICTIONARY_MAX_WORDS, dictionaryFullText, singleCharacterText } from '../../lib/resources/sensitive-words';
import { isSingleCharacterForm, normalizeForCheck } from '../../lib/resources/word-form';
import { idParam } from '../http/params';
import { badRequest, conflict, notFound } from '../http/errors';
import { ok } from '../http/reply';
import { jsonBody, queryDoc } from '../http/input';
import type { AppEnv } from '../http/types';

/** 敏感词库 comes with 内容审核 (lib/routes.ts `grantedWith`): the API checks that permission. */
const mayEdit = () => access.route(sensitiveWordResource.permission);
/** Words named in one log row; the count is always exact. */
const LOGGED_WORDS = 200;
/** Rows per INSERT of an addition. */
const INSERT_ROWS = 100;

/**
 * 敏感词库 (DESIGN §6, issue 15): the built-in dictionary of the content check, kept by holders of
 * 内容审核. Every write is validated, checked, done in one transaction and logged.
 * - `GET /`: newest first, `keyword` matches part of a word, with who added it.
 * - `POST /` `{ words, confirmSingle? }`: up to 5000 per request; blanks dropped; a word already in
 *   the dictionary in its matched form (赌 博 when 赌博 is there), repeated in the request, or with
 *   nothing to match (only punctuation) is skipped. A word that matches as one character is
 *   refused (400) unless `confirmSingle` (issue 23, I2); an addition that would pass
 *   `DICTIONARY_MAX_WORDS` is refused whole (409). Replies `{ added, skipped }` once the words are
 *   in force (server/content/dictionary.ts).
 * - Every change locks the dictionary's generation, updates this process's forms in place and
 *   waits for the worker's automaton: no request rebuilds anything on the request thread.
 * - `DELETE /:id` one word; `POST /batch` `{ action: 'delete', ids }` up to 1000.
 */
export const sensitiveWordRoutes = new Hono<AppEnv>()
  .get('/', mayEdit(), queryDoc(listQuerySchema), answers(sensitiveWordPage), async (c) => {
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
  .post('/', mayEdit(), jsonBody(addWordsSchema), answers(addWordsReply, { 409: '词库已满' }), async (c) => {
    const { words, confirmSingle } = c.req.valid('json');
    const userId = c.get('user')!.id;
    const single = words.filter((w) => isSingleCharacterForm(normalizeForCheck(w)));
    if (single.length && !confirmSingle) throw badRequest(singleCharacterText(single), { words: singleCharacterText(single) });
    const reply = await changeDictionary(c.get('db'), async (tx, forms) => {
      const known = new Set<string>();
      const fresh: string[] = [];
      for (const word of words) {
        const form = normalizeForCheck(word);
        if (!form || known.has(form) || forms.entries.has(form)) continue;
        known.add(form);
        fresh.push(word);
      }
      if (forms.rows + fresh.length > DICTIONARY_MAX_WORDS) throw conflict(dictionaryFullText(forms.rows, fresh.length));
      // PGlite runs each statement on the request thread and answers through promises alone, so a
      // chain of statements never lets the event loop turn: a few hundred rows per statement, and
      // a turn between them, so other requests are served meanwhile (5 000 rows in one statement
      // held every request for a second).
      const rows: Array<{ id: number; word: string }> = [];
      for (const part of batches(fresh, INSERT_ROWS)) {
        if (rows.length) await nextTurn();
        rows.push(
          ...(await tx
            .insert(sensitiveWords)
            .values(part.map((word) => ({ word, createdBy: userId })))
            .onConflictDoNothing()
            .returning({ id: sensitiveWords.id, word: sensitiveWords.word })),
        );
      }
      const skipped = words.length - rows.length;
      await logOperation(tx, c, {
        type: 'create',
        resource: 'sensitive_words',
        summary: `添加敏感词 ${rows.length} 个${skipped ? `，跳过 ${skipped} 个` : ''}`,
        after: { words: rows.map((r) => r.word).slice(0, LOGGED_WORDS) },
      });
      return { result: { added: rows.length, skipped }, added: rows.map((r) => r.word) };
    });
    return ok(c, reply);
  })
  .post('/batch', mayEdit(), jsonBody(deleteWordsSchema), answers(deleteWordsReply, { 404: '所选敏感词不存在（可能已被删除）' }), async (c) => {
    const { ids } = c.req.valid('json');
    const unique = [...new Set(ids)];
    const reply = await changeDictionary(c.get('db'), async (tx) => {
      const rows = await tx.delete(sensitiveWords).where(inArray(sensitiveWords.id, unique)).returning({ id: sensitiveWords.id, word: sensitiveWords.word });
      if (!rows.length) throw notFound('所选敏感词不存在（可能已被删除）');
      await logOperation(tx, c, {
        type: 'delete',
        resource: 'sensitive_words',
        summary: `批量删除敏感词 ${rows.length} 个`,
        before: { words: rows.map((r) => r.word).slice(0, LOGGED_WORDS) },
      });
      return { result: { deleted: rows.length, missing: unique.length - rows.length }, removed: rows.map((r) => r.word) };
    });
    return ok(c, reply);
  })
  .delete('/:id', mayEdit(), answers(deletedWord), async (c) => {
    const id = idParam(c);
    await changeDictionary(c.get('db'), async (tx) => {
      const [row] = await tx.delete(sensitiveWords).where(eq(sensitiveWords.id, id)).returning();
      if (!row) throw notFound('敏感词不存在（可能已被删除）');
      await logOperation(tx, c, { type: 'delete', resource: 'sensitive_words', resourceId: id, summary: `删除敏感词「${row.word}」`, before: row });
      return { result: undefined, removed: [row.word] };
    });
    return ok(c, { id });
  });
