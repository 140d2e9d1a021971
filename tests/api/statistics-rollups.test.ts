import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { contentEvents, departments, statistics, users } from '@/server/db/schema';
import { refreshPublications } from '@/server/content/statistics';
import { addDays, chinaDate, daysBetween } from '@/lib/resources/statistics';
import { kpiPeriods, wholeMonths } from '@/server/statistics/figures';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * The statistics rollups (migration 0020, docs/decisions.md) against the day rows they add up:
 * after random publications, corrections, imports, department moves and deletions, (1) each rollup
 * equals a GROUP BY over `statistics`, and (2) every sum, chart and list the API answers equals
 * the same figures computed here from all the day rows, for the whole newsroom, a department
 * manager (本部门 with a sub-team) and 仅本人. STATS_SEED=<n> replays another random history.
 */

const SEED = Number(process.env.STATS_SEED || 20261123);
const STATS = ['/operation/stats', '/home'];

/** mulberry32: a small seeded generator, so a failure replays. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = { date: string; userId: number; departmentId: number | null; articles: number; videos: number; pv: number; uv: number };
type Fig = { articles: number; videos: number; pv: number; uv: number };
const add = (t: Fig, r: Fig) => ({ articles: t.articles + r.articles, videos: t.videos + r.videos, pv: t.pv + r.pv, uv: t.uv + r.uv });
const zero = (): Fig => ({ articles: 0, videos: 0, pv: 0, uv: 0 });
const figs = (r: Fig): Fig => ({ articles: r.articles, videos: r.videos, pv: r.pv, uv: r.uv });
/** SQL's ORDER BY x ASC: nulls last. */
const nullsLast = (v: number | null) => (v === null ? Number.MAX_SAFE_INTEGER : v);

