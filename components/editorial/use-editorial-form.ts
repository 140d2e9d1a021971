'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { type FormInstance } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { useQueryClient } from '@tanstack/react-query';
import { invalidate } from '@/lib/query';
import { editorialKeys } from '@/lib/query/reads';
import { useUnsavedChanges } from '@/components/crud/unsaved-changes';
import { isFailure } from '@/lib/http';
import { useUserStore } from '@/stores/user';
import { isLiveForViewer } from '@/components/editorial/live-notice';
import { SAVE_SHORTCUT_EVENT, type EditorialFormTarget, type EditorialRecord } from './editorial-target';
import { insertTyped, textAsParagraphs } from './lock-lost';
import { useEditLock, type EditLock } from './use-edit-lock';
import { copyText, fullTimeText, restoreOf, type Offer } from './form/copies';
import { combinedNotice, combinesAlone, staleBase } from './form/merge';
import { afterSave } from './form/record';
import { useEditorialCopies } from './form/use-editorial-copies';
import { useEditorialMerge } from './form/use-editorial-merge';
import { useEditorialPublishing } from './form/use-editorial-publishing';
import { useEditorialRecord } from './form/use-editorial-record';
import { useLockLost } from './form/use-lock-lost';

export type { Offer } from './form/copies';
export type { PendingMerge } from './form/merge';
export type { Busy } from './form/publishing';
export { refusalOf, savedByText } from './form/record';

export interface EditorialFormOptions<F> {
  form: FormInstance<F>;
  /** `?id=` of the page (null: a new item). */
  id: number | null;
  /** Whether this viewer may edit items of this kind at all (else read-only). */
  canEdit?: boolean;
  /** The form's fields as the editor holds them (the video article keeps its body in a text box). */
  applyFields?: (fields: F) => void;
}

/**
 * The one editorial loop of 写文章, 发图集, 发视频文章 and 发布短视频 (issue 15), mirroring the
 * server's `EditorialTarget`, composed of its parts (issue 25 item 5, each in ./form with its rules
 * as plain functions beside it):
 * - the record (./form/use-editorial-record.ts): load, the baseline "unsaved" is measured against,
 *   the proposed times;
 * - the local copies (./form/use-editorial-copies.ts): the local copy (2 s after the last change, at
 *   least every 10 s), the server autosave (5 s, at least every 30 s), restoring an unsaved copy
 *   (local, autosave, or a revision the lock kept);
 * - the merge (./form/use-editorial-merge.ts): the three-way merge of a stale save (asks only about
 *   what both sides changed), catching up when the lock comes back on a newer version;
 * - the publishing (./form/use-editorial-publishing.ts): the workflow with the proposed times, the
 *   checklist, 预览;
 * - the lock-lost dialog (./form/use-lock-lost.ts): a session whose lock is taken while typing.
 * Here: the save that ties them together, Ctrl/⌘+S, 下线 / 重新发布 / 撤回审核's refresh.
 */
