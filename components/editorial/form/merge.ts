/**
 * The merge part of the editorial form (issue 25 item 5), its rules without React: the three-way
 * merge of an editor's fields (bodies read canonically), the base a stale save merges against, when
 * a stale save combines without asking, and what the person is told after. The hook is
 * ./use-editorial-merge.ts; the dialog ../merge-dialog.tsx.
 */
import { mergeFields, type FieldsMerge } from '@/lib/merge';
import type { EditorialFormTarget, EditorialRecord, SavedBy } from '../editorial-target';
import { savedByText } from './record';

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

/** How many times a stale save combines and saves again by itself before asking. */
export const AUTO_MERGE_ATTEMPTS = 2;

type MergeTarget<F extends object> = Pick<EditorialFormTarget<F, EditorialRecord>, 'names' | 'html' | 'empty' | 'keyOf'>;

/** Three-way: the base the editor loaded, what it has, what the server has (values compared as `keyOf` reads them). */
export function mergeOf<F extends object>(target: MergeTarget<F>) {
  const same = (name: keyof F, a: unknown, b: unknown) => target.keyOf({ ...target.empty, [name]: a }) === target.keyOf({ ...target.empty, [name]: b });
  return (base: F, mine: F, theirs: F): FieldsMerge<F> => mergeFields(base, mine, theirs, { names: target.names, html: target.html, same });
}

/** The version the editor opened, as the server kept it (a 409's `base`); else the copy this tab loaded. */
export function staleBase<F extends object>(fieldsOf: (fields: Partial<F>) => F, loaded: F, kept: Partial<F> | null | undefined): F {
  return kept ? fieldsOf({ ...loaded, ...kept }) : loaded;
}

/** A stale save combines and saves again without a question when nothing both sides changed (a bounded number of times). */
export function combinesAlone<F>(merge: FieldsMerge<F>, attempt: number): boolean {
  return !merge.conflicts.length && attempt < AUTO_MERGE_ATTEMPTS;
}

const listOf = <F>(names: Array<keyof F>, labels: Record<keyof F, string>) => names.map((n) => labels[n]).join('、');

/** After a stale save combined by itself: who saved, what of theirs was taken, and that mine is saved too. */
export function combinedNotice<F>(savedBy: SavedBy | null | undefined, merge: FieldsMerge<F>, labels: Record<keyof F, string>): string {
  const took = merge.theirs.filter((n) => !merge.mine.includes(n));
  return `${savedByText(savedBy)}。${took.length ? `已合并对方修改的${listOf(took, labels)}，` : ''}你的修改已一并保存。`;
}

/**
 * After catching up with a newer version under the form: what to say, or null when there is nothing
 * new to the person (their own save from another tab that changed nothing of theirs).
 */
export function caughtUpNotice<F>(savedBy: SavedBy | null | undefined, merge: FieldsMerge<F>, byMe: boolean): string | null {
  if (byMe && !merge.theirs.length) return null;
  return `${savedByText(savedBy)}，已载入${merge.mine.length ? '；你未保存的修改保留在上面，请检查后保存' : ''}。`;
}

/** Why the merge is asked when catching up found conflicts. */
export const catchUpConflict = (savedBy: SavedBy | null | undefined) => `${savedByText(savedBy)}，与你未保存的修改有冲突`;

/** Whether the lock came back on a version newer than the form's (and nothing else is under way). */
export function behindLock({ held, lockVersion, version, busy }: { held: boolean; lockVersion: number | null; version: number; busy: boolean }): boolean {
  return held && lockVersion !== null && lockVersion > version && !busy;
}
