import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { prepareStatements } from '@/server/db/pglite-statements';

/**
 * Issue 17: PGlite's statements prepared once by name (server/db/pglite-statements.ts). What a
 * caller sees must be what PGlite's own `query` gives: the same rows and types, errors, transactions,
 * NOTIFY; only the trips into the database are fewer.
 */
describe('named prepared statements on PGlite', () => {
  let plain: PGlite;
  let fast: PGlite;
  let statements: { size(): number };

  // One pair for the file (opening a PGlite takes seconds); each test starts from an empty table.
  beforeAll(async () => {
    plain = new PGlite();
    fast = new PGlite();
    statements = await prepareStatements(fast, 3);
    for (const db of [plain, fast]) {
      await db.exec(
        `CREATE TABLE notes (id serial PRIMARY KEY, title text UNIQUE NOT NULL, body jsonb, tags text[], at timestamptz DEFAULT '2026-11-26 08:00:00+00', n bigint)`,
      );
    }
  });
  beforeEach(async () => {
    for (const db of [plain, fast]) await db.exec('TRUNCATE notes RESTART IDENTITY');
  });
  afterAll(async () => {
    await plain?.close();
    await fast?.close();
  });

  it('gives the same rows, types and counts as PGlite’s own query, in both row modes and with a caller’s parsers', async () => {
    const insert = 'INSERT INTO notes (title, body, tags, n) VALUES ($1, $2, $3, $4) RETURNING id';
    for (const db of [plain, fast]) {
      await db.query(insert, ['解放J6P', { km: 1200, ok: true }, ['牵引车', '油耗'], 9007199254740993n]);
      await db.query(insert, ['东风天龙', null, [], null]);
    }
    const select = 'SELECT id, title, body, tags, at, n FROM notes WHERE id >= $1 ORDER BY id';
    for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { 1184: (x: string) => `at ${x}` } }]) {
      const [a, b] = [await plain.query(select, [1], options), await fast.query(select, [1], options)];
      expect(b.rows).toEqual(a.rows);
      expect(b.fields).toEqual(a.fields);
    }
    const [u1, u2] = [await plain.query('UPDATE notes SET n = 1 WHERE id > $1', [0]), await fast.query('UPDATE notes SET n = 1 WHERE id > $1', [0])];
    expect(u2.affectedRows).toBe(u1.affectedRows);
    expect(u2.affectedRows).toBe(2);
  });

  it('is installed once per client: a second call returns the first', async () => {
    expect(await prepareStatements(fast, 99)).toBe(statements);
    expect((await fast.query<{ v: number }>('SELECT $1::int AS v', [7])).rows).toEqual([{ v: 7 }]);
  });

  it('parses a text once: repeating it adds no statement, and past the limit the least recently used is closed', async () => {
    const names = async () =>
      (await fast.query<{ names: string[] }>('SELECT array_agg(name ORDER BY name) AS names FROM pg_prepared_statements')).rows[0].names;
    await fast.query('SELECT $1::int + 1 AS v', [0]);
    const first = await names();
    // Three statements (the limit in this test): the names query, this text and one from before.
    expect(first).toHaveLength(3);
    for (let i = 0; i < 5; i++) expect((await fast.query<{ v: number }>('SELECT $1::int + 1 AS v', [i])).rows[0].v).toBe(i + 1);
    expect(await names()).toEqual(first);
    for (let i = 2; i <= 5; i++) await fast.query(`SELECT $1::int + ${i} AS v`, [1]);
    // Four new texts: the oldest were closed, in the database as in the cache.
    expect(statements.size()).toBe(3);
    const after = await names();
    expect(after).toHaveLength(3);
    expect(after.filter((n) => first.includes(n))).toHaveLength(0);
    // A closed one works again (parsed anew).
    expect((await fast.query<{ v: number }>('SELECT $1::int + 1 AS v', [41])).rows[0].v).toBe(42);
  });

  it('each execution is planned for its own values and planner settings, as an unnamed statement is', async () => {
    await fast.exec(`INSERT INTO notes (title, n) SELECT '标题' || g, g FROM generate_series(1, 2000) g; ANALYZE notes`);
    const text = 'SELECT id FROM notes WHERE title = $1';
    for (let i = 0; i < 8; i++) await fast.query(text, [`标题${i + 1}`]);
    // Run under a changed setting, as the article list's rare-keyword path does (SET LOCAL enable_indexscan = off).
    await fast.transaction(async (tx) => {
      await tx.exec('SET LOCAL enable_indexscan = off');
      expect((await tx.query(text, ['标题9'])).rows).toEqual([{ id: 9 }]);
    });
    const [plans] = (
      await fast.query<{ generic: number; custom: number }>(
        'SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement = $1',
        [text],
      )
    ).rows;
    expect(plans).toEqual({ generic: 0, custom: 9 });
  });

  it('an error is PGlite’s, with its code and the query, and the next statement runs normally', async () => {
    await fast.query('INSERT INTO notes (title) VALUES ($1)', ['重复']);
    const err = await fast.query('INSERT INTO notes (title) VALUES ($1)', ['重复']).catch((e) => e);
    expect(err).toMatchObject({ code: '23505', query: 'INSERT INTO notes (title) VALUES ($1)', params: ['重复'] });
    expect(String(await fast.query('SELEC 1').catch((e) => e.message))).toMatch(/syntax error/);
    expect((await fast.query<{ n: number }>('SELECT count(*)::int AS n FROM notes')).rows[0].n).toBe(1);
  });

  it('a transaction is one: an error inside rolls back what it wrote, a plain query waits for the commit, a closed one refuses', async () => {
    await expect(
      fast.transaction(async (tx) => {
        await tx.query('INSERT INTO notes (title) VALUES ($1)', ['事务内']);
        await tx.query('INSERT INTO notes (title) VALUES ($1)', ['事务内']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await fast.query('SELECT 1 FROM notes WHERE title = $1', ['事务内'])).rows).toHaveLength(0);

    const order: string[] = [];
    let leaked: (() => Promise<unknown>) | undefined;
    const tx = fast.transaction(async (t) => {
      await t.query('INSERT INTO notes (title) VALUES ($1)', ['稍后提交']);
      await new Promise((r) => setTimeout(r, 50));
      order.push('commit');
      leaked = () => t.query('SELECT 1');
    });
    await new Promise((r) => setTimeout(r, 5));
    const seen = fast.query('SELECT count(*)::int AS n FROM notes WHERE title = $1', ['稍后提交']).then((r) => {
      order.push('plain');
      return (r.rows[0] as { n: number }).n;
    });
    await tx;
    expect(await seen).toBe(1);
    expect(order).toEqual(['commit', 'plain']);
    await expect(leaked!()).rejects.toThrow('Transaction is closed');
  });

  it('NOTIFY reaches listeners, from a plain statement and from a transaction once it commits', async () => {
    const heard: string[] = [];
    await fast.listen('cms_test', (payload) => heard.push(payload));
    await fast.query("SELECT pg_notify('cms_test', $1)", ['plain']);
    await fast.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('cms_test', $1)", ['in a transaction']);
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(heard).toEqual(['plain', 'in a transaction']);
  });

  it('a statement prepared before a schema change is prepared again for the new shape', async () => {
    await fast.exec(`CREATE TABLE shapes (id serial PRIMARY KEY, title text); INSERT INTO shapes (title) VALUES ('旧')`);
    expect(Object.keys((await fast.query('SELECT * FROM shapes WHERE id > $1', [0])).rows[0] as object)).toEqual(['id', 'title']);
    await fast.exec(`ALTER TABLE shapes ADD COLUMN extra text DEFAULT '新列'`);
    expect((await fast.query('SELECT * FROM shapes WHERE id > $1', [0])).rows[0]).toEqual({ id: 1, title: '旧', extra: '新列' });
  });
});
