/**
 * The one publishing and visibility model (DESIGN §8, §12; issue 24): the statuses of articles and
 * short videos, the transition table (which action moves which status to which, and who may), and
 * what a reader sees at a time t, with the next time that answer changes, per content family. The
 * server's workflow engine, the route guards, the scheduler, the focus slots' status, the list
 * screens' labels and buttons, and the delivery API all read it; status numbers appear nowhere else.
 */

// ——— Statuses ——————————————————————————————————————————————————————————————————————

export const STATUS = { draft: 0, pending: 1, rejected: 2, published: 3, offline: 4, scheduled: 5 } as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];

/** Each status's name and tag colour, the same on every screen. */
export const STATUS_META: Record<Status, { label: string; color: string }> = {
  0: { label: '草稿', color: 'default' },
  1: { label: '待审核', color: 'processing' },
  2: { label: '已驳回', color: 'error' },
  3: { label: '已发布', color: 'success' },
  4: { label: '已下线', color: 'warning' },
  5: { label: '定时发布', color: 'purple' },
};
export const STATUS_LABELS: Record<number, string> = Object.fromEntries(Object.entries(STATUS_META).map(([k, v]) => [k, v.label]));
export const STATUS_COLORS: Record<number, string> = Object.fromEntries(Object.entries(STATUS_META).map(([k, v]) => [k, v.color]));
/** The status filter's options (lists, the video declaration). */
export const STATUS_OPTIONS = (Object.keys(STATUS_META) as unknown as Status[]).map((value) => ({ label: STATUS_META[value].label, value: Number(value) }));
export const statusLabel = (status: number) => STATUS_LABELS[status] ?? `状态 ${status}`;
/** Every status value, and whether a number is one (the list filters' check, instead of a range). */
export const STATUS_VALUES: readonly Status[] = Object.values(STATUS);
export const isStatus = (value: number): value is Status => (STATUS_VALUES as readonly number[]).includes(value);

const { draft, pending, rejected, published, offline, scheduled } = STATUS;

/** The review permission (内容审核): its holders approve, reject, publish and take offline, for every content type. */
export const REVIEW_ROUTE = '/article/check';

/** Readers see it (已发布) or will at a set time (定时发布): changing it is a reviewer's act; a focus slot may show it. */
export const LIVE_STATUSES: readonly Status[] = [published, scheduled];
export const isLiveStatus = (status: number) => (LIVE_STATUSES as readonly number[]).includes(status);
/** Only a draft may be deleted (the list's 删除, the batch delete). */
export const isDraft = (status: number) => status === draft;
/** Waiting for a reviewer's decision. */
export const isPending = (status: number) => status === pending;
export const isRejected = (status: number) => status === rejected;

// ——— Transitions ———————————————————————————————————————————————————————————————————

/** Every action of the workflow, by name, with its Chinese label (operation log, history, buttons). */
export const WORKFLOW_ACTIONS = {
  submit: '提交审核',
  withdraw: '撤回审核',
  approve: '审核通过',
  reject: '驳回',
  publish: '发布',
  schedule: '定时发布',
  unschedule: '取消定时发布',
  offline: '下线',
  republish: '重新发布',
  schedule_offline: '定时下线',
  unschedule_offline: '取消定时下线',
  scheduled_publish: '定时发布执行',
  scheduled_offline: '定时下线执行',
  schedule_blocked: '定时发布受阻',
} as const;
export type WorkflowAction = keyof typeof WORKFLOW_ACTIONS;

/**
 * Who may take an action: editors of the item (and reviewers), its author only (who must still hold
 * an edit or the review route), reviewers only, or the scheduler.
 */
export type Who = 'editor' | 'author' | 'reviewer' | 'system';

export interface Rule {
  from: readonly Status[];
  who: Who;
  /** The status after; `keep` for the scheduling of an offline time. */
  to: Status | 'keep';
  /** Runs the content check; hits block it. */
  check?: boolean;
}

/**
 * Every transition (DESIGN §8). `approve` lands on 定时发布 instead when the item has a publish time
 * in the future; `schedule` needs one.
 */