describe('whole months inside a range', () => {
  it('takes only calendar months wholly inside', () => {
    expect(wholeMonths('2026-01-01', '2026-01-31')).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(wholeMonths('2026-01-02', '2026-03-30')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(wholeMonths('2025-11-23', '2026-11-23')).toEqual({ start: '2025-12-01', end: '2026-10-31' });
    expect(wholeMonths('2024-02-01', '2024-02-29')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(wholeMonths('2026-01-02', '2026-02-27')).toBeNull();
    expect(wholeMonths('2026-03-05', '2026-03-05')).toBeNull();
    expect(wholeMonths('2025-12-31', '2026-02-01')).toEqual({ start: '2026-01-01', end: '2026-01-31' });
  });
});

describe.each(DB_KINDS)('statistics rollups on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let manager: { cookie: string; userId: number };
  let self: { cookie: string; userId: number };
  /** Department tree: news (with the sub-team flash), video, and editors without a department. */
  let news: number;
  let flash: number;
  let video: number;
  let editors: number[] = [];
  const today = chinaDate();
  const rand = random(SEED + (kind === 'postgres' ? 1 : 0));
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)];
  const int = (n: number) => Math.floor(rand() * n);
  /** A day of the last 14 months (both ends of a year-long range fall mid-month). */
  const someDay = () => addDays(today, -int(430));

  const allRows = async (): Promise<Row[]> =>
    t.db
      .select({
        date: statistics.date,
        userId: statistics.userId,
        departmentId: statistics.departmentId,
        articles: statistics.articles,
        videos: statistics.videos,
        pv: statistics.pv,
        uv: statistics.uv,
      })
      .from(statistics);

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    const post = async (body: unknown) => (await t.call('POST', '/api/departments', { cookie: admin, body })).body.data.id as number;
    news = await post({ name: '新闻部' });
    flash = await post({ name: '快讯组', parentId: news });
    video = await post({ name: '视频部' });
    manager = await createStaff(t, admin, { username: 'rollup_manager', routes: STATS, level: 2, departmentId: news });
    self = await createStaff(t, admin, { username: 'rollup_self', routes: STATS, level: 3, departmentId: flash });
    const homes = [news, flash, flash, video, video, null];
    const made = await t.db
      .insert(users)
      .values(homes.map((departmentId, i) => ({ username: `rollup_editor${i}`, name: `编辑${i}`, passwordHash: 'x', departmentId, enabled: true })))
      .returning({ id: users.id });
    editors = [...made.map((u) => u.id), self.userId];
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A first publication of a new item by `owner` at `at`, counted the way a transition counts it. */
  let contentId = 700_000;
  const publish = async (owner: number, day: string) => {
    const at = new Date(Date.parse(`${day}T00:00:00+08:00`) + int(86_400_000));
    await t.db.transaction(async (tx) => {
      await tx
        .insert(contentEvents)
        .values({ contentType: rand() < 0.7 ? 'article' : 'video', contentId: ++contentId, action: 'publish', fromStatus: 2, toStatus: 3, ownerId: owner, at });
      await refreshPublications(tx, owner, at);
    });
  };
  const username = async (id: number) => (await t.db.select({ u: users.username }).from(users).where(eq(users.id, id)))[0].u;

  it('a random history of publications, corrections, imports, moves and deletions', async () => {
    for (let round = 0; round < 3; round++) {
      // Publications: some on days an editor already has, some near today (the KPIs' weeks and months).
      for (let i = 0; i < 40; i++) await publish(pick(editors), i % 4 === 0 ? addDays(today, -int(40)) : someDay());
      // Corrections through the API (an editor's day with or without a row).
      for (let i = 0; i < 8; i++) {
        const pv = int(5000);
        const res = await t.call('PUT', '/api/statistics/edit', {
          cookie: admin,
          body: { date: i % 2 ? someDay() : addDays(today, -int(20)), userId: pick(editors), pv, uv: int(pv + 1), reason: `性质测试 ${round}/${i}` },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      // An import through the API: new days and days that already have rows.
      const existing = await allRows();
      const seen = new Set<string>();
      const rows: Array<{ date: string; username: string; pv: number; uv: number }> = [];
      for (let i = 0; i < 60; i++) {
        const base = i % 3 === 0 && existing.length ? pick(existing) : { date: someDay(), userId: pick(editors) };
        const key = `${base.date}/${base.userId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const pv = int(9000);
        rows.push({ date: base.date, username: await username(base.userId), pv, uv: int(pv + 1) });
      }
      const imported = await t.call('POST', '/api/statistics/import', { cookie: admin, body: { rows, apply: true } });
      expect(imported.status, JSON.stringify(imported.body).slice(0, 500)).toBe(200);
      // An editor moves to another department; their next recount carries the new one.
      const mover = pick(editors.slice(0, 6));
      await t.db
        .update(users)
        .set({ departmentId: pick([news, flash, video, null]) })
        .where(eq(users.id, mover));
      const moverRows = (await allRows()).filter((r) => r.userId === mover);
      for (const r of moverRows.slice(0, 5)) await publish(mover, r.date);
      // A few rows removed, and a multi-row update (no route does either; the triggers still must).
      const victims = (await allRows()).slice(0, 3);
      for (const v of victims) await t.db.execute(sql`DELETE FROM statistics WHERE date = ${v.date} AND user_id = ${v.userId}`);
      await t.db.execute(sql`UPDATE statistics SET pv = pv + 1, department_id = ${video} WHERE user_id = ${editors[0]} AND date >= ${addDays(today, -60)}`);
    }
    expect((await allRows()).length).toBeGreaterThan(150);
  });

  it('each rollup is exactly the GROUP BY of the day rows', async () => {
    const query = async (q: ReturnType<typeof sql>) =>
      ((await t.db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r) => JSON.stringify(r));
    const byDepartment = await query(
      sql`SELECT date::text, department_id, editors, articles, videos, pv::bigint::text AS pv, uv::bigint::text AS uv FROM statistics_by_department ORDER BY date, department_id`,
    );
    const expectedDept = await query(
      sql`SELECT date::text, department_id, count(*)::int AS editors, sum(articles)::int AS articles, sum(videos)::int AS videos, sum(pv)::bigint::text AS pv, sum(uv)::bigint::text AS uv FROM statistics GROUP BY date, department_id ORDER BY date, department_id`,
    );
    expect(byDepartment.length).toBeGreaterThan(50);
    expect(byDepartment).toEqual(expectedDept);
    const byMonth = await query(
      sql`SELECT month::text, user_id, department_id, days, articles, videos, pv::text, uv::text FROM statistics_by_month ORDER BY month, user_id, department_id`,
    );
    const expectedMonth = await query(
      sql`SELECT date_trunc('month', date::timestamp)::date::text AS month, user_id, department_id, count(*)::int AS days, sum(articles)::int AS articles, sum(videos)::int AS videos, sum(pv)::bigint::text AS pv, sum(uv)::bigint::text AS uv FROM statistics GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(byMonth).toEqual(expectedMonth);
  });

  it('every sum, chart and list equals the day rows added up here, in every data scope', async () => {
    const rows = await allRows();
    const depts = await t.db.select({ id: departments.id, parentId: departments.parentId }).from(departments);
    const subtree = (root: number) => {
      const ids = new Set([root]);
      let size = 0;
      while (ids.size !== size) {
        size = ids.size;
        for (const d of depts) if (d.parentId !== null && ids.has(d.parentId)) ids.add(d.id);
      }
      return ids;
    };
    const newsTree = subtree(news);
    const viewers = [
      { name: 'all', cookie: admin, sees: () => true },
      { name: '本部门', cookie: manager.cookie, sees: (r: Row) => r.departmentId !== null && newsTree.has(r.departmentId) },
      { name: '仅本人', cookie: self.cookie, sees: (r: Row) => r.userId === self.userId },
    ];
    const yearAgo = addDays(today, -365);
    const ranges = [
      { from: yearAgo, to: today },
      { from: addDays(today, -29), to: today },
      { from: `${addDays(today, -200).slice(0, 8)}01`, to: addDays(`${addDays(today, -140).slice(0, 8)}01`, -1) },
      { from: addDays(today, -400), to: addDays(today, -300) },
      { from: addDays(today, -45), to: addDays(today, -44) },
    ];
    const filters: Array<{ departmentId?: number; userId?: number }> = [{}, { departmentId: flash }, { departmentId: video }, { userId: editors[1] }];

    for (const viewer of viewers) {
      for (const range of ranges) {
        for (const filter of filters) {
          const label = `${viewer.name} ${range.from}..${range.to} ${JSON.stringify(filter)} seed ${SEED}`;
          const inRange = rows.filter(
            (r) =>
              viewer.sees(r) &&
              r.date >= range.from &&
              r.date <= range.to &&
              (!filter.departmentId || r.departmentId === filter.departmentId) &&
              (!filter.userId || r.userId === filter.userId),
          );
          const query = new URLSearchParams({ from: range.from, to: range.to, ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)])) });

          // Per day.
          const byDay = new Map<string, Fig & { editors: number }>();
          for (const r of inRange) {
            const d = byDay.get(r.date) ?? { ...zero(), editors: 0 };
            byDay.set(r.date, { ...add(d, r), editors: d.editors + 1 });
          }
          const totals = { ...inRange.reduce((s, r) => add(s, r), zero()), days: byDay.size, editors: new Set(inRange.map((r) => r.userId)).size };
          for (const [sort, order] of [
            [undefined, 'descend'],
            ['pv', 'descend'],
            ['articles', 'ascend'],
          ] as const) {
            const expected = [...byDay].map(([date, d]) => ({ date, ...d }));
            if (!sort) expected.sort((a, b) => (order === 'descend' ? b.date.localeCompare(a.date) : a.date.localeCompare(b.date)));
            else expected.sort((a, b) => (order === 'descend' ? b[sort] - a[sort] : a[sort] - b[sort]) || b.date.localeCompare(a.date));
            const q = new URLSearchParams(query);
            q.set('view', 'day');
            q.set('pageSize', '100');
            if (sort) q.set('sort', sort);
            q.set('order', order);
            const res = await t.call('GET', `/api/statistics/list?${q}`, { cookie: viewer.cookie });
            expect(res.status, label).toBe(200);
            const { list, total, totals: got } = res.body.data;
            expect(total, label).toBe(byDay.size);
            expect(got, label).toEqual(totals);
            expect(
              list.map((r: Row & { editors: number }) => ({ date: r.date, editors: r.editors, ...figs(r) })),
              `${label} day ${sort}`,
            ).toEqual(expected.slice(0, 100).map((r) => ({ date: r.date, editors: r.editors, ...figs(r) })));
          }

          // Per editor.
          const byEditor = new Map<number, Fig & { days: number; departmentId: number | null }>();
          for (const r of inRange) {
            const e = byEditor.get(r.userId) ?? { ...zero(), days: 0, departmentId: null };
            byEditor.set(r.userId, {
              ...add(e, r),
              days: e.days + 1,
              departmentId: r.departmentId === null ? e.departmentId : Math.max(e.departmentId ?? -Infinity, r.departmentId),
            });
          }
          const editorsList = [...byEditor].map(([userId, e]) => ({ userId, ...e }));
          const busiest = [...editorsList].sort((a, b) => b.articles + b.videos - (a.articles + a.videos) || b.pv - a.pv || a.userId - b.userId);
          for (const [sort, order] of [
            [undefined, 'descend'],
            ['uv', 'ascend'],
            ['videos', 'descend'],
          ] as const) {
            const expected = sort
              ? [...editorsList].sort((a, b) => (order === 'descend' ? b[sort] - a[sort] : a[sort] - b[sort]) || a.userId - b.userId)
              : busiest;
            const q = new URLSearchParams(query);
            q.set('view', 'editor');
            if (sort) q.set('sort', sort);
            q.set('order', order);
            const res = await t.call('GET', `/api/statistics/list?${q}`, { cookie: viewer.cookie });
            expect(res.body.data.total, label).toBe(byEditor.size);
            expect(res.body.data.totals, label).toEqual(totals);
            expect(
              res.body.data.list.map((r: Row & { days: number }) => ({ userId: r.userId, departmentId: r.departmentId, days: r.days, ...figs(r) })),
              `${label} editor ${sort}`,
            ).toEqual(expected.slice(0, 20).map((r) => ({ userId: r.userId, departmentId: r.departmentId, days: r.days, ...figs(r) })));
          }

          // The charts: every day of the range, the departments, the ten busiest editors.
          const chart = await t.call('GET', `/api/statistics/chart?${query}`, { cookie: viewer.cookie });
          expect(chart.status, label).toBe(200);
          expect(chart.body.data.days, label).toEqual(
            Array.from({ length: daysBetween(range.from, range.to) }, (_, i) => addDays(range.from, i)).map((date) => ({
              date,
              ...figs(byDay.get(date) ?? zero()),
            })),
          );
          const byDept = new Map<number | null, Fig>();
          for (const r of inRange) byDept.set(r.departmentId, add(byDept.get(r.departmentId) ?? zero(), r));
          expect(
            chart.body.data.departments.map((d: Row) => ({ departmentId: d.departmentId, ...figs(d) })),
            label,
          ).toEqual(
            [...byDept]
              .map(([departmentId, d]) => ({ departmentId, ...d }))
              .sort((a, b) => b.articles - a.articles || nullsLast(a.departmentId) - nullsLast(b.departmentId)),
          );
          expect(
            chart.body.data.editors.map((r: Row) => ({ userId: r.userId, departmentId: r.departmentId, ...figs(r) })),
            label,
          ).toEqual(busiest.slice(0, 10).map((r) => ({ userId: r.userId, departmentId: r.departmentId, ...figs(r) })));
        }
      }

      // The KPIs: three periods and the stretch before each.
      const sum = await t.call('GET', '/api/statistics/sum', { cookie: viewer.cookie });
      const within = (from: string, to: string) => rows.filter((r) => viewer.sees(r) && r.date >= from && r.date <= to).reduce((s, r) => add(s, r), zero());
      expect(
        sum.body.data.kpis.map((k: { key: string; current: Fig; previous: Fig }) => [k.key, k.current, k.previous]),
        `${viewer.name} KPIs`,
      ).toEqual(kpiPeriods(today).map((p) => [p.key, within(p.from, p.to), within(p.prevFrom, p.prevTo)]));
    }
  });
});
