import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { mediaOwnerOf, type ResourceDef } from '@/lib/resources/define';
import { findRoute, isPermissionRoute } from '@/lib/routes';
import { findScreen, loadResource, RESOURCE_MODULES, screenDeclarations, type ResourceModule } from '@/lib/resources/modules';
import { API, CATALOGUE, resolveUsedBy, routesOf, type RouteDeps } from '@/server/resources';
import { createApp } from '@/server/app';
import { defaultKinds } from '@/server/storage/config';

/**
 * The registry (server/resources.ts) against the declarations (lib/resources) and the tables: what
 * used to be kept in agreement by hand, checked. Needs no database: it reads declarations, tables
 * and the mounted routes.
 */
const declared = API.filter((e): e is (typeof API)[number] & { resource: ResourceDef } => !!e.resource);
const withTable = declared.filter((e) => e.table);
const RESOURCES = declared.map((e) => e.resource);
/** A registry declaration without its schema: what lib/resources/<module>.ts declares. */
const zodFree = (def: ResourceDef | undefined) => {
  if (!def) return def;
  // The registry's adds the request schema and the answer's record (issue 25 item 6), both zod.
  const { schema: _schema, record: _record, ...decl } = def as ResourceDef & { record?: unknown };
  return decl;
};
const { logged: LOGGED_RESOURCES, ownerNames: MEDIA_OWNER_NAMES, uploaders: UPLOADERS } = CATALOGUE;
const columnsOf = (e: (typeof API)[number]) => getTableColumns(e.table!) as Record<string, AnyPgColumn & { length?: number }>;
const deps: RouteDeps = {
  storage: { driver: 'local', uploadsDir: '/tmp/none', kinds: defaultKinds(), ticketMinutes: 60 },
  contentService: {},
  search: null,
  dingtalk: null,
  catalogue: CATALOGUE,
};

type Schema = z.ZodType & { def: { type: string; innerType?: Schema; in?: Schema; options?: Schema[] }; maxLength?: number | null };
/** The string maxima a field's schema enforces (through defaults, optionals, transforms and unions). */
function maxLengths(schema: Schema): number[] {
  const { def } = schema;
  if (def.innerType) return maxLengths(def.innerType);
  if (def.type === 'pipe' && def.in) return maxLengths(def.in);
  if (def.type === 'union' && def.options) return def.options.flatMap(maxLengths);
  // An enum's longest value bounds it.
  if (def.type === 'enum') return [Math.max(...((schema as unknown as { options: string[] }).options ?? []).map((o) => String(o).length))];
  return def.type === 'string' && typeof schema.maxLength === 'number' ? [schema.maxLength] : [];
}
const accepts = (schema: Schema, value: unknown) => schema.safeParse(value).success;
/** A picture URL: the library's `/uploads/…` passes, an API path does not (lib/resources/common.ts `imageUrl`). */
const isImageSchema = (s: Schema) => accepts(s, '/uploads/pic/2026/11/a.jpg') && !accepts(s, '/api/logout') && !accepts(s, 'words and 12345');
/** An http(s) link only (`linkUrl`): a link passes, a path or plain words do not. */
const isLinkSchema = (s: Schema) => accepts(s, 'https://example.com/a') && !accepts(s, '/uploads/pic/2026/11/a.jpg') && !accepts(s, '不是链接');

