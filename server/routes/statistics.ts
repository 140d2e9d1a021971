import { Hono } from 'hono';
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  addDays,
  chinaDate,
  csvToImportRows,
  daysBetween,
  IMPORT_COLUMNS,
  statsDetailSchema,
  statsEditSchema,
  statsFilterSchema,
  statsImportRowSchema,
  statsImportSchema,
  statsListSchema,
  type StatsFigures,
  type StatsKpi,
} from '../../lib/resources/statistics';
import { access, canAccess } from '../auth/access';
import { dataScope, scopeCondition, subtreeIds, subtreeIdSet } from '../auth/scope';
import { departments, statistics, statisticsByDepartment, statisticsByMonth, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { allOf, parseListQuery } from '../crud/list';
import { logOperation } from '../crud/oplog';
import { ApiError, badRequest, fieldErrors, notFound, parseInput } from '../http/errors';
import { ok } from '../http/reply';
import { readJson } from '../http/body';
import type { AppEnv, SessionUser } from '../http/types';

/**
 * Statistics (DESIGN §11): sums, charts, lists and details are aggregates over the indexed
 * `statistics` rows (one per China day and editor), limited to the viewer's data scope; page
 * views and visitors are corrected one day and editor at a time (with a reason, logged) or
 * imported from CSV (preview, then apply: nothing stored while any row is bad).
 */

const s = statistics;
const bd = statisticsByDepartment;
const bm = statisticsByMonth;
/** Blank query values count as absent (cleared filter fields). */
const present = (q: Record<string, string>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== ''));

type Figures = { articles: AnyPgColumn | SQL; videos: AnyPgColumn | SQL; pv: AnyPgColumn | SQL; uv: AnyPgColumn | SQL };
/** The four sums over day rows, a rollup or a union of both (same names, same types). */
const sumsOf = (t: Figures) => ({
  articles: sql<number>`coalesce(sum(${t.articles}), 0)::int`,
  videos: sql<number>`coalesce(sum(${t.videos}), 0)::int`,
  pv: sql<number>`coalesce(sum(${t.pv}), 0)::bigint`.mapWith(Number),
  uv: sql<number>`coalesce(sum(${t.uv}), 0)::bigint`.mapWith(Number),
});

const scopeOf = (user: SessionUser) => scopeCondition(user, { userColumn: s.userId, departmentColumn: s.departmentId });

/** The default range: the last 30 China days, today included. */
function rangeOf(f: { from?: string; to?: string }) {
  const today = chinaDate();
  const to = f.to ?? (f.from ? addDays(f.from, 29) : today);
  const from = f.from ?? addDays(to, -29);
  return { from, to };
}

type Range = { from: string; to: string; departmentId?: number; userId?: number };

function filterWhere(user: SessionUser, f: Range): SQL | undefined {
  return allOf([
    gte(s.date, f.from),
    lte(s.date, f.to),
    f.departmentId ? eq(s.departmentId, f.departmentId) : undefined,
    f.userId ? eq(s.userId, f.userId) : undefined,
    scopeOf(user),
  ]);
}

/**
 * Whether a range is answered from the rollups (schema/statistics.ts): yes for the newsroom, a
 * department tree or one department; no for one editor (a filter or the 仅本人 scope), whose day rows
 * are at most a year's 366 and indexed.
 */
const usesRollups = (user: SessionUser, f: Range) => !f.userId && dataScope(user).kind !== 'self';

/** The department filter and the viewer's department scope on a rollup's department column. */
function departmentWhere(user: SessionUser, f: Range, column: AnyPgColumn): SQL | undefined {
  const scope = dataScope(user);
  return allOf([f.departmentId ? eq(column, f.departmentId) : undefined, scope.kind === 'department' ? sql`${column} IN ${subtreeIds(scope.rootId)}` : undefined]);
}

/**
 * Per-day figures of a range: the day and department rollup, or the day rows themselves. `editors`
 * is how many day rows (editors) a group holds.
 */
function daySource(user: SessionUser, f: Range) {
  if (!usesRollups(user, f)) return { table: s, where: filterWhere(user, f), date: s.date, departmentId: s.departmentId, editors: sql<number>`count(*)::int`, columns: { articles: s.articles, videos: s.videos, pv: s.pv, uv: s.uv } };
  return {
    table: bd,
    where: allOf([gte(bd.date, f.from), lte(bd.date, f.to), departmentWhere(user, f, bd.departmentId)]),
    date: bd.date,
    departmentId: bd.departmentId,
    editors: sql<number>`coalesce(sum(${bd.editors}), 0)::int`,
    columns: { articles: bd.articles, videos: bd.videos, pv: bd.pv, uv: bd.uv },
  };
}

