/**
 * `npm run search:reindex`: rebuilds the Elasticsearch/OpenSearch index of articles from the
 * database (DESIGN §10) — a new index filled 500 articles at a time, then the alias moved to it and
 * the old index dropped, so searches keep working meanwhile. Articles saved during the rebuild are
 * written again at the end. Needs ELASTICSEARCH_URL; uses the server's database settings (on PGlite
 * it takes the folder lock: stop the server first).
 */
import { gte } from 'drizzle-orm';
import { openDatabase } from '../startup';
import { articles } from '../db/schema';
import { dataDir, serverEnv } from '../env';
import { allDocuments, loadDocuments, searchBackendFromEnv } from '../articles/search';

async function main() {
  const search = searchBackendFromEnv();
  if (!search) {
    console.error('未设置 ELASTICSEARCH_URL：文章搜索由 PostgreSQL 负责，无需重建索引。');
    process.exit(1);
  }
  const env = serverEnv();
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: dataDir() });
  try {
    const started = new Date();
    const t0 = performance.now();
    const { indexed, index } = await search.rebuild(allDocuments(handle.db));
    // Saves made while the new index filled went to the old one: write them again.
    const changed = await handle.db.select({ id: articles.id }).from(articles).where(gte(articles.updatedAt, started));
    if (changed.length)
      await search.index(
        await loadDocuments(
          handle.db,
          changed.map((r) => r.id),
        ),
      );
    console.log(`已重建搜索索引 ${index}：${indexed} 篇文章（期间修改 ${changed.length} 篇已补写），用时 ${((performance.now() - t0) / 1000).toFixed(1)} 秒`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error('重建搜索索引失败:', err instanceof Error ? err.message : err);
  process.exit(1);
});
