import { Hono } from 'hono';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  addDays,
  chinaDate,
  daysBetween,
  IMPORT_COLUMNS,
  readImportCsv,
  statsDetailSchema,
  statsEditSchema,
  statsFilterSchema,
  statsImportSchema,
  statsListSchema,
} from '../../lib/resources/statistics';
import { access, canAccess } from '../auth/access';
import { dataScope, subtreeIdSet } from '../auth/scope';
import { departments, statistics, users } from '../db/schema';
import { allOf, listQuerySchema, parseListQuery } from '../crud/list';
import { logOperation } from '../crud/oplog';
import { ApiError, badRequest, fieldErrors, notFound, parseInput } from '../http/errors';
import { ok } from '../http/reply';
import { answers } from '../http/answer';
import { statsChart, statsDayRow, statsDetail, statsImportResult, statsList, statsOptions, statsSum } from '../../lib/resources/schemas/statistics';
import { jsonBody, queryDoc, queryInput } from '../http/input';
import type { AppEnv } from '../http/types';
import { applyImport, previewImport } from '../statistics/import';
import {
  daySource,
  editorInScope,
  editorRows,
  editorSource,
  filterWhere,
  kpis,
  names,
  rangeOf,
  scopeOf,
  sumsOf,
  editorSums,
  editorDays,
  zero,
} from '../statistics/figures';

/**
 * Statistics (DESIGN §11): sums, charts, lists and details are aggregates over the indexed
 * `statistics` rows (one per China day and editor), limited to the viewer's data scope; page
 * views and visitors are corrected one day and editor at a time (with a reason, logged) or
 * imported from CSV (preview, then apply: nothing stored while any row is bad).
 */

const s = statistics;

/** Blank query values count as absent (cleared filter fields). */
const present = (q: Record<string, string>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== ''));

const sortSchema = z.object({
  sort: z.enum(['articles', 'videos', 'pv', 'uv', 'date'], { error: '排序字段无效' }).optional(),
  order: z.enum(['ascend', 'descend'], { error: '排序方向只能是 ascend 或 descend' }).default('descend'),
});

