/**
 * Typed client of the articles API for the editors and the preview (SEED §7, DESIGN §7, §8):
 * one article, create, update with the version, the workflow's submit and publish, and the
 * rolling server autosave. Every function returns the reply envelope (or the HttpFailure); `send`
 * variants do not toast, for callers that show the outcome themselves (409 conflict, autosave).
 */
import { http } from '@/lib/http';
import type { z } from 'zod';
import type { CheckResult } from '@/lib/api/editorial';
import type { TransitionReply } from '@/lib/api/workflow';
import type { articleDetail } from '@/lib/resources/schemas/articles';

export type { CheckResult };
import type { ArticleKind } from '@/lib/resources/articles';

export const ARTICLE_FIELD_NAMES = [
  'title',
  'subtitle',
  'summary',
  'cover',
  'content',
  'images',
  'videoStoreId',
  'categoryId',
  'tagIds',
  'topicIds',
  'albumId',
  'platformIds',
  'author',
  'source',
] as const;

/** An article as `GET /api/articles/{id}` answers it (its schema: lib/resources/schemas/articles.ts). */
export type ArticleRecord = z.output<typeof articleDetail>;
export type GalleryImage = ArticleRecord['images'][number];
/** The fields an editor edits and saves (the save body, without `kind` and `version`). */
export type ArticleFields = Pick<ArticleRecord, (typeof ARTICLE_FIELD_NAMES)[number]>;

export const EMPTY_FIELDS: ArticleFields = {
  title: '',
  subtitle: '',
  summary: '',
  cover: '',
  content: '',
  images: [],
  videoStoreId: null,
  categoryId: null,
  tagIds: [],
  topicIds: [],
  albumId: null,
  platformIds: [],
  author: '',
  source: '',
};

/** What a workflow call answers (server/workflow/engine.ts). */
export type TransitionResult = TransitionReply;

export interface AutosaveCopy {
  articleId: number | null;
  kind: ArticleKind;
  baseVersion: number;
  savedAt: string;
  data: Partial<ArticleFields>;
}

/** Only the fields of a record (what a save sends and a conflict compares). */
export function fieldsOf(record: Partial<ArticleFields>): ArticleFields {
  const out = { ...EMPTY_FIELDS } as Record<string, unknown>;
  for (const name of ARTICLE_FIELD_NAMES) if (record[name] !== undefined) out[name] = record[name];
  return out as unknown as ArticleFields;
}

const slot = (id: number | null) => (id ? String(id) : 'new');

export const articleApi = {
  get: (id: number) => http.main.get<ArticleRecord>(`/api/articles/${id}`, { _t: Date.now() }),
  /** Without a toast: the preview and the editor say themselves what went wrong. */
  fetch: (id: number) => http.main.send<ArticleRecord>('GET', `/api/articles/${id}`, { _t: Date.now() }),
  /** Create or update without a toast: the editor shows field errors and the 409 dialog itself. */
  create: (kind: ArticleKind, fields: ArticleFields) => http.main.send<ArticleRecord>('POST', '/api/articles', { kind, ...fields }),
  /** `lockToken`: the edit lock this tab holds (issue 8); a save over someone else's live lock is refused (423). */
  update: (id: number, version: number, fields: Partial<ArticleFields>, lockToken?: string) =>
    http.main.send<ArticleRecord>('PUT', `/api/articles/${id}`, { version, ...fields, lockToken }),
  /**
   * The workflow (issue 8): 提交审核 and 发布 (holders of /article/check). The times the editor's
   * 发布设置 proposes go with them: a future `publishAt` schedules (a reviewer) or is proposed to
   * the reviewer (an editor); `offlineAt` schedules the offline (issue 15).
   */
  submit: (id: number, times: { publishAt?: string | null; offlineAt?: string | null } = {}) =>
    http.main.send<TransitionResult>('PUT', `/api/articles/submit/${id}`, times),
  publish: (id: number, times: { publishAt?: string | null; offlineAt?: string | null } = {}) =>
    http.main.send<TransitionResult>('PUT', `/api/articles/publish/${id}`, times),
  autosave: {
    get: (id: number | null, kind: ArticleKind) =>
      http.main.send<AutosaveCopy | null>('GET', `/api/articles/${slot(id)}/autosave`, id ? { _t: Date.now() } : { kind, _t: Date.now() }),
    put: (id: number | null, kind: ArticleKind, baseVersion: number, data: Partial<ArticleFields>) =>
      http.main.send<AutosaveCopy>('PUT', `/api/articles/${slot(id)}/autosave`, id ? { baseVersion, data } : { kind, baseVersion, data }),
    remove: (id: number | null, kind: ArticleKind) => http.main.send<{ deleted: number }>('DELETE', `/api/articles/${slot(id)}/autosave`, id ? {} : { kind }),
  },
};
