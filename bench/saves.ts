/**
 * `npm run bench:saves` (issue 17): 200 editors saving on one instance. Each editor has their own
 * article (a 2 000-character body) open with its edit lock, and saves through the real Hono app in
 * process (PGlite in memory, or BENCH_DATABASE_URL: a throw-away schema on PostgreSQL, the pool at
 * its production default of CMS_DB_POOL_MAX=10 unless BENCH_POOL is set). Two shapes:
 * - burst: every editor presses 保存 at the same moment (BENCH_BURSTS times): the worst queue;
 * - steady: each editor saves every 2–8 s at random for BENCH_STEADY_SECONDS (30), with the edit
 *   lock's 15 s heartbeat beside it, as a busy newsroom would.
 * Prints p50, p95, p99 and max of the saves, and (BENCH_PHASES=1) where one save spends its time:
 * each statement's database time by kind and the JavaScript between them (sanitize, content
 * check, search terms, JSON).
 */
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { hashPassword } from '../server/auth/password';
import { createSession } from '../server/auth/session';
import { openDatabase } from '../server/startup';
import { Pool } from 'pg';
import { randomBytes } from 'node:crypto';

const EDITORS = Number(process.env.BENCH_EDITORS || 200);
const BURSTS = Number(process.env.BENCH_BURSTS || 3);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS || 30);
const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const PARAGRAPH = '解放J6P牵引车在高速上的油耗表现一直是车队老板关心的话题，本次实测跑了一千二百公里。';

function body(editor: number, n: number) {
  // About 2 000 characters in 40 paragraphs; each save has changed one of them (the one typed in).
  const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>${PARAGRAPH}第${i + 1}段，编辑${editor}${i === n % 40 ? `第${n}次修改` : ''}。</p>`);
  return paragraphs.join('');
}

type Times = number[];
const q = (xs: Times, p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
};
const row = (name: string, xs: Times) =>
  `| ${name} | ${xs.length} | ${q(xs, 0.5).toFixed(0)} ms | ${q(xs, 0.95).toFixed(0)} ms | ${q(xs, 0.99).toFixed(0)} ms | ${Math.max(...xs).toFixed(0)} ms |`;

async function main() {
  process.env.CMS_ADMIN_PASSWORD ||= 'Bench#Admin-2026';
  const url = process.env.BENCH_DATABASE_URL;
  const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const poolMax = Number(process.env.BENCH_POOL || 10);
  const handle = await openDatabase(url ? { url, pgSchema: schema, quiet: true, poolMax } : { dataDir: 'memory', quiet: true });
  const { db } = handle;
  try {
    await db.execute(sql`INSERT INTO categories (type_id, name, sort) SELECT 1, '分类' || g, g FROM generate_series(1, 10) g`);
    const [role] = (
      await db.execute(sql`INSERT INTO roles (name, routes, level) VALUES ('编辑', '["/article/addArticle","/article/list"]'::jsonb, 1) RETURNING id`)
    ).rows as Array<{ id: number }>;
    const hash = await hashPassword('Bench#Editor-2026');
    await db.execute(
      sql`INSERT INTO users (username, name, password_hash, role_id) SELECT 'editor' || g, '编辑' || g, ${hash}, ${role.id} FROM generate_series(1, ${EDITORS}) g`,
    );
    const editors = (await db.execute(sql`SELECT id FROM users WHERE username LIKE 'editor%' ORDER BY id`)).rows as Array<{ id: number }>;
    const app = createApp({ getDb: async () => db, peer: () => ({ ip: '10.250.0.9', tls: false }), contentService: {} });

    // Each editor: a session, an article of their own, its edit lock.
    const people: Array<{ cookie: string; id: number; version: number; token: string; n: number }> = [];
    for (const [i, e] of editors.entries()) {
      const { token } = await createSession(db, {
        userId: e.id,
        ip: '10.250.0.9',
        userAgent: 'bench',
        now: new Date(),
        policy: { idleMinutes: 120, maxDays: 1 },
      });
      const cookie = `cms_session=${token}`;
      const created = await (
        await app.request('http://localhost/api/articles', {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 'article', title: `编辑${i + 1}的稿件`, content: body(i, 0), categoryId: 1 }),
        })
      ).json();
      if (created.status !== 0) throw new Error(JSON.stringify(created));
      const lock = await (
        await app.request(`http://localhost/api/articles/${created.data.id}/lock`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: '{}',
        })
      ).json();
      if (lock.status !== 0) throw new Error(JSON.stringify(lock));
      people.push({ cookie, id: created.data.id, version: created.data.version, token: lock.data.token, n: 0 });
    }
    await db.execute(sql`ANALYZE`);

    const save = async (p: (typeof people)[number], i: number) => {
      p.n++;
      const start = performance.now();
      const res = await app.request(`http://localhost/api/articles/${p.id}`, {
        method: 'PUT',
        headers: { cookie: p.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          version: p.version,
          title: `编辑${i + 1}的稿件（${p.n}）`,
          summary: `第${p.n}次保存`,
          content: body(i, p.n),
          lockToken: p.token,
        }),
      });
      const reply = await res.json();
      const ms = performance.now() - start;
      if (reply.status !== 0) throw new Error(`save: ${JSON.stringify(reply).slice(0, 300)}`);
      p.version = reply.data.version;
      return ms;
    };
    const heartbeat = async (p: (typeof people)[number]) => {
      const res = await app.request(`http://localhost/api/articles/${p.id}/lock`, {
        method: 'PUT',
        headers: { cookie: p.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ token: p.token }),
      });
      await res.arrayBuffer();
    };

    // Warm-up: one save each, one after the other (the content check's dictionary, the plans).
    const single: Times = [];
    for (const [i, p] of people.entries()) single.push(await save(p, i));

    console.log(`\n${EDITORS} editors saving, ${handle.kind}${url ? `, pool ${poolMax}` : ''}; load average ${loadavg()}`);
    console.log('| shape | saves | p50 | p95 | p99 | max |');
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(row('one at a time (warm-up)', single));

    const burst: Times = [];
    for (let b = 0; b < BURSTS; b++) burst.push(...(await Promise.all(people.map((p, i) => save(p, i)))));
    console.log(row(`burst: all ${EDITORS} at once, ${BURSTS} times`, burst));

    const steady: Times = [];
    const end = performance.now() + STEADY_SECONDS * 1000;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await Promise.all(
      people.map(async (p, i) => {
        let nextBeat = performance.now() + Math.random() * 15_000;
        await sleep(Math.random() * 8_000);
        while (performance.now() < end) {
          if (performance.now() >= nextBeat) {
            await heartbeat(p);
            nextBeat += 15_000;
          }
          steady.push(await save(p, i));
          await sleep(2_000 + Math.random() * 6_000);
        }
      }),
    );
    console.log(row(`steady: every 2–8 s each, ${STEADY_SECONDS} s (${(steady.length / STEADY_SECONDS).toFixed(0)} saves/s)`, steady));
    console.log(`load average after: ${loadavg()}`);

    if (process.env.BENCH_PHASES) await phases(db, people, save);
  } finally {
    await handle.close();
    if (url && schema && !process.env.BENCH_KEEP) {
      const pool = new Pool({ connectionString: url, max: 1 });
      await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
      await pool.end();
    }
  }
}