/** The first day of a month; the first day of the next. */
const monthStart = (day: string) => `${day.slice(0, 8)}01`;
const nextMonth = (day: string) => monthStart(addDays(monthStart(day), 31));

/** The whole calendar months inside `from`..`to` (`start` their first day, `end` their last), or null. */
export function wholeMonths(from: string, to: string): { start: string; end: string } | null {
  const start = from === monthStart(from) ? from : nextMonth(from);
  const end = addDays(nextMonth(to), -1) === to ? to : addDays(monthStart(to), -1);
  return start <= end ? { start, end } : null;
}

/**
 * Per-editor figures of a range, as a subquery `x (user_id, department_id, days, articles, videos,
 * pv, uv)` to group by editor: the whole months from the month rollup and the partial months at
 * either end from the day rows; all of it from the day rows for one editor or a range without a
 * whole month. A row per editor and department, so `max(department_id)` is what the rows say.
 */
function editorSource(user: SessionUser, f: Range): SQL {
  const months = usesRollups(user, f) ? wholeMonths(f.from, f.to) : null;
  const dayRows = (from: string, to: string) =>
    sql`SELECT ${s.userId} AS user_id, ${s.departmentId} AS department_id, 1 AS days, ${s.articles} AS articles, ${s.videos} AS videos, ${s.pv}::bigint AS pv, ${s.uv}::bigint AS uv FROM ${s} WHERE ${filterWhere(user, { ...f, from, to })}`;
  if (!months) return sql`(${dayRows(f.from, f.to)}) AS x`;
  const parts = [
    sql`SELECT ${bm.userId}, ${bm.departmentId}, ${bm.days}, ${bm.articles}, ${bm.videos}, ${bm.pv}, ${bm.uv} FROM ${bm} WHERE ${allOf([gte(bm.month, months.start), lte(bm.month, monthStart(months.end)), departmentWhere(user, f, bm.departmentId)])}`,
  ];
  if (f.from < months.start) parts.push(dayRows(f.from, addDays(months.start, -1)));
  if (f.to > months.end) parts.push(dayRows(addDays(months.end, 1), f.to));
  return sql`(${sql.join(parts, sql` UNION ALL `)}) AS x`;
}
/** An editor's figures from `editorSource`, grouped by `x.user_id`. */
const x = {
  userId: sql<number>`x.user_id`,
  departmentId: sql<number | null>`max(x.department_id)`,
  ...sumsOf({ articles: sql`x.articles`, videos: sql`x.videos`, pv: sql`x.pv`, uv: sql`x.uv` }),
};
const xDays = sql<number>`coalesce(sum(x.days), 0)::int`;

const zero = (): StatsFigures => ({ articles: 0, videos: 0, pv: 0, uv: 0 });

