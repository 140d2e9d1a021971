/**
 * Menu building from the auth map.
 * @see SEED §3 (auth map, router entries), §4 (menu building)
 */
import type { AuthEntry, AuthMap } from './routes';

/** An auth entry with its own path added as `router`. */
export type AuthRoute = AuthEntry & { router: string };

export interface MenuEntry {
  /** Stable key: the group name for a group, the route path for an item. */
  id: string;
  icon?: string;
  home?: string;
  name: string;
  /** Route path; absent on a group. */
  router?: string;
  /** Children of a group (SEED: `child`). */
  child?: MenuEntry[];
}

/** Adds each entry's path as `router`. */
export function withRouters(auth: AuthMap): AuthRoute[] {
  return Object.entries(auth).map(([router, entry]) => ({ ...entry, router }));
}

/**
 * Entries with `ignore` are skipped; entries sharing a `home` become children of one group that
 * carries the home label and the first entry's icon, at the position of that first entry; entries
 * without `home` are top-level items.
 */
export function buildMenu(auth: AuthMap): MenuEntry[] {
  const menu: MenuEntry[] = [];
  const groups = new Map<string, MenuEntry>();
  for (const entry of withRouters(auth)) {
    if (entry.ignore) continue;
    const item: MenuEntry = { id: entry.router, name: entry.name, router: entry.router };
    if (entry.icon) item.icon = entry.icon;
    if (!entry.home) {
      menu.push(item);
      continue;
    }
    let group = groups.get(entry.home);
    if (!group) {
      group = { id: `group:${entry.home}`, home: entry.home, name: entry.home, icon: entry.icon, child: [] };
      groups.set(entry.home, group);
      menu.push(group);
    }
    group.child!.push({ ...item, home: entry.home });
  }
  return menu;
}

/** The group containing a path, for opening the right submenu. */
export function groupOf(menu: MenuEntry[], path: string): MenuEntry | undefined {
  return menu.find((m) => m.child?.some((c) => c.router === path));
}
