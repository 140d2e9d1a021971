/**
 * The local copies part of the editorial form (issue 25 item 5), its rules without React: which
 * revision a takeover kept is offered, what restoring a copy puts in the form and against which
 * version it saves, and the autosave line's words. The copy's own timing and storage are in
 * ../local-copy.ts; the hook that runs them is ./use-editorial-copies.ts.
 */
import type { AutosaveCopy } from '../editorial-target';
import { newerCopy, type LocalCopy } from '../local-copy';

/** An unsaved copy offered on opening: this browser's, the server autosave's, or a revision the lock kept. */
export type Offer<F> = (LocalCopy<Partial<F>> | AutosaveCopy<F>) & { source: 'local' | 'server' | 'revision'; revisionId?: number };

export const timeText = (iso: string) => new Date(iso).toLocaleTimeString('zh-CN', { hour12: false });
export const fullTimeText = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** The autosave line under the form. */
export const copyText = {
  local: (savedAt: string) => `已在本机保存副本 ${timeText(savedAt)}`,
  // A copy, not a draft: before the first 存草稿 nothing is in the list yet (review P3-19).
  server: (savedAt: string, hasId: boolean) => `已在服务器保存副本 ${timeText(savedAt)}${hasId ? '' : '（还没有存草稿）'}`,
  offline: '网络异常，副本只保存在本机',
  refused: (message?: string) => `自动保存失败：${message ?? '未知原因'}（副本在本机）`,
  saved: (updatedAt: string) => `已保存 ${timeText(updatedAt)}`,
};

const dismissedKey = (path: string, id: number) => `cms:dismissed-copy:${path}:${id}`;

/** The newest revision this browser was told not to offer again for an item (0: none). */
export function readDismissed(path: string, id: number): number {
  try {
    return Number(window.localStorage.getItem(dismissedKey(path, id))) || 0;
  } catch {
    return 0;
  }
}

export function writeDismissed(path: string, id: number, revisionId: number) {
  try {
    window.localStorage.setItem(dismissedKey(path, id), String(revisionId));
  } catch {
    /* private mode: it is offered again next time */
  }
}

export interface RevisionItem {
  id: number;
  kind: string;
  userId: number | null;
  version: number;
  createdAt: string;
}

/**
 * The revision to offer on opening: one a takeover kept of this person's unsaved changes, made
 * after the record was last saved and newer than the last one this browser was told to drop.
 */
export function takeoverRevision(
  list: RevisionItem[],
  { userId, savedAt, dismissed }: { userId: number; savedAt: string | null | undefined; dismissed: number },
) {
  const saved = Date.parse(savedAt ?? '') || 0;
  return list.find((r) => r.kind === 'takeover' && r.userId === userId && Date.parse(r.createdAt) > saved && r.id > dismissed);
}

/** The offer after a revision was found: the newer of the one already offered and the revision (if it differs from the record). */
export function withRevision<F>(
  known: Offer<F> | null,
  copy: Offer<F>,
  record: { updatedAt?: string | null; fields: F },
  keyOf: (fields: F) => string,
): Offer<F> | null {
  if (known && Date.parse(known.savedAt) >= Date.parse(copy.savedAt)) return known;
  return newerCopy<F, Offer<F>>(record, [copy], keyOf) ?? known;
}

/**
 * Restoring a copy: its fields over the baseline, and the version it saves against. A copy edited
 * from an older version is saved against that version: if the item moved on since, the save merges
 * three ways instead of overwriting the newer record.
 */
export function restoreOf<F>(copy: Pick<Offer<F>, 'data' | 'baseVersion'>, baseline: F, version: number, fieldsOf: (fields: Partial<F>) => F) {
  return {
    fields: fieldsOf({ ...baseline, ...copy.data }),
    version: copy.baseVersion && copy.baseVersion < version ? copy.baseVersion : version,
  };
}