/** Monday of a China day's week. */
function weekStart(day: string) {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

/**
 * Today, this week and this month so far, each against the same stretch of the period before
 * (yesterday; last week's same days; last month's first days, capped at its length).
 */
export function kpiPeriods(today: string): Array<Omit<StatsKpi, 'current' | 'previous'> & { prevFrom: string; prevTo: string }> {
  const ws = weekStart(today);
  const ms = `${today.slice(0, 8)}01`;
  const lastMs = addDays(ms, -1).slice(0, 8) + '01';
  const elapsed = daysBetween(ms, today);
  const lastMonthLen = daysBetween(lastMs, addDays(ms, -1));
  return [
    { key: 'today', label: '今日', previousLabel: '昨日', from: today, to: today, prevFrom: addDays(today, -1), prevTo: addDays(today, -1) },
    { key: 'week', label: '本周', previousLabel: '上周同期', from: ws, to: today, prevFrom: addDays(ws, -7), prevTo: addDays(today, -7) },
    { key: 'month', label: '本月', previousLabel: '上月同期', from: ms, to: today, prevFrom: lastMs, prevTo: addDays(lastMs, Math.min(elapsed, lastMonthLen) - 1) },
  ];
}

async function kpis(db: DbOrTx, user: SessionUser, today: string): Promise<StatsKpi[]> {
  const periods = kpiPeriods(today);
  const earliest = periods.reduce((m, p) => (p.prevFrom < m ? p.prevFrom : m), today);
  const src = daySource(user, { from: earliest, to: today });
  const cols: Record<string, SQL> = {};
  periods.forEach((p, i) => {
    for (const [side, from, to] of [['c', p.from, p.to], ['p', p.prevFrom, p.prevTo]] as const) {
      const cond = sql`${src.date} BETWEEN ${from} AND ${to}`;
      cols[`${side}${i}_articles`] = sql`coalesce(sum(${src.columns.articles}) FILTER (WHERE ${cond}), 0)::int`;
      cols[`${side}${i}_videos`] = sql`coalesce(sum(${src.columns.videos}) FILTER (WHERE ${cond}), 0)::int`;
      cols[`${side}${i}_pv`] = sql`coalesce(sum(${src.columns.pv}) FILTER (WHERE ${cond}), 0)::bigint`.mapWith(Number);
      cols[`${side}${i}_uv`] = sql`coalesce(sum(${src.columns.uv}) FILTER (WHERE ${cond}), 0)::bigint`.mapWith(Number);
    }
  });
  const [row] = await db.select(cols).from(src.table).where(src.where);
  const r = row as Record<string, number>;
  const pick = (side: string, i: number): StatsFigures => ({ articles: Number(r[`${side}${i}_articles`]), videos: Number(r[`${side}${i}_videos`]), pv: Number(r[`${side}${i}_pv`]), uv: Number(r[`${side}${i}_uv`]) });
  return periods.map(({ prevFrom: _pf, prevTo: _pt, ...p }, i) => ({ ...p, current: pick('c', i), previous: pick('p', i) }));
}

/** Names of editors and departments for a page of rows, in two queries (no per-row lookups). */
async function names(db: DbOrTx, userIds: number[], departmentIds: number[]) {
  const [u, d] = await Promise.all([
    userIds.length ? db.select({ id: users.id, username: users.username, name: users.name, departmentId: users.departmentId }).from(users).where(inArray(users.id, userIds)) : [],
    departmentIds.length ? db.select({ id: departments.id, name: departments.name }).from(departments).where(inArray(departments.id, departmentIds)) : [],
  ]);
  return { users: new Map(u.map((x) => [x.id, x])), departments: new Map(d.map((x) => [x.id, x.name])) };
}

async function editorRows<T extends { userId: number; departmentId: number | null }>(db: DbOrTx, rows: T[]) {
  const n = await names(db, [...new Set(rows.map((r) => r.userId))], [...new Set(rows.map((r) => r.departmentId).filter((x): x is number => x !== null))]);
  return rows.map((r) => ({ ...r, username: n.users.get(r.userId)?.username ?? `#${r.userId}`, name: n.users.get(r.userId)?.name ?? '（已删除）', departmentName: r.departmentId === null ? null : (n.departments.get(r.departmentId) ?? null) }));
}

const sortSchema = z.object({
  sort: z.enum(['articles', 'videos', 'pv', 'uv', 'date'], { error: '排序字段无效' }).optional(),
  order: z.enum(['ascend', 'descend'], { error: '排序方向只能是 ascend 或 descend' }).default('descend'),
});

/** Whether an editor is within the viewer's scope (404 otherwise: out of scope looks like missing). */
async function editorInScope(db: DbOrTx, user: SessionUser, userId: number) {
  const [u] = await db.select({ id: users.id, username: users.username, name: users.name, departmentId: users.departmentId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) return null;
  const scope = dataScope(user);
  if (scope.kind === 'self' && u.id !== user.id) return null;
  if (scope.kind === 'department' && (u.departmentId === null || !(await subtreeIdSet(db, scope.rootId)).has(u.departmentId))) return null;
  return u;
}

const importRow = z.record(z.string(), z.unknown());
type ImportPreviewRow = { line: number; date: string; username: string; pv: number | string; uv: number | string; userId?: number; name?: string; before?: { pv: number; uv: number } | null; error?: string };

export const statisticsRoutes = new Hono<AppEnv>()
  .get('/sum', access.route('/home'), async (c) => {
    const user = c.get('user')!;
    const today = chinaDate();
    return ok(c, { today, kpis: await kpis(c.get('db'), user, today) });
  })
  .get('/chart', access.anyRoute(['/home', '/operation/stats']), async (c) => {
    const f = parseInput(statsFilterSchema, present(c.req.query()));
    const { from, to } = rangeOf(f);
    const user = c.get('user')!;
    const db = c.get('db');
    const range = { ...f, from, to };
    const src = daySource(user, range);
    const sums = sumsOf(src.columns);
    const [byDay, byDepartment, byEditor] = await Promise.all([
      db.select({ date: src.date, ...sums }).from(src.table).where(src.where).groupBy(src.date).orderBy(src.date),
      db.select({ departmentId: src.departmentId, ...sums }).from(src.table).where(src.where).groupBy(src.departmentId).orderBy(sql`2 DESC`, src.departmentId),
      db
        .select(x)
        .from(editorSource(user, range))
        .groupBy(x.userId)
        .orderBy(sql`sum(x.articles) + sum(x.videos) DESC`, sql`sum(x.pv) DESC`, x.userId)
        .limit(10),
    ]);
    // Every day of the range, zeros included: the trend's axis has no gaps.
    const map = new Map(byDay.map((r) => [r.date, r]));
    const days = Array.from({ length: daysBetween(from, to) }, (_, i) => addDays(from, i)).map((date) => ({ ...zero(), ...map.get(date), date }));
    const n = await names(db, [], byDepartment.map((r) => r.departmentId).filter((x): x is number => x !== null));
    return ok(c, {
      from,
      to,
      days,
      departments: byDepartment.map((r) => ({ ...r, departmentName: r.departmentId === null ? '未分配部门' : (n.departments.get(r.departmentId) ?? `#${r.departmentId}`) })),
      editors: await editorRows(db, byEditor),
    });
  })
  .get('/options', access.anyRoute(['/home', '/operation/stats']), async (c) => {
    // The departments and editors the viewer may filter by (their data scope), for the filter bar.
    // 首页 filters by department only: the editor list (a staff directory of the scope) goes only to
    // people with 数据统计, whose filter bar has 编辑 (issue 14 I6).
    const user = c.get('user')!;
    const withEditors = canAccess(user, '/operation/stats');
    const db = c.get('db');
    const scope = dataScope(user);
    const allowed = scope.kind === 'department' ? [...(await subtreeIdSet(db, scope.rootId))] : null;
    const userWhere = scope.kind === 'self' ? eq(users.id, user.id) : allowed ? (allowed.length ? inArray(users.departmentId, allowed) : sql`false`) : undefined;
    const [depts, editors] = await Promise.all([
      scope.kind === 'self' ? [] : db.select({ id: departments.id, name: departments.name }).from(departments).where(allowed ? (allowed.length ? inArray(departments.id, allowed) : sql`false`) : undefined).orderBy(departments.sort, departments.id).limit(500),
      withEditors ? db.select({ id: users.id, username: users.username, name: users.name }).from(users).where(userWhere).orderBy(users.name, users.id).limit(2000) : [],
    ]);
    return ok(c, { departments: depts, editors });
  })
  .get('/list', access.route('/operation/stats'), async (c) => {
    const query = present(c.req.query());
    const { page, pageSize } = parseListQuery(query);
    const f = parseInput(statsFilterSchema, query);
    const { view } = parseInput(statsListSchema, query);
    const { sort, order } = parseInput(sortSchema, query);
    const { from, to } = rangeOf(f);
    const user = c.get('user')!;
    const db = c.get('db');
    const range = { ...f, from, to };
    const src = daySource(user, range);
    const dir = order === 'ascend' ? sql`ASC` : sql`DESC`;
    const totalsQ = Promise.all([
      db.select({ ...sumsOf(src.columns), days: sql<number>`count(DISTINCT ${src.date})::int` }).from(src.table).where(src.where),
      db.select({ editors: sql<number>`count(DISTINCT x.user_id)::int` }).from(editorSource(user, range)),
    ]).then(([[a], [b]]) => ({ ...a, ...b }));
    if (view === 'day') {
      const order_ = sort && sort !== 'date' ? sql`sum(${src.columns[sort]}) ${dir}, ${src.date} DESC` : sql`${src.date} ${dir}`;
      const [list, totals] = await Promise.all([
        db.select({ date: src.date, editors: src.editors, ...sumsOf(src.columns) }).from(src.table).where(src.where).groupBy(src.date).orderBy(order_).limit(pageSize).offset((page - 1) * pageSize),
        totalsQ,
      ]);
      return ok(c, { view, from, to, list: list.map((r) => ({ id: r.date, ...r })), page, pageSize, total: totals.days, totals });
    }
    const order_ = sort && sort !== 'date' ? sql`sum(x.${sql.raw(sort)}) ${dir}, x.user_id` : sql`sum(x.articles) + sum(x.videos) DESC, sum(x.pv) DESC, x.user_id`;
    const [rows, totals] = await Promise.all([
      db
        .select({ ...x, days: xDays })
        .from(editorSource(user, range))
        .groupBy(x.userId)
        .orderBy(order_)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      totalsQ,
    ]);
    return ok(c, { view, from, to, list: (await editorRows(db, rows)).map((r) => ({ id: r.userId, ...r })), page, pageSize, total: totals.editors, totals });
  })
  .get('/detail', access.route('/operation/stats'), async (c) => {
    const q = parseInput(statsDetailSchema, present(c.req.query()));
    const user = c.get('user')!;
    const db = c.get('db');
    if (q.userId !== undefined) {
      const editor = await editorInScope(db, user, q.userId);
      if (!editor) throw notFound('编辑不存在或不在你的数据范围内');
      const range = statsFilterSchema.safeParse({ from: q.from, to: q.to });
      if (!range.success) throw badRequest('提交的数据有误，请检查标红的字段', fieldErrors(range.error));
      const { from, to } = rangeOf(range.data);
      const rows = await db
        .select({ date: s.date, articles: s.articles, videos: s.videos, pv: s.pv, uv: s.uv, departmentId: s.departmentId, updatedAt: s.updatedAt })
        .from(s)
        .where(and(eq(s.userId, editor.id), gte(s.date, from), lte(s.date, to)))
        .orderBy(sql`${s.date} DESC`);
      const totals = rows.reduce((t, r) => ({ articles: t.articles + r.articles, videos: t.videos + r.videos, pv: t.pv + r.pv, uv: t.uv + r.uv }), zero());
      return ok(c, { kind: 'editor', editor: { id: editor.id, username: editor.username, name: editor.name }, from, to, list: rows, totals });
    }
    const date = q.date!;
    const rows = await db
      .select({ userId: s.userId, departmentId: s.departmentId, articles: s.articles, videos: s.videos, pv: s.pv, uv: s.uv, updatedAt: s.updatedAt })
      .from(s)
      .where(allOf([eq(s.date, date), scopeOf(user)]))
      .orderBy(sql`${s.articles} + ${s.videos} DESC`, sql`${s.pv} DESC`, s.userId)
      .limit(1000);
    const totals = rows.reduce((t, r) => ({ articles: t.articles + r.articles, videos: t.videos + r.videos, pv: t.pv + r.pv, uv: t.uv + r.uv }), zero());
    return ok(c, { kind: 'day', date, list: await editorRows(db, rows), totals });
  })
  .put('/edit', access.route('/operation/stats'), async (c) => {
    const input = parseInput(statsEditSchema, await readJson(c));
    const user = c.get('user')!;
    if (input.date > chinaDate()) throw badRequest('不能修改未来日期的数据', { date: '不能修改未来日期的数据' });
    const db = c.get('db');
    const result = await db.transaction(async (tx) => {
      const editor = await editorInScope(tx, user, input.userId);
      if (!editor) throw notFound('编辑不存在或不在你的数据范围内');
      const [before] = await tx.select().from(s).where(and(eq(s.date, input.date), eq(s.userId, input.userId))).for('update').limit(1);
      const [after] = await tx
        .insert(s)
        .values({ date: input.date, userId: input.userId, departmentId: before ? before.departmentId : editor.departmentId, pv: input.pv, uv: input.uv })
        .onConflictDoUpdate({ target: [s.date, s.userId], set: { pv: input.pv, uv: input.uv, updatedAt: new Date() } })
        .returning();
      await logOperation(tx, c, {
        type: 'update',
        resource: 'statistics',
        resourceId: `${input.date}/${input.userId}`,
        summary: `修正数据统计「${editor.name}」${input.date}：${input.reason}`,
        before: before ? { pv: before.pv, uv: before.uv } : { pv: 0, uv: 0 },
        after: { pv: after.pv, uv: after.uv, reason: input.reason },
      });
      return after;
    });
    return ok(c, result);
  })
  .post('/import', access.route('/operation/stats'), async (c) => {
    const input = parseInput(statsImportSchema, await readJson(c));
    const user = c.get('user')!;
    const db = c.get('db');
    const raw = input.rows ?? csvToImportRows(input.csv ?? '');
    if (raw.length === 0) throw badRequest('没有可导入的行：CSV 需要「日期,用户名,浏览量,访客数」四列', { rows: '没有可导入的行' });
    if (raw.length > 10_000) throw badRequest('一次最多导入 10000 行', { rows: '一次最多导入 10000 行' });
    const today = chinaDate();
    const rows: ImportPreviewRow[] = raw.map((r, i) => {
      const cell = (k: string) => (r[k] === undefined || r[k] === null ? '' : String(r[k]));
      const base = { line: i + 1, date: cell('date'), username: cell('username'), pv: cell('pv'), uv: cell('uv') };
      const parsed = statsImportRowSchema.safeParse(importRow.parse(r));
      if (!parsed.success) return { ...base, error: Object.values(fieldErrors(parsed.error)).join('；') };
      if (parsed.data.date > today) return { ...base, ...parsed.data, error: '不能导入未来日期的数据' };
      return { ...base, ...parsed.data };
    });
    // The editors, in one query; then scope, duplicates and the values they replace.
    const usernames = [...new Set(rows.filter((r) => !r.error).map((r) => r.username))];
    const found = usernames.length ? await db.select({ id: users.id, username: users.username, name: users.name, departmentId: users.departmentId }).from(users).where(inArray(users.username, usernames)) : [];
    const byName = new Map(found.map((u) => [u.username, u]));
    const scope = dataScope(user);
    const allowed = scope.kind === 'department' ? await subtreeIdSet(db, scope.rootId) : null;
    const seen = new Map<string, number>();
    for (const r of rows) {
      if (r.error) continue;
      const u = byName.get(r.username);
      if (!u) r.error = `用户「${r.username}」不存在`;
      else if ((scope.kind === 'self' && u.id !== user.id) || (allowed && (u.departmentId === null || !allowed.has(u.departmentId)))) r.error = `用户「${r.username}」不在你的数据范围内`;
      else {
        r.userId = u.id;
        r.name = u.name;
        const key = `${r.date}/${u.id}`;
        if (seen.has(key)) r.error = `与第 ${seen.get(key)} 行重复（同一日期和用户）`;
        else seen.set(key, r.line);
      }
    }
    const good = rows.filter((r) => !r.error);
    if (good.length) {
      const dates = [...new Set(good.map((r) => r.date))];
      const ids = [...new Set(good.map((r) => r.userId!))];
      const existing = await db.select({ date: s.date, userId: s.userId, pv: s.pv, uv: s.uv }).from(s).where(and(inArray(s.date, dates), inArray(s.userId, ids)));
      const map = new Map(existing.map((e) => [`${e.date}/${e.userId}`, { pv: e.pv, uv: e.uv }]));
      for (const r of good) r.before = map.get(`${r.date}/${r.userId}`) ?? null;
    }
    const errorCount = rows.length - good.length;
    const summary = { rows, total: rows.length, errorCount, columns: IMPORT_COLUMNS };
    if (!input.apply) return ok(c, { ...summary, applied: false });
    if (errorCount) throw new ApiError(400, `有 ${errorCount} 行有误，未导入任何数据，请修改后重新导入`, { rows: `${errorCount} 行有误` }, summary);
    await db.transaction(async (tx) => {
      // One statement: the rollup trigger adds the whole import up once, and like a publication the
      // import locks day rows first and rollup rows after, so the two cannot wait on each other.
      const values = good.map((r) => ({ date: r.date, user_id: r.userId!, department_id: byName.get(r.username)!.departmentId, pv: Number(r.pv), uv: Number(r.uv) }));
      await tx.execute(sql`
        INSERT INTO ${s} (date, user_id, department_id, pv, uv, updated_at)
        SELECT r.date, r.user_id, r.department_id, r.pv, r.uv, now()
        FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS r(date date, user_id int, department_id int, pv int, uv int)
        ON CONFLICT (date, user_id) DO UPDATE SET pv = EXCLUDED.pv, uv = EXCLUDED.uv, updated_at = EXCLUDED.updated_at`);
      const dates = good.map((r) => r.date).sort();
      await logOperation(tx, c, {
        type: 'update',
        resource: 'statistics',
        summary: `导入浏览量和访客数 ${good.length} 行（${dates[0]} 至 ${dates[dates.length - 1]}）`,
        before: good.filter((r) => r.before).map((r) => ({ date: r.date, userId: r.userId, ...r.before })).slice(0, 500),
        after: good.map((r) => ({ date: r.date, userId: r.userId, pv: Number(r.pv), uv: Number(r.uv) })).slice(0, 500),
      });
    });
    return ok(c, { ...summary, applied: true });
  });
