/**
 * Elasticsearch 8/9 and OpenSearch 2/3 over their REST API with plain `fetch` (the calls used here,
 * `_search`, `_bulk`, `_alias`, `_aliases`, `_refresh` and index creation, are the same on both).
 * No client package: the official clients are pinned to server majors (a 9.x client refuses an 8.x
 * server) and the newest needs Node 22; fetch works against all of them.
 *
 * Texts are analysed by the built-in `cjk` analyzer (character bigrams, as our PostgreSQL index does
 * for titles), and a keyword is a phrase, so 重卡 is found inside 中重卡市场 and 牵引车 only where
 * those three characters stand together.
 */
import type { SearchBackend, SearchConfig, SearchDocument, SearchQuery } from './types';

/** The engine's default `index.max_result_window`. */
const MAX_WINDOW = 10_000;

export const INDEX_BODY = {
  settings: { number_of_shards: 1, number_of_replicas: 0 },
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'integer' },
      kind: { type: 'keyword' },
      title: { type: 'text', analyzer: 'cjk' },
      summary: { type: 'text', analyzer: 'cjk' },
      body: { type: 'text', analyzer: 'cjk' },
      categoryId: { type: 'integer' },
      tagIds: { type: 'integer' },
      editorId: { type: 'integer' },
      departmentId: { type: 'integer' },
      status: { type: 'byte' },
      updatedAt: { type: 'date' },
      publishedAt: { type: 'date' },
    },
  },
} as const;

export class SearchEngineError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SearchEngineError';
  }
}

/** The query DSL of a list search: the keyword as a phrase, every filter as a `filter` clause. */
export function searchBody(q: SearchQuery) {
  const f = q.filters;
  const filter: unknown[] = [];
  const term = (field: string, value: unknown) => value !== undefined && filter.push({ term: { [field]: value } });
  term('kind', f.kind);
  term('status', f.status);
  term('categoryId', f.categoryId);
  term('tagIds', f.tagId);
  term('editorId', f.editorId);
  term('departmentId', f.departmentId);
  term('editorId', f.scopeEditorId);
  if (f.scopeDepartmentIds) filter.push({ terms: { departmentId: f.scopeDepartmentIds } });
  const range = (field: string, gte?: string, lte?: string) =>
    (gte || lte) && filter.push({ range: { [field]: { ...(gte ? { gte } : {}), ...(lte ? { lte } : {}) } } });
  range('updatedAt', f.updatedFrom, f.updatedTo);
  range('publishedAt', f.publishedFrom, f.publishedTo);
  const order = q.descending ? 'desc' : 'asc';
  return {
    from: q.from,
    size: q.size,
    track_total_hits: q.totalCap,
    _source: false,
    query: { bool: { must: [{ multi_match: { query: q.keyword, type: 'phrase', fields: ['title^3', 'summary^2', 'body'] } }], filter } },
    sort: [q.sort === 'publishedAt' ? { publishedAt: { order, missing: q.descending ? '_last' : '_first' } } : { updatedAt: { order } }, { id: { order } }],
  };
}

