import { act, cleanup, renderHook } from '@testing-library/react';
import { Form } from 'antd';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FIELDS, type ArticleFields, type ArticleRecord } from '@/components/articles/api';
import { articleTarget } from '@/components/articles/editor/article-target';
import { shortVideoTarget } from '@/components/short-video/target';
import { restoreOf, takeoverRevision, withRevision, copyText, readDismissed, writeDismissed, type Offer } from '@/components/editorial/form/copies';
import { behindLock, caughtUpNotice, combinedNotice, combinesAlone, mergeOf, staleBase } from '@/components/editorial/form/merge';
import { beforeSending, savesFirst, sendRefused } from '@/components/editorial/form/publishing';
import { afterSave, normalizedBaseline, openingRefusal, proposedTimes, savedByText } from '@/components/editorial/form/record';
import { useEditorialCopies } from '@/components/editorial/form/use-editorial-copies';
import { useEditorialRecord } from '@/components/editorial/form/use-editorial-record';
import { useLockLost } from '@/components/editorial/form/use-lock-lost';
import type { EditLockState } from '@/components/editorial/use-edit-lock';
import type { RawReply } from '@/lib/http';
import { STATUS } from '@/lib/resources/publishing';

// The rules of the editorial form's parts (issue 25 item 5) as plain functions, on the real targets
// of 写文章, 发图集 and 发布短视频; the record and lock-lost hooks driven with a real antd form and
// real key events. (The save and load round trips are the API's, tested in tests/api.)
const article = articleTarget('article');
const gallery = articleTarget('gallery');
const fields = (over: Partial<ArticleFields> = {}): ArticleFields => ({ ...EMPTY_FIELDS, ...over });
const reply = <T,>(httpStatus: number, body: RawReply<T>['body']): RawReply<T> => ({ httpStatus, body });
const savedBy = { userId: 2, name: '张伟', at: '2026-11-26T12:59:00.000Z', version: 4 };

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the record', () => {
  it('says why an item cannot be opened: the network, not there or out of scope, the server’s words, another kind', () => {
    expect(openingRefusal(new AxiosError('Network Error'), '文章')).toBe('网络异常，无法打开文章');
    expect(openingRefusal(reply(404, { status: 404, message: 'not found' }), '图集')).toBe('图集不存在，或不在你的数据范围内');
    expect(openingRefusal(reply(403, { status: 403, message: '没有权限查看' }), '文章')).toBe('没有权限查看');
    expect(openingRefusal(reply(500, { status: 500 }), '文章')).toBe('请求失败（HTTP 500）');
    const rec = { id: 3, kind: 'gallery' } as ArticleRecord;
    expect(openingRefusal(reply(200, { status: 0, data: rec }), '文章', article.refuse)).toBe('这是一篇图集，请在对应的编辑器中打开');
    expect(openingRefusal(reply(200, { status: 0, data: rec }), '图集', gallery.refuse)).toBeNull();
  });

  it('发布设置 keeps a publish time only while the status does (待审核, 定时发布)', () => {
    const at = '2026-12-01T02:00:00.000Z';
    expect(proposedTimes({ status: STATUS.scheduled, publishAt: at, offlineAt: null })).toEqual({ publishAt: at, offlineAt: null });
    expect(proposedTimes({ status: STATUS.pending, publishAt: at })).toEqual({ publishAt: at, offlineAt: null });
    expect(proposedTimes({ status: STATUS.published, publishAt: at, offlineAt: at })).toEqual({ publishAt: null, offlineAt: at });
    expect(proposedTimes({ status: STATUS.draft, publishAt: at })).toEqual({ publishAt: null, offlineAt: null });
  });

  it('after a save the form takes the stored fields, unless something was typed while it was on its way', () => {
    const sent = fields({ content: '<p onclick="x">正文</p>' });
    const stored = fields({ content: '<p>正文</p>' });
    expect(afterSave(article.keyOf, { sent, now: sent, stored })).toEqual({ typedSince: false, apply: true });
    expect(afterSave(article.keyOf, { sent, now: fields({ ...sent, title: '又改' }), stored })).toEqual({ typedSince: true, apply: false });
    expect(afterSave(article.keyOf, { sent: stored, now: stored, stored })).toEqual({ typedSince: false, apply: false });
  });

  it('an editor’s own serialization of the loaded body becomes the baseline; a body typed into meanwhile does not', () => {
    const loaded = fields({ content: '<p>甲</p>' });
    expect(normalizedBaseline(loaded, 'content', '<p>甲</p>', '<p>甲</p>\n')).toEqual({ ...loaded, content: '<p>甲</p>\n' });
    expect(normalizedBaseline(loaded, 'content', '<p>甲</p>\n', '<p>甲</p>\n')).toEqual({ ...loaded, content: '<p>甲</p>\n' });
    expect(normalizedBaseline(loaded, 'content', '<p>甲乙</p>', '<p>甲</p>\n')).toBeNull();
  });

  it('names who saved a version, or that someone did', () => {
    expect(savedByText(savedBy)).toMatch(/^张伟 在 11\/2\d \d\d:59 保存了版本 4$/);
    expect(savedByText(null)).toBe('他人保存了新版本');
    expect(savedByText({ ...savedBy, name: null }, '你')).toMatch(/^你 在 .* 保存了版本 4$/);
  });
});

