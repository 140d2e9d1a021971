import { setImmediate as nextTurn } from 'node:timers/promises';
import { asc, eq, gt } from 'drizzle-orm';
import { sensitiveWords, sensitiveWordsGeneration } from '../db/schema';
import type { Db, DbOrTx, Tx } from '../db/types';
import { matcherThread } from './matcher-thread';
import { normalizeForCheck } from '../../lib/resources/word-form';

/**
 * The sensitive-word dictionary as this process knows it (issue 23, F1).
 *
 * - **Forms**: each word's matched form (server/content/normalize.ts) with its dictionary spelling
 *   and how many rows share it, labelled with the dictionary's generation (one row a trigger moves
 *   on every change, migration 0028). Read in pages of {@link PAGE} rows, yielding between pages,
 *   only when the generation moved for a reason this process does not know (another instance, SQL);
 *   this process's own additions and deletions update it in place.
 * - **The automaton** is built in a worker thread (server/content/matcher-thread.ts), never on the
 *   request thread.
 * - **When is a change in force?** A word is in force when its add's reply returns: the add waits
 *   (after its commit) for this process's automaton to include it. A check reads the generation;
 *   when the automaton is older, it waits for the new one, except when everything between them is
 *   this process's own changes whose replies have not been sent yet (then the check runs before
 *   them, as it could have by arriving a moment earlier, and a PGlite transaction never holds the
 *   only connection while the worker builds). On PostgreSQL another instance's change makes the
 *   next check there wait for its build (one pooled connection waits, the others go on).
 */

/** Rows read per query when the forms are read again. */
const PAGE = 500;

export interface Forms {
  /** The generation these forms include (at least). */
  stamp: string;
  /** Matched form → the first spelling met and the number of rows with that form. */
  entries: Map<string, { word: string; n: number }>;
  /** Rows in the dictionary (words with nothing to match included). */
  rows: number;
}

const KEY = Symbol.for('cms.dictionaryForms');
interface State {
  forms: Forms | null;
  loading: { stamp: string; promise: Promise<Forms> } | null;
  /** This process's changes whose replies are not sent yet: generation after → generation before. */
  unreplied: Map<string, string>;
}
type GlobalWithState = typeof globalThis & { [KEY]?: State };
function state(): State {
  const g = globalThis as GlobalWithState;
  return (g[KEY] ??= { forms: null, loading: null, unreplied: new Map() });
}

/** The dictionary's generation: one primary-key read, whatever the dictionary's size. */
export async function dictionaryGeneration(db: DbOrTx, { forUpdate = false } = {}): Promise<string> {
  const query = db.select({ n: sensitiveWordsGeneration.n }).from(sensitiveWordsGeneration).where(eq(sensitiveWordsGeneration.id, 1));
  const [row] = forUpdate ? await query.for('update') : await query;
  return String(row?.n ?? 0);
}

/** Counts a row in; returns its form when the form is new. */
const addForm = (forms: Forms, word: string): string | null => {
  forms.rows += 1;
  const key = normalizeForCheck(word);
  if (!key) return null;
  const entry = forms.entries.get(key);
  if (entry) entry.n += 1;
  else forms.entries.set(key, { word: word.trim(), n: 1 });
  return entry ? null : key;
};

/** Counts a row out; returns its form when no row has it any more. */
const removeForm = (forms: Forms, word: string): string | null => {
  forms.rows -= 1;
  const key = normalizeForCheck(word);
  const entry = forms.entries.get(key);
  if (!entry || --entry.n > 0) return null;
  forms.entries.delete(key);
  return key;
};

/** Every word, read in pages by id (each page a short query; the event loop turns between them). */
async function load(db: DbOrTx): Promise<Forms> {
  const forms: Forms = { stamp: await dictionaryGeneration(db), entries: new Map(), rows: 0 };
  for (let after = 0; ;) {
    const page = await db
      .select({ id: sensitiveWords.id, word: sensitiveWords.word })
      .from(sensitiveWords)
      .where(gt(sensitiveWords.id, after))
      .orderBy(asc(sensitiveWords.id))
      .limit(PAGE);
    for (const { word } of page) addForm(forms, word);
    if (page.length < PAGE) return forms;
    after = page[page.length - 1].id;
    await nextTurn();
  }
}

