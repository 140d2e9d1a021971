/*
 * The data layer's keys (lib/query), apart from the browser's client so the server's first page
 * (server/ssr/first-page.ts) names a page with the very key the screen reads.
 */

/**
 * The keys of one API resource, named by its path (`/api/friend_links`; another host's path is
 * prefixed with the host: `topic:/api/topics`). One function, so a list, a record and a write can
 * never spell the same resource two ways.
 */
export const queryKeys = {
  /** Everything of the resource: what a write invalidates. */
  all: (path: string) => [path] as const,
  lists: (path: string) => [path, 'list'] as const,
  list: (path: string, params: Record<string, unknown>) => [path, 'list', params] as const,
  record: (path: string, id: number | string) => [path, 'record', id] as const,
};

/** The key path of a resource declaration (its host's name before a path that is not the main API's). */
export function resourcePath(def: { name: string; host?: string }): string {
  const path = `/api/${def.name}`;
  return def.host && def.host !== 'main' ? `${def.host}:${path}` : path;
}
