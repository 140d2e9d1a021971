/**
 * The local copy of an editor (DESIGN §8): the fields as typed, kept in localStorage within 2 s
 * of the last keystroke, so a closed tab, a crash or an expired session loses nothing. One copy
 * per user and article (a new article: per kind). Removed after a successful save.
 */
import type { ArticleFields } from '@/lib/api/articles';
import type { ArticleKind } from '@/lib/resources/articles';
import { fieldsKey } from './conflict';

export interface LocalCopy {
  savedAt: string;
  baseVersion: number;
  data: ArticleFields;
}

export const LOCAL_DELAY_MS = 2000;
export const SERVER_DELAY_MS = 5000;

export const localKey = (userId: number, articleId: number | null, kind: ArticleKind) => `cms:article-draft:${userId}:${articleId ?? `new-${kind}`}`;

export function readLocal(key: string): LocalCopy | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const copy = JSON.parse(raw) as LocalCopy;
    return copy && typeof copy.savedAt === 'string' && copy.data ? copy : null;
  } catch {
    return null;
  }
}

export function writeLocal(key: string, copy: LocalCopy): boolean {
  try {
    window.localStorage.setItem(key, JSON.stringify(copy));
    return true;
  } catch {
    // Full or disabled storage: the server copy still runs.
    return false;
  }
}

export function removeLocal(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing to remove */
  }
}

/**
 * Which copy to offer on reopening: the newest of the local and the server copy, when it is newer
 * than the saved record and differs from it; null when the record is the newest.
 */
export function newerCopy<T extends { savedAt: string; data: Partial<ArticleFields> }>(
  record: { updatedAt?: string | null; fields: ArticleFields },
  copies: Array<(T & { source: 'local' | 'server' }) | null>,
): (T & { source: 'local' | 'server' }) | null {
  const recordTime = record.updatedAt ? Date.parse(record.updatedAt) : 0;
  const candidates = copies
    .filter((c): c is T & { source: 'local' | 'server' } => Boolean(c))
    .filter((c) => Date.parse(c.savedAt) > recordTime)
    .filter((c) => fieldsKey({ ...record.fields, ...c.data }) !== fieldsKey(record.fields))
    .sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt));
  return candidates[0] ?? null;
}
