'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { isOk } from '@/lib/api/resource';
import { lockApi, type DraftCopy, type EditorialPath, type LockHolder, type LockOutcome } from '@/lib/api/editorial';

/**
 * What the editor screen knows of its edit lock:
 * - `acquiring`: asking;
 * - `held`: this tab edits; it renews every 15 s, sending the unsaved copy while the form is dirty;
 * - `locked`: someone else edits (read-only; `takeover()` takes it over);
 * - `takenOver`: someone took it over from this tab (told within one heartbeat, ≤ 15 s);
 * - `free`: the other editor left (or their lock lapsed): `acquire()` starts editing;
 * - `offline`: the server could not be reached; the tab keeps trying and keeps its copy.
 */
export type EditLockState = 'idle' | 'acquiring' | 'held' | 'locked' | 'takenOver' | 'free' | 'offline';

export interface EditLock {
  state: EditLockState;
  /** Who holds the lock (this user when held). */
  holder: LockHolder | null;
  /** The token saves carry (`lockToken`), while held. */
  token: string | undefined;
  /** The revision the server kept of an unsaved copy (the other's at a takeover, this tab's when displaced). */
  savedRevisionId: number | null;
  /** The server's message when refused. */
  message: string;
  /**
   * The record's version as the last lock reply saw it: when it is newer than the form's, someone
   * saved meanwhile and the editor loads it (issue 15). Null before the first reply.
   */
  version: number | null;
  /** The takeover that displaced this tab has already ended (the taker left). */
  ended: boolean;
  /** Takes the lock over (the holder's unsaved copy is kept as a revision first). */
  takeover(): Promise<void>;
  /** Asks for the lock again (after `free`). */
  acquire(): Promise<void>;
  /**
   * A tab whose lock was taken over sends what it still has unsaved (typed after the takeover) with
   * the token it lost: the server keeps it as a revision (issue 23). Resolves that revision's id.
   */
  keepCopy(draft: DraftCopy): Promise<number | null>;
}

const RENEW_MS = 15_000;

/**
 * A lock call carrying the unsaved copy. The server checks a copy's size as the autosave does (a
 * body pasted past its limit is refused with 400: issue 14); that must not cost the lock and make
 * the form read-only, so the call goes again without the copy (the lock keeps the last copy it
 * accepted, and the save says what is too long).
 */
async function withCopy(call: (draft: DraftCopy | null | undefined) => Promise<LockOutcome>, draft: DraftCopy | null): Promise<LockOutcome> {
  const outcome = await call(draft);
  return draft && outcome.kind === 'refused' && outcome.httpStatus === 400 ? call(undefined) : outcome;
}
const CHANNEL = 'cms-edit-locks';
/** How long another tab of this browser has to say it holds a lock. */
const ASK_MS = 400;

/** Whether a tab of this browser holds the lock of this item (answers within ASK_MS). */
function askOwnTabs(path: EditorialPath, id: number): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined') return Promise.resolve(true);
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(CHANNEL);
    const key = `${path}:${id}`;
    const done = (answered: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(answered);
    };
    const timer = setTimeout(() => done(false), ASK_MS);
    channel.onmessage = (e: MessageEvent<{ type: string; key: string }>) => e.data?.type === 'here' && e.data.key === key && done(true);
    channel.postMessage({ type: 'who', key });
  });
}

const storageKey = (path: EditorialPath, id: number) => `cms-edit-lock:${path}:${id}`;

function readToken(path: EditorialPath, id: number): string | undefined {
  try {
    return sessionStorage.getItem(storageKey(path, id)) ?? undefined;
  } catch {
    return undefined;
  }
}
function writeToken(path: EditorialPath, id: number, token: string | undefined) {
  try {
    if (token) sessionStorage.setItem(storageKey(path, id), token);
    else sessionStorage.removeItem(storageKey(path, id));
  } catch {
    /* private mode: the lock still works, a reload just asks again */
  }
}

/**
 * The edit lock of an article (or short video) while its editor is open (DESIGN §8): taken on
 * opening, renewed every 15 s with the unsaved copy (`getDraft()` returns it while the form
 * differs from the saved version, else null), released on leaving. The token is kept per tab
 * (sessionStorage), so a reload keeps the lock. `id` null (a new, unsaved item) does nothing.
 * @see server/editorial/locks.ts
 */