export const TRANSITIONS: Record<WorkflowAction, Rule> = {
  submit: { from: [draft, rejected, offline], who: 'editor', to: pending },
  // 撤回审核 takes back one's own submission; a reviewer who disagrees rejects it (with a reason).
  withdraw: { from: [pending], who: 'author', to: draft },
  approve: { from: [pending], who: 'reviewer', to: published, check: true },
  reject: { from: [pending], who: 'reviewer', to: rejected },
  publish: { from: [draft, pending, rejected, scheduled], who: 'reviewer', to: published, check: true },
  schedule: { from: [draft, pending, rejected, offline, scheduled], who: 'reviewer', to: scheduled, check: true },
  unschedule: { from: [scheduled], who: 'editor', to: draft },
  offline: { from: [published], who: 'reviewer', to: offline },
  republish: { from: [offline], who: 'reviewer', to: published, check: true },
  schedule_offline: { from: [published, scheduled], who: 'reviewer', to: 'keep' },
  unschedule_offline: { from: [published, scheduled], who: 'reviewer', to: 'keep' },
  scheduled_publish: { from: [scheduled], who: 'system', to: published, check: true },
  scheduled_offline: { from: [published], who: 'system', to: offline },
  schedule_blocked: { from: [scheduled], who: 'system', to: pending },
};

/** The actions a person takes through a route (the scheduler's are its own). */
export const USER_ACTIONS = (Object.keys(TRANSITIONS) as WorkflowAction[]).filter((a) => TRANSITIONS[a].who !== 'system');

/** The action applies to an item in this status (else the server answers 409). */
export const appliesTo = (action: WorkflowAction, status: number) => (TRANSITIONS[action].from as readonly number[]).includes(status);

/** A person, as the rules see them for one item. */
export interface Actor {
  /** Holds the review route (内容审核). */
  isReviewer: boolean;
  /** Holds an edit route of the item's kind. */
  mayEdit: boolean;
  /** Wrote the item. */
  isAuthor: boolean;
}

/** Whether this person may take the action at all (whatever the status). */
export function mayTake(action: WorkflowAction, actor: Actor): boolean {
  const who = TRANSITIONS[action].who;
  if (who === 'system') return false;
  if (who === 'author' && !actor.isAuthor) return false;
  if (actor.isReviewer) return true;
  if (who === 'reviewer') return false;
  return actor.mayEdit;
}

/** The person may take the action on an item in this status now. */
export const available = (action: WorkflowAction, status: number, actor: Actor) => appliesTo(action, status) && mayTake(action, actor);

const futureTime = (d: Date | string | null | undefined, now: Date) => !!d && new Date(d).getTime() > now.getTime();

/**
 * What the one 发布 button (`PUT …/publish/{id}`) does for this person and item: reviewers publish
 * (scheduled when a future time is set, republish when offline, approve a pending item); everyone
 * else's press submits the item for review.
 */
export function publishActionFor(isReviewer: boolean, status: number, publishAt: Date | string | null, now = new Date()): WorkflowAction {
  if (!isReviewer) return 'submit';
  if (status === offline) return 'republish';
  if (status === pending) return futureTime(publishAt, now) ? 'approve' : 'publish';
  return futureTime(publishAt, now) ? 'schedule' : 'publish';
}

/**
 * The publish and offline times the 发布 panel edits travel with the next press of its button: a
 * reviewer's schedule, an editor's submit; not while the item waits for review.
 */
export const timesEditable = (status: number, isReviewer: boolean) => status !== pending && appliesTo(isReviewer ? 'schedule' : 'submit', status);

/** The item's publish time still stands (a scheduled item, or one submitted with a time): the panel proposes it again. */
export const keepsPublishTime = (status: number) => status === scheduled || status === pending;

/** What a done transition is called in the editor's message: 已发布, 已定时发布, 已提交审核. */
export function landedText(status: number): string {
  return status === published ? '已发布' : status === scheduled ? '已定时发布' : status === pending ? '已提交审核' : '状态已更新';
}

// ——— Visibility ————————————————————————————————————————————————————————————————————

/**
 * What a reader sees at t, and the first time after t that this answer may change (null: never by
 * itself). A `next` at or before t means "any moment now" (a due schedule not yet run): a cache
 * keeps such an answer for no time at all.
 */
export interface Visibility {
  visible: boolean;
  next: Date | null;
}

type Time = Date | string | null | undefined;
const ms = (d: Time) => (d ? new Date(d).getTime() : null);
const earliest = (...times: Array<number | null>) => {
  const set = times.filter((x): x is number => x !== null);
  return set.length ? new Date(Math.min(...set)) : null;
};

