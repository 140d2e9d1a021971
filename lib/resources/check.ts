/**
 * Field-by-field checks from a resource's zod schema: the form runs the very rules the server runs,
 * with the same Chinese messages, as a person types. Pure, so the rules are unit-tested.
 * @see lib/resources/define.ts, components/crud/resource-form.tsx
 */
import type { ResourceDef } from './define';

type Parser = { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } };

/** Form inputs hand over `null`, `undefined` or `''` for "nothing"; the schemas know `undefined` and `''`. */
function normalize(value: unknown): unknown {
  return value === null ? undefined : value;
}

/**
 * The first message the schema gives for this field's value, or null when the value passes (or the
 * schema does not describe the field).
 */
export function fieldError(def: Pick<ResourceDef, 'schema'>, name: string, value: unknown): string | null {
  const parser = (def.schema.shape as Record<string, Parser | undefined>)[name];
  if (!parser) return null;
  let result = parser.safeParse(normalize(value));
  // A cleared optional id comes back as null from some pickers: the schemas accept null there.
  if (!result.success && value === null) result = parser.safeParse(null);
  return result.success ? null : (result.error?.issues[0]?.message ?? '格式不正确');
}

/** Whether the schema describes this field (then the form checks it with `fieldError`). */
export function hasFieldSchema(def: Pick<ResourceDef, 'schema'>, name: string): boolean {
  return Boolean((def.schema.shape as Record<string, unknown>)[name]);
}

/** How a record is named in titles, confirmations and screen-reader labels: 张伟（zhangwei）. */
export function recordName(record: object | null | undefined): string {
  if (!record) return '';
  const r = record as { name?: unknown; title?: unknown; word?: unknown; username?: unknown; id?: unknown };
  const main = r.name ?? r.title ?? r.word;
  if (main !== undefined && main !== null && main !== '') {
    return r.username && r.username !== main ? `${String(main)}（${String(r.username)}）` : String(main);
  }
  return String(r.username ?? r.id ?? '');
}
