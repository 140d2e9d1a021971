/**
 * The zod-free declarations and their schemas (issue 17: list screens load no zod): the form opens
 * with the defaults written on the fields (`default`) and checks with the schema loaded later, so
 * both must say what the schema says.
 */
import { describe, expect, it } from 'vitest';
import { createDefaults, formFields, rulesFor } from '@/components/crud/resource-form';
import type { ResourceDecl } from '@/lib/resources/define';
import { loadSchema } from '@/lib/resources/load-schema';
import { FULL_DECLARATIONS, SCHEMAS } from '@/lib/resources/schemas/index';

const zodFree = (def: (typeof FULL_DECLARATIONS)[number]): ResourceDecl => {
  const { schema: _schema, ...decl } = def;
  return decl;
};

describe.each(FULL_DECLARATIONS.map((def) => [def.name, def] as const))('%s', (_name, def) => {
  it('starts a new record with the schema’s defaults', () => {
    expect(createDefaults(zodFree(def))).toEqual(createDefaults(def));
  });
  it('has every form field in its schema (the form checks them with it)', () => {
    const missing = formFields(def, true).filter((f) => !(f.name in def.schema.shape));
    expect(missing.map((f) => f.name)).toEqual([]);
  });
  it('is the schema the forms load by name', async () => {
    expect(SCHEMAS[def.name]).toBe(def.schema);
    expect(await loadSchema(def.name)).toBe(def.schema);
  });
  it('checks a form field with the schema’s messages once loaded', async () => {
    const field = formFields(def, true).find((f) => f.required);
    if (!field) return;
    const [rule] = rulesFor(field, zodFree(def));
    const validator = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
    const expected = def.schema.shape[field.name].safeParse(undefined).error?.issues[0]?.message;
    await expect(validator({}, undefined)).rejects.toThrow(expected);
  });
});

it('names each schema once', () => {
  expect(new Set(FULL_DECLARATIONS.map((d) => d.name)).size).toBe(FULL_DECLARATIONS.length);
});
