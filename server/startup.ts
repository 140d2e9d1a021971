import { getDatabase } from './db/client';

try {
  const handle = await getDatabase();
  console.log(`[cms] 数据库已就绪 (${handle.kind === 'pglite' ? 'PGlite 嵌入式' : 'PostgreSQL'})`);
} catch (err) {
  console.error(`\n[cms] 无法启动：${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
