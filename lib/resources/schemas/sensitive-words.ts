/** 敏感词库's schemas: the bulk add and delete, and the declaration's (the server's). */
import { z } from 'zod';
import { isoTime, listOf, recordId, refId, withSchema } from './common';
import * as decl from '../sensitive-words';
import { HIDDEN_CHARS } from '../common';
import { SENSITIVE_WORD_MAX, WORD_DELETE_MAX, WORDS_PER_REQUEST_MAX } from '../sensitive-words';

const word = z
  .string({ error: '敏感词必须是文字' })
  .trim()
  .max(SENSITIVE_WORD_MAX, `敏感词不能超过 ${SENSITIVE_WORD_MAX} 个字符`)
  .refine((v) => !HIDDEN_CHARS.test(v), '敏感词不能包含控制字符、方向控制符或零宽字符');

/** `POST /api/sensitive_words`: blanks are dropped; at least one word must remain. */
export const addWordsSchema = z.object({
  words: z
    .array(word, { error: '请输入敏感词' })
    .max(WORDS_PER_REQUEST_MAX, `一次最多提交 ${WORDS_PER_REQUEST_MAX} 个敏感词，请分批添加`)
    .transform((words) => words.filter((w) => w !== ''))
    .refine((words) => words.length > 0, '请输入敏感词'),
  /** Adds words that match as one character too (I2): the screen asks first. */
  confirmSingle: z.boolean({ error: 'confirmSingle 必须是 true 或 false' }).optional(),
});

/** `POST /api/sensitive_words/batch`: delete the chosen words. */
export const deleteWordsSchema = z.object({
  action: z.literal('delete', { error: '不支持的批量操作' }),
  ids: z
    .array(z.number({ error: '请选择敏感词' }).int().positive().max(2_147_483_647, '敏感词不存在'), { error: '请选择敏感词' })
    .min(1, '请选择敏感词')
    .max(WORD_DELETE_MAX, `一次最多删除 ${WORD_DELETE_MAX} 个`),
});

export const sensitiveWordResource = withSchema(decl.sensitiveWordResource, z.object({ word }), {
  add: {
    /** Who added it; null for the starter list shipped with the product (or a removed account). */
    createdBy: refId,
    createdByName: z.string().nullable(),
    createdAt: isoTime,
  },
});

/** The reply of an add: how many went in, how many were left out (already there, repeated, nothing to match). */
export const addWordsReply = z.object({ added: z.number().int(), skipped: z.number().int() });
/** The reply of a batch delete: how many went, how many were already gone. */
export const deleteWordsReply = z.object({ deleted: z.number().int(), missing: z.number().int() });

export const sensitiveWordPage = listOf(sensitiveWordResource.record);
export const deletedWord = z.object({ id: recordId });
