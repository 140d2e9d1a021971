import { z } from 'zod';

/**
 * The pieces both OpenAPI descriptions are made of (the staff API's, server/openapi.ts, and the
 * delivery API's, server/delivery/openapi.ts): JSON Schema of a zod schema, the DESIGN §2 envelope
 * `{ status, data, message }`, a refusal pointing at the one `Error` schema, and that schema.
 */

export type Json = Record<string, unknown>;

/** JSON Schema (2020-12, what OpenAPI 3.1 uses) of what a client sends (`input`) or is answered (`output`). */
export const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

export const envelope = (data: Json = {}): Json => ({
  type: 'object',
  properties: { status: { type: 'integer', const: 0 }, data, message: { type: 'string' } },
  required: ['status', 'data', 'message'],
});

export const okAnswer = (data?: Json, description = '成功') => ({ description, content: { 'application/json': { schema: envelope(data) } } });

export const refusal = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** `components.schemas.Error`: every refusal's body; `errors` names the fields that were wrong. */
export const errorSchema: Json = {
  type: 'object',
  properties: {
    status: { type: 'integer' },
    data: {},
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: '字段 → 说明' },
  },
  required: ['status', 'message'],
};
