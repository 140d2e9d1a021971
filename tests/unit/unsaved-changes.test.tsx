import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  confirmLeave,
  LEAVE_TEXT,
  LEAVE_TEXT_COPY_KEPT,
  setLeaveConfirmer,
  useDialogHistory,
  useUnsavedChanges,
  type UnsavedOptions,
} from '@/components/crud/unsaved-changes';

// The leave dialog tells the truth about what leaving costs (review P3-14): when the screen keeps a
// copy it will offer on return, it says so instead of 「离开后修改将丢失」.
const asked: string[] = [];
setLeaveConfirmer(async (text) => {
  asked.push(text);
  return false; // stay: the forms stay registered for the next question
});
afterEach(() => {
  cleanup();
  asked.length = 0;
});

const dirty = (options?: UnsavedOptions) => renderHook(({ o }) => useUnsavedChanges(true, o), { initialProps: { o: options } });

describe('useUnsavedChanges: the leave text', () => {
  it('says the changes are lost by default (every existing caller)', async () => {
    renderHook(() => useUnsavedChanges(true));
    expect(await confirmLeave()).toBe(false);
    expect(asked).toEqual([LEAVE_TEXT]);
    expect(LEAVE_TEXT).toContain('离开后修改将丢失');
  });

  it('says a copy is kept and offered on return when the screen keeps one', async () => {
    dirty({ copyKept: true });
    await confirmLeave();
    expect(asked).toEqual([LEAVE_TEXT_COPY_KEPT]);
    expect(asked[0]).not.toContain('丢失');
    expect(asked[0]).toContain('副本');
  });

  it('shows the screen’s own sentence when copyKept is a string, and follows the latest value', async () => {
    const { rerender } = dirty({ copyKept: '修改已在本机保留副本，下次打开这篇文章时可以恢复。' });
    await confirmLeave();
    rerender({ o: { copyKept: false } });
    await confirmLeave();
    expect(asked).toEqual(['修改已在本机保留副本，下次打开这篇文章时可以恢复。', LEAVE_TEXT]);
  });

  it('warns of the loss when another dirty form keeps nothing (an upload still travelling)', async () => {
    dirty({ copyKept: true });
    renderHook(() => useUnsavedChanges(true));
    await confirmLeave();
    expect(asked).toEqual([LEAVE_TEXT]);
  });

  it('asks nothing once the form is clean or gone', async () => {
    const { unmount } = dirty({ copyKept: true });
    unmount();
    expect(await confirmLeave()).toBe(true);
    expect(asked).toEqual([]);
  });
});

/**
 * The browser's history as far as these dialogs use it: pushState adds an entry; back() is
 * asynchronous (the traversal lands a moment later, then popstate), as in Chromium.
 */
function browserLikeHistory() {
  const entries: unknown[] = [window.history.state];
  const push = window.history.pushState.bind(window.history);
  const replace = window.history.replaceState.bind(window.history);
  const pushSpy = vi.spyOn(window.history, 'pushState').mockImplementation((state, unused, url) => {
    entries.push(state);
    push(state, unused, url);
  });
  const backSpy = vi.spyOn(window.history, 'back').mockImplementation(() => {
    setTimeout(() => {
      entries.pop();
      const state = entries.at(-1) ?? null;
      replace(state, '');
      window.dispatchEvent(new PopStateEvent('popstate', { state }));
    }, 20);
  });
  return () => {
    pushSpy.mockRestore();
    backSpy.mockRestore();
  };
}

describe('useDialogHistory: one dialog closed, the next opened at once', () => {
  it('the second dialog’s entry waits for the first one’s Back, so that Back is not taken as the person’s', async () => {
    const restore = browserLikeHistory();
    const backs: string[] = [];
    const first = renderHook(() => useDialogHistory(true, () => backs.push('first')));
    await waitFor(() => expect(window.history.state?.cmsDialog).toMatch(/^dlg-/));
    const firstEntry = window.history.state.cmsDialog as string;
    const closing = first.result.current(); // 保存 closed it: its entry is being taken away
    first.unmount();
    renderHook(() => useDialogHistory(true, () => backs.push('second'))); // 新增 again, straight away
    await closing;
    await waitFor(() => expect(window.history.state?.cmsDialog).toMatch(/^dlg-/));
    expect(window.history.state.cmsDialog).not.toBe(firstEntry);
    // Neither dialog heard a Back of its own.
    await new Promise((r) => setTimeout(r, 50));
    expect(backs).toEqual([]);
    restore();
  });
});
