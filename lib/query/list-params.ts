import type { FilterDef } from '../resources/define';

/** The query with each filter's `default` where the address has no value: what the list asks for and the bar shows. */
export function withDefaults(filters: FilterDef[], query: Record<string, string>): Record<string, string> {
  const out = { ...query };
  for (const f of filters) if (f.default !== undefined && (out[f.name] === undefined || out[f.name] === '')) out[f.name] = f.default;
  return out;
}

/**
 * What a list asks its API for: the URL's query with the filters' defaults, the screen's fixed
 * parameters over it, and (`only`) just the parameters the API reads. The browser's list hook and the
 * server's first page (server/ssr/first-page.ts) both call this, so the page the server
 * renders sits under the very key the screen then reads (the cache's key is these parameters).
 */
export function listParams({
  filters,
  asked,
  fixed,
  only,
}: {
  filters: FilterDef[];
  asked: Record<string, string>;
  fixed?: Record<string, string | number | boolean | undefined>;
  only?: string[];
}): Record<string, string | number | boolean> {
  const all: Record<string, string | number | boolean | undefined> = { ...withDefaults(filters, asked), ...fixed };
  const names = only && [...only, ...Object.keys(fixed ?? {})];
  return Object.fromEntries(Object.entries(all).filter(([k, v]) => v !== undefined && (!names || names.includes(k)))) as Record<
    string,
    string | number | boolean
  >;
}

/**
 * The parameters a list screen always sends: its page size (a drag-ordered list's 100) before its
 * group (`useResourceScreen`, and the server's first page for the same key).
 */
export function screenFixed({
  pageSize,
  fixed,
}: {
  pageSize?: number;
  fixed?: Record<string, string | number | boolean | undefined>;
}): Record<string, string | number | boolean | undefined> | undefined {
  return pageSize ? { pageSize, ...fixed } : fixed;
}
