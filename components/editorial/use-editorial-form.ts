'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useUnsavedChanges } from '@/components/crud/unsaved-changes';
import { http, isFailure, type HttpFailure, type RawReply } from '@/lib/http';
import { type TransitionReply } from '@/lib/api/workflow';
import { mergeFields, type FieldsMerge } from '@/lib/merge';
import { useUserStore } from '@/stores/user';
import { isLiveForViewer } from '@/components/editorial/live-notice';
import { keepsPublishTime, landedText } from '@/lib/resources/publishing';
import { SAVE_SHORTCUT_EVENT, type AutosaveCopy, type ChecklistItem, type EditorialFormTarget, type EditorialRecord, type SavedBy } from './editorial-target';
import {
  copyDelay,
  LOCAL_DELAY_MS,
  LOCAL_MAX_WAIT_MS,
  newerCopy,
  readLocal,
  removeLocal,
  SERVER_DELAY_MS,
  SERVER_MAX_WAIT_MS,
  writeLocal,
  type LocalCopy,
} from './local-copy';
import { insertTyped, textAsParagraphs, typedText, typingPlace, type TypingPlace } from './lock-lost';
import { useEditLock, type EditLock } from './use-edit-lock';

/** An unsaved copy offered on opening: this browser's, the server autosave's, or a revision the lock kept. */
export type Offer<F> = (LocalCopy<Partial<F>> | AutosaveCopy<F>) & { source: 'local' | 'server' | 'revision'; revisionId?: number };

/** A stale save (or a version that moved under the form) waiting for a person's choice. */
export interface PendingMerge<F, R> {
  current: R;
  base: F;
  mine: F;
  merge: FieldsMerge<F>;
  /** The server's words (409), or why the merge is asked (the lock came back on a newer version). */
  message?: string;
  /** Save the result at once (a stale save) or only put it in the form (catching up). */
  thenSave: boolean;
}

export type Busy = null | 'save' | 'preview' | 'submit' | 'publish';

const timeText = (iso: string) => new Date(iso).toLocaleTimeString('zh-CN', { hour12: false });
const fullTimeText = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });
const shortTime = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { hour12: false, month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

const dismissedKey = (path: string, id: number) => `cms:dismissed-copy:${path}:${id}`;
function readDismissed(path: string, id: number): string | null {
  try {
    return window.localStorage.getItem(dismissedKey(path, id));
  } catch {
    return null;
  }
}
function writeDismissed(path: string, id: number, revisionId: number) {
  try {
    window.localStorage.setItem(dismissedKey(path, id), String(revisionId));
  } catch {
    /* private mode: it is offered again next time */
  }
}

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
 * server's `EditorialTarget`: load, dirty state against what was loaded, the local copy (2 s after
 * the last change, at least every 10 s) and the server autosave (5 s, at least every 30 s), save
 * with the version and the edit lock, the three-way merge of a stale save (asks only about what
 * both sides changed), catching up when the lock comes back on a newer version, restoring an
 * unsaved copy (local, autosave, or a revision the lock kept), the workflow with the proposed
 * times, 下线 / 重新发布 / 撤回审核, Ctrl/⌘+S, and a session that ends while typing.
 */
