/**
 * The declaration modules a server page may name a resource from (`<ResourcePage module name />`,
 * components/screens/resource-page.tsx). A page cannot hand a declaration (a zod schema, functions)
 * to a client component, so it names it, and the browser loads that one module in its own chunk: a
 * list screen never carries the other modules' declarations. tests/api/resources.test.ts checks that
 * every page's `module` and `name` resolve to the registry's declaration.
 */
import type { ResourceDef } from './define';

export const RESOURCE_MODULES = {
  operations: () => import('./operations'),
  taxonomy: () => import('./taxonomy'),
} satisfies Record<string, () => Promise<object>>;

export type ResourceModule = keyof typeof RESOURCE_MODULES;

const isDeclaration = (v: unknown): v is ResourceDef => typeof v === 'object' && v !== null && 'schema' in v && 'fields' in v && 'permission' in v;

const loaded = new Map<string, Promise<ResourceDef>>();

/** The declaration named `name` in `module` (one promise per name, so a screen can `use()` it). */
export function loadResource(module: ResourceModule, name: string): Promise<ResourceDef> {
  const key = `${module}:${name}`;
  let def = loaded.get(key);
  if (!def) {
    def = RESOURCE_MODULES[module]().then((m) => {
      const found = Object.values(m).find((v) => isDeclaration(v) && v.name === name);
      if (!found) throw new Error(`lib/resources/${module}.ts declares no resource named ${name}`);
      return found as ResourceDef;
    });
    loaded.set(key, def);
  }
  return def;
}
