/**
 * The article search engine of DESIGN §10. PostgreSQL answers by default (server/articles/list.ts,
 * the `search` tsvector); with `ELASTICSEARCH_URL` set, keyword searches go to Elasticsearch 8/9 or
 * OpenSearch 2/3 over their REST API (`./elasticsearch.ts`), every article write updates the index
 * after its commit, `npm run search:reindex` rebuilds it, and a search the cluster cannot answer
 * falls back to PostgreSQL with a notice.
 */
import type { Context } from 'hono';
import { asc, gt, inArray } from 'drizzle-orm';
import type { AppEnv } from '../../http/types';
import { articles } from '../../db/schema';
import type { DbOrTx } from '../../db/types';
import { htmlText } from '../../content/check';
import { elasticsearchBackend } from './elasticsearch';
import type { SearchBackend, SearchDocument, SearchSync } from './types';

/** The engine configured by the environment, or null for PostgreSQL. */
export function searchBackendFromEnv(env: Record<string, string | undefined> = process.env, fetchImpl?: typeof fetch): SearchBackend | null {
  const raw = env.ELASTICSEARCH_URL?.trim();
  if (!raw) return null;
  const url = new URL(raw);
  let authorization: string | undefined;
  if (env.ELASTICSEARCH_API_KEY) authorization = `ApiKey ${env.ELASTICSEARCH_API_KEY}`;
  else if (url.username) authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  url.username = '';
  url.password = '';
  return elasticsearchBackend({
    url: url.toString().replace(/\/$/, ''),
    index: env.ELASTICSEARCH_INDEX || 'cms_articles',
    authorization,
    timeoutMs: Number(env.ELASTICSEARCH_TIMEOUT_MS) || 3000,
    fetch: fetchImpl,
  });
}

const docColumns = {
  id: articles.id,
  kind: articles.kind,
  title: articles.title,
  summary: articles.summary,
  content: articles.content,
  categoryId: articles.categoryId,
  tagIds: articles.tagIds,
  editorId: articles.editorId,
  departmentId: articles.departmentId,
  status: articles.status,
  updatedAt: articles.updatedAt,
  publishedAt: articles.publishedAt,
};

type DocRow = { [K in keyof typeof docColumns]: unknown } & { id: number; content: string; updatedAt: Date; publishedAt: Date | null };

function toDocument(r: DocRow): SearchDocument {
  return {
    id: r.id,
    kind: r.kind as string,
    title: r.title as string,
    summary: r.summary as string,
    body: htmlText(r.content).replace(/\s+/g, ' ').trim().slice(0, 100_000),
    categoryId: r.categoryId as number | null,
    tagIds: r.tagIds as number[],
    editorId: r.editorId as number,
    departmentId: r.departmentId as number | null,
    status: r.status as number,
    updatedAt: r.updatedAt.toISOString(),
    publishedAt: r.publishedAt ? r.publishedAt.toISOString() : null,
  };
}

/** The documents of these articles as they are now. */
export async function loadDocuments(db: DbOrTx, ids: number[]): Promise<SearchDocument[]> {
  if (!ids.length) return [];
  const rows = await db.select(docColumns).from(articles).where(inArray(articles.id, ids));
  return (rows as DocRow[]).map(toDocument);
}

/** Every article, 500 at a time in id order (for the rebuild). */
export async function* allDocuments(db: DbOrTx, batch = 500): AsyncIterable<SearchDocument[]> {
  let after = 0;
  for (;;) {
    const rows = (await db.select(docColumns).from(articles).where(gt(articles.id, after)).orderBy(asc(articles.id)).limit(batch)) as DocRow[];
    if (!rows.length) return;
    yield rows.map(toDocument);
    after = rows.at(-1)!.id;
    if (rows.length < batch) return;
  }
}

/**
 * Keeps the index in step with the articles: after each commit the changed ids are re-read and
 * written (or removed). It never fails the request: a cluster that is down is logged, and the
 * rebuild command repairs the index. `idle()` resolves when nothing is pending (tests, shutdown).
 */
export function searchSync(backend: SearchBackend | null): SearchSync {
  const pending = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    const done = p
      .catch((err) => console.error(`[search] 索引更新失败（可运行 npm run search:reindex 重建）:`, err instanceof Error ? err.message : err))
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  return {
    changed(db: DbOrTx, ids: number[], removed = false) {
      if (!backend || !ids.length) return;
      track(removed ? backend.remove(ids) : loadDocuments(db, ids).then((docs) => backend.index(docs)));
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

/**
 * The scheduler's `onCommitted` (server/start-scheduler.ts): the articles its jobs published, took
 * offline or sent back to review are re-read into the index, as after a save.
 */
export function followScheduledJobs(sync: SearchSync, db: DbOrTx) {
  return (changed: Array<{ contentType: string; id: number }>) =>
    sync.changed(
      db,
      changed.filter((c) => isSearchIndexed(c.contentType)).map((c) => c.id),
    );
}

/** The content types the search engine holds (content_events / scheduled_jobs `content_type`). */
export const isSearchIndexed = (contentType: string) => contentType === 'article';

/**
 * Call after a transaction that changed articles commits (create, save, restore, workflow, move,
 * delete): the search engine, when configured, re-reads them (or drops them when `removed`).
 */
export function searchChanged(c: Context<AppEnv>, ids: number[], removed = false) {
  c.get('searchSync')?.changed(c.get('db'), ids, removed);
}
