/**
 * The delivery side's staff API (DESIGN §12 "Their staff API"), for 站点接口 and the editor's 预览链接.
 * Every function returns the reply envelope, or an HttpFailure (the wrapper has shown the toast).
 */
import { http } from '../http';
import type { ListResult } from '../resources/define';
import type { ListParams, Reply } from './resource';
import type { z } from 'zod';
import type { apiKeyRecord, createdKeyRecord, previewTokenRecord, revokedKeyRecord } from '../resources/schemas/delivery';

export type ApiKeyRow = z.output<typeof apiKeyRecord>;
/** The new key, with its secret shown this once. */
export type CreatedKey = z.output<typeof createdKeyRecord>;
type RevokedKey = z.output<typeof revokedKeyRecord>;
type PreviewToken = z.output<typeof previewTokenRecord>;

/** The data layer's key (lib/query) of the keys: a create or a revoke reads every screen showing them again. */
export const API_KEYS_PATH = '/api/api_keys';

export const apiKeyApi = {
  list: (params: ListParams = {}): Promise<Reply<ListResult<ApiKeyRow>>> => http.main.get<ListResult<ApiKeyRow>>(API_KEYS_PATH, params),
  create: (values: { name: string; families?: string[] }): Promise<Reply<CreatedKey>> => http.main.post<CreatedKey>(API_KEYS_PATH, values),
  revoke: (id: number): Promise<Reply<RevokedKey>> => http.main.del<RevokedKey>(`${API_KEYS_PATH}/${id}`),
};

/** `POST /api/{articles|videos}/{id}/preview_token`: a link for the site's preview page, valid a short while. */
export const previewTokenApi = {
  article: (id: number): Promise<Reply<PreviewToken>> => http.main.post<PreviewToken>(`/api/articles/${id}/preview_token`, {}),
  video: (id: number): Promise<Reply<PreviewToken>> => http.main.post<PreviewToken>(`/api/videos/${id}/preview_token`, {}),
};
