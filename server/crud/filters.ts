import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../../lib/resources/define';
import { idFilter } from '../http/params';

/** The everyday list filters: a query parameter's value → a condition on one indexed column. */

/** An id filter from the query string; one that cannot exist matches nothing. */
export const byId = (column: AnyPgColumn) => (value: string) => {
  const id = idFilter(value);
  return id === null ? sql`false` : eq(column, id);
};
/** `true` / `false`; anything else filters nothing. */
export const byEnabled = (column: AnyPgColumn) => (v: string) => (v === 'true' || v === 'false' ? eq(column, v === 'true') : undefined);
/** An exact value (a code, a letter), cut to a sane length. */
export const byText = (column: AnyPgColumn) => (v: string) => eq(column, v.slice(0, 64));

/**
 * The filters a declaration's `select` / `text` filters on a column get without server code: by the
 * column's type, a switch (`enabled`), an id (`typeId`) or an exact text (`initial`). Keyword and
 * date-range filters, and anything subtler, are written in `crudRoutes({ filters })`.
 */
export function declaredFilters(resource: Pick<ResourceDef, 'filters'>, columns: Record<string, AnyPgColumn>) {
  const out: Record<string, (value: string) => ReturnType<ReturnType<typeof byId>> | undefined> = {};
  for (const filter of resource.filters ?? []) {
    const column = columns[filter.name];
    if (!column || filter.input === 'keyword' || filter.input === 'dateRange') continue;
    out[filter.name] = column.dataType === 'boolean' ? byEnabled(column) : column.dataType === 'number' ? byId(column) : byText(column);
  }
  return out;
}