/** The forms at generation `stamp` (read again when this process's are older). */
async function formsAt(db: DbOrTx, stamp: string): Promise<Forms> {
  const s = state();
  if (s.forms?.stamp === stamp) return s.forms;
  if (s.loading?.stamp !== stamp) {
    const promise = load(db);
    const loading = { stamp, promise };
    s.loading = loading;
    promise
      .then((forms) => {
        if (s.loading === loading) s.loading = null;
        s.forms = forms;
      })
      .catch(() => {
        if (s.loading === loading) s.loading = null;
      });
  }
  return s.loading!.promise;
}

/** Whether the automaton at `built` differs from generation `stamp` only by this process's unreplied changes. */
function onlyUnrepliedSince(built: string, stamp: string): boolean {
  const { unreplied } = state();
  for (let at = stamp, steps = 0; steps <= unreplied.size; steps++) {
    if (at === built) return true;
    const before = unreplied.get(at);
    if (before === undefined) return false;
    at = before;
  }
  return false;
}

/** Dictionary words found in the texts, each once, as the dictionary spells them, and the dictionary's size (distinct forms). */
export async function dictionaryHits(db: DbOrTx, texts: string[]): Promise<{ hits: string[]; size: number }> {
  const stamp = await dictionaryGeneration(db);
  const forms = await formsAt(db, stamp);
  if (!forms.entries.size) return { hits: [], size: 0 };
  const matcher = matcherThread();
  if (matcher.built !== stamp && !(matcher.built !== null && onlyUnrepliedSince(matcher.built, stamp))) {
    await matcher.ready(stamp, () => forms.entries.keys());
  }
  const { hits } = await matcher.match(texts.map(normalizeForCheck).join('\n'));
  return { hits: hits.map((form) => forms.entries.get(form)?.word ?? form), size: forms.entries.size };
}

/** Reads the dictionary and builds its automaton ahead of the first check (process start). */
export async function warmDictionary(db: DbOrTx): Promise<void> {
  await dictionaryHits(db, []);
}

/** What a change did to the dictionary, for this process's forms. */
export interface DictionaryChange<T> {
  result: T;
  added?: string[];
  removed?: string[];
}

/**
 * Runs a change of the dictionary (an addition or deletion) in one transaction that first locks
 * the generation row, so `change` sees the forms exactly as they are and no other change commits
 * between. After the commit, this process's forms follow the change in place and the reply waits
 * until the automaton has it (see the module's comment).
 */
export async function changeDictionary<T>(db: Db, change: (tx: Tx, forms: Forms) => Promise<DictionaryChange<T>>): Promise<T> {
  // Read outside the transaction: on PGlite a transaction holds the only connection.
  await formsAt(db, await dictionaryGeneration(db));
  const s = state();
  let used: Forms | null = null;
  let before = '';
  let after = '';
  const outcome = await db.transaction(async (tx) => {
    before = await dictionaryGeneration(tx, { forUpdate: true });
    used = s.forms?.stamp === before ? s.forms : await load(tx);
    const done = await change(tx, used);
    after = await dictionaryGeneration(tx);
    return done;
  });
  if (after === before) return outcome.result;
  const forms = used! as Forms;
  const delta = { base: before, add: [] as string[], remove: [] as string[] };
  if (s.forms?.stamp !== after) {
    for (const word of outcome.removed ?? []) {
      const form = removeForm(forms, word);
      if (form) delta.remove.push(form);
    }
    for (const word of outcome.added ?? []) {
      const form = addForm(forms, word);
      if (form) delta.add.push(form);
    }
    forms.stamp = after;
    s.forms = forms;
  }
  s.unreplied.set(after, before);
  try {
    const current = s.forms!;
    if (current.entries.size) await matcherThread().ready(current.stamp, () => current.entries.keys(), current === forms ? delta : undefined);
  } finally {
    s.unreplied.delete(after);
  }
  return outcome.result;
}
