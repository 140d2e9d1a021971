/**
 * Client of `/api/videos` (短视频, SEED §7): the generic resource client plus publish. Saves and
 * publishing are silent (`send`) where the screen explains a refusal itself (409 stale, 423 locked).
 * @see server/routes/videos.ts (the contract)
 */
import { http } from '../http';
import { videoResource, type VideoListItem, type VideoRecord } from '../resources/videos';
import { resourceClient } from './resource';

export const videoClient = resourceClient<VideoListItem, Record<string, unknown>>(videoResource);

export interface PublishResult {
  id: number;
  action: string;
  status: number;
  version: number;
  publishAt: string | null;
  publishedAt: string | null;
}

export const videoApi = {
  get: (id: number) => http.main.get<VideoRecord>(`/api/videos/${id}`, { _t: Date.now() }),
  create: (values: Record<string, unknown>) => http.main.send<VideoRecord>('POST', '/api/videos', values),
  update: (id: number, values: Record<string, unknown>) => http.main.send<VideoRecord>('PUT', `/api/videos/${id}`, values),
  /** Reviewers publish (or schedule); everyone else submits for review. */
  publish: (id: number, body: { version?: number } = {}) => http.main.send<PublishResult>('PUT', `/api/videos/publish/${id}`, body),
};