export function useEditorialForm<F extends object, R extends EditorialRecord>(
  target: EditorialFormTarget<F, R>,
  { form, id: idParam, canEdit = true, applyFields: applyExtra }: EditorialFormOptions<F>,
) {
  const { message, modal } = useApp();
  const queryClient = useQueryClient();
  /** After a save or a transition: the lists showing the item agree, here and in the person's other tabs. */
  const listsChanged = useCallback(() => void invalidate(queryClient, editorialKeys(target.path)), [queryClient, target.path]);
  const userId = useUserStore((s) => s.info?.id ?? 0);
  const canPublish = useUserStore((s) => Boolean(s.auth['/article/check']));

  const rec = useEditorialRecord(target, { form, id: idParam, applyFields: applyExtra });
  const { id, record, isDirty, currentFields, applyFields, takeRecord, adopt, version, baselineFields, idRef } = rec;
  const [sessionEnded, setSessionEnded] = useState(false);
  /** What happened to the form that the person should know (a version loaded under their changes). */
  const [notice, setNotice] = useState<string | null>(null);
  const [revisions, setRevisions] = useState<{ open: boolean; revisionId: number | null }>({ open: false, revisionId: null });
  const savingRef = useRef(false);
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;

  // The edit lock, renewed with the unsaved copy. Someone who may not change a live item takes no lock on it.
  const liveReadOnly = isLiveForViewer(record?.status, canPublish);
  const lock: EditLock = useEditLock(canEdit && !liveReadOnly ? id : null, {
    path: target.path,
    getDraft: () => (isDirtyRef.current ? { baseVersion: version.current, fields: currentFields() as unknown as Record<string, unknown> } : null),
  });
  const lockTokenRef = useRef(lock.token);
  lockTokenRef.current = lock.token;
  const isLockedOut = id !== null && (lock.state === 'locked' || lock.state === 'takenOver' || lock.state === 'free');
  const readOnly = !canEdit || isLockedOut || liveReadOnly;

  const copies = useEditorialCopies(target, {
    userId,
    rec,
    lockAnswered: lock.state !== 'acquiring' && lock.state !== 'idle',
    onSessionEnded: () => setSessionEnded(true),
  });
  const { keepLocally, setCopyWritten, clear: clearCopies, setAutosaveText } = copies;

  // What happened to the form before (a version loaded) is no longer the news (review P3-11).
  const lockLost = useLockLost(lock.state, () => setNotice(null));
  /**
   * The fields follow `readOnly`, except while the dialog that opened at the takeover is up (it
   * covers them): a key, or an input method's text, that arrives before the dialog has the keyboard
   * still lands where the caret was. Opened again by a key on the read-only page, they stay read-only
   * and such keys are caught on their way (`typedWhileReadOnly`), in order.
   */
  const fieldsReadOnly = readOnly && !lockLost.lockLost?.keepFieldsOpen;

  // The leave dialog says a copy will be offered when one was written (issue 15).
  useUnsavedChanges(isDirty && !readOnly, { copyKept: copies.copyWritten });

  /** Marks the form as in step with the server at version `v`: nothing unsaved, no copy due. */
  const { settle: settleRecord, measure } = rec;
  const { reset: resetCopies, schedule, cancel } = copies;
  const settle = useCallback(
    (fields: F, v: number) => {
      settleRecord(fields, v);
      resetCopies();
    },
    [settleRecord, resetCopies],
  );

  const onValuesChange = useCallback(() => {
    if (measure()) schedule();
    else cancel();
  }, [measure, schedule, cancel]);

  /** An editor reports its own serialization of the loaded body: that is not a change. */
  const { normalize } = rec;
  const onNormalized = useCallback(
    (name: keyof F, html: string) => {
      if (normalize(name, html)) onValuesChange();
    },
    [normalize, onValuesChange],
  );

  // Open: the record (when ?id=), then any newer copy (local or server) to offer.
  const { open } = rec;
  const { findNewer, setOffer } = copies;
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const isLive = () => live;
    void (async () => {
      const opened = await open(idParam, isLive);
      if (!opened) return;
      settle(opened.fields, opened.version);
      const newer = await findNewer(idParam, opened, isLive);
      if (newer) setOffer(newer);
    })();
    return () => {
      live = false;
    };
  }, [idParam, userId, open, settle, findNewer, setOffer]);

  const merging = useEditorialMerge(target, { rec, lock, userId, saving: savingRef, settle, changed: onValuesChange, tell: setNotice });
  const { pending, setPending, merge: mergeWith } = merging;

  /** Saves the form (create, or update against the version). Resolves the saved record or null. */
  const save = useCallback(
    async (fieldsOverride?: F, attempt = 0): Promise<R | null> => {
      if (fieldsOverride) applyFields(fieldsOverride);
      try {
        await form.validateFields();
      } catch {
        message.error('请先改正标红的内容');
        return null;
      }
      const fields = fieldsOverride ?? currentFields();
      const itemId = idRef.current;
      savingRef.current = true;
      const reply = itemId ? await target.api.update(itemId, version.current, fields, lockTokenRef.current) : await target.api.create(fields);
      savingRef.current = false;
      if (isFailure(reply)) {
        keepLocally();
        message.error('网络异常，没有保存（内容已保存在本机）');
        return null;
      }
      if (reply.httpStatus === 401) {
        keepLocally();
        setSessionEnded(true);
        return null;
      }
      const body = reply.body as { status: number; message?: string; data?: R & { current?: R; base?: Partial<F> | null }; errors?: Record<string, string> };
      if (reply.httpStatus === 409 && body.data?.current) {
        keepLocally();
        const current = body.data.current;
        const theirs = target.fieldsOf(current);
        const base = staleBase(target.fieldsOf, baselineFields.current, body.data.base);
        const merge = mergeWith(base, fields, theirs);
        if (combinesAlone(merge, attempt)) {
          // Nothing both sides changed: combine and save against the current version, no question.
          takeRecord(current);
          settle(theirs, current.version);
          const saved = await save(merge.merged, attempt + 1);
          if (saved) setNotice(combinedNotice(current.savedBy, merge, target.labels));
          return saved;
        }
        setPending({ current, base, mine: fields, merge, message: body.message, thenSave: true });
        return null;
      }
      if (body.status !== 0 || !body.data) {
        keepLocally();
        if (body.errors) {
          const known = new Set(target.names as ReadonlyArray<string>);
          form.setFields(
            Object.entries(body.errors)
              .filter(([name]) => known.has(name))
              .map(([name, error]) => ({ name: name as never, errors: [error] })),
          );
        }
        message.error(body.message || '保存失败');
        return null;
      }
      const saved = body.data;
      const wasNew = !itemId;
      // A version loaded earlier is history once the form is saved (review P3-11: it stayed for hours).
      setNotice(null);
      adopt(saved);
      // The stored (sanitized) fields are what the form holds from now on, unless typed over since.
      const savedFields = target.fieldsOf(saved);
      const { typedSince, apply } = afterSave(target.keyOf, { sent: fields, now: currentFields(), stored: savedFields });
      if (apply) applyFields(savedFields);
      settle(savedFields, saved.version);
      if (typedSince) onValuesChange();
      clearCopies(wasNew ? null : saved.id);
      if (wasNew) {
        clearCopies(saved.id);
        window.history.replaceState(window.history.state, '', `${window.location.pathname}?id=${saved.id}`);
      }
      setAutosaveText(copyText.saved(saved.updatedAt));
      listsChanged();
      return saved;
    },
    [
      adopt,
      applyFields,
      baselineFields,
      clearCopies,
      currentFields,
      form,
      idRef,
      keepLocally,
      listsChanged,
      message,
      mergeWith,
      onValuesChange,
      setAutosaveText,
      setPending,
      settle,
      takeRecord,
      target,
      version,
    ],
  );

  const publishing = useEditorialPublishing(target, {
    form,
    rec,
    readOnly,
    save: () => save(),
    refresh: (itemId) => refresh(itemId),
    changed: onValuesChange,
    onSessionEnded: () => setSessionEnded(true),
    say: { success: (text) => message.success(text), error: (props) => modal.error(props) },
  });
  const { busy, setBusy } = publishing;

  /** The merge dialog's answer: the merged fields into the form, saved at once or left to save. */
  const resolveMerge = useCallback(
    async (merged: F, andSave: boolean) => {
      const p = pending!;
      setPending(null);
      takeRecord(p.current);
      settle(target.fieldsOf(p.current), p.current.version);
      applyFields(merged);
      onValuesChange();
      if (!andSave) return;
      setBusy('save');
      const saved = await save(merged);
      setBusy(null);
      if (saved) message.success('已合并并保存');
    },
    [pending, setPending, takeRecord, settle, target, applyFields, onValuesChange, save, message, setBusy],
  );

  const saveDraft = useCallback(async () => {
    if (readOnly || busy) return;
    setBusy('save');
    const saved = await save();
    setBusy(null);
    if (saved) message.success('草稿已保存');
  }, [readOnly, busy, save, message, setBusy]);

  // Ctrl/⌘+S saves a draft, as people expect (issue 15); the rich text editor forwards its own.
  const saveDraftRef = useRef(saveDraft);
  saveDraftRef.current = saveDraft;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveDraftRef.current();
      }
    };
    const onShortcut = () => void saveDraftRef.current();
    window.addEventListener('keydown', onKey);
    window.addEventListener(SAVE_SHORTCUT_EVENT, onShortcut);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(SAVE_SHORTCUT_EVENT, onShortcut);
    };
  }, []);

  /** Reloads the record after a transition (status, version, times), keeping anything typed since. */
  const refresh = async (itemId: number) => {
    listsChanged();
    const current = await rec.fetchCurrent(itemId);
    if (!current) return;
    takeRecord(current);
    const typed = rec.changed();
    const fields = target.fieldsOf(current);
    if (!typed) applyFields(fields);
    settle(fields, current.version);
    if (typed) onValuesChange();
  };

  const restore = (copy: Offer<F>) => {
    const restored = restoreOf(copy, baselineFields.current, version.current, target.fieldsOf);
    applyFields(restored.fields);
    version.current = restored.version;
    setOffer(null);
    onValuesChange();
    message.success(`已恢复 ${fullTimeText(copy.savedAt)} 的副本，请检查后保存`);
  };

  /**
   * Closes the lock-lost dialog: what was typed in it goes where the caret was (or, typed nowhere
   * in particular, at the end of the body), the page turns read-only, and the unsaved fields are
   * kept at once in this browser and, with the token the takeover took, as a revision on the
   * server (issue 23). Then 查看修订 opens that revision, 重新接管 takes the lock back.
   */
  const closeLockLost = async (then: 'stay' | 'revisions' | 'takeover') => {
    const { text, place } = lockLost.take();
    if (text.trim() && !insertTyped(place, text)) {
      const fields = currentFields() as Record<string, unknown>;
      const body = target.html?.[0] as string | undefined;
      const plain = body ? undefined : 'description' in fields ? 'description' : undefined;
      if (body) applyFields({ ...fields, [body]: `${String(fields[body] ?? '')}${textAsParagraphs(text)}` } as F);
      else if (plain) applyFields({ ...fields, [plain]: [fields[plain], text].filter(Boolean).join('\n') } as F);
      onValuesChange();
    }
    let revisionId: number | null = null;
    const fields = currentFields();
    if (rec.changed()) {
      keepLocally();
      setCopyWritten(true);
      revisionId = await lock.keepCopy({ baseVersion: version.current || 1, fields: fields as unknown as Record<string, unknown> });
    }
    if (then === 'revisions') setRevisions({ open: true, revisionId: revisionId ?? lock.savedRevisionId });
    if (then === 'takeover') await lock.takeover();
  };

  /** A revision restored from 修订记录 (a save on the server): the form follows it. */
  const restored = (current: R) => {
    const fields = target.fieldsOf(current);
    takeRecord(current);
    applyFields(fields);
    settle(fields, current.version);
  };

  return {
    target,
    form,
    id,
    record,
    loadError: rec.loadError,
    isLoading: rec.isLoading,
    isDirty,
    readOnly,
    /** Whether the fields refuse input (read-only, except while the lock-lost dialog keeps typing). */
    fieldsReadOnly,
    liveReadOnly,
    canPublish,
    busy,
    autosaveText: copies.autosaveText,
    lock,
    version,
    times: rec.times,
    setTimes: rec.setTimes,
    offer: copies.offer,
    restore,
    discard: copies.discard,
    pending,
    resolveMerge,
    cancelMerge: () => setPending(null),
    notice,
    clearNotice: () => setNotice(null),
    /** The lock-lost dialog (issue 23): open with what was typed in it, or null. */
    lockLost: lockLost.lockLost,
    setLockLostText: lockLost.setLockLostText,
    closeLockLost,
    typedWhileReadOnly: lockLost.typedWhileReadOnly,
    /** This tab's lock was taken over and is not back yet. */
    displaced: lockLost.displaced,
    sessionEnded,
    setSessionEnded,
    revisions,
    showRevisions: (revisionId: number | null = null) => setRevisions({ open: true, revisionId }),
    closeRevisions: () => setRevisions({ open: false, revisionId: null }),
    restored,
    onValuesChange,
    onNormalized,
    currentFields,
    applyFields,
    save,
    saveDraft,
    preview: publishing.preview,
    submit: publishing.submit,
    publish: publishing.publish,
    /** Reloads the record after a transition made elsewhere on the page (下线, 重新发布, 撤回审核). */
    refresh,
    /** Whether a copy of the unsaved changes exists that reopening will offer (the leave dialog says so). */
    copyKept: copies.copyWritten && isDirty,
    checklist: publishing.checklist,
    sendAnyway: publishing.sendAnyway,
    fixChecklist: publishing.fixChecklist,
    checklistClosed: publishing.checklistClosed,
  };
}

export type EditorialForm<F extends object, R extends EditorialRecord> = ReturnType<typeof useEditorialForm<F, R>>;
