/**
 * Typed calls of the operations screens beyond the generic resource client (SEED §7): the focus
 * slot search, 刷新 of a right-side home slot, and the ads' list / edit / state calls.
 * Every function returns the reply envelope, or an HttpFailure when there was no answer.
 */
import { http } from '../http';
import type { ListResult } from '../resources/define';
import type { FocusSlot } from '../resources/operations';
import type { Advertise } from './types';
import type { ListParams, Reply } from './resource';
import type { z } from 'zod';
import type { focusTargetsAnswer } from '../resources/schemas/operations';

export type FocusTargets = z.output<typeof focusTargetsAnswer>;
export type FocusTarget = FocusTargets['list'][number];

export const operationsApi = {
  /** Published or scheduled articles (or videos) whose title matches, at most 20. */
  focusTargets: (kind: 'article' | 'video', keyword: string): Promise<Reply<FocusTargets>> =>
    http.main.get<FocusTargets>('/api/focus_targets', { kind, keyword }),
  /** 刷新: pushes the slot to the site (when configured) and records when. */
  flushHomeRight: (id: number): Promise<Reply<FocusSlot & { pushed: boolean; note: string }>> => http.main.put(`/api/focus_home_right/flush/${id}`, {}),
  adList: (params?: ListParams): Promise<Reply<ListResult<Advertise>>> => http.main.get<ListResult<Advertise>>('/api/advertise/list', params),
  /** With an id: edits that ad; without: adds one. */
  adEdit: (values: Record<string, unknown>): Promise<Reply<Advertise>> => http.main.put<Advertise>('/api/advertise/edit', values),
  adState: (id: number, state: 0 | 1): Promise<Reply<Advertise>> => http.main.put<Advertise>('/api/advertise/state/edit', { id, state }),
};