describe('the local copies', () => {
  const list = [
    { id: 9, kind: 'takeover', userId: 1, version: 3, createdAt: '2026-11-26T10:00:00.000Z' },
    { id: 8, kind: 'takeover', userId: 2, version: 3, createdAt: '2026-11-26T11:00:00.000Z' },
    { id: 7, kind: 'save', userId: 1, version: 3, createdAt: '2026-11-26T11:00:00.000Z' },
  ];

  it('offers the revision a takeover kept of my changes: newer than the save, not one I dropped', () => {
    expect(takeoverRevision(list, { userId: 1, savedAt: '2026-11-26T09:00:00.000Z', dismissed: 0 })?.id).toBe(9);
    expect(takeoverRevision(list, { userId: 1, savedAt: '2026-11-26T10:30:00.000Z', dismissed: 0 })).toBeUndefined();
    expect(takeoverRevision(list, { userId: 1, savedAt: '2026-11-26T09:00:00.000Z', dismissed: 9 })).toBeUndefined();
    expect(takeoverRevision(list, { userId: 3, savedAt: null, dismissed: 0 })).toBeUndefined();
  });

  it('remembers a dropped revision per item in this browser', () => {
    expect(readDismissed('articles', 5)).toBe(0);
    writeDismissed('articles', 5, 9);
    expect(readDismissed('articles', 5)).toBe(9);
    expect(readDismissed('videos', 5)).toBe(0);
  });

  it('a revision replaces the copy offered only when newer, and only when it differs from the record', () => {
    const record = { updatedAt: '2026-11-26T09:00:00.000Z', fields: fields({ title: '已保存' }) };
    const local: Offer<ArticleFields> = { source: 'local', savedAt: '2026-11-26T12:00:00.000Z', baseVersion: 3, data: { title: '本机' } };
    const revision: Offer<ArticleFields> = { source: 'revision', revisionId: 9, savedAt: '2026-11-26T10:00:00.000Z', baseVersion: 3, data: { title: '修订' } };
    expect(withRevision(local, revision, record, article.keyOf)).toBe(local);
    expect(withRevision(null, revision, record, article.keyOf)).toBe(revision);
    expect(withRevision(null, { ...revision, data: { title: '已保存' } }, record, article.keyOf)).toBeNull();
  });

  it('a restored copy edited from an older version saves against that version (so the save merges)', () => {
    const baseline = fields({ title: '版本 5', summary: '摘要' });
    expect(restoreOf({ data: { title: '我的' }, baseVersion: 3 }, baseline, 5, article.fieldsOf)).toEqual({
      fields: { ...baseline, title: '我的' },
      version: 3,
    });
    expect(restoreOf({ data: { title: '我的' }, baseVersion: 5 }, baseline, 5, article.fieldsOf).version).toBe(5);
    expect(restoreOf({ data: {}, baseVersion: 0 }, baseline, 5, article.fieldsOf).version).toBe(5);
  });

  it('says where the copy is: a copy on the server before the first 存草稿 is not a draft', () => {
    expect(copyText.server('2026-11-26T12:00:00.000Z', false)).toMatch(/^已在服务器保存副本 \d\d:00:00（还没有存草稿）$/);
    expect(copyText.server('2026-11-26T12:00:00.000Z', true)).not.toContain('存草稿');
    expect(copyText.refused()).toBe('自动保存失败：未知原因（副本在本机）');
  });
});

