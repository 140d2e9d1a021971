import { describe, expect, it } from 'vitest';
import {
  adVisibility,
  appliesTo,
  available,
  contentVisibility,
  focusSlotVisibility,
  landedText,
  mayTake,
  publishActionFor,
  slotStatusAt,
  STATUS,
  STATUS_META,
  statusLabel,
  timesEditable,
  TRANSITIONS,
  windowVisibility,
} from '@/lib/resources/publishing';
import { TRANSITIONS as ENGINE_TRANSITIONS } from '@/server/workflow/engine';
import { ARTICLE_ACTIONS } from '@/server/articles/workflow-target';
import { VIDEO_ACTIONS } from '@/server/videos/workflow-target';

/** Issue 24: the one publishing and visibility model (lib/resources/publishing.ts). */
const now = new Date('2026-11-28T06:00:00Z');
const at = (h: number) => new Date(now.getTime() + h * 3600_000);
const { draft, pending, rejected, published, offline, scheduled } = STATUS;
const editor = { isReviewer: false, mayEdit: true, isAuthor: true };
const otherEditor = { isReviewer: false, mayEdit: true, isAuthor: false };
const reviewer = { isReviewer: true, mayEdit: false, isAuthor: false };
const reader = { isReviewer: false, mayEdit: false, isAuthor: false };

describe('the transition table', () => {
  it('is the one the server engine applies, and the routes mount only person actions', () => {
    expect(ENGINE_TRANSITIONS).toBe(TRANSITIONS);
    for (const a of [...ARTICLE_ACTIONS, ...VIDEO_ACTIONS]) expect(TRANSITIONS[a].who).not.toBe('system');
  });

  it('says which status each action leaves from and who may take it', () => {
    expect(available('submit', draft, editor)).toBe(true);
    expect(available('submit', pending, editor)).toBe(false);
    expect(available('submit', scheduled, editor)).toBe(false);
    expect(available('submit', offline, reader)).toBe(false);
    // Only the author withdraws; a reviewer who disagrees rejects.
    expect(available('withdraw', pending, editor)).toBe(true);
    expect(available('withdraw', pending, otherEditor)).toBe(false);
    expect(available('offline', published, editor)).toBe(false);
    expect(available('offline', published, reviewer)).toBe(true);
    expect(available('offline', scheduled, reviewer)).toBe(false);
    expect(mayTake('unschedule', editor)).toBe(true);
    expect(mayTake('scheduled_publish', reviewer)).toBe(false);
    expect(appliesTo('schedule', pending)).toBe(true);
    expect(appliesTo('schedule_offline', published) && appliesTo('schedule_offline', scheduled) && !appliesTo('schedule_offline', draft)).toBe(true);
  });

  it('the one 发布 button: reviewers publish, schedule, approve or republish; everyone else submits', () => {
    expect(publishActionFor(false, draft, at(5), now)).toBe('submit');
    expect(publishActionFor(true, draft, null, now)).toBe('publish');
    expect(publishActionFor(true, rejected, at(5), now)).toBe('schedule');
    expect(publishActionFor(true, pending, at(5), now)).toBe('approve');
    expect(publishActionFor(true, pending, at(-5), now)).toBe('publish');
    expect(publishActionFor(true, offline, null, now)).toBe('republish');
  });

  it('the editor panel sets times only where the next press carries them', () => {
    expect([draft, pending, rejected, published, offline, scheduled].filter((s) => timesEditable(s, true))).toEqual([draft, rejected, offline, scheduled]);
    expect([draft, pending, rejected, published, offline, scheduled].filter((s) => timesEditable(s, false))).toEqual([draft, rejected, offline]);
  });

  it('names every status once', () => {
    expect(Object.values(STATUS_META).map((m) => m.label)).toEqual(['草稿', '待审核', '已驳回', '已发布', '已下线', '定时发布']);
    expect(statusLabel(9)).toBe('状态 9');
    expect([published, scheduled, pending, draft].map(landedText)).toEqual(['已发布', '已定时发布', '已提交审核', '状态已更新']);
  });
});

describe('what a reader sees at t, and when that changes', () => {
  it('an article or short video: published and its offline time not passed', () => {
    expect(contentVisibility({ status: published }, now)).toEqual({ visible: true, next: null });
    expect(contentVisibility({ status: published, offlineAt: at(2) }, now)).toEqual({ visible: true, next: at(2) });
    // The offline job is late: readers no longer see it anyway.
    expect(contentVisibility({ status: published, offlineAt: at(-1) }, now)).toEqual({ visible: false, next: null });
    expect(contentVisibility({ status: scheduled, publishAt: at(3) }, now)).toEqual({ visible: false, next: at(3) });
    for (const status of [draft, pending, rejected, offline])
      expect(contentVisibility({ status, publishAt: at(1) }, now)).toEqual({ visible: false, next: null });
  });

  it('an ad or a window: 上线 and inside it; its edges are the next changes', () => {
    expect(adVisibility({ state: 1, startAt: at(-1), endAt: at(1) }, now)).toEqual({ visible: true, next: at(1) });
    expect(adVisibility({ state: 1, startAt: at(1), endAt: at(2) }, now)).toEqual({ visible: false, next: at(1) });
    expect(adVisibility({ state: 0, startAt: at(-1), endAt: null }, now)).toEqual({ visible: false, next: null });
    // The end is exclusive: at 10:00 a slot ending at 10:00 is gone.
    expect(windowVisibility({ enabled: true, startAt: at(-1), endAt: now }, now)).toEqual({ visible: false, next: null });
  });

  it('a focus slot pointing at a scheduled article is not seen before the article is out (review P2-2)', () => {
    const slot = { enabled: true, startAt: at(-1), endAt: null };
    const target = { status: scheduled, publishAt: at(3) };
    expect(focusSlotVisibility(slot, target, now)).toEqual({ visible: false, next: at(3) });
    expect(slotStatusAt(slot, target, now)).toBe('pending');
    // The slot's own start later than the article: that start decides.
    expect(focusSlotVisibility({ ...slot, startAt: at(5) }, target, now)).toEqual({ visible: false, next: at(5) });
    // Ending before the article is out: never seen.
    expect(focusSlotVisibility({ ...slot, endAt: at(2) }, target, now)).toEqual({ visible: false, next: null });
    // Live: until the first of its end and the article's offline time.
    expect(focusSlotVisibility({ ...slot, endAt: at(4) }, { status: published, offlineAt: at(2) }, now)).toEqual({ visible: true, next: at(2) });
    expect(slotStatusAt(slot, { status: published }, now)).toBe('live');
    expect(slotStatusAt(slot, { status: offline }, now)).toBe('offline');
    expect(slotStatusAt(slot, 'gone', now)).toBe('offline');
    expect(focusSlotVisibility(slot, 'gone', now)).toEqual({ visible: false, next: null });
    expect(slotStatusAt({ ...slot, startAt: at(1) }, null, now)).toBe('scheduled');
    expect(slotStatusAt({ ...slot, enabled: false }, target, now)).toBe('disabled');
  });
});
