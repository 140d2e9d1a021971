/**
 * The record part of the editorial form (issue 25 item 5), its rules without React: what opening
 * an item may refuse, the times 发布设置 proposes, what "unsaved" is measured against, and what the
 * form holds after a save. The hook that keeps them is ./use-editorial-record.ts.
 */
import { isFailure, type HttpFailure, type RawReply } from '@/lib/http';
import { keepsPublishTime } from '@/lib/resources/publishing';
import type { EditorialRecord, SavedBy } from '../editorial-target';

/** 发布设置: 立即 or a time, and an optional offline time (proposed by an editor, honoured by a reviewer). */
export interface ProposedTimes {
  publishAt: string | null;
  offlineAt: string | null;
}

export const shortTime = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { hour12: false, month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Who saved a version, in words: 「张伟 在 11/26 20:59 保存了版本 2」. */
export function savedByText(savedBy: SavedBy | null | undefined, fallback = '他人'): string {
  if (!savedBy) return `${fallback}保存了新版本`;
  return `${savedBy.name ?? fallback} 在 ${shortTime(savedBy.at)} 保存了版本 ${savedBy.version}`;
}

/** The Chinese reason of a refused request, honest about the server's own words. */
export function refusalOf(reply: RawReply<unknown> | HttpFailure): string {
  if (isFailure(reply)) return '网络异常，无法连接服务器';
  return reply.body.message || `请求失败（HTTP ${reply.httpStatus}）`;
}

/** The record a reply carries, or null (a failure, a refusal, no data). */
export function recordOf<R>(reply: RawReply<R> | HttpFailure): R | null {
  if (isFailure(reply) || reply.body.status !== 0 || !reply.body.data) return null;
  return reply.body.data;
}

/**
 * Why an item cannot be opened, in words, or null when it can: the network, a 404 (not there or out
 * of this person's data scope), the server's refusal, or the editor's own (another kind of item).
 */
export function openingRefusal<R>(reply: RawReply<R> | HttpFailure, label: string, refuse?: (record: R) => string | null): string | null {
  if (isFailure(reply)) return `网络异常，无法打开${label}`;
  const rec = recordOf(reply);
  if (!rec) return reply.httpStatus === 404 ? `${label}不存在，或不在你的数据范围内` : refusalOf(reply);
  return refuse?.(rec) ?? null;
}

/** The times 发布设置 shows for a record: its publish time only while the status keeps one. */
export function proposedTimes(rec: Pick<EditorialRecord, 'status' | 'publishAt' | 'offlineAt'>): ProposedTimes {
  return { publishAt: keepsPublishTime(rec.status) ? rec.publishAt : null, offlineAt: rec.offlineAt ?? null };
}

/**
 * After a save: the form takes the stored (sanitized) fields unless something was typed since the
 * save was sent (then what was typed stays, and is still unsaved against the stored fields).
 */
export function afterSave<F>(keyOf: (fields: F) => string, { sent, now, stored }: { sent: F; now: F; stored: F }) {
  const typedSince = keyOf(now) !== keyOf(sent);
  return { typedSince, apply: !typedSince && keyOf(stored) !== keyOf(sent) };
}

/**
 * An editor reports its own serialization of a loaded body (attribute order, empty paragraphs): that
 * is not a change. The new baseline when the body still holds what was loaded or that serialization;
 * null when the person has changed it meanwhile (the baseline stays).
 */
export function normalizedBaseline<F>(baseline: F, name: keyof F, current: unknown, html: string): F | null {
  if (current !== baseline[name] && current !== html) return null;
  return { ...baseline, [name]: html };
}
