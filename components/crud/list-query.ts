import type { Dayjs } from 'dayjs';
import { ALL_VALUE } from '@/lib/resources/common';
import type { FilterDef } from '@/lib/resources/define';

export { listParams, withDefaults } from '@/lib/query/list-params';

/**
 * The URL query of a list: what its filters write and how to clear them. Pure helpers shared by the
 * list hook (use-resource-list.ts) and the search bar (resource-filters.tsx).
 */

/** A change to the list's query: `undefined`, `null` or `''` removes the parameter. */
export type QueryPatch = Record<string, string | number | boolean | null | undefined>;

/**
 * The query parameters a filter writes. A date range writes `from` and `to` (ISO strings), which is
 * what the list APIs read (see server/routes/logs.ts), so a resource has at most one date range.
 */
export function filterParams(filter: FilterDef): string[] {
  return filter.input === 'dateRange' ? (filter.params ?? ['from', 'to']) : [filter.name];
}

/** True when any of these filters has a value in the query (other than its `default` or 全部). */
export function isFiltered(filters: FilterDef[], query: Record<string, string>): boolean {
  return filters.some((f) => filterParams(f).some((p) => query[p] !== undefined && query[p] !== '' && query[p] !== f.default && query[p] !== ALL_VALUE));
}

/** True when a filter's `default` hides records now (the list is not showing everything). */
export function isDefaultHiding(filters: FilterDef[], query: Record<string, string>): boolean {
  return filters.some((f) => f.default !== undefined && (query[f.name] === undefined || query[f.name] === '' || query[f.name] === f.default));
}

/** The patch that shows every record: no filter, and 全部 where a filter has a default. */
export function showAllPatch(filters: FilterDef[]): QueryPatch {
  const patch = clearPatch(filters);
  for (const f of filters) if (f.default !== undefined) patch[f.name] = ALL_VALUE;
  return patch;
}

/** The patch that removes every filter (page and order stay as the list decides). */
export function clearPatch(filters: FilterDef[]): QueryPatch {
  const patch: QueryPatch = {};
  for (const filter of filters) for (const param of filterParams(filter)) patch[param] = undefined;
  return patch;
}

/**
 * A date range as `from`/`to`: whole days, or to the minute (`withTime`) with the end taken to the
 * end of its minute, so "… 18:30" includes rows written during 18:30. ISO-8601 with the browser's
 * offset, as the servers' `z.iso.datetime({ offset: true })` wants.
 */
export function rangeToQuery(range: Array<Dayjs | null> | null | undefined, withTime = false): { from?: string; to?: string } {
  const [start, end] = range ?? [];
  const unit = withTime ? 'minute' : 'day';
  return { from: start ? start.startOf(unit).format() : undefined, to: end ? end.endOf(unit).format() : undefined };
}
