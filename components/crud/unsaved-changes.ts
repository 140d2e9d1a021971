'use client';

import { useEffect, useRef } from 'react';
import { useApp } from '@/components/common/app-feedback';

/**
 * Unsaved changes in any open form, dialog or page, so that leaving asks first (issue 11): reload
 * and closing the tab get the browser's own prompt; menu items and links inside the shell ask with
 * `confirmLeave()` (wired in components/layout/app-shell.tsx).
 */
/** Each dirty form and what it keeps of its changes (read when the person asks to leave). */
const dirtyForms = new Map<symbol, { current: UnsavedOptions }>();

export interface UnsavedOptions {
  /**
   * The screen keeps a copy of the unsaved changes (in this browser or on the server) and offers it
   * when the person comes back: the leave dialog says so instead of 「离开后修改将丢失」. `true` uses
   * LEAVE_TEXT_COPY_KEPT; a string is the whole sentence to show instead.
   */
  copyKept?: boolean | string;
}

type Confirm = (text: string) => Promise<boolean>;
let confirmer: Confirm = async (text) => window.confirm(text);

export const LEAVE_TEXT = '有未保存的修改，确定离开吗？离开后修改将丢失。';
/** The leave question when every form with unsaved changes keeps a copy to offer later. */
export const LEAVE_TEXT_COPY_KEPT = '有未保存的修改，确定离开吗？未保存的修改已保留副本，下次打开时可以恢复。';

/**
 * What the leave dialog says: that changes are lost unless every dirty form keeps a copy (one form
 * without a copy, say an upload still travelling, is enough for the warning).
 */
export function leaveText(): string {
  const kept = [...dirtyForms.values()].map((o) => o.current.copyKept);
  if (!kept.length || kept.some((k) => !k)) return LEAVE_TEXT;
  const custom = [...new Set(kept.filter((k): k is string => typeof k === 'string'))];
  return custom.length === 1 && kept.every((k) => k === custom[0]) ? custom[0] : LEAVE_TEXT_COPY_KEPT;
}

/** The shell installs a themed confirmation (antd `modal.confirm`); tests and bare pages use `window.confirm`. */
export function setLeaveConfirmer(fn: Confirm) {
  confirmer = fn;
}

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/** Resolves true when nothing is unsaved or the person chose to leave anyway (the forms are then forgotten). */
export async function confirmLeave(): Promise<boolean> {
  if (!hasUnsavedChanges()) return true;
  const isLeaving = await confirmer(leaveText());
  if (isLeaving) dirtyForms.clear();
  return isLeaving;
}

function onBeforeUnload(e: BeforeUnloadEvent) {
  if (!hasUnsavedChanges()) return;
  e.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  e.returnValue = '';
}

/**
 * Marks this form as holding unsaved changes while `isDirty` is true (and forgets it on unmount).
 * `options.copyKept`: the screen keeps a copy it will offer on return, so leaving does not lose the
 * changes (the dialog says so); read when the person asks to leave, so it may change while dirty.
 */
export function useUnsavedChanges(isDirty: boolean, options: UnsavedOptions = {}) {
  const token = useRef<symbol>(null);
  token.current ??= Symbol('form');
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    const id = token.current!;
    if (!isDirty) return;
    dirtyForms.set(id, latest);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtyForms.delete(id);
      if (!hasUnsavedChanges()) window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [isDirty]);
}

/**
 * The Back a closing dialog sent to take its entry away, until the browser has done it: the next
 * dialog's entry waits for it. `history.back()` is asynchronous; a dialog opened straight after
 * another closed (新增员工, saved, 新增员工 again) would otherwise push its entry first and then be
 * popped by the first one's Back, as if the person had pressed Back in it.
 */
let pendingBack: Promise<void> = Promise.resolve();
let isBackPending = false;

/**
 * Runs a history change (a dialog's entry, a list's query: `showQuery`) now, or once the Back a
 * closing dialog sent has landed, so that Back cannot pop the new entry instead of the dialog's.
 */
export function afterDialogBack(change: () => void): void {
  if (isBackPending) void pendingBack.then(change);
  else change();
}

/**
 * Browser Back closes an open dialog instead of leaving the page (on a phone Back is how one
 * closes things). Opening adds a history entry for the same URL; Back pops it and calls `onBack`,
 * which may ask and then call `reopen()` to stay. Closing any other way removes the entry again:
 * await `leave()` before navigating, so the two history moves do not race.
 */
export function useDialogHistory(open: boolean, onBack: (reopen: () => void) => void) {
  const marker = useRef<string | null>(null);
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;

  useEffect(() => {
    if (!open) return;
    const id = `dlg-${Math.random().toString(36).slice(2)}`;
    let isOpen = true;
    const push = () => {
      window.history.pushState({ ...(window.history.state ?? {}), cmsDialog: id }, '', window.location.href);
      marker.current = id;
    };
    afterDialogBack(() => isOpen && push());
    const onPop = () => {
      if (marker.current !== id || window.history.state?.cmsDialog === id) return;
      marker.current = null;
      onBackRef.current(push);
    };
    window.addEventListener('popstate', onPop);
    return () => {
      isOpen = false;
      window.removeEventListener('popstate', onPop);
    };
  }, [open]);

  /** Takes the dialog's history entry away (when it is still the current one). */
  return (): Promise<void> => {
    const id = marker.current;
    marker.current = null;
    if (!id || window.history.state?.cmsDialog !== id) return Promise.resolve();
    isBackPending = true;
    pendingBack = new Promise((resolve) => {
      const done = () => {
        window.removeEventListener('popstate', done);
        clearTimeout(timer);
        isBackPending = false;
        resolve();
      };
      const timer = setTimeout(done, 400);
      window.addEventListener('popstate', done);
      window.history.back();
    });
    return pendingBack;
  };
}

/**
 * Closing a dialog that holds typing (Esc, ×, 取消, Back): with nothing typed it closes at once;
 * otherwise it asks first (`title`, `okText`), and `stay` runs when the person keeps editing. While
 * `isBusy()` (a save on its way) it does not close. Marks the dialog dirty for reload and the menu
 * too (`useUnsavedChanges`), and gives back `leaveHistory` to await before closing after a save.
 */
export function useLeaveDialog({
  open,
  isDirty,
  isBusy,
  title,
  okText,
  onLeave,
}: {
  open: boolean;
  isDirty: boolean;
  isBusy: () => boolean;
  title: string;
  okText: string;
  /** Closes the dialog (its history entry is already taken away). */
  onLeave: () => void;
}) {
  const { modal } = useApp();
  // State updates are not synchronous: the ref stops a second Esc that lands before the re-render.
  const asking = useRef(false);
  useUnsavedChanges(open && isDirty);
  const askThenClose = (stay?: () => void) => {
    if (isBusy() || asking.current) return;
    if (!isDirty) {
      void leaveHistory();
      onLeave();
      return;
    }
    asking.current = true;
    modal.confirm({
      title,
      content: LEAVE_TEXT,
      okText,
      okButtonProps: { danger: true },
      cancelText: '继续编辑',
      onOk: () => {
        asking.current = false;
        void leaveHistory();
        onLeave();
      },
      onCancel: () => {
        asking.current = false;
        stay?.();
      },
    });
  };
  const leaveHistory = useDialogHistory(open, (reopen) => askThenClose(reopen));
  return { askThenClose, leaveHistory };
}
