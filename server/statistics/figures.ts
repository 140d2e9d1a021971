import { eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addDays, chinaDate, daysBetween, type StatsFigures, type StatsKpi } from '../../lib/resources/statistics';
import { dataScope, scopeCondition, subtreeIds, subtreeIdSet } from '../auth/scope';
import { departments, statistics, statisticsByDepartment, statisticsByMonth, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { allOf } from '../crud/list';
import type { SessionUser } from '../http/types';

/**
 * The statistics' queries (DESIGN §11): the viewer's scope, the day, month and department rollups
 * and when each may answer, the editors' rows and the KPI periods. The routes:
 * server/routes/statistics.ts; the rollups are kept by server/content/statistics.ts.
 */

const s = statistics;
const bd = statisticsByDepartment;
const bm = statisticsByMonth;

export type Figures = { articles: AnyPgColumn | SQL; videos: AnyPgColumn | SQL; pv: AnyPgColumn | SQL; uv: AnyPgColumn | SQL };
/** The four sums over day rows, a rollup or a union of both (same names, same types). */
export const sumsOf = (t: Figures) => ({
  articles: sql<number>`coalesce(sum(${t.articles}), 0)::int`,
  videos: sql<number>`coalesce(sum(${t.videos}), 0)::int`,
  pv: sql<number>`coalesce(sum(${t.pv}), 0)::bigint`.mapWith(Number),
  uv: sql<number>`coalesce(sum(${t.uv}), 0)::bigint`.mapWith(Number),
});

export const scopeOf = (user: SessionUser) => scopeCondition(user, { userColumn: s.userId, departmentColumn: s.departmentId });

/** The default range: the last 30 China days, today included. */
export function rangeOf(f: { from?: string; to?: string }) {
  const today = chinaDate();
  const to = f.to ?? (f.from ? addDays(f.from, 29) : today);
  const from = f.from ?? addDays(to, -29);
  return { from, to };
}

export type Range = { from: string; to: string; departmentId?: number; userId?: number };

export function filterWhere(user: SessionUser, f: Range): SQL | undefined {
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
export const usesRollups = (user: SessionUser, f: Range) => !f.userId && dataScope(user).kind !== 'self';

/** The department filter and the viewer's department scope on a rollup's department column. */
export function departmentWhere(user: SessionUser, f: Range, column: AnyPgColumn): SQL | undefined {
  const scope = dataScope(user);
  return allOf([
    f.departmentId ? eq(column, f.departmentId) : undefined,
    scope.kind === 'department' ? sql`${column} IN ${subtreeIds(scope.rootId)}` : undefined,
  ]);
}

/**
 * Per-day figures of a range: the day and department rollup, or the day rows themselves. `editors`
 * is how many day rows (editors) a group holds.
 */
export function daySource(user: SessionUser, f: Range) {
  if (!usesRollups(user, f))
    return {
      table: s,
      where: filterWhere(user, f),
      date: s.date,
      departmentId: s.departmentId,
      editors: sql<number>`count(*)::int`,
      columns: { articles: s.articles, videos: s.videos, pv: s.pv, uv: s.uv },
    };
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
export const monthStart = (day: string) => `${day.slice(0, 8)}01`;
export const nextMonth = (day: string) => monthStart(addDays(monthStart(day), 31));

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
export function editorSource(user: SessionUser, f: Range): SQL {
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
/** The editors' sums over `editorSource` (its rows are aliased `x` in the SQL). */
export const editorSums = {
  userId: sql<number>`x.user_id`,
  departmentId: sql<number | null>`max(x.department_id)`,
  ...sumsOf({ articles: sql`x.articles`, videos: sql`x.videos`, pv: sql`x.pv`, uv: sql`x.uv` }),
};
export const editorDays = sql<number>`coalesce(sum(x.days), 0)::int`;

export const zero = (): StatsFigures => ({ articles: 0, videos: 0, pv: 0, uv: 0 });

/** Monday of a China day's week. */
export function weekStart(day: string) {
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
    {
      key: 'month',
      label: '本月',
      previousLabel: '上月同期',
      from: ms,
      to: today,
      prevFrom: lastMs,
      prevTo: addDays(lastMs, Math.min(elapsed, lastMonthLen) - 1),
    },
  ];
}

export async function kpis(db: DbOrTx, user: SessionUser, today: string): Promise<StatsKpi[]> {
  const periods = kpiPeriods(today);
  const earliest = periods.reduce((m, p) => (p.prevFrom < m ? p.prevFrom : m), today);
  const src = daySource(user, { from: earliest, to: today });
  const cols: Record<string, SQL> = {};
  periods.forEach((p, i) => {
    for (const [side, from, to] of [
      ['c', p.from, p.to],
      ['p', p.prevFrom, p.prevTo],
    ] as const) {
      const cond = sql`${src.date} BETWEEN ${from} AND ${to}`;
      cols[`${side}${i}_articles`] = sql`coalesce(sum(${src.columns.articles}) FILTER (WHERE ${cond}), 0)::int`;
      cols[`${side}${i}_videos`] = sql`coalesce(sum(${src.columns.videos}) FILTER (WHERE ${cond}), 0)::int`;
      cols[`${side}${i}_pv`] = sql`coalesce(sum(${src.columns.pv}) FILTER (WHERE ${cond}), 0)::bigint`.mapWith(Number);
      cols[`${side}${i}_uv`] = sql`coalesce(sum(${src.columns.uv}) FILTER (WHERE ${cond}), 0)::bigint`.mapWith(Number);
    }
  });
  const [row] = await db.select(cols).from(src.table).where(src.where);
  const r = row as Record<string, number>;
  const pick = (side: string, i: number): StatsFigures => ({
    articles: Number(r[`${side}${i}_articles`]),
    videos: Number(r[`${side}${i}_videos`]),
    pv: Number(r[`${side}${i}_pv`]),
    uv: Number(r[`${side}${i}_uv`]),
  });
  return periods.map(({ prevFrom: _pf, prevTo: _pt, ...p }, i) => ({ ...p, current: pick('c', i), previous: pick('p', i) }));
}

/** Names of editors and departments for a page of rows, in two queries (no per-row lookups). */
export async function names(db: DbOrTx, userIds: number[], departmentIds: number[]) {
  const [u, d] = await Promise.all([
    userIds.length
      ? db.select({ id: users.id, username: users.username, name: users.name, departmentId: users.departmentId }).from(users).where(inArray(users.id, userIds))
      : [],
    departmentIds.length ? db.select({ id: departments.id, name: departments.name }).from(departments).where(inArray(departments.id, departmentIds)) : [],
  ]);
  return { users: new Map(u.map((x) => [x.id, x])), departments: new Map(d.map((x) => [x.id, x.name])) };
}

export async function editorRows<T extends { userId: number; departmentId: number | null }>(db: DbOrTx, rows: T[]) {
  const n = await names(db, [...new Set(rows.map((r) => r.userId))], [...new Set(rows.map((r) => r.departmentId).filter((x): x is number => x !== null))]);
  return rows.map((r) => ({
    ...r,
    username: n.users.get(r.userId)?.username ?? `#${r.userId}`,
    name: n.users.get(r.userId)?.name ?? '（已删除）',
    departmentName: r.departmentId === null ? null : (n.departments.get(r.departmentId) ?? null),
  }));
}

/** Whether an editor is within the viewer's scope (404 otherwise: out of scope looks like missing). */
export async function editorInScope(db: DbOrTx, user: SessionUser, userId: number) {
  const [u] = await db
    .select({ id: users.id, username: users.username, name: users.name, departmentId: users.departmentId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u) return null;
  const scope = dataScope(user);
  if (scope.kind === 'self' && u.id !== user.id) return null;
  if (scope.kind === 'department' && (u.departmentId === null || !(await subtreeIdSet(db, scope.rootId)).has(u.departmentId))) return null;
  return u;
}
