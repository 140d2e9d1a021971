import type { Context } from 'hono';
import { and, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { chinaDate, statsImportRowSchema } from '../../lib/resources/statistics';
import { dataScope, subtreeIdSet } from '../auth/scope';
import { statistics, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { logOperation } from '../crud/oplog';
import { fieldErrors } from '../http/errors';
import type { AppEnv, SessionUser } from '../http/types';

/**
 * The CSV import of page views and visitors (数据统计 → 导入): every row checked (format, future
 * dates, the editor — a login name or a 姓名 naming one person — exists and is in the viewer's data scope, no duplicate day and editor) with the
 * values it would replace; applied only when no row is bad, in one statement (server/routes/statistics.ts).
 */

const s = statistics;
const importRow = z.record(z.string(), z.unknown());
export type ImportPreviewRow = {
  line: number;
  date: string;
  username: string;
  pv: number | string;
  uv: number | string;
  userId?: number;
  name?: string;
  before?: { pv: number; uv: number } | null;
  error?: string;
};

type Editor = { id: number; username: string; name: string; departmentId: number | null };

/** Each row with its error or the editor and the values it replaces; nothing is written. */
export async function previewImport(db: DbOrTx, user: SessionUser, raw: Array<Record<string, unknown>>) {
  const today = chinaDate();
  const rows: ImportPreviewRow[] = raw.map((r, i) => {
    const cell = (k: string) => (r[k] === undefined || r[k] === null ? '' : String(r[k]));
    const base = { line: i + 1, date: cell('date'), username: cell('username'), pv: cell('pv'), uv: cell('uv') };
    const parsed = statsImportRowSchema.safeParse(importRow.parse(r));
    if (!parsed.success) return { ...base, error: Object.values(fieldErrors(parsed.error)).join('；') };
    if (parsed.data.date > today) return { ...base, ...parsed.data, error: '不能导入未来日期的数据' };
    return { ...base, ...parsed.data };
  });
  // The editors, in one query (a cell is a login name or a 姓名); then scope, duplicates and the
  // values they replace. A login name wins; a 姓名 must name exactly one person in the viewer's scope.
  const cells = [...new Set(rows.filter((r) => !r.error).map((r) => r.username))];
  const found: Editor[] = cells.length
    ? await db
        .select({ id: users.id, username: users.username, name: users.name, departmentId: users.departmentId })
        .from(users)
        .where(or(inArray(users.username, cells), inArray(users.name, cells)))
        .orderBy(users.id)
    : [];
  const byUsername = new Map(found.map((u) => [u.username, u]));
  const byPersonName = new Map<string, Editor[]>();
  for (const u of found) byPersonName.set(u.name, [...(byPersonName.get(u.name) ?? []), u]);
  const scope = dataScope(user);
  const allowed = scope.kind === 'department' ? await subtreeIdSet(db, scope.rootId) : null;
  const inScope = (u: Editor) => !((scope.kind === 'self' && u.id !== user.id) || (allowed && (u.departmentId === null || !allowed.has(u.departmentId))));
  const seen = new Map<string, number>();
  const editors = new Map<number, Editor>();
  for (const r of rows) {
    if (r.error) continue;
    const cell = r.username;
    let u = byUsername.get(cell);
    if (!u) {
      const named = byPersonName.get(cell) ?? [];
      const visible = named.filter(inScope);
      if (visible.length > 1) {
        r.error = `姓名「${cell}」对应多个用户（${visible.map((v) => v.username).join('、')}），请改填用户名`;
        continue;
      }
      u = visible[0] ?? named[0];
    }
    if (!u) r.error = `用户「${cell}」不存在`;
    else if (!inScope(u)) r.error = `用户「${cell}」不在你的数据范围内`;
    else {
      r.userId = u.id;
      r.name = u.name;
      r.username = u.username;
      editors.set(u.id, u);
      const key = `${r.date}/${u.id}`;
      if (seen.has(key)) r.error = `与第 ${seen.get(key)} 行重复（同一日期和用户）`;
      else seen.set(key, r.line);
    }
  }
  const good = rows.filter((r) => !r.error);
  if (good.length) {
    const dates = [...new Set(good.map((r) => r.date))];
    const ids = [...new Set(good.map((r) => r.userId!))];
    const existing = await db
      .select({ date: s.date, userId: s.userId, pv: s.pv, uv: s.uv })
      .from(s)
      .where(and(inArray(s.date, dates), inArray(s.userId, ids)));
    const map = new Map(existing.map((e) => [`${e.date}/${e.userId}`, { pv: e.pv, uv: e.uv }]));
    for (const r of good) r.before = map.get(`${r.date}/${r.userId}`) ?? null;
  }
  return { rows, good, editors };
}

/** Writes the checked rows in one statement and logs them (what they replaced, up to 500 rows). */
export async function applyImport(c: Context<AppEnv>, good: ImportPreviewRow[], editors: Map<number, Editor>) {
  const db = c.get('db');
  await db.transaction(async (tx) => {
    // One statement: the rollup trigger adds the whole import up once, and like a publication the
    // import locks day rows first and rollup rows after, so the two cannot wait on each other.
    const values = good.map((r) => ({
      date: r.date,
      user_id: r.userId!,
      department_id: editors.get(r.userId!)!.departmentId,
      pv: Number(r.pv),
      uv: Number(r.uv),
    }));
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
      before: good
        .filter((r) => r.before)
        .map((r) => ({ date: r.date, userId: r.userId, ...r.before }))
        .slice(0, 500),
      after: good.map((r) => ({ date: r.date, userId: r.userId, pv: Number(r.pv), uv: Number(r.uv) })).slice(0, 500),
    });
  });
}
