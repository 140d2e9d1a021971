/**
 * Every zod-free declaration's schema by resource name, for the browser's forms
 * (lib/resources/load-schema.ts loads this module on demand, in its own chunk).
 * tests/unit/schema-split.test.ts checks it against the server's declarations.
 */
import type { z } from 'zod';
import type { ResourceDef } from '../define';
import * as albums from './albums';
import * as departments from './departments';
import * as media from './media';
import * as operations from './operations';
import * as roles from './roles';
import * as sensitiveWords from './sensitive-words';
import * as taxonomy from './taxonomy';
import * as users from './users';
import * as videos from './videos';

const isDeclaration = (value: unknown): value is ResourceDef =>
  typeof value === 'object' && value !== null && 'name' in value && 'fields' in value && 'schema' in value;

/**
 * Every declaration with its schema, as the schema modules export them (`withSchema(decl.x, …)`): a
 * resource added to one of these modules is found without a line here; a new module adds its import.
 */
export const FULL_DECLARATIONS: readonly ResourceDef[] = [albums, departments, media, operations, roles, sensitiveWords, taxonomy, users, videos].flatMap(
  (module) => Object.values(module).filter(isDeclaration),
);

export const SCHEMAS: Readonly<Record<string, z.ZodObject>> = Object.fromEntries(FULL_DECLARATIONS.map((def) => [def.name, def.schema]));
