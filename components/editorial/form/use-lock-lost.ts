'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { typedText, typingPlace, type TypingPlace } from '../lock-lost';
import type { EditLockState } from '../use-edit-lock';

/**
 * The lock was taken from this tab (issue 23, review P1-1): until it is held again, keys typed into
 * the page are kept. The lock-lost dialog opens the moment the page turns read-only and takes the
 * keyboard (its text box keeps the typing); while it is open the fields stay as they were (the
 * dialog covers them), so a key typed before it has focus still lands where the caret was.
 * `onTakenOver` runs while rendering, the moment the takeover is seen.
 */
export function useLockLost(lockState: EditLockState, onTakenOver: () => void) {
  const [displaced, setDisplaced] = useState(false);
  const [lockLost, setLockLost] = useState<{ text: string; keepFieldsOpen: boolean } | null>(null);
  const lockLostRef = useRef(lockLost);
  lockLostRef.current = lockLost;
  const displacedRef = useRef(displaced);
  displacedRef.current = displaced;
  /** Where the caret was when the dialog opened: what is typed in the dialog goes back there. */
  const typedInto = useRef<TypingPlace | null>(null);
  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect: the
  // render that makes the page read-only already has the dialog, so no key falls in between.
  const [seenLockState, setSeenLockState] = useState(lockState);
  if (lockState !== seenLockState) {
    setSeenLockState(lockState);
    if (lockState === 'held') setDisplaced(false);
    if (lockState === 'takenOver' && seenLockState !== 'takenOver') {
      setDisplaced(true);
      onTakenOver();
      typedInto.current = typingPlace();
      setLockLost({ text: '', keepFieldsOpen: true });
    }
  }

  /**
   * A key typed into the page after the lock was lost and the dialog closed: the dialog opens again
   * with it, where the caret is now (a read-only body still has a caret), so nothing is dropped.
   */
  const typedWhileReadOnly = useCallback((text: string): boolean => {
    if (!displacedRef.current) return false;
    if (!lockLostRef.current) typedInto.current = typingPlace();
    // Keys faster than a render add up (the ref runs ahead of the state).
    lockLostRef.current = { text: (lockLostRef.current?.text ?? '') + text, keepFieldsOpen: lockLostRef.current?.keepFieldsOpen ?? false };
    setLockLost(lockLostRef.current);
    return true;
  }, []);

  // Keys that reach no field (the focused one turned read-only under the caret) open it too.
  useEffect(() => {
    if (!displaced) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.target !== document.body || e.defaultPrevented) return;
      const text = typedText(e);
      if (text === null || text === ' ') return;
      e.preventDefault();
      typedWhileReadOnly(text);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [displaced, typedWhileReadOnly]);

  /** Closes the dialog: what was typed in it, and where the caret was when it opened. */
  const take = useCallback(() => {
    const taken = { text: lockLostRef.current?.text ?? '', place: typedInto.current };
    typedInto.current = null;
    setLockLost(null);
    return taken;
  }, []);

  return {
    displaced,
    lockLost,
    setLockLostText: (text: string) => setLockLost((l) => ({ text, keepFieldsOpen: l?.keepFieldsOpen ?? false })),
    typedWhileReadOnly,
    take,
  };
}
