/**
 * The declarations' zod schemas for the browser's forms, loaded on demand (issue 17): a list screen
 * imports only the zod-free declarations (columns, labels, filters), and its create/edit dialog
 * fetches the schemas (zod and every `lib/resources/schemas/*`, one chunk) right after the screen
 * mounts. The dialog opens and takes typing at once; only its checks wait for this.
 */
import type { z } from 'zod';

type Schemas = Readonly<Record<string, z.ZodObject>>;

let pending: Promise<Schemas> | null = null;

/** Starts (once) and returns the load of every declaration's schema, by resource name. */
export function loadSchemas(): Promise<Schemas> {
  pending ??= import('./schemas/index').then(
    (m) => m.SCHEMAS,
    (error: unknown) => {
      pending = null; // a failed chunk load may be retried by the next check
      throw error;
    },
  );
  return pending;
}

/** The schema of the resource named `name`, or null when none is declared. */
export async function loadSchema(name: string): Promise<z.ZodObject | null> {
  return (await loadSchemas())[name] ?? null;
}