/**
 * An article (of any kind: article, gallery, video article) or a short video. Readers see only a
 * published item whose offline time has not passed. A scheduled one becomes visible when its
 * scheduler job publishes it (it may still be held by the content check, so it is not counted as
 * visible before the job ran); a published one with an offline time stops being visible at that
 * time even if the job is late.
 */
export function contentVisibility(item: { status: number; publishAt?: Time; offlineAt?: Time }, t: Date): Visibility {
  const now = t.getTime();
  const off = ms(item.offlineAt);
  if (item.status === published) {
    if (off !== null && off <= now) return { visible: false, next: null };
    return { visible: true, next: off === null ? null : new Date(off) };
  }
  if (item.status === scheduled) {
    const at = ms(item.publishAt);
    return { visible: false, next: at === null ? null : new Date(at) };
  }
  return { visible: false, next: null };
}
export const articleVisibility = contentVisibility;
export const videoVisibility = contentVisibility;

/** Something shown inside a period while switched on (the period part of focus slots and ads). */
export function windowVisibility(w: { enabled: boolean; startAt: Time; endAt?: Time }, t: Date): Visibility {
  if (!w.enabled) return { visible: false, next: null };
  const now = t.getTime();
  const start = ms(w.startAt);
  const end = ms(w.endAt);
  if (end !== null && end <= now) return { visible: false, next: null };
  if (start !== null && start > now) return { visible: false, next: new Date(start) };
  return { visible: true, next: end === null ? null : new Date(end) };
}

/**
 * The state of the article or short video a focus slot points at, as the slot sees it: `null` when
 * the slot is only a link; `gone` when it was deleted.
 */
export type FocusTarget = { status: number; publishAt?: Time; offlineAt?: Time } | 'gone' | null;

/** A focus slot (any family): switched on, inside its window, and its article or video visible. */
export function focusSlotVisibility(slot: { enabled: boolean; startAt: Time; endAt?: Time }, target: FocusTarget, t: Date): Visibility {
  const own = windowVisibility(slot, t);
  if (target === null) return own;
  if (target === 'gone') return { visible: false, next: null };
  const content = contentVisibility(target, t);
  if (!slot.enabled) return { visible: false, next: null };
  const end = ms(slot.endAt);
  if (end !== null && end <= t.getTime()) return { visible: false, next: null };
  // Both must hold: the answer changes at whichever edge comes first (while both are still ahead, the later one decides when it shows).
  if (own.visible && content.visible) return { visible: true, next: earliest(ms(own.next), ms(content.next)) };
  if (!content.visible && content.next === null) return { visible: false, next: null };
  const opens = Math.max(ms(own.visible ? t : own.next) ?? 0, ms(content.visible ? t : content.next) ?? 0);
  return { visible: false, next: end !== null && end <= opens ? null : new Date(opens) };
}

/** An ad: 上线 (state 1) and inside its window. */
export const adVisibility = (ad: { state: number; startAt: Time; endAt?: Time }, t: Date): Visibility =>
  windowVisibility({ enabled: ad.state === 1, startAt: ad.startAt, endAt: ad.endAt }, t);

/** Keywords, friend links, topics, albums, brands, nav versions: enabled is all (no time of their own). */
export const enabledVisibility = (item: { enabled: boolean }): Visibility => ({ visible: item.enabled, next: null });

/**
 * The staff's word for where a focus slot or an ad stands now. Expired wins over switched off (it
 * will not come back by itself); then 内容已下线 (it would show but its content is gone); then
 * 待发布 (its article or video is scheduled and not out yet: readers will not see the slot before);
 * then 待上线 (its own start is ahead); else 展示中.
 */
export type SlotStatus = 'live' | 'scheduled' | 'pending' | 'offline' | 'expired' | 'disabled';

export function slotStatusAt(slot: { enabled: boolean; startAt: Time; endAt?: Time }, target: FocusTarget, t: Date): SlotStatus {
  const end = ms(slot.endAt);
  if (end !== null && end <= t.getTime()) return 'expired';
  if (!slot.enabled) return 'disabled';
  if (target === 'gone') return 'offline';
  if (target !== null) {
    const content = contentVisibility(target, t);
    if (!content.visible) return target.status === scheduled ? 'pending' : 'offline';
  }
  const start = ms(slot.startAt);
  if (start !== null && start > t.getTime()) return 'scheduled';
  return 'live';
}