describe('the merge', () => {
  const merge = mergeOf(article);

  it('a body the editor only re-serialized is not a change; what one side changed is taken without asking', () => {
    const base = fields({ title: '标题', content: '<div data-vr-id="3" class="cms-vr"><p>x</p></div>' });
    const mine = fields({ ...base, content: '<div class="cms-vr" contenteditable="false" data-vr-id="3"><p>x</p></div>', summary: '我的摘要' });
    const theirs = fields({ ...base, title: '对方的标题' });
    const m = merge(base, mine, theirs);
    expect(m.conflicts).toEqual([]);
    expect(m.theirs).toEqual(['title']);
    expect(m.mine).toEqual(['summary']);
    expect(m.merged).toMatchObject({ title: '对方的标题', summary: '我的摘要' });
  });

  it('asks only about what both changed differently, and combines by itself a bounded number of times', () => {
    const base = fields({ title: '标题' });
    const m = merge(base, fields({ title: '我的' }), fields({ title: '对方的' }));
    expect(m.conflicts).toEqual(['title']);
    expect(combinesAlone(m, 0)).toBe(false);
    const clean = merge(base, fields({ title: '我的' }), fields({ title: '标题', summary: '对方的' }));
    expect([0, 1, 2].map((n) => combinesAlone(clean, n))).toEqual([true, true, false]);
  });

  it('merges against the version the editor opened as the server kept it, else what this tab loaded', () => {
    const loaded = fields({ title: '本页载入的' });
    expect(staleBase(article.fieldsOf, loaded, null)).toBe(loaded);
    expect(staleBase(article.fieldsOf, loaded, { title: '服务器留存的' })).toEqual({ ...loaded, title: '服务器留存的' });
  });

  it('tells what was combined, and after catching up says nothing about my own save that changed nothing of theirs', () => {
    const m = merge(fields(), fields({ summary: '我的' }), fields({ title: '对方的', author: '李四' }));
    expect(combinedNotice(savedBy, m, article.labels)).toMatch(/^张伟 在 .* 保存了版本 4。已合并对方修改的标题、作者，你的修改已一并保存。$/);
    expect(caughtUpNotice(savedBy, m, false)).toMatch(/，已载入；你未保存的修改保留在上面，请检查后保存。$/);
    const mineOnly = merge(fields(), fields({ summary: '我的' }), fields());
    expect(caughtUpNotice({ ...savedBy, userId: 1 }, mineOnly, true)).toBeNull();
    expect(caughtUpNotice(savedBy, mineOnly, false)).toMatch(/，已载入；/);
  });

  it('catches up only when the lock came back on a newer version and no save is on its way', () => {
    expect(behindLock({ held: true, lockVersion: 5, version: 4, busy: false })).toBe(true);
    expect(behindLock({ held: true, lockVersion: 4, version: 4, busy: false })).toBe(false);
    expect(behindLock({ held: true, lockVersion: 5, version: 4, busy: true })).toBe(false);
    expect(behindLock({ held: false, lockVersion: 5, version: 4, busy: false })).toBe(false);
    expect(behindLock({ held: true, lockVersion: null, version: 0, busy: false })).toBe(false);
  });
});