export function elasticsearchBackend(config: SearchConfig): SearchBackend {
  // Looked up on each call (not captured once): whatever `fetch` the process has installed is used.
  const doFetch: typeof fetch = (input, init) => (config.fetch ?? globalThis.fetch)(input, init);
  const alias = config.index;

  async function call(method: string, path: string, body?: unknown, { ndjson = false, okStatuses = [] as number[] } = {}) {
    let res: Response;
    try {
      res = await doFetch(`${config.url}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': ndjson ? 'application/x-ndjson' : 'application/json' } : {}),
          ...(config.authorization ? { authorization: config.authorization } : {}),
        },
        body: body === undefined ? undefined : ndjson ? (body as string) : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (err) {
      const reason =
        err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
          ? `${config.timeoutMs} ms 内无应答`
          : err instanceof Error
            ? err.message
            : String(err);
      throw new SearchEngineError(`${method} ${path}: ${reason}`);
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    if (!res.ok && !okStatuses.includes(res.status)) {
      const reason = json?.error?.reason ?? json?.error?.type ?? (typeof json?.error === 'string' ? json.error : text.slice(0, 200));
      throw new SearchEngineError(`${method} ${path}: HTTP ${res.status} ${reason}`, res.status);
    }
    return { status: res.status, json };
  }

  async function bulk(lines: unknown[], index = alias) {
    if (!lines.length) return;
    const { json } = await call('POST', `/${encodeURIComponent(index)}/_bulk`, lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { ndjson: true });
    if (json?.errors) {
      // A delete of a document that was never indexed is not an error.
      const failed = (json.items as Array<Record<string, { status: number; error?: { reason?: string; type?: string } }>>)
        .map((item) => Object.values(item)[0])
        .find((r) => r.error && r.status !== 404);
      if (failed) throw new SearchEngineError(`_bulk: ${failed.error?.reason ?? failed.error?.type ?? failed.status}`, failed.status);
    }
  }

  let ready: Promise<void> | null = null;
  /** The alias exists (first write on a new cluster: a fresh index with our mapping behind it). */
  function ensureIndex() {
    ready ??= (async () => {
      const { status } = await call('GET', `/_alias/${encodeURIComponent(alias)}`, undefined, { okStatuses: [404] });
      if (status === 404) await call('PUT', `/${encodeURIComponent(`${alias}_${stamp()}`)}`, { ...INDEX_BODY, aliases: { [alias]: { is_write_index: true } } });
    })().catch((err) => {
      ready = null;
      throw err;
    });
    return ready;
  }

  return {
    name: 'elasticsearch',
    maxWindow: MAX_WINDOW,
    async search(q) {
      const { json } = await call('POST', `/${encodeURIComponent(alias)}/_search`, searchBody(q));
      const hits = json?.hits;
      if (!hits || !Array.isArray(hits.hits)) throw new SearchEngineError('_search: 应答格式不正确');
      const total = typeof hits.total === 'number' ? { value: hits.total, relation: 'eq' } : hits.total;
      const value = Number(total?.value ?? 0);
      return {
        ids: hits.hits.map((h: { _id: string }) => Number(h._id)).filter((id: number) => Number.isSafeInteger(id)),
        total: Math.min(value, q.totalCap),
        totalCapped: total?.relation === 'gte' || value > q.totalCap,
      };
    },
    async index(docs: SearchDocument[]) {
      if (!docs.length) return;
      await ensureIndex();
      await bulk(docs.flatMap((d) => [{ index: { _id: String(d.id) } }, d]));
    },
    async remove(ids: number[]) {
      if (!ids.length) return;
      await ensureIndex();
      await bulk(ids.map((id) => ({ delete: { _id: String(id) } })));
    },
    async rebuild(batches) {
      const index = `${alias}_${stamp()}`;
      await call('PUT', `/${encodeURIComponent(index)}`, { ...INDEX_BODY, settings: { ...INDEX_BODY.settings, refresh_interval: '-1' } });
      let indexed = 0;
      for await (const docs of batches) {
        await bulk(
          docs.flatMap((d) => [{ index: { _id: String(d.id) } }, d]),
          index,
        );
        indexed += docs.length;
      }
      await call('PUT', `/${encodeURIComponent(index)}/_settings`, { index: { refresh_interval: null } });
      await call('POST', `/${encodeURIComponent(index)}/_refresh`);
      const { status, json } = await call('GET', `/_alias/${encodeURIComponent(alias)}`, undefined, { okStatuses: [404] });
      const old = status === 404 ? [] : Object.keys(json ?? {});
      await call('POST', '/_aliases', { actions: [...old.map((o) => ({ remove: { index: o, alias } })), { add: { index, alias, is_write_index: true } }] });
      for (const o of old) await call('DELETE', `/${encodeURIComponent(o)}`, undefined, { okStatuses: [404] });
      ready = Promise.resolve();
      return { indexed, index };
    },
  };
}

/** `20261122t215930` plus milliseconds: index names are lower case. */
function stamp() {
  return new Date().toISOString().replace(/[-:]/g, '').replace('.', '').replace('Z', '').toLowerCase();
}
