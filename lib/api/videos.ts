/**
 * Client of `/api/videos` (短视频, SEED §7): the generic resource client plus publish. Saves and
 * publishing are silent (`send`) where the screen explains a refusal itself (409 stale, 423 locked).
 * @see server/routes/videos.ts (the contract)
 */
import { http } from '../http';
import { videoResource } from '../resources/videos';
import type { VideoListItem, VideoRecord } from './types';
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

/** A short video's editable fields (the save body without the version). */
export interface ShortVideoFields {
  title: string;
  cover: string;
  videoStoreId: number | null;
  description: string;
  categoryId: number | null;
  tagIds: number[];
}

export interface ShortVideoCopy {
  baseVersion: number;
  savedAt: string;
  data: Partial<ShortVideoFields>;
}

const slot = (id: number | null) => (id ? String(id) : 'new');

export const videoApi = {
  get: (id: number) => http.main.get<VideoRecord>(`/api/videos/${id}`, { _t: Date.now() }),
  /** Without a toast: the editor says itself what went wrong. */
  fetch: (id: number) => http.main.send<VideoRecord>('GET', `/api/videos/${id}`, { _t: Date.now() }),
  /** The editor's rolling autosave (issue 15), as the article editors have. */
  autosave: {
    get: (id: number | null) => http.main.send<ShortVideoCopy | null>('GET', `/api/videos/${slot(id)}/autosave`, { _t: Date.now() }),
    put: (id: number | null, baseVersion: number, data: Partial<ShortVideoFields>) =>
      http.main.send<ShortVideoCopy>('PUT', `/api/videos/${slot(id)}/autosave`, { baseVersion, data }),
    remove: (id: number | null) => http.main.send<{ deleted: number }>('DELETE', `/api/videos/${slot(id)}/autosave`),
  },
  create: (values: Record<string, unknown>) => http.main.send<VideoRecord>('POST', '/api/videos', values),
  update: (id: number, values: Record<string, unknown>) => http.main.send<VideoRecord>('PUT', `/api/videos/${id}`, values),
  /** Reviewers publish (or schedule); everyone else submits for review. */
  publish: (id: number, body: { version?: number } = {}) => http.main.send<PublishResult>('PUT', `/api/videos/publish/${id}`, body),
};