export function useEditLock(
  id: number | null | undefined,
  { path = 'articles', getDraft = () => null, renewMs = RENEW_MS }: { path?: EditorialPath; getDraft?: () => DraftCopy | null; renewMs?: number } = {},
): EditLock {
  const [state, setState] = useState<EditLockState>(id ? 'acquiring' : 'idle');
  const [holder, setHolder] = useState<LockHolder | null>(null);
  const [token, setToken] = useState<string | undefined>(undefined);
  const [savedRevisionId, setSavedRevisionId] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [version, setVersion] = useState<number | null>(null);
  const [ended, setEnded] = useState(false);
  const draftRef = useRef(getDraft);
  draftRef.current = getDraft;
  const tokenRef = useRef<string | undefined>(undefined);
  /** The token a takeover took from this tab: what it types afterwards is still kept with it. */
  const lostTokenRef = useRef<string | undefined>(undefined);
  const takeoverRef = useRef<() => Promise<void>>(async () => undefined);
  const stateRef = useRef<EditLockState>(state);
  stateRef.current = state;

  const apply = useCallback(
    (outcome: LockOutcome, { renewing }: { renewing: boolean }) => {
      if (!id) return;
      if (outcome.kind === 'network') {
        setState((s) => (s === 'held' || s === 'offline' ? 'offline' : s));
        return;
      }
      const replyVersion = outcome.data?.version;
      if (typeof replyVersion === 'number') setVersion(replyVersion);
      if (outcome.kind === 'ok') {
        setEnded(false);
        lostTokenRef.current = undefined;
        tokenRef.current = outcome.data.token;
        writeToken(path, id, outcome.data.token);
        setToken(outcome.data.token);
        setHolder(outcome.data.holder);
        setState('held');
        if (!renewing) setSavedRevisionId(outcome.data.savedRevisionId ?? null);
        setMessage('');
        return;
      }
      const data = outcome.data;
      setMessage(outcome.message);
      if (outcome.httpStatus !== 423 || !data) {
        // Not ours to edit (403/404) or bad input: read-only, say why.
        setState('locked');
        setHolder(null);
        return;
      }
      setHolder(data.holder);
      if (renewing) {
        setEnded(Boolean(data.ended));
        lostTokenRef.current = tokenRef.current ?? lostTokenRef.current;
        tokenRef.current = undefined;
        writeToken(path, id, undefined);
        setToken(undefined);
        setSavedRevisionId(data.savedRevisionId ?? null);
        setState('takenOver');
      } else {
        setState('locked');
        // This person's own lock, held by no tab of this browser (a crashed or closed tab): taken
        // back at once instead of blocking them until it lapses (issue 15). A live tab answers.
        if (data.holder.self)
          void askOwnTabs(path, id).then((answered) => {
            if (!answered) void takeoverRef.current();
          });
      }
    },
    [id, path],
  );

  const acquire = useCallback(async () => {
    if (!id) return;
    setState('acquiring');
    const token = tokenRef.current ?? readToken(path, id);
    apply(await withCopy((draft) => lockApi.acquire(path, id, { token, draft }), draftRef.current()), { renewing: false });
  }, [id, path, apply]);

  const takeover = useCallback(async () => {
    if (!id) return;
    const token = tokenRef.current ?? readToken(path, id);
    apply(await withCopy((draft) => lockApi.acquire(path, id, { takeover: true, token, draft }), draftRef.current()), { renewing: false });
  }, [id, path, apply]);
  takeoverRef.current = takeover;

  const keepCopy = useCallback(
    async (draft: DraftCopy): Promise<number | null> => {
      const lost = lostTokenRef.current;
      if (!id || !lost) return null;
      const outcome = await lockApi.renew(path, id, { token: lost, draft });
      if (outcome.kind === 'ok') {
        // Nobody holds it and no takeover is on record any more: the tab simply has it back.
        apply(outcome, { renewing: true });
        return outcome.data.savedRevisionId ?? null;
      }
      const revisionId = outcome.kind === 'refused' ? (outcome.data?.savedRevisionId ?? null) : null;
      if (revisionId) setSavedRevisionId(revisionId);
      return revisionId;
    },
    [id, path, apply],
  );

  // Answers another tab of this browser asking whether the lock is held here.
  useEffect(() => {
    if (!id || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent<{ type: string; key: string }>) => {
      if (e.data?.type === 'who' && e.data.key === `${path}:${id}` && (stateRef.current === 'held' || stateRef.current === 'offline'))
        channel.postMessage({ type: 'here', key: e.data.key });
    };
    return () => channel.close();
  }, [id, path]);

  // Take the lock on opening; release it on leaving (navigating away, closing the tab).
  useEffect(() => {
    if (!id) return;
    void acquire();
    const release = () => {
      const t = tokenRef.current;
      if (!t) return;
      // What the form still held goes with the last heartbeat; the release keeps it as a revision.
      const draft = draftRef.current();
      if (draft) void lockApi.renew(path, id, { token: t, draft });
      void lockApi.release(path, id, t);
      tokenRef.current = undefined;
      writeToken(path, id, undefined);
    };
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [id, path, acquire]);

  // The heartbeat while held (or offline, to come back); a check for the holder leaving while locked.
  useEffect(() => {
    if (!id) return;
    const timer = window.setInterval(async () => {
      const s = stateRef.current;
      if ((s === 'held' || s === 'offline') && tokenRef.current) {
        const token = tokenRef.current;
        apply(await withCopy((draft) => lockApi.renew(path, id, { token, draft }), draftRef.current()), { renewing: true });
      } else if (s === 'locked' || s === 'takenOver') {
        const reply = await lockApi.list(path, [id]);
        if (isOk(reply) && !reply.data.list.length) setState('free');
      }
    }, renewMs);
    return () => window.clearInterval(timer);
  }, [id, path, apply, renewMs]);

  return { state, holder, token, savedRevisionId, message, version, ended, takeover, acquire, keepCopy };
}
