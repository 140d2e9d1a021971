import { z } from 'zod';

/**
 * Holds a real answer to the API description (`GET /api/openapi.json`): the status must be one the
 * operation names, a success's body must match its published schema (objects are closed there: a
 * field the description lacks fails), and a refusal is the error envelope with that status. The
 * description's JSON Schema is read back with zod (`z.fromJSONSchema`), so what is checked is the
 * published document, not the zod objects it was made from.
 */
export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  op: { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
}

export function answerChecker(doc: { paths: Record<string, Record<string, Operation['op']>> }) {
  const operations: Operation[] = Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
      params: (template.match(/\{/g) ?? []).length,
      op,
    })),
  );
  // A literal segment wins over a parameter (`/api/tags/search` before `/api/tags/{id}`).
  operations.sort((a, b) => a.params - b.params);
  const schemas = new Map<string, z.ZodType>();
  const seen = new Map<string, Set<number>>();

  /** The operation a request reaches, by method and path. */
  const find = (method: string, url: string) => {
    const path = url.split('?')[0];
    return operations.find((o) => o.method === method && o.pattern.test(path));
  };

  /** What is wrong with this answer, per the description (empty: nothing). */
  function problems(method: string, url: string, answer: Answer): string[] {
    const found = find(method, url);
    // A route the app does not mount answers the app's own 404 (a resource without DELETE).
    if (!found) return answer.status === 404 ? [] : [`${method} ${url}: no operation in the description`];
    const key = `${found.method} ${found.template}`;
    const statuses = seen.get(key) ?? new Set<number>();
    statuses.add(answer.status);
    seen.set(key, statuses);
    const response = found.op.responses[String(answer.status)];
    if (!response) return [`${key} answered ${answer.status}, which the description does not name (${Object.keys(found.op.responses).join(', ')})`];
    const body = answer.body as { status?: unknown; message?: unknown } | null;
    if (answer.status >= 400) {
      return body && body.status === answer.status && typeof body.message === 'string' ? [] : [`${key} ${answer.status}: not the error envelope`];
    }
    const json = response.content?.['application/json']?.schema;
    if (!json) return [];
    let schema = schemas.get(key);
    if (!schema) schemas.set(key, (schema = z.fromJSONSchema(json as never)));
    const parsed = schema.safeParse(answer.body);
    if (parsed.success) return [];
    return parsed.error.issues.slice(0, 20).map((i) => `${key} ${answer.status}: data.${i.path.slice(1).join('.')}: ${i.message}`);
  }

  return {
    problems,
    find,
    /** Operations and the statuses real answers have shown for each (`GET /api/tags/{id}` → {200, 404}). */
    seen,
    operations,
  };
}
