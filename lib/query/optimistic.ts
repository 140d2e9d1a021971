/**
 * Optimistic writes to the rows of a resource's lists (the 启用 switch, a drag order): the change is
 * shown in every cached page of the resource at once, sent, and on a refusal (or no answer) every
 * page is put back as it was and the person is told why, in Chinese. Either way the resource is
 * invalidated afterwards, so the screens end up showing what the server holds.
 * Plain functions over a QueryClient, so the rules are unit-tested without a screen.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ListResult } from '../resources/define';
import { failureText, invalidate, queryKeys } from './index';

type Row = { id: number | string };
type Snapshot = Array<[QueryKey, unknown]>;

function isListResult(value: unknown): value is ListResult<Row> {
  return typeof value === 'object' && value !== null && Array.isArray((value as ListResult<Row>).list);
}

/** Changes every cached page of `path`'s lists with `change`; returns what they were (for `restore`). */
export function changeLists(client: QueryClient, path: string, change: (rows: Row[]) => Row[]): Snapshot {
  const before = client.getQueriesData({ queryKey: queryKeys.lists(path) });
  for (const [key, value] of before) if (isListResult(value)) client.setQueryData(key, { ...value, list: change(value.list) });
  return before;
}

/** Puts the pages back as `changeLists` found them. */
export function restore(client: QueryClient, snapshot: Snapshot) {
  for (const [key, value] of snapshot) client.setQueryData(key, value);
}

/** The rows with `patch` applied to the one whose id is `id`. */
export const patchRow =
  (id: Row['id'], patch: Record<string, unknown>) =>
  (rows: Row[]): Row[] =>
    rows.map((r) => (r.id === id ? { ...r, ...patch } : r));

/** The rows in the order of `ids` (rows not named keep their place after them: a page holds all it shows). */
export const orderRows =
  (ids: Array<Row['id']>) =>
  (rows: Row[]): Row[] => {
    if (!ids.every((id) => rows.some((r) => r.id === id))) return rows; // another page: its order is not this one
    const byId = new Map(rows.map((r) => [r.id, r]));
    return [...ids.map((id) => byId.get(id)!), ...rows.filter((r) => !ids.includes(r.id))];
  };

/**
 * Shows `change` on `path`'s lists, runs `send`, and on failure restores them and calls
 * `onRolledBack(reason)` with the reason in Chinese. Afterwards (done or not) `path` is
 * invalidated, so every screen showing it reads it again. Resolves true when the write was done.
 */
export async function optimisticWrite({
  client,
  path,
  change,
  send,
  onRolledBack,
}: {
  client: QueryClient;
  path: string;
  change: (rows: Row[]) => Row[];
  /** The write; rejects (a `ReplyError` from `unwrap`) when it was not done. */
  send: () => Promise<unknown>;
  onRolledBack: (reason: string) => void;
}): Promise<boolean> {
  // A read under way would land after the change and undo it on screen.
  await client.cancelQueries({ queryKey: queryKeys.lists(path) });
  const snapshot = changeLists(client, path, change);
  try {
    await send();
    return true;
  } catch (error) {
    restore(client, snapshot);
    onRolledBack(failureText(error));
    return false;
  } finally {
    await invalidate(client, [queryKeys.all(path)]);
  }
}
