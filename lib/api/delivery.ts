/**
 * The delivery side's staff API (DESIGN §12 "Their staff API"), for 站点接口 and the editor's 预览链接.
 * Every function returns the reply envelope, or an HttpFailure (the wrapper has shown the toast).
 */
import { http } from '../http';
import type { ListResult } from '../resources/define';
import type { Reply } from './resource';

export interface ApiKeyRow {
  id: number;
  name: string;
  /** The key's first characters, to tell keys apart. */
  prefix: string;
  /** Empty: every family. */
  families: string[];
  createdAt: string;
  createdByName: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface CreatedKey extends Omit<ApiKeyRow, 'createdByName' | 'lastUsedAt' | 'revokedAt'> {
  /** The secret: shown this once. */
  key: string;
}

export const apiKeyApi = {
  list: (): Promise<Reply<ListResult<ApiKeyRow>>> => http.main.get<ListResult<ApiKeyRow>>('/api/api_keys', { page: 1, pageSize: 100, _t: Date.now() }),
  create: (values: { name: string; families?: string[] }): Promise<Reply<CreatedKey>> => http.main.post<CreatedKey>('/api/api_keys', values),
  revoke: (id: number): Promise<Reply<{ id: number; revokedAt: string }>> => http.main.del<{ id: number; revokedAt: string }>(`/api/api_keys/${id}`),
};

/** `POST /api/articles/{id}/preview_token`: a link for the site's preview page, valid a short while. */
export const previewTokenApi = {
  article: (id: number): Promise<Reply<{ token: string; path: string; expiresAt: string }>> =>
    http.main.post<{ token: string; path: string; expiresAt: string }>(`/api/articles/${id}/preview_token`, {}),
};