describe('the publishing', () => {
  it('sends and previews what is stored: anything unsaved, or a new item, is saved first', () => {
    expect(savesFirst({ isDirty: false, id: 3 })).toBe(false);
    expect(savesFirst({ isDirty: true, id: 3 })).toBe(true);
    expect(savesFirst({ isDirty: false, id: null })).toBe(true);
  });

  it('a gallery’s cover defaults to its first picture before the checklist looks; what is still missing is listed', () => {
    const pics = fields({ images: [{ url: '/uploads/a.jpg', caption: '' }] as ArticleFields['images'] });
    const g = beforeSending(gallery, pics);
    expect(g.fill).toEqual({ cover: '/uploads/a.jpg' });
    expect(g.items.map((i) => i.name)).toEqual(['categoryId', 'summary']);
    const a = beforeSending(article, pics);
    expect(a.fill).toBeNull();
    expect(a.items.map((i) => i.name)).toEqual(['categoryId', 'cover', 'summary']);
    expect(beforeSending(article, fields({ categoryId: 2, cover: '/c.jpg', summary: '导语' })).items).toEqual([]);
    expect(beforeSending(shortVideoTarget, shortVideoTarget.empty).items.length).toBeGreaterThan(0);
  });

  it('a refused send says which and that the changes were saved', () => {
    expect(sendRefused('submit', '没有权限')).toEqual({ title: '提交审核失败', content: '没有权限（修改已保存）' });
    expect(sendRefused('publish', '网络异常，无法连接服务器').title).toBe('发布失败');
  });
});

describe('the record hook with a real form', () => {
  function useRecord(id: number | null = null) {
    const [form] = Form.useForm<ArticleFields>();
    return { form, rec: useEditorialRecord(article, { form, id }) };
  }

  it('measures unsaved against the last settle; the editor’s serialization of the body is not a change', () => {
    const { result } = renderHook(() => useRecord());
    const loaded = fields({ title: '标题', content: '<p>甲</p>' });
    act(() => {
      result.current.rec.applyFields(loaded);
      result.current.rec.settle(loaded, 3);
    });
    expect(result.current.rec.isDirty).toBe(false);
    expect(result.current.rec.version.current).toBe(3);
    // TinyMCE hands back its own serialization of the same body.
    act(() => result.current.form.setFieldValue('content', '<p>甲</p>\n'));
    act(() => expect(result.current.rec.normalize('content', '<p>甲</p>\n')).toBe(true));
    act(() => expect(result.current.rec.measure()).toBe(false));
    // A real change is unsaved, and typing it back is not.
    act(() => result.current.form.setFieldValue('title', '新标题'));
    act(() => expect(result.current.rec.measure()).toBe(true));
    expect(result.current.rec.isDirty).toBe(true);
    act(() => result.current.form.setFieldValue('title', '标题'));
    act(() => expect(result.current.rec.measure()).toBe(false));
    expect(result.current.rec.isDirty).toBe(false);
  });

  it('a new item opens empty, without asking the server, and is not loading', async () => {
    const { result } = renderHook(() => useRecord(null));
    expect(result.current.rec.isLoading).toBe(false);
    await act(async () => expect(await result.current.rec.open(null, () => true)).toEqual({ fields: EMPTY_FIELDS, updatedAt: null, version: 0 }));
    expect(result.current.rec.times).toEqual({ publishAt: null, offlineAt: null });
  });

  it('a saved record is the form’s from then on: its id and its times', () => {
    const { result } = renderHook(() => useRecord());
    const rec = {
      ...fields(),
      id: 41,
      status: STATUS.scheduled,
      version: 1,
      publishAt: '2026-12-01T02:00:00.000Z',
      offlineAt: null,
    } as unknown as ArticleRecord;
    act(() => result.current.rec.adopt(rec));
    expect(result.current.rec.id).toBe(41);
    expect(result.current.rec.idRef.current).toBe(41);
    expect(result.current.rec.times.publishAt).toBe('2026-12-01T02:00:00.000Z');
  });
});

