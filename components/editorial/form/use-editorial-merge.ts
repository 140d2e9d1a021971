'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import type { EditorialFormTarget, EditorialRecord } from '../editorial-target';
import type { EditLock } from '../use-edit-lock';
import { behindLock, catchUpConflict, caughtUpNotice, mergeOf, type PendingMerge } from './merge';
import type { EditorialRecordPart } from './use-editorial-record';

/**
 * The merge part of the editorial form (issue 25 item 5): the merge waiting for a person's choice
 * (a stale save with conflicts, or a newer version under the form), and catching up when the lock
 * comes back (renewed after a lapse, 开始编辑, 重新接管) on a version newer than the form's: that
 * version is loaded and this tab's unsaved changes stay on top through the merge (issue 15).
 * `settle` and `changed` are the form's (they reset the copies too); `saving` says a save is under way.
 */
export function useEditorialMerge<F extends object, R extends EditorialRecord>(
  target: EditorialFormTarget<F, R>,
  {
    rec,
    lock,
    userId,
    saving,
    settle,
    changed,
    tell,
  }: {
    rec: EditorialRecordPart<F, R>;
    lock: Pick<EditLock, 'state' | 'version'>;
    userId: number;
    saving: { current: boolean };
    settle: (fields: F, version: number) => void;
    changed: () => void;
    /** What happened to the form that the person should know. */
    tell: (notice: string | null) => void;
  },
) {
  const [pending, setPending] = useState<PendingMerge<F, R> | null>(null);
  const merge = useMemo(() => mergeOf(target), [target]);
  const latest = useRef({ rec, userId, settle, changed, tell, merge });
  latest.current = { rec, userId, settle, changed, tell, merge };

  const record = rec.record;
  const catchingUp = useRef(false);
  useEffect(() => {
    const { rec } = latest.current;
    const held = lock.state === 'held';
    if (!record || catchingUp.current || !behindLock({ held, lockVersion: lock.version, version: rec.version.current, busy: saving.current })) return;
    catchingUp.current = true;
    void (async () => {
      try {
        const current = await rec.fetchCurrent(record.id);
        const { settle, changed, tell, merge, userId } = latest.current;
        if (!current || current.version <= rec.version.current) return;
        const theirs = target.fieldsOf(current);
        const mine = rec.currentFields();
        const base = rec.baselineFields.current;
        const merged = merge(base, mine, theirs);
        if (merged.conflicts.length) {
          setPending({ current, base, mine, merge: merged, message: catchUpConflict(current.savedBy), thenSave: false });
          return;
        }
        rec.takeRecord(current);
        settle(theirs, current.version);
        rec.applyFields(merged.merged);
        changed();
        const notice = caughtUpNotice(current.savedBy, merged, current.savedBy?.userId === userId);
        if (notice) tell(notice);
      } finally {
        catchingUp.current = false;
      }
    })();
  }, [lock.state, lock.version, record, target, saving]);

  return { pending, setPending, merge };
}
