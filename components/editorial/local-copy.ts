/**
 * The local copy of an editor (DESIGN §8): the fields as typed, kept in localStorage within 2 s of
 * the last keystroke and at least every 10 s while typing without a pause (issue 15), so a closed
 * tab, a crash or an expired session loses nothing. One copy per user and item (a new item: per
 * kind). Removed after a successful save.
 */

export interface LocalCopy<F = Record<string, unknown>> {
  savedAt: string;
  baseVersion: number;
  data: F;
}

/** The local copy: this long after the last change, and at least this often while changing. */
export const LOCAL_DELAY_MS = 2000;
export const LOCAL_MAX_WAIT_MS = 10_000;
/** The server autosave: the same, slower. */
export const SERVER_DELAY_MS = 5000;
export const SERVER_MAX_WAIT_MS = 30_000;

/**
 * How long to wait before writing a copy: `delay` after the last change, but never later than
 * `maxWait` after the first change not yet written (`pendingSince`, ms). Typing without a pause
 * restarts the delay and would otherwise never write anything.
 */
export function copyDelay(now: number, pendingSince: number, delay: number, maxWait: number): number {
  return Math.max(0, Math.min(delay, pendingSince + maxWait - now));
}

export function readLocal<F>(key: string): LocalCopy<F> | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const copy = JSON.parse(raw) as LocalCopy<F>;
    return copy && typeof copy.savedAt === 'string' && copy.data ? copy : null;
  } catch {
    return null;
  }
}

export function writeLocal<F>(key: string, copy: LocalCopy<F>): boolean {
  try {
    window.localStorage.setItem(key, JSON.stringify(copy));
    return true;
  } catch {
    // Full or disabled storage: the server copy still runs.
    return false;
  }
}

export function removeLocal(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing to remove */
  }
}

/**
 * Which copy to offer on reopening: the newest copy newer than the saved record that differs from
 * it (compared by `keyOf`, which reads bodies canonically); null when the record is the newest.
 */
export function newerCopy<F, C extends { savedAt: string; data: Partial<F> }>(
  record: { updatedAt?: string | null; fields: F },
  copies: Array<C | null>,
  keyOf: (fields: F) => string,
): C | null {
  const recordTime = record.updatedAt ? Date.parse(record.updatedAt) : 0;
  const base = keyOf(record.fields);
  const candidates = copies
    .filter((c): c is C => Boolean(c))
    .filter((c) => Date.parse(c.savedAt) > recordTime)
    .filter((c) => keyOf({ ...record.fields, ...c.data }) !== base)
    .sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt));
  return candidates[0] ?? null;
}
