/**
 * The declaration modules a plain screen's declaration may live in (`<ResourcePage module name />`,
 * components/screens/resource-page.tsx; the catch-all page app/(default)/[...path] finds the one
 * whose `screen` is at the path asked for). A page cannot hand a declaration (a zod schema, functions)
 * to a client component, so it names it, and the browser loads that one module in its own chunk: a
 * list screen never carries the other modules' declarations. tests/api/resources.test.ts checks that
 * every page's `module` and `name` resolve to the registry's declaration.
 */
import type { ResourceDecl } from './define';

export const RESOURCE_MODULES = {
  operations: () => import('./operations'),
  taxonomy: () => import('./taxonomy'),
} satisfies Record<string, () => Promise<object>>;

export type ResourceModule = keyof typeof RESOURCE_MODULES;

const isDeclaration = (v: unknown): v is ResourceDecl => typeof v === 'object' && v !== null && 'fields' in v && 'permission' in v;

const loaded = new Map<string, Promise<ResourceDecl>>();

/** The declaration named `name` in `module` (one promise per name, so a screen can `use()` it). */
export function loadResource(module: ResourceModule, name: string): Promise<ResourceDecl> {
  const key = `${module}:${name}`;
  let def = loaded.get(key);
  if (!def) {
    def = RESOURCE_MODULES[module]().then((m) => {
      const found = Object.values(m).find((v) => isDeclaration(v) && v.name === name);
      if (!found) throw new Error(`lib/resources/${module}.ts declares no resource named ${name}`);
      return found as ResourceDecl;
    });
    // Once loaded, React's `use()` reads it at once instead of suspending: a server render that
    // suspends sends the list hidden and shows it only when a script runs (the first page in the
    // HTML, issue 25). The first render of a screen after the process starts still waits for it.
    const settled = def;
    void settled.then(
      (value) => Object.assign(settled, { status: 'fulfilled', value }),
      () => undefined,
    );
    loaded.set(key, def);
  }
  return def;
}

/** Every declaration with a plain `screen` (at its `permission` route), with its module. */
export async function screenDeclarations(): Promise<Array<{ module: ResourceModule; def: ResourceDecl }>> {
  const modules = Object.keys(RESOURCE_MODULES) as ResourceModule[];
  const loadedModules = await Promise.all(modules.map((m) => RESOURCE_MODULES[m]()));
  return loadedModules.flatMap((m, i) =>
    Object.values(m)
      .filter((v): v is ResourceDecl => isDeclaration(v) && Boolean(v.screen))
      .map((def) => ({ module: modules[i], def })),
  );
}

/** The declaration whose `screen` is at `path`, by module and name: the catch-all page's lookup. */
export async function findScreen(path: string): Promise<{ module: ResourceModule; name: string } | null> {
  const found = (await screenDeclarations()).find((s) => s.def.permission === path);
  return found ? { module: found.module, name: found.def.name } : null;
}