/** One save at a time, its statements timed by kind (the driver's query wrapped), the rest is JavaScript. */
async function phases(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  people: Array<{ cookie: string; id: number; version: number; token: string; n: number }>,
  save: (p: any, i: number) => Promise<number>,
) {
  const client = (db as any).$client;
  const stmts: Array<{ text: string; ms: number }> = [];
  let on = false;
  const wrap = (target: any) => {
    for (const m of ['query']) {
      const orig = target[m].bind(target);
      target[m] = async (...a: any[]) => {
        const t = performance.now();
        try {
          return await orig(...a);
        } finally {
          if (on) stmts.push({ text: typeof a[0] === 'string' ? a[0] : (a[0]?.text ?? ''), ms: performance.now() - t });
        }
      };
    }
  };
  wrap(client);
  // Transactions: pg checks a client out of the pool; PGlite runs them on itself.
  if (client.connect) {
    const connect = client.connect.bind(client);
    client.connect = (...a: any[]) => {
      if (typeof a[0] === 'function') return connect(...a); // pool.query's own checkout
      return connect().then((c: any) => {
        if (!c.__wrapped) {
          wrap(c);
          c.__wrapped = true;
        }
        return c;
      });
    };
  }
  if (client.transaction) {
    const transaction = client.transaction.bind(client);
    client.transaction = (fn: any) => transaction((tx: any) => (wrap(tx), fn(tx)));
  }
  const kinds = new Map<string, number[]>();
  const totals: number[] = [];
  const RUNS = 40;
  for (let r = 0; r < RUNS; r++) {
    stmts.length = 0;
    on = true;
    const ms = await save(people[r % people.length], r % people.length);
    on = false;
    totals.push(ms);
    const sums = new Map<string, number>();
    for (const s of stmts) {
      const m = /^\s*(select|insert into|update|delete from|begin|commit|set)\s*(?:.*?\bfrom\b\s*)?"?(\w+)?/i.exec(s.text.replace(/\s+/g, ' '));
      const k = m ? `${m[1].toLowerCase()} ${m[2] ?? ''}`.trim() : s.text.slice(0, 30);
      sums.set(k, (sums.get(k) ?? 0) + s.ms);
    }
    sums.set('(JavaScript and waits)', ms - stmts.reduce((a, s) => a + s.ms, 0));
    for (const [k, v] of sums) kinds.set(k, [...(kinds.get(k) ?? []), v]);
  }
  console.log(`\nOne save at a time (${RUNS} saves), mean ms per save: total ${(totals.reduce((a, b) => a + b) / RUNS).toFixed(2)}`);
  for (const [k, v] of [...kinds].sort((a, b) => b[1].reduce((x, y) => x + y) - a[1].reduce((x, y) => x + y)))
    console.log(`  ${k.padEnd(40)} ${(v.reduce((a, b) => a + b) / RUNS).toFixed(2)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
