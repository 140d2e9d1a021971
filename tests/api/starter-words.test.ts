import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { openDatabase } from '@/server/startup';
import { sensitiveWords } from '@/server/db/schema';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';

const STARTER_SQL = fs.readFileSync(path.join(process.cwd(), 'server/db/migrations/0024_starter_sensitive_words.sql'), 'utf8');

/** The starter dictionary a new installation gets (issue 15, migration 0024). */
describe.each(DB_KINDS)('the starter dictionary on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await setupTestApp(kind, { starterWords: true });
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  it('a new installation checks against a starter list of offers and spam', async () => {
    const list = await t.call('GET', '/api/sensitive_words?pageSize=100', { cookie: admin });
    expect(list.body.data.total).toBeGreaterThanOrEqual(100);
    expect(list.body.data.total).toBeLessThanOrEqual(150);
    const all = await t.db.select({ word: sensitiveWords.word, createdBy: sensitiveWords.createdBy }).from(sensitiveWords);
    expect(all.map((w) => w.word)).toEqual(expect.arrayContaining(['代开发票', '出售枪支', '博彩网站', '刷单返现', '冰毒出售']));
    expect(all.every((w) => w.createdBy === null)).toBe(true);
    const spam = await t.call('POST', '/api/articles', { cookie: admin, body: { title: '招聘', content: '<p>兼职刷单，日赚千元，另有发票代开</p>' } });
    expect(spam.body.data.checkResult.hits.sort()).toEqual(['兼职刷单', '发票代开', '日赚千元'].sort());
    // Ordinary trucking news passes.
    const news = await t.call('POST', '/api/articles', {
      cookie: admin,
      body: { title: '十月重卡销量', content: '<p>十月重卡销量同比增长，配套现有的国六车型，交警严查尿素屏蔽器和假车牌，购车发票请妥善保管。</p>' },
    });
    expect(news.body.data.checkResult.hits).toEqual([]);
  });

  it('is inserted only into an empty dictionary', async () => {
    await t.db.delete(sensitiveWords);
    await t.db.insert(sensitiveWords).values({ word: '自己的词' });
    await t.db.execute(sql.raw(STARTER_SQL));
    expect((await t.db.select({ word: sensitiveWords.word }).from(sensitiveWords)).map((w) => w.word)).toEqual(['自己的词']);
  });
});

describe('the starter dictionary is inserted once', () => {
  it('words a reviewer deleted do not come back when the application starts again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-words-'));
    try {
      const first = await openDatabase({ dataDir: dir, quiet: true });
      const [{ n }] = await first.db.select({ n: count() }).from(sensitiveWords);
      expect(n).toBeGreaterThanOrEqual(100);
      await first.db.delete(sensitiveWords).where(sql`${sensitiveWords.word} <> '出售枪支'`);
      await first.close();
      const second = await openDatabase({ dataDir: dir, quiet: true });
      expect((await second.db.select({ word: sensitiveWords.word }).from(sensitiveWords)).map((w) => w.word)).toEqual(['出售枪支']);
      await second.db.delete(sensitiveWords);
      await second.close();
      const third = await openDatabase({ dataDir: dir, quiet: true });
      const [{ left }] = await third.db.select({ left: count() }).from(sensitiveWords);
      expect(left).toBe(0);
      await third.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