export const statisticsRoutes = new Hono<AppEnv>()
  .get('/sum', access.route('/home'), answers(statsSum), async (c) => {
    const user = c.get('user')!;
    const today = chinaDate();
    return ok(c, { today, kpis: await kpis(c.get('db'), user, today) });
  })
  .get('/chart', access.anyRoute(['/home', '/operation/stats']), queryInput(statsFilterSchema, { present: true }), answers(statsChart), async (c) => {
    const f = c.req.valid('query');
    const { from, to } = rangeOf(f);
    const user = c.get('user')!;
    const db = c.get('db');
    const range = { ...f, from, to };
    const src = daySource(user, range);
    const sums = sumsOf(src.columns);
    const [byDay, byDepartment, byEditor] = await Promise.all([
      db
        .select({ date: src.date, ...sums })
        .from(src.table)
        .where(src.where)
        .groupBy(src.date)
        .orderBy(src.date),
      db
        .select({ departmentId: src.departmentId, ...sums })
        .from(src.table)
        .where(src.where)
        .groupBy(src.departmentId)
        .orderBy(sql`2 DESC`, src.departmentId),
      db
        .select(editorSums)
        .from(editorSource(user, range))
        .groupBy(editorSums.userId)
        .orderBy(sql`sum(x.articles) + sum(x.videos) DESC`, sql`sum(x.pv) DESC`, editorSums.userId)
        .limit(10),
    ]);
    // Every day of the range, zeros included: the trend's axis has no gaps.
    const map = new Map(byDay.map((r) => [r.date, r]));
    const days = Array.from({ length: daysBetween(from, to) }, (_, i) => addDays(from, i)).map((date) => ({ ...zero(), ...map.get(date), date }));
    const n = await names(
      db,
      [],
      byDepartment.map((r) => r.departmentId).filter((x): x is number => x !== null),
    );
    return ok(c, {
      from,
      to,
      days,
      departments: byDepartment.map((r) => ({
        ...r,
        departmentName: r.departmentId === null ? '未分配部门' : (n.departments.get(r.departmentId) ?? `#${r.departmentId}`),
      })),
      editors: await editorRows(db, byEditor),
    });
  })
  .get('/options', access.anyRoute(['/home', '/operation/stats']), answers(statsOptions), async (c) => {
    // The departments and editors the viewer may filter by (their data scope), for the filter bar.
    // 首页 filters by department only: the editor list (a staff directory of the scope) goes only to
    // people with 数据统计, whose filter bar has 编辑 (issue 14 I6).
    const user = c.get('user')!;
    const withEditors = canAccess(user, '/operation/stats');
    const db = c.get('db');
    const scope = dataScope(user);
    const allowed = scope.kind === 'department' ? [...(await subtreeIdSet(db, scope.rootId))] : null;
    const userWhere =
      scope.kind === 'self' ? eq(users.id, user.id) : allowed ? (allowed.length ? inArray(users.departmentId, allowed) : sql`false`) : undefined;
    const [depts, editors] = await Promise.all([
      scope.kind === 'self'
        ? []
        : db
            .select({ id: departments.id, name: departments.name })
            .from(departments)
            .where(allowed ? (allowed.length ? inArray(departments.id, allowed) : sql`false`) : undefined)
            .orderBy(departments.sort, departments.id)
            .limit(500),
      withEditors
        ? db.select({ id: users.id, username: users.username, name: users.name }).from(users).where(userWhere).orderBy(users.name, users.id).limit(2000)
        : [],
    ]);
    return ok(c, { departments: depts, editors });
  })
  .get('/list', access.route('/operation/stats'), queryDoc(listQuerySchema, statsFilterSchema, statsListSchema, sortSchema), answers(statsList), async (c) => {
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
      db
        .select({ ...sumsOf(src.columns), days: sql<number>`count(DISTINCT ${src.date})::int` })
        .from(src.table)
        .where(src.where),
      db.select({ editors: sql<number>`count(DISTINCT x.user_id)::int` }).from(editorSource(user, range)),
    ]).then(([[a], [b]]) => ({ ...a, ...b }));
    if (view === 'row') {
      // 按日期和编辑: the day rows themselves (one per day and editor), the shape the import reads.
      const where = filterWhere(user, range);
      const order_ = sort && sort !== 'date' ? sql`${s[sort]} ${dir}, ${s.date} DESC, ${s.userId}` : sql`${s.date} ${dir}, ${s.userId}`;
      const [rows, [{ count }], totals] = await Promise.all([
        db
          .select({ date: s.date, userId: s.userId, departmentId: s.departmentId, articles: s.articles, videos: s.videos, pv: s.pv, uv: s.uv })
          .from(s)
          .where(where)
          .orderBy(order_)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(s)
          .where(where),
        totalsQ,
      ]);
      const list = (await editorRows(db, rows)).map((r) => ({ id: `${r.date}/${r.userId}`, ...r }));
      return ok(c, { view, from, to, list, page, pageSize, total: count, totals });
    }
    if (view === 'day') {
      const order_ = sort && sort !== 'date' ? sql`sum(${src.columns[sort]}) ${dir}, ${src.date} DESC` : sql`${src.date} ${dir}`;
      const [list, totals] = await Promise.all([
        db
          .select({ date: src.date, editors: src.editors, ...sumsOf(src.columns) })
          .from(src.table)
          .where(src.where)
          .groupBy(src.date)
          .orderBy(order_)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        totalsQ,
      ]);
      return ok(c, { view, from, to, list: list.map((r) => ({ id: r.date, ...r })), page, pageSize, total: totals.days, totals });
    }
    const order_ =
      sort && sort !== 'date' ? sql`sum(x.${sql.raw(sort)}) ${dir}, x.user_id` : sql`sum(x.articles) + sum(x.videos) DESC, sum(x.pv) DESC, x.user_id`;
    const [rows, totals] = await Promise.all([
      db
        .select({ ...editorSums, days: editorDays })
        .from(editorSource(user, range))
        .groupBy(editorSums.userId)
        .orderBy(order_)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      totalsQ,
    ]);
    return ok(c, { view, from, to, list: (await editorRows(db, rows)).map((r) => ({ id: r.userId, ...r })), page, pageSize, total: totals.editors, totals });
  })
  .get('/detail', access.route('/operation/stats'), queryInput(statsDetailSchema, { present: true }), answers(statsDetail), async (c) => {
    const q = c.req.valid('query');
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
  .put('/edit', access.route('/operation/stats'), jsonBody(statsEditSchema), answers(statsDayRow), async (c) => {
    const input = c.req.valid('json');
    const user = c.get('user')!;
    if (input.date > chinaDate()) throw badRequest('不能修改未来日期的数据', { date: '不能修改未来日期的数据' });
    const db = c.get('db');
    const result = await db.transaction(async (tx) => {
      const editor = await editorInScope(tx, user, input.userId);
      if (!editor) throw notFound('编辑不存在或不在你的数据范围内');
      const [before] = await tx
        .select()
        .from(s)
        .where(and(eq(s.date, input.date), eq(s.userId, input.userId)))
        .for('update')
        .limit(1);
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
  .post('/import', access.route('/operation/stats'), jsonBody(statsImportSchema), answers(statsImportResult), async (c) => {
    const input = c.req.valid('json');
    const user = c.get('user')!;
    const db = c.get('db');
    const csv = input.rows ? null : readImportCsv(input.csv ?? '');
    if (csv?.missing.length) {
      const message = `CSV 缺少「${csv.missing.join('」「')}」列：请用「下载模板」的格式，或「按日期和编辑」视图导出的文件（按日期、按编辑的导出是合计，不能导入）`;
      throw badRequest(message, { csv: message });
    }
    const raw = input.rows ?? csv!.rows;
    if (raw.length === 0) throw badRequest('没有可导入的行：CSV 需要「日期,用户名,浏览量,访客数」四列', { rows: '没有可导入的行' });
    if (raw.length > 10_000) throw badRequest('一次最多导入 10000 行', { rows: '一次最多导入 10000 行' });
    const { rows, good, editors } = await previewImport(db, user, raw);
    const errorCount = rows.length - good.length;
    const summary = { rows, total: rows.length, errorCount, columns: IMPORT_COLUMNS };
    if (!input.apply) return ok(c, { ...summary, applied: false });
    if (errorCount) throw new ApiError(400, `有 ${errorCount} 行有误，未导入任何数据，请修改后重新导入`, { rows: `${errorCount} 行有误` }, summary);
    await applyImport(c, good, editors);
    return ok(c, { ...summary, applied: true });
  });
