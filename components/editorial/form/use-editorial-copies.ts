'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { http, isFailure } from '@/lib/http';
import type { EditorialFormTarget, EditorialRecord } from '../editorial-target';
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
} from '../local-copy';
import { copyText, readDismissed, takeoverRevision, withRevision, writeDismissed, type Offer, type RevisionItem } from './copies';
import type { EditorialRecordPart, Opened } from './use-editorial-record';

/**
 * The local copies part of the editorial form (issue 25 item 5): the copy in this browser 2 s after
 * the last change (at least every 10 s), the server autosave 5 s after it (at least every 30 s), the
 * copy kept at once when a save fails, and the unsaved copy offered on opening (this browser's, the
 * server's, or a revision a takeover kept). `rec` is the record part: the copies are of its fields
 * and carry its version.
 */
export function useEditorialCopies<F extends object, R extends EditorialRecord>(
  target: EditorialFormTarget<F, R>,
  { userId, rec, lockAnswered, onSessionEnded }: { userId: number; rec: EditorialRecordPart<F, R>; lockAnswered: boolean; onSessionEnded: () => void },
) {
  const [offer, setOffer] = useState<Offer<F> | null>(null);
  const [autosaveText, setAutosaveText] = useState('');
  /** A local or server copy of the unsaved changes exists (the leave dialog says it will be offered). */
  const [copyWritten, setCopyWritten] = useState(false);
  const timers = useRef<{ local?: ReturnType<typeof setTimeout>; server?: ReturnType<typeof setTimeout>; localSince?: number; serverSince?: number }>({});
  const { currentFields, version, idRef, baselineFields } = rec;

  const key = userId ? target.localKey(userId, rec.id) : '';
  const keyRef = useRef(key);
  keyRef.current = key;
  const ended = useRef(onSessionEnded);
  ended.current = onSessionEnded;

  /** No copy is due (a save, a load, nothing left unsaved). */
  const cancel = useCallback(() => {
    clearTimeout(timers.current.local);
    clearTimeout(timers.current.server);
    timers.current.localSince = undefined;
    timers.current.serverSince = undefined;
  }, []);

  /** Bumped whenever the form is in step with the server: a server copy sent before then is history. */
  const settledTimes = useRef(0);

  /** The form is in step with the server: no copy is due and none is waiting to be offered. */
  const reset = useCallback(() => {
    settledTimes.current += 1;
    cancel();
    setCopyWritten(false);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  const writeLocalCopy = useCallback(() => {
    const savedAt = new Date().toISOString();
    timers.current.localSince = undefined;
    if (keyRef.current && writeLocal(keyRef.current, { savedAt, baseVersion: version.current, data: currentFields() })) {
      setAutosaveText(copyText.local(savedAt));
      setCopyWritten(true);
    }
  }, [currentFields, version]);

  const writeServerCopy = useCallback(async () => {
    timers.current.serverSince = undefined;
    const sentAt = settledTimes.current;
    const reply = await target.api.autosave.put(idRef.current, version.current, currentFields());
    // A save (or a load) answered while the copy was on its way: its 「已保存」 stays the news (a slow
    // copy's answer overwrote it under load, and the page said 「已在服务器保存副本」 after a save).
    if (sentAt !== settledTimes.current) return;
    if (isFailure(reply)) {
      setAutosaveText(copyText.offline);
      return;
    }
    if (reply.httpStatus === 401) {
      ended.current();
      return;
    }
    if (reply.body.status === 0 && reply.body.data) {
      setAutosaveText(copyText.server(reply.body.data.savedAt, Boolean(idRef.current)));
      setCopyWritten(true);
    } else setAutosaveText(copyText.refused(reply.body.message));
  }, [currentFields, target, idRef, version]);

  /**
   * Autosave: the local copy 2 s after the last change and the server copy 5 s after it, but at
   * least every 10 s and 30 s while changes keep coming (typing without a pause: issue 15).
   */
  const schedule = useCallback(() => {
    const now = Date.now();
    const t = timers.current;
    t.localSince ??= now;
    t.serverSince ??= now;
    clearTimeout(t.local);
    clearTimeout(t.server);
    t.local = setTimeout(writeLocalCopy, copyDelay(now, t.localSince, LOCAL_DELAY_MS, LOCAL_MAX_WAIT_MS));
    t.server = setTimeout(() => void writeServerCopy(), copyDelay(now, t.serverSince, SERVER_DELAY_MS, SERVER_MAX_WAIT_MS));
  }, [writeLocalCopy, writeServerCopy]);

  /** Keeps the copy locally at once (an expired session, a failed save): nothing typed is lost. */
  const keepLocally = useCallback(() => {
    if (keyRef.current) writeLocal(keyRef.current, { savedAt: new Date().toISOString(), baseVersion: version.current, data: currentFields() });
  }, [currentFields, version]);

  /** The copies of an item are gone (saved, or discarded): in this browser and on the server. */
  const clear = useCallback(
    (itemId: number | null) => {
      if (!userId) return;
      removeLocal(target.localKey(userId, itemId));
      void target.api.autosave.remove(itemId);
    },
    [userId, target],
  );

  /** On opening: the newest copy (this browser's or the server's) newer than what was opened, or null. */
  const findNewer = useCallback(
    async (itemId: number | null, opened: Opened<F>, live: () => boolean): Promise<Offer<F> | null> => {
      const local = readLocal<Partial<F>>(target.localKey(userId, itemId));
      const server = await target.api.autosave.get(itemId);
      if (!live()) return null;
      const serverCopy = !isFailure(server) && server.body.status === 0 && server.body.data ? server.body.data : null;
      return newerCopy<F, Offer<F>>(
        { updatedAt: opened.updatedAt, fields: opened.fields },
        [local && { ...local, source: 'local' as const }, serverCopy && { ...serverCopy, source: 'server' as const }],
        target.keyOf,
      );
    },
    [target, userId],
  );

  // An unsaved copy of mine the lock kept as a revision (a heartbeat's, a takeover's, a crashed
  // tab's), newer than the saved version: offered like an autosave (issue 15). Once the lock
  // answered (its acquire may have just kept the copy of this person's crashed tab).
  const record = rec.record;
  const recordId = record?.id ?? null;
  const askedRevisions = useRef<number | null>(null);
  useEffect(() => {
    if (!recordId || !userId || !lockAnswered || askedRevisions.current === recordId) return;
    askedRevisions.current = recordId;
    void (async () => {
      const list = await http.main.send<{ list: RevisionItem[] }>('GET', `/api/${target.path}/${recordId}/revisions`, { page: 1, pageSize: 20 });
      if (isFailure(list) || list.body.status !== 0 || !list.body.data) return;
      const mine = takeoverRevision(list.body.data.list, { userId, savedAt: record?.updatedAt, dismissed: readDismissed(target.path, recordId) });
      if (!mine) return;
      const detail = await http.main.send<{ revision: { snapshot: Partial<F>; createdAt: string; version: number } }>(
        'GET',
        `/api/${target.path}/${recordId}/revisions/${mine.id}`,
        { against: 'current' },
      );
      if (isFailure(detail) || detail.body.status !== 0 || !detail.body.data) return;
      const rev = detail.body.data.revision;
      const copy: Offer<F> = { source: 'revision', revisionId: mine.id, savedAt: rev.createdAt, baseVersion: rev.version, data: rev.snapshot };
      setOffer((known) => withRevision(known, copy, { updatedAt: record?.updatedAt, fields: baselineFields.current }, target.keyOf));
    })();
  }, [recordId, userId, lockAnswered, target, record?.updatedAt, baselineFields]);

  /** 不恢复: a revision stays in 修订记录 and this browser stops offering it; the other copies go. */
  const discard = useCallback(() => {
    if (offer?.source === 'revision' && offer.revisionId && idRef.current) writeDismissed(target.path, idRef.current, offer.revisionId);
    setOffer(null);
    clear(idRef.current);
  }, [offer, idRef, target, clear]);

  return {
    offer,
    setOffer,
    autosaveText,
    setAutosaveText,
    copyWritten,
    setCopyWritten,
    schedule,
    cancel,
    reset,
    keepLocally,
    clear,
    findNewer,
    discard,
  };
}
