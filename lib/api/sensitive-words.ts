/**
 * 敏感词库 (issue 15): the list through the generic client, adding (in batches the server accepts,
 * with progress) and deleting several at once. @see server/routes/sensitive-words.ts
 */
import { http, isFailure } from '../http';
import { isOk, resourceClient } from './resource';
import { batches, sensitiveWordResource } from '../resources/sensitive-words';
import type { z } from 'zod';
import type { addWordsReply, deleteWordsReply } from '../resources/schemas/sensitive-words';
import type { SensitiveWord } from './types';

/** The reply of an add: how many went in, how many were left out. */
export type AddWordsReply = z.output<typeof addWordsReply>;

export const sensitiveWordClient = resourceClient<SensitiveWord>(sensitiveWordResource);

/** `confirmSingle`: the person confirmed adding words that match as one character (issue 23, I2). */
export const addWords = (words: string[], confirmSingle = false) =>
  http.main.post<AddWordsReply>('/api/sensitive_words', confirmSingle ? { words, confirmSingle } : { words });

export const deleteWords = (ids: number[]) => http.main.post<z.output<typeof deleteWordsReply>>('/api/sensitive_words/batch', { action: 'delete', ids });

export interface AddProgress {
  /** Words sent so far (each batch is one request and one transaction). */
  sent: number;
  added: number;
  skipped: number;
}

/**
 * Sends the words in batches, one after another, reporting after each (a batch's reply means its
 * words are in force); stops at the first refusal (the dictionary's size limit, a one-character word
 * not confirmed) or network failure and says why. What earlier batches added stays (sending the same list again
 * skips it).
 */
export async function addWordsInBatches(
  words: string[],
  onProgress: (progress: AddProgress) => void = () => {},
  { confirmSingle = false }: { confirmSingle?: boolean } = {},
): Promise<AddProgress & { error: string | null }> {
  const progress: AddProgress = { sent: 0, added: 0, skipped: 0 };
  for (const batch of batches(words)) {
    const reply = await addWords(batch, confirmSingle);
    if (!isOk(reply)) {
      const error = isFailure(reply) ? '网络异常' : (Object.values(reply.errors ?? {})[0] ?? reply.message ?? '提交失败');
      return { ...progress, error };
    }
    progress.sent += batch.length;
    progress.added += reply.data.added;
    progress.skipped += reply.data.skipped;
    onProgress({ ...progress });
  }
  return { ...progress, error: null };
}
