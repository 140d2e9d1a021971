import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { confirmLeave, LEAVE_TEXT, LEAVE_TEXT_COPY_KEPT, setLeaveConfirmer, useUnsavedChanges, type UnsavedOptions } from '@/components/crud/unsaved-changes';

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