describe('the copies hook with real storage and time', () => {
  function useCopies() {
    const [form] = Form.useForm<ArticleFields>();
    const rec = useEditorialRecord(article, { form, id: null });
    return { form, rec, copies: useEditorialCopies(article, { userId: 1, rec, lockAnswered: false, onSessionEnded: () => undefined }) };
  }
  const key = article.localKey(1, null);
  const stored = () => JSON.parse(localStorage.getItem(key) ?? 'null') as { baseVersion: number; data: ArticleFields } | null;

  it('keeps the copy in this browser 2 s after the last change, and at least every 10 s while typing goes on', () => {
    vi.useFakeTimers();
    try {
      const { result, unmount } = renderHook(() => useCopies());
      act(() => {
        result.current.form.setFieldValue('title', '第一句');
        result.current.copies.schedule();
      });
      act(() => vi.advanceTimersByTime(1900));
      expect(stored()).toBeNull();
      act(() => vi.advanceTimersByTime(200));
      expect(stored()?.data.title).toBe('第一句');
      expect(result.current.copies.copyWritten).toBe(true);
      expect(result.current.copies.autosaveText).toMatch(/^已在本机保存副本 /);

      // Typing without a pause: a change every second never leaves 2 s, yet the copy is kept by 10 s.
      act(() => result.current.copies.reset());
      localStorage.clear();
      for (let s = 1; s <= 9; s++) {
        act(() => {
          result.current.form.setFieldValue('title', `第 ${s} 秒`);
          result.current.copies.schedule();
          vi.advanceTimersByTime(1000);
        });
        expect(stored(), `after ${s} s`).toBeNull();
      }
      act(() => vi.advanceTimersByTime(1000));
      expect(stored()?.data.title).toBe('第 9 秒');
      // Saved (in step with the server): nothing more is written.
      localStorage.clear();
      act(() => {
        result.current.copies.schedule();
        result.current.copies.reset();
        vi.advanceTimersByTime(4000);
      });
      expect(stored()).toBeNull();
      expect(result.current.copies.copyWritten).toBe(false);
      // (Unmounted before the server copy is due: it is the API's, tests/api/article-autosave.test.ts.)
      unmount();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed save keeps the copy at once, with the version it was typed against', () => {
    const { result } = renderHook(() => useCopies());
    act(() => {
      result.current.rec.settle(fields({ title: '旧' }), 6);
      result.current.form.setFieldValue('title', '没存上的');
      result.current.copies.keepLocally();
    });
    expect(stored()).toMatchObject({ baseVersion: 6, data: { title: '没存上的' } });
  });
});

describe('the lock-lost part', () => {
  it('a takeover opens the dialog at once, keeps what is typed in order, and the lock back ends it', () => {
    const told = vi.fn();
    const { result, rerender } = renderHook(({ state }: { state: EditLockState }) => useLockLost(state, told), { initialProps: { state: 'held' } });
    expect(result.current.typedWhileReadOnly('x')).toBe(false);
    rerender({ state: 'takenOver' });
    expect(result.current.displaced).toBe(true);
    expect(result.current.lockLost).toEqual({ text: '', keepFieldsOpen: true });
    expect(told).toHaveBeenCalledTimes(1);
    // Keys faster than a render add up.
    act(() => {
      result.current.typedWhileReadOnly('甲');
      result.current.typedWhileReadOnly('乙');
    });
    expect(result.current.lockLost?.text).toBe('甲乙');
    let taken: { text: string } = { text: '' };
    act(() => {
      taken = result.current.take();
    });
    expect(taken.text).toBe('甲乙');
    expect(result.current.lockLost).toBeNull();
    // A key that reaches no field opens it again (not a space, not a shortcut).
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true }));
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '丙', bubbles: true }));
    });
    expect(result.current.lockLost).toEqual({ text: '丙', keepFieldsOpen: false });
    rerender({ state: 'takenOver' });
    expect(told).toHaveBeenCalledTimes(1);
    rerender({ state: 'held' });
    expect(result.current.displaced).toBe(false);
    expect(result.current.typedWhileReadOnly('丁')).toBe(false);
  });
});