export function useEditorialForm<F extends object, R extends EditorialRecord>(
  target: EditorialFormTarget<F, R>,
  { form, id: idParam, canEdit = true, applyFields: applyExtra }: EditorialFormOptions<F>,
) {
  const { message, modal } = App.useApp();
  const userId = useUserStore((s) => s.info?.id ?? 0);
  const canPublish = useUserStore((s) => Boolean(s.auth['/article/check']));

  const [id, setId] = useState<number | null>(idParam);
  const [record, setRecord] = useState<R | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(Boolean(idParam));
  const [isDirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [autosaveText, setAutosaveText] = useState('');
  const [pending, setPending] = useState<PendingMerge<F, R> | null>(null);
  const [offer, setOffer] = useState<Offer<F> | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  /** What happened to the form that the person should know (a version loaded under their changes). */
  const [notice, setNotice] = useState<string | null>(null);
  const [revisions, setRevisions] = useState<{ open: boolean; revisionId: number | null }>({ open: false, revisionId: null });
  /** 发布设置: 立即 or a time, and an optional offline time (proposed by an editor, honoured by a reviewer). */
  /** A local or server copy of the unsaved changes exists (the leave dialog says it will be offered). */
  const [copyWritten, setCopyWritten] = useState(false);
  /** The checklist shown before sending, when something is missing. */
  const [checklist, setChecklist] = useState<{ action: 'submit' | 'publish'; items: ChecklistItem<F>[] } | null>(null);
  const [times, setTimes] = useState<{ publishAt: string | null; offlineAt: string | null }>({ publishAt: null, offlineAt: null });

  /** The version the form was last in step with (a restored older copy keeps its own base). */
  const version = useRef(0);
  /** The fields as last saved or loaded: what "unsaved" is measured against, and the merge's base. */
  const baselineFields = useRef<F>(target.empty);
  const baseline = useRef<string>(target.keyOf(target.empty));
  const timers = useRef<{ local?: ReturnType<typeof setTimeout>; server?: ReturnType<typeof setTimeout>; localSince?: number; serverSince?: number }>({});
  const idRef = useRef(id);
  idRef.current = id;
  const savingRef = useRef(false);
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;

  const key = useMemo(() => (userId ? target.localKey(userId, id) : ''), [userId, id, target]);
  const keyRef = useRef(key);
  keyRef.current = key;

  const currentFields = useCallback((): F => target.fieldsOf(form.getFieldsValue(true) as Partial<F>), [form, target]);

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

  /**
   * The lock was taken from this tab (issue 23, review P1-1): until it is held again, keys typed into
   * the page are kept. The lock-lost dialog opens the moment the page turns read-only and takes the
   * keyboard (its text box keeps the typing); while it is open the fields stay as they were (the
   * dialog covers them), so a key typed before it has focus still lands where the caret was.
   */
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
  const [seenLockState, setSeenLockState] = useState(lock.state);
  if (lock.state !== seenLockState) {
    setSeenLockState(lock.state);
    if (lock.state === 'held') setDisplaced(false);
    if (lock.state === 'takenOver' && seenLockState !== 'takenOver') {
      setDisplaced(true);
      // What happened to the form before (a version loaded) is no longer the news (review P3-11).
      setNotice(null);
      typedInto.current = typingPlace();
      setLockLost({ text: '', keepFieldsOpen: true });
    }
  }
  /**
   * The fields follow `readOnly`, except while the dialog that opened at the takeover is up (it
   * covers them): a key, or an input method's text, that arrives before the dialog has the keyboard
   * still lands where the caret was. Opened again by a key on the read-only page, they stay read-only
   * and such keys are caught on their way (`typedWhileReadOnly`), in order.
   */
  const fieldsReadOnly = readOnly && !lockLost?.keepFieldsOpen;

  // The leave dialog says a copy will be offered when one was written (issue 15).
  useUnsavedChanges(isDirty && !readOnly, { copyKept: copyWritten });

  const applyFields = useCallback(
    (fields: F) => {
      form.setFieldsValue(fields as Parameters<typeof form.setFieldsValue>[0]);
      applyExtra?.(fields);
    },
    [form, applyExtra],
  );

  const clearTimers = () => {
    clearTimeout(timers.current.local);
    clearTimeout(timers.current.server);
    timers.current.localSince = undefined;
    timers.current.serverSince = undefined;
  };

  /** Marks the form as in step with the server at version `v`. */
  const settle = useCallback(
    (fields: F, v: number) => {
      baselineFields.current = fields;
      baseline.current = target.keyOf(fields);
      version.current = v;
      clearTimers();
      setDirty(false);
      setCopyWritten(false);
    },
    [target],
  );

  /** The record and its proposed times into the screen's state. */
  const takeRecord = useCallback((rec: R) => {
    setRecord(rec);
    setTimes({ publishAt: keepsPublishTime(rec.status) ? rec.publishAt : null, offlineAt: rec.offlineAt ?? null });
  }, []);

  // Open: the record (when ?id=), then any newer copy (local or server) to offer.
  useEffect(() => {
    if (!userId) return;
    let live = true;
    (async () => {
      let fields = target.empty;
      let updatedAt: string | null = null;
      let v = 0;
      if (idParam) {
        setLoading(true);
        const reply = await target.api.fetch(idParam);
        if (!live) return;
        setLoading(false);
        if (isFailure(reply) || reply.body.status !== 0 || !reply.body.data) {
          setLoadError(
            isFailure(reply)
              ? `网络异常，无法打开${target.label}`
              : reply.httpStatus === 404
                ? `${target.label}不存在，或不在你的数据范围内`
                : refusalOf(reply),
          );
          return;
        }
        const rec = reply.body.data;
        const refused = target.refuse?.(rec);
        if (refused) {
          setLoadError(refused);
          return;
        }
        takeRecord(rec);
        setId(rec.id);
        fields = target.fieldsOf(rec);
        updatedAt = rec.updatedAt;
        v = rec.version;
        applyFields(fields);
      }
      settle(fields, v);
      const local = readLocal<Partial<F>>(target.localKey(userId, idParam));
      const server = await target.api.autosave.get(idParam);
      if (!live) return;
      const serverCopy = !isFailure(server) && server.body.status === 0 && server.body.data ? server.body.data : null;
      const newer = newerCopy<F, Offer<F>>(
        { updatedAt, fields },
        [local && { ...local, source: 'local' as const }, serverCopy && { ...serverCopy, source: 'server' as const }],
        target.keyOf,
      );
      if (newer) setOffer(newer);
    })();
    return () => {
      live = false;
    };
  }, [idParam, userId, target, applyFields, settle, takeRecord]);

  // An unsaved copy of mine the lock kept as a revision (a heartbeat's, a takeover's, a crashed
  // tab's), newer than the saved version: offered like an autosave (issue 15). Once the lock
  // answered (its acquire may have just kept the copy of this person's crashed tab).
  const lockAnswered = lock.state !== 'acquiring' && lock.state !== 'idle';
  const recordId = record?.id ?? null;
  const askedRevisions = useRef<number | null>(null);
  useEffect(() => {
    if (!recordId || !userId || !lockAnswered || askedRevisions.current === recordId) return;
    askedRevisions.current = recordId;
    void (async () => {
      type Item = { id: number; kind: string; userId: number | null; version: number; createdAt: string };
      const list = await http.main.send<{ list: Item[] }>('GET', `/api/${target.path}/${recordId}/revisions`, { page: 1, pageSize: 20 });
      if (isFailure(list) || list.body.status !== 0 || !list.body.data) return;
      const saved = Date.parse(record?.updatedAt ?? '') || 0;
      const dismissed = Number(readDismissed(target.path, recordId)) || 0;
      const mine = list.body.data.list.find((r) => r.kind === 'takeover' && r.userId === userId && Date.parse(r.createdAt) > saved && r.id > dismissed);
      if (!mine) return;
      const detail = await http.main.send<{ revision: { snapshot: Partial<F>; createdAt: string; version: number } }>(
        'GET',
        `/api/${target.path}/${recordId}/revisions/${mine.id}`,
        { against: 'current' },
      );
      if (isFailure(detail) || detail.body.status !== 0 || !detail.body.data) return;
      const rev = detail.body.data.revision;
      const copy: Offer<F> = { source: 'revision', revisionId: mine.id, savedAt: rev.createdAt, baseVersion: rev.version, data: rev.snapshot };
      setOffer((known) => {
        if (known && Date.parse(known.savedAt) >= Date.parse(copy.savedAt)) return known;
        return newerCopy<F, Offer<F>>({ updatedAt: record?.updatedAt, fields: baselineFields.current }, [copy], target.keyOf) ?? known;
      });
    })();
  }, [recordId, userId, lockAnswered, target, record?.updatedAt]);

  const clearCopies = useCallback(
    (itemId: number | null) => {
      if (!userId) return;
      removeLocal(target.localKey(userId, itemId));
      void target.api.autosave.remove(itemId);
    },
    [userId, target],
  );

  const writeLocalCopy = useCallback(() => {
    const savedAt = new Date().toISOString();
    timers.current.localSince = undefined;
    if (keyRef.current && writeLocal(keyRef.current, { savedAt, baseVersion: version.current, data: currentFields() })) {
      setAutosaveText(`已在本机保存副本 ${timeText(savedAt)}`);
      setCopyWritten(true);
    }
  }, [currentFields]);

  const writeServerCopy = useCallback(async () => {
    timers.current.serverSince = undefined;
    const reply = await target.api.autosave.put(idRef.current, version.current, currentFields());
    if (isFailure(reply)) {
      setAutosaveText('网络异常，副本只保存在本机');
      return;
    }
    if (reply.httpStatus === 401) {
      setSessionEnded(true);
      return;
    }
    if (reply.body.status === 0 && reply.body.data) {
      // A copy, not a draft: before the first 存草稿 nothing is in the list yet (review P3-19).
      setAutosaveText(`已在服务器保存副本 ${timeText(reply.body.data.savedAt)}${idRef.current ? '' : '（还没有存草稿）'}`);
      setCopyWritten(true);
    } else setAutosaveText(`自动保存失败：${reply.body.message ?? '未知原因'}（副本在本机）`);
  }, [currentFields, target]);

  /**
   * Autosave: the local copy 2 s after the last change and the server copy 5 s after it, but at
   * least every 10 s and 30 s while changes keep coming (typing without a pause: issue 15).
   */
  const scheduleAutosave = useCallback(() => {
    const now = Date.now();
    const t = timers.current;
    t.localSince ??= now;
    t.serverSince ??= now;
    clearTimeout(t.local);
    clearTimeout(t.server);
    t.local = setTimeout(writeLocalCopy, copyDelay(now, t.localSince, LOCAL_DELAY_MS, LOCAL_MAX_WAIT_MS));
    t.server = setTimeout(() => void writeServerCopy(), copyDelay(now, t.serverSince, SERVER_DELAY_MS, SERVER_MAX_WAIT_MS));
  }, [writeLocalCopy, writeServerCopy]);

  useEffect(() => () => clearTimers(), []);

  const onValuesChange = useCallback(() => {
    const dirty = target.keyOf(currentFields()) !== baseline.current;
    setDirty(dirty);
    if (dirty) scheduleAutosave();
    else clearTimers();
  }, [currentFields, scheduleAutosave, target]);

  /** An editor reports its own serialization of the loaded body: that is not a change. */
  const onNormalized = useCallback(
    (name: keyof F, html: string) => {
      const saved = baselineFields.current;
      const current = form.getFieldValue(name as never) as string;
      if (current === saved[name] || current === html) {
        baselineFields.current = { ...saved, [name]: html };
        baseline.current = target.keyOf(baselineFields.current);
        onValuesChange();
      }
    },
    [form, onValuesChange, target],
  );

  /** Keeps the copy locally at once (an expired session, a failed save): nothing typed is lost. */
  const keepLocally = useCallback(() => {
    if (keyRef.current) writeLocal(keyRef.current, { savedAt: new Date().toISOString(), baseVersion: version.current, data: currentFields() });
  }, [currentFields]);

  const same = useCallback(
    (name: keyof F, a: unknown, b: unknown) => target.keyOf({ ...target.empty, [name]: a }) === target.keyOf({ ...target.empty, [name]: b }),
    [target],
  );

  /** Three-way: the base the editor loaded, what it has, what the server has. */
  const mergeWith = useCallback(
    (base: F, mine: F, theirs: F) => mergeFields(base, mine, theirs, { names: target.names, html: target.html, same }),
    [target, same],
  );

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

  const listOf = (names: Array<keyof F>) => names.map((n) => target.labels[n]).join('、');

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
        // The version the editor opened, as the server kept it; else the copy this tab loaded.
        const base = body.data.base ? target.fieldsOf({ ...baselineFields.current, ...body.data.base }) : baselineFields.current;
        const merge = mergeWith(base, fields, theirs);
        if (!merge.conflicts.length && attempt < 2) {
          // Nothing both sides changed: combine and save against the current version, no question.
          takeRecord(current);
          settle(theirs, current.version);
          const saved = await save(merge.merged, attempt + 1);
          if (saved) {
            const took = merge.theirs.filter((n) => !merge.mine.includes(n));
            setNotice(`${savedByText(current.savedBy)}。${took.length ? `已合并对方修改的${listOf(took)}，` : ''}你的修改已一并保存。`);
          }
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
      takeRecord(saved);
      setId(saved.id);
      idRef.current = saved.id;
      // The stored (sanitized) fields are what the form holds from now on, unless typed over since.
      const savedFields = target.fieldsOf(saved);
      const typedSince = target.keyOf(currentFields()) !== target.keyOf(fields);
      if (!typedSince && target.keyOf(savedFields) !== target.keyOf(fields)) applyFields(savedFields);
      settle(savedFields, saved.version);
      if (typedSince) onValuesChange();
      clearCopies(wasNew ? null : saved.id);
      if (wasNew) {
        clearCopies(saved.id);
        window.history.replaceState(window.history.state, '', `${window.location.pathname}?id=${saved.id}`);
      }
      setAutosaveText(`已保存 ${timeText(saved.updatedAt)}`);
      return saved;
    },
    [applyFields, clearCopies, currentFields, form, keepLocally, message, mergeWith, onValuesChange, settle, takeRecord, target],
  );

  // The lock came back (renewed after a lapse, 开始编辑, 重新接管) on a version newer than the
  // form's: load it and keep this tab's unsaved changes on top through the merge (issue 15).
  const catchingUp = useRef(false);
  useEffect(() => {
    if (lock.state !== 'held' || lock.version === null || !record || lock.version <= version.current || savingRef.current || catchingUp.current) return;
    catchingUp.current = true;
    void (async () => {
      try {
        const reply = await target.api.fetch(record.id);
        if (isFailure(reply) || reply.body.status !== 0 || !reply.body.data) return;
        const current = reply.body.data;
        if (current.version <= version.current) return;
        const theirs = target.fieldsOf(current);
        const mine = currentFields();
        const merge = mergeWith(baselineFields.current, mine, theirs);
        if (merge.conflicts.length) {
          setPending({
            current,
            base: baselineFields.current,
            mine,
            merge,
            message: `${savedByText(current.savedBy)}，与你未保存的修改有冲突`,
            thenSave: false,
          });
          return;
        }
        takeRecord(current);
        settle(theirs, current.version);
        applyFields(merge.merged);
        onValuesChange();
        const byMe = current.savedBy?.userId === userId;
        if (!byMe || merge.theirs.length)
          setNotice(`${savedByText(current.savedBy)}，已载入${merge.mine.length ? '；你未保存的修改保留在上面，请检查后保存' : ''}。`);
      } finally {
        catchingUp.current = false;
      }
    })();
  }, [lock.state, lock.version, record, target, currentFields, mergeWith, settle, applyFields, onValuesChange, takeRecord, userId]);

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
    [pending, takeRecord, settle, target, applyFields, onValuesChange, save, message],
  );

  const saveDraft = useCallback(async () => {
    if (readOnly || busy) return;
    setBusy('save');
    const saved = await save();
    setBusy(null);
    if (saved) message.success('草稿已保存');
  }, [readOnly, busy, save, message]);

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

  const preview = async () => {
    // The preview shows what is stored: save first when there is anything unsaved.
    const win = window.open('about:blank', '_blank');
    setBusy('preview');
    const saved = (isDirty || !idRef.current) && !readOnly ? await save() : record;
    setBusy(null);
    if (!saved) {
      win?.close();
      return;
    }
    const url = target.previewPath(saved.id);
    if (win) win.location.href = url;
    else window.location.assign(url);
  };

  /** The field 去补充 went to, focused again once the checklist has closed. */
  const fixingField = useRef<keyof F | null>(null);

  /** What is missing before sending (after the defaults are filled in); empty when all is there. */
  const missing = useCallback(() => {
    const fill = target.fill?.(currentFields());
    if (fill) {
      form.setFieldsValue(fill as Parameters<typeof form.setFieldsValue>[0]);
      onValuesChange();
    }
    return target.checklist?.(currentFields()) ?? [];
  }, [target, currentFields, form, onValuesChange]);

  /** 提交审核 or 发布, with the times of 发布设置: saved first when anything is unsaved. */
  const send = async (action: 'submit' | 'publish', { skipChecklist = false } = {}): Promise<boolean> => {
    if (!skipChecklist) {
      const items = missing();
      if (items.length) {
        setChecklist({ action, items });
        return false;
      }
    }
    setChecklist(null);
    setBusy(action);
    const saved = isDirty || !idRef.current ? await save() : record;
    if (!saved) {
      setBusy(null);
      return false;
    }
    const body = { publishAt: times.publishAt, offlineAt: times.offlineAt };
    const reply = await http.main.send<TransitionReply>('PUT', `/api/${target.path}/${action}/${saved.id}`, body);
    setBusy(null);
    if (!isFailure(reply) && reply.httpStatus === 401) {
      setSessionEnded(true);
      return false;
    }
    if (isFailure(reply) || reply.body.status !== 0 || !reply.body.data) {
      modal.error({ title: action === 'submit' ? '提交审核失败' : '发布失败', content: `${refusalOf(reply)}（修改已保存）` });
      return false;
    }
    await refresh(saved.id);
    const done = reply.body.data;
    message.success(landedText(done.status));
    return true;
  };

  /** Reloads the record after a transition (status, version, times), keeping anything typed since. */
  const refresh = async (itemId: number) => {
    const reply = await target.api.fetch(itemId);
    if (isFailure(reply) || reply.body.status !== 0 || !reply.body.data) return;
    const rec = reply.body.data;
    takeRecord(rec);
    const typed = target.keyOf(currentFields()) !== baseline.current;
    const fields = target.fieldsOf(rec);
    if (!typed) applyFields(fields);
    settle(fields, rec.version);
    if (typed) onValuesChange();
  };

  const restore = (copy: Offer<F>) => {
    const fields = target.fieldsOf({ ...baselineFields.current, ...copy.data });
    applyFields(fields);
    // A copy edited from an older version is saved against that version: if the item moved on
    // since, the save merges three ways instead of overwriting the newer record.
    if (copy.baseVersion && copy.baseVersion < version.current) version.current = copy.baseVersion;
    setOffer(null);
    onValuesChange();
    message.success(`已恢复 ${fullTimeText(copy.savedAt)} 的副本，请检查后保存`);
  };

  const discard = () => {
    // A revision stays in 修订记录; this browser just stops offering it.
    if (offer?.source === 'revision' && offer.revisionId && idRef.current) writeDismissed(target.path, idRef.current, offer.revisionId);
    setOffer(null);
    clearCopies(idRef.current);
  };

  /**
   * Closes the lock-lost dialog: what was typed in it goes where the caret was (or, typed nowhere
   * in particular, at the end of the body), the page turns read-only, and the unsaved fields are
   * kept at once in this browser and, with the token the takeover took, as a revision on the
   * server (issue 23). Then 查看修订 opens that revision, 重新接管 takes the lock back.
   */
  const closeLockLost = async (then: 'stay' | 'revisions' | 'takeover') => {
    const text = lockLostRef.current?.text ?? '';
    if (text.trim() && !insertTyped(typedInto.current, text)) {
      const fields = currentFields() as Record<string, unknown>;
      const body = target.html?.[0] as string | undefined;
      const plain = body ? undefined : 'description' in fields ? 'description' : undefined;
      if (body) applyFields({ ...fields, [body]: `${String(fields[body] ?? '')}${textAsParagraphs(text)}` } as F);
      else if (plain) applyFields({ ...fields, [plain]: [fields[plain], text].filter(Boolean).join('\n') } as F);
      onValuesChange();
    }
    typedInto.current = null;
    setLockLost(null);
    let revisionId: number | null = null;
    const fields = currentFields();
    if (target.keyOf(fields) !== baseline.current) {
      keepLocally();
      setCopyWritten(true);
      revisionId = await lock.keepCopy({ baseVersion: version.current || 1, fields: fields as unknown as Record<string, unknown> });
    }
    if (then === 'revisions') setRevisions({ open: true, revisionId: revisionId ?? lock.savedRevisionId });
    if (then === 'takeover') await lock.takeover();
  };

  /** A revision restored from 修订记录 (a save on the server): the form follows it. */
  const restored = (rec: R) => {
    const fields = target.fieldsOf(rec);
    takeRecord(rec);
    applyFields(fields);
    settle(fields, rec.version);
  };

  return {
    target,
    form,
    id,
    record,
    loadError,
    isLoading,
    isDirty,
    readOnly,
    /** Whether the fields refuse input (read-only, except while the lock-lost dialog keeps typing). */
    fieldsReadOnly,
    liveReadOnly,
    canPublish,
    busy,
    autosaveText,
    lock,
    version,
    times,
    setTimes,
    offer,
    restore,
    discard,
    pending,
    resolveMerge,
    cancelMerge: () => setPending(null),
    notice,
    clearNotice: () => setNotice(null),
    /** The lock-lost dialog (issue 23): open with what was typed in it, or null. */
    lockLost,
    setLockLostText: (text: string) => setLockLost((l) => ({ text, keepFieldsOpen: l?.keepFieldsOpen ?? false })),
    closeLockLost,
    typedWhileReadOnly,
    /** This tab's lock was taken over and is not back yet. */
    displaced,
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
    preview,
    submit: () => send('submit'),
    publish: () => send('publish'),
    /** Reloads the record after a transition made elsewhere on the page (下线, 重新发布, 撤回审核). */
    refresh,
    /** Whether a copy of the unsaved changes exists that reopening will offer (the leave dialog says so). */
    copyKept: copyWritten && isDirty,
    checklist,
    /** 仍然提交 / 仍然发布: send without the checklist. */
    sendAnyway: () => checklist && send(checklist.action, { skipChecklist: true }),
    /** 去补充: close the checklist and go to the first missing field. */
    fixChecklist: () => {
      const first = checklist?.items[0];
      setChecklist(null);
      fixingField.current = first?.name ?? null;
      if (first) form.scrollToField(first.name as never, { block: 'center', focus: true });
    },
    /**
     * The checklist has closed: a dialog hands the focus back to the button that opened it (发布 or
     * 提交审核, pressed from the keyboard), so 去补充's field takes it again (review P2-9).
     */
    checklistClosed: () => {
      const name = fixingField.current;
      fixingField.current = null;
      if (name) form.scrollToField(name as never, { block: 'center', focus: true });
    },
  };
}

export type EditorialForm<F extends object, R extends EditorialRecord> = ReturnType<typeof useEditorialForm<F, R>>;
