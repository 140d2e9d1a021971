/**
 * Typed client of the topic host (votes and VR panoramas), for the editor's 投票 and VR pickers.
 * It goes through `http.topic`, so `NEXT_PUBLIC_TOPIC_API` pointing at another server needs no code
 * change; the built-in host (`server/hosts/topic.ts`) answers the same shapes. @see SEED §7, DESIGN §7
 */
import { http } from '../http';
import type { ListResult } from '../resources/define';
import type { PageQuery } from './product';
import type { Reply } from './resource';

/** 0 未开始 · 1 进行中 · 2 已结束, from the activity's start and end at the time of the request. */
export type ActivityStatus = 0 | 1 | 2;

export const ACTIVITY_STATUS_TEXT: Record<ActivityStatus, string> = { 0: '未开始', 1: '进行中', 2: '已结束' };

export interface VoteOption {
  id: number;
  title: string;
  votes: number;
}

export interface Activity {
  id: number;
  title: string;
  summary: string;
  /** Cover picture URL; '' when none. */
  cover: string;
  /** How many options one voter may choose. */
  maxChoices: number;
  options: VoteOption[];
  totalVotes: number;
  /** ISO-8601. */
  startAt: string;
  endAt: string;
  status: ActivityStatus;
}

export interface VrPanorama {
  id: number;
  title: string;
  cover: string;
  /** Where the panorama opens on the public site. */
  link: string;
  /** The vehicle shown, with its product-host ids. */
  vehicle: { brandId: number; brandName: string; seriesId: number; seriesName: string };
  createdAt: string;
}

export type ActivityQuery = PageQuery & { id?: number; status?: ActivityStatus };
export type VrQuery = PageQuery & { id?: number };

/** @see SEED §7 (topic host) */
export const topicApi = {
  activities: (params?: ActivityQuery): Promise<Reply<ListResult<Activity>>> => http.topic.get<ListResult<Activity>>('/activity/list', params),
  vr: (params?: VrQuery): Promise<Reply<ListResult<VrPanorama>>> => http.topic.get<ListResult<VrPanorama>>('/master/vr', params),
};