describe('the resource registry', () => {
  it('mounts every resource at its name, the path the client builds from it (apiPath)', () => {
    const app = createApp({ getDb: async () => null as never, storage: deps.storage, search: null, dingtalk: null });
    const paths = new Set(app.routes.map((r) => r.path));
    for (const e of declared) {
      expect(e.name, `${e.resource.name} is mounted at /api/${e.name}`).toBe(e.resource.name);
      expect(
        [...paths].some((p) => p === `/api/${e.name}` || p.startsWith(`/api/${e.name}/`)),
        `/api/${e.name} answers`,
      ).toBe(true);
    }
    expect(new Set(declared.map((e) => e.name)).size, 'no resource is registered twice').toBe(declared.length);
  });

  it.each(withTable.map((e) => [e.resource.name, e] as const))(
    '%s: every list and form field is a column of its table, or computed by its routes',
    (_name, e) => {
      const columns = columnsOf(e);
      const built = routesOf(e, deps) as { columns?: Record<string, unknown> };
      for (const field of e.resource.fields) {
        if (!field.list && !field.form) continue;
        if (field.stored === false) continue;
        expect(field.name in columns || (built.columns && field.name in built.columns), `${e.resource.name}.${field.name} is a column`).toBe(true);
      }
      for (const name of [...(e.resource.keyword ?? []), ...(e.resource.unique ?? []).map((u) => u.field)]) {
        expect(columns, `${e.resource.name}: keyword/unique field ${name}`).toHaveProperty(name);
      }
      if (e.resource.titleField) expect(columns).toHaveProperty(e.resource.titleField);
    },
  );

  it.each(withTable.map((e) => [e.resource.name, e] as const))('%s: no text the schema accepts is longer than its varchar column', (_name, e) => {
    const columns = columnsOf(e);
    const shape = e.resource.schema.shape as Record<string, Schema>;
    let checked = 0;
    for (const [name, schema] of Object.entries(shape)) {
      const length = columns[name]?.length;
      if (!columns[name] || columns[name].columnType !== 'PgVarchar' || !length) continue;
      const maxima = maxLengths(schema);
      expect(maxima.length, `${e.resource.name}.${name}: a varchar(${length}) needs a zod max`).toBeGreaterThan(0);
      for (const max of maxima) expect(max, `${e.resource.name}.${name}: zod max ${max} > varchar(${length})`).toBeLessThanOrEqual(length);
      checked++;
    }
    // A declared max (the form's counter) says what the schema says.
    for (const field of e.resource.fields) {
      const schema = shape[field.name];
      if (field.max === undefined || !schema || !maxLengths(schema).length) continue;
      expect(maxLengths(schema), `${e.resource.name}.${field.name}: the field's max is the schema's`).toContain(field.max);
    }
    expect(checked + Object.keys(shape).length).toBeGreaterThan(0);
  });

  it('every permission is a route of the catalogue (lib/routes.ts)', () => {
    for (const def of RESOURCES) expect(isPermissionRoute(def.permission), `${def.name}: ${def.permission}`).toBe(true);
  });

  it('every declared relation ("in use by") resolves to a registered table and column', () => {
    for (const e of declared) expect(() => resolveUsedBy(e.resource)).not.toThrow();
    const bad = { ...declared[0].resource, usedBy: [{ resource: 'no_such', field: 'x', label: '个' }] };
    expect(() => resolveUsedBy(bad)).toThrow(/no registered table/);
  });

  it('every logged resource has a label, including the names written by hand in logOperation calls', () => {
    for (const def of RESOURCES) expect(LOGGED_RESOURCES[def.name], def.name).toBe(def.label);
    // Every name the log screen offered before the list was derived is still there (rows in the log use them);
    // a new resource adds its own.
    const before =
      'departments users roles profile category_types categories platform tags_types tags topic pic_store_tags video_store_tags pic_stores video_stores articles videos sensitive_words focus_home focus_channel focus_home_right focus_video search_keywords chameleon_version chameleon_type chameleon friend_links brands advertise statistics articles_album';
    expect(Object.keys(LOGGED_RESOURCES)).toEqual(expect.arrayContaining(before.split(' ')));
    const written = new Set<string>();
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : f.endsWith('.ts') ? [path.join(dir, f)] : []));
    for (const file of walk('server')) {
      const source = readFileSync(file, 'utf8');
      for (const call of source.matchAll(/logOperation\([^;]*?resource: '([a-z_]+)'/gs)) written.add(call[1]);
    }
    expect(written.size).toBeGreaterThan(3);
    for (const name of written) expect(LOGGED_RESOURCES, `logOperation(… resource: '${name}')`).toHaveProperty(name);
  });

  it('declares image and link fields as such; every resource with an image field is a media owner its screen may upload for', () => {
    let owners = 0;
    for (const def of RESOURCES) {
      const shape = def.schema.shape as Record<string, Schema>;
      for (const field of def.fields) {
        const schema = shape[field.name];
        if (!schema) continue;
        if (isImageSchema(schema)) expect(field.input, `${def.name}.${field.name} holds a picture URL`).toBe('image');
        if (isLinkSchema(schema)) expect(field.input, `${def.name}.${field.name} holds a link`).toBe('link');
      }
      const owner = mediaOwnerOf(def);
      if (!owner) continue;
      owners++;
      expect(MEDIA_OWNER_NAMES[owner], `${def.name} as media owner ${owner}`).toBe(def.label);
      expect(UPLOADERS.pic, `${def.permission} may upload a picture`).toContain(def.permission);
    }
    // The owner_type strings rows already hold (no migration): brand, friend_link, album …
    expect(Object.keys(MEDIA_OWNER_NAMES)).toEqual(
      expect.arrayContaining(['article', 'video', 'friend_link', 'brand', 'advertise', 'chameleon', 'topic', 'album', 'focus_home']),
    );
    expect(owners).toBeGreaterThanOrEqual(11);
  });
  it("every page naming its declaration (<ResourcePage module name />) gets the registry's declaration", async () => {
    const pages: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : f === 'page.tsx' && pages.push(path.join(dir, f));
    };
    walk(path.join(process.cwd(), 'app'));
    const named = pages.flatMap((p) => [...readFileSync(p, 'utf8').matchAll(/<ResourcePage\s+module="(\w+)"\s+name="(\w+)"/g)].map((m) => [p, m[1], m[2]]));
    for (const [page, module, name] of named) {
      expect(Object.keys(RESOURCE_MODULES), page).toContain(module);
      expect(await loadResource(module as ResourceModule, name), page).toEqual(zodFree(RESOURCES.find((r) => r.name === name)));
    }
  });
  it("every declared plain screen is the registry's declaration, at a signed-in route of the catalogue that no page file shadows", async () => {
    const screens = await screenDeclarations();
    expect(screens.map((s) => s.def.name)).toEqual(expect.arrayContaining(['friend_links', 'article_sources']));
    for (const { module, def } of screens) {
      // The screen gets the zod-free declaration (issue 17); the registry's is the same with its schema.
      expect(zodFree(RESOURCES.find((r) => r.name === def.name)), def.name).toEqual(def);
      expect(await loadResource(module, def.name)).toBe(def);
      expect(findRoute(def.permission), `${def.permission} is in lib/routes.ts`).toMatchObject({ layout: 'default', guard: 'user' });
      expect(existsSync(path.join(process.cwd(), 'app/(default)', def.permission, 'page.tsx')), def.permission).toBe(false);
      expect(await findScreen(def.permission)).toEqual({ module, name: def.name });
      for (const key of [...(def.screen?.order ?? []), ...(def.screen?.narrowHidden ?? [])])
        expect(
          def.fields.map((f) => f.name),
          `${def.name}.screen names ${key}`,
        ).toContain(key);
    }
    expect(await findScreen('/operation/nav')).toBeNull();
  });
});
