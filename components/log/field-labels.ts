import type { ResourceDecl } from '@/lib/resources/define';

/**
 * The Chinese names of a logged record's fields, from its resource's declaration (品牌: logo →
 * 品牌标志, initial → 首字母 …), so the log's detail labels every field the screens label
 * (ux-2026-11-28 P3-16). Loaded when a detail opens: the log's first load carries no declaration.
 */
const MODULES = [
  () => import('@/lib/resources/operations'),
  () => import('@/lib/resources/taxonomy'),
  () => import('@/lib/resources/albums'),
  () => import('@/lib/resources/departments'),
  () => import('@/lib/resources/users'),
  () => import('@/lib/resources/roles'),
  () => import('@/lib/resources/media'),
  () => import('@/lib/resources/videos'),
  () => import('@/lib/resources/sensitive-words'),
];

const isDeclaration = (v: unknown): v is ResourceDecl => typeof v === 'object' && v !== null && 'fields' in v && 'permission' in v && 'name' in v;

let byResource: Promise<Map<string, Record<string, string>>> | null = null;

export function fieldLabelsOf(resource: string): Promise<Record<string, string>> {
  byResource ??= Promise.all(MODULES.map((load) => load()))
    .then((modules) => {
      const map = new Map<string, Record<string, string>>();
      for (const m of modules)
        for (const v of Object.values(m)) if (isDeclaration(v)) map.set(v.name, Object.fromEntries(v.fields.map((f) => [f.name, String(f.label)])));
      return map;
    })
    .catch(() => {
      byResource = null;
      return new Map();
    });
  return byResource.then((m) => m.get(resource) ?? {});
}
