/**
 * What the one editorial form (`useEditorialForm`, issue 15) needs to know of an editor's item: the
 * client's mirror of the server's `EditorialTarget` (server/editorial/target.ts). 写文章, 发图集 and
 * 发视频文章 are the article target of a kind; 发布短视频 is the short-video target.
 */
import type { HttpFailure, RawReply } from '@/lib/http';
import type { EditorialPath, CheckResult } from '@/lib/api/editorial';
import type { ContentType } from '@/lib/api/workflow';

/** Fired by a rich text editor's own Ctrl/⌘+S (its keys never reach the page): save a draft. */
export const SAVE_SHORTCUT_EVENT = 'cms:save-draft';

/** Who saved a version (server/editorial/safety.ts `savedByOf`). */
export interface SavedBy {
  userId: number | null;
  name: string | null;
  at: string;
  version: number;
}

/** What every editorial record carries besides its fields. */
export interface EditorialRecord {
  id: number;
  version: number;
  status: number;
  editorId: number;
  updatedAt: string;
  publishAt: string | null;
  offlineAt?: string | null;
  checkResult: CheckResult | { hits: string[] } | null;
  savedBy?: SavedBy | null;
  reviewComment?: string;
  reviewerName?: string | null;
  reviewedAt?: string | null;
}

export type Reply<T> = Promise<RawReply<T> | HttpFailure>;

export interface AutosaveCopy<F> {
  baseVersion: number;
  savedAt: string;
  data: Partial<F>;
}

/** A thing to check before sending for review or publishing (issue 15): it may be fixed or passed. */
export interface ChecklistItem<F> {
  name: keyof F;
  /** What is missing, e.g. 「没有选择分类」. */
  text: string;
}

export interface EditorialFormTarget<F extends object, R extends EditorialRecord> {
  /** The lock and revision API (`/api/articles`, `/api/videos`). */
  path: EditorialPath;
  /** The workflow API's content type. */
  contentType: ContentType;
  /** 文章 / 图集 / 视频文章 / 短视频 */
  label: string;
  /** The editor's screen (a new item), for 「新建」 after a load error. */
  route: string;
  /** The local copy's key of a user's item (a new one: per kind). */
  localKey(userId: number, id: number | null): string;
  /** The fields in form order, their labels, and which are HTML bodies (merged by paragraph). */
  names: ReadonlyArray<keyof F>;
  labels: Record<keyof F, string>;
  html?: ReadonlyArray<keyof F>;
  empty: F;
  fieldsOf(record: Partial<F> | R): F;
  /** A comparable key of the fields (bodies canonical): "did anything change?". */
  keyOf(fields: F): string;
  /** A value as the conflict dialog shows it. */
  show(name: keyof F, value: unknown): string;
  /** Why this record cannot be opened in this editor (another kind), or null. */
  refuse?(record: R): string | null;
  /** What to check before sending (分类, 封面, 摘要); `fill` applies defaults first (a gallery's cover). */
  checklist?(fields: F): ChecklistItem<F>[];
  fill?(fields: F): Partial<F> | null;
  /** The preview of a saved item. */
  previewPath(id: number): string;
  api: {
    fetch(id: number): Reply<R>;
    create(fields: F): Reply<R>;
    update(id: number, version: number, fields: F, lockToken?: string): Reply<R>;
    autosave: {
      get(id: number | null): Reply<AutosaveCopy<F> | null>;
      put(id: number | null, baseVersion: number, fields: F): Reply<AutosaveCopy<F>>;
      remove(id: number | null): Reply<{ deleted: number }>;
    };
  };
}
