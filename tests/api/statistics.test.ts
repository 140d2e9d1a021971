import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { contentEvents, operationLogs, statistics } from '@/server/db/schema';
import { refreshPublications } from '@/server/content/statistics';
import {
  addDays,
  chinaDate,
  csvToImportRows,
  IMPORT_TEMPLATE,
  normalizeImportDay,
  readImportCsv,
  statsExportCells,
  type StatsView,
} from '@/lib/resources/statistics';
import { csvField } from '@/lib/csv';
import { kpiPeriods } from '@/server/statistics/figures';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

const STATS = ['/operation/stats', '/home'];
const WRITER = ['/article/addArticle', '/article/list'];

describe('statistics days and periods', () => {
  it('a China day starts at 16:00 UTC the day before', () => {
    expect(chinaDate(new Date('2026-11-22T15:59:59.999Z'))).toBe('2026-11-22');
    expect(chinaDate(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
  });
  it('KPIs compare with the same stretch of the period before', () => {
    // Wednesday 2026-03-04: the week from Monday the 2nd; March's 4 days against February's first 4.
    const [today, week, month] = kpiPeriods('2026-03-04');
    expect(today).toMatchObject({ from: '2026-03-04', prevFrom: '2026-03-03', prevTo: '2026-03-03' });
    expect(week).toMatchObject({ from: '2026-03-02', to: '2026-03-04', prevFrom: '2026-02-23', prevTo: '2026-02-25' });
    expect(month).toMatchObject({ from: '2026-03-01', prevFrom: '2026-02-01', prevTo: '2026-02-04' });
    // The 31st against a 28-day February: the whole of February.
    expect(kpiPeriods('2026-03-31')[2]).toMatchObject({ prevFrom: '2026-02-01', prevTo: '2026-02-28' });
  });
  it('CSV rows: header skipped, quotes kept', () => {
    expect(csvToImportRows('\uFEFF日期,用户名,浏览量,访客数\r\n2026-11-01,"zhang,wei",10,5\n\n')).toEqual([
      { date: '2026-11-01', username: 'zhang,wei', pv: '10', uv: '5' },
    ]);
  });
  it("import days: Excel's YYYY/M/D and its siblings become YYYY-MM-DD; anything else is left to be refused", () => {
    expect(normalizeImportDay('2026/11/5')).toBe('2026-11-05');
    expect(normalizeImportDay('2026/11/25')).toBe('2026-11-25');
    expect(normalizeImportDay(' 2026-1-5 ')).toBe('2026-01-05');
    expect(normalizeImportDay('2026.11.05')).toBe('2026-11-05');
    expect(normalizeImportDay('2026年11月5日')).toBe('2026-11-05');
    expect(normalizeImportDay('2026/11/5 0:00')).toBe('2026-11-05');
    expect(normalizeImportDay('11/5/2026')).toBe('11/5/2026');
  });
  it('import columns are found by their header names; a header without 日期 or 用户名 says which is missing', () => {
    expect(readImportCsv('日期,用户名,姓名,部门,文章,视频,浏览量,访客数\n2026/11/1,lina,李娜,快讯组,3,0,"1,200",300')).toEqual({
      rows: [{ date: '2026/11/1', username: 'lina', pv: '1,200', uv: '300' }],
      missing: [],
    });
    // 姓名 stands in when there is no 用户名 column, and the order is free.
    expect(readImportCsv('访客数,姓名,浏览量,日期\n5,李娜,9,2026-11-01').rows).toEqual([{ date: '2026-11-01', username: '李娜', pv: '9', uv: '5' }]);
    expect(readImportCsv('编辑,用户名,部门,文章,视频,浏览量,访客数,有数据的天数\n李娜,lina,快讯组,1,0,5,1,1').missing).toEqual(['日期']);
    expect(readImportCsv('日期,文章,视频,浏览量,访客数,有数据的编辑\n2026-11-01,1,0,5,1,1').missing).toEqual(['用户名']);
    expect(readImportCsv(IMPORT_TEMPLATE)).toMatchObject({ missing: [], rows: [{ date: '2026/11/1', pv: '1200', uv: '300' }] });
  });
});

describe.each(DB_KINDS)('statistics on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let writer: { cookie: string; userId: number };
  let other: { cookie: string; userId: number };
  let manager: { cookie: string; userId: number };
  let self: { cookie: string; userId: number };
  let dept: number;
  let team: number;
  let elsewhere: number;
  const today = chinaDate();

  const stat = async (userId: number, date = today) =>
    (
      await t.db
        .select()
        .from(statistics)
        .where(and(eq(statistics.userId, userId), eq(statistics.date, date)))
    )[0];
  const create = async (cookie: string, title: string) => {
    const res = await t.call('POST', '/api/articles', { cookie, body: { title, content: '<p>正文</p>' } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data.id as number;
  };
  const publish = async (id: number) => {
    const res = await t.call('PUT', `/api/articles/publish/${id}`, { cookie: admin, body: {} });
    expect(res.body.data).toMatchObject({ status: 3 });
  };

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    const post = async (body: unknown) => (await t.call('POST', '/api/departments', { cookie: admin, body })).body.data.id as number;
    dept = await post({ name: '编辑部' });
    team = await post({ name: '快讯组', parentId: dept });
    elsewhere = await post({ name: '视频部' });
    writer = await createStaff(t, admin, { username: 'writer1', routes: WRITER, departmentId: team });
    other = await createStaff(t, admin, { username: 'other1', routes: WRITER, departmentId: elsewhere });
    manager = await createStaff(t, admin, { username: 'manager1', routes: STATS, level: 2, departmentId: dept });
    self = await createStaff(t, admin, { username: 'self1', routes: STATS, level: 3, departmentId: dept });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('publishing counts on the editor and China day of the event; offline and republish change nothing; the figure equals the events', async () => {
    expect(await stat(writer.userId)).toBeUndefined();
    const a = await create(writer.cookie, '解放J7 上市');
    // Submitting is not publishing.
    expect((await t.call('PUT', `/api/articles/submit/${a}`, { cookie: writer.cookie, body: {} })).status).toBe(200);
    expect(await stat(writer.userId)).toBeUndefined();
    const approved = await t.call('PUT', `/api/articles_review/${a}`, { cookie: admin, body: { action: 'approve' } });
    expect(approved.body.data.status).toBe(3);
    expect(await stat(writer.userId)).toMatchObject({ articles: 1, videos: 0, departmentId: team });

    expect((await t.call('PUT', `/api/articles/offline/${a}`, { cookie: admin })).body.data.status).toBe(4);
    expect((await stat(writer.userId)).articles).toBe(1);
    expect((await t.call('PUT', `/api/articles/republish/${a}`, { cookie: admin })).body.data.status).toBe(3);
    expect((await stat(writer.userId)).articles).toBe(1);

    const b = await create(writer.cookie, '重卡销量');
    await publish(b);
    expect((await stat(writer.userId)).articles).toBe(2);
    // The administrator published it: the count is the editor's, not the publisher's.
    expect(await stat((await t.call('GET', '/api/login_info', { cookie: admin })).body.data?.id ?? -1)).toBeUndefined();

    // Exactly what the events say: the first publications of the writer's items today.
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(DISTINCT ${contentEvents.contentId})::int` })
      .from(contentEvents)
      .where(and(eq(contentEvents.ownerId, writer.userId), eq(contentEvents.toStatus, 3)));
    expect(n).toBe(2);
  });

  it('the day is the China day of the event (an event at 23:59 and at 00:00 China time)', async () => {
    const insert = (id: number, at: string) =>
      t.db
        .insert(contentEvents)
        .values({ contentType: 'video', contentId: id, action: 'publish', fromStatus: 0, toStatus: 3, ownerId: other.userId, at: new Date(at) });
    await insert(900001, '2026-01-10T15:59:00Z');
    await insert(900002, '2026-01-10T16:00:00Z');
    await refreshPublications(t.db, other.userId, new Date('2026-01-10T15:59:00Z'));
    await refreshPublications(t.db, other.userId, new Date('2026-01-10T16:00:00Z'));
    expect(await stat(other.userId, '2026-01-10')).toMatchObject({ videos: 1, articles: 0, departmentId: elsewhere });
    expect(await stat(other.userId, '2026-01-11')).toMatchObject({ videos: 1 });
  });

  it('a correction needs a reason, stores page views and visitors, and logs before and after', async () => {
    const bad = await t.call('PUT', '/api/statistics/edit', { cookie: admin, body: { date: today, userId: writer.userId, pv: 10, uv: 20, reason: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ reason: '请填写修改原因，它会记入操作日志', uv: '访客数不能大于浏览量' });
    const badDate = await t.call('PUT', '/api/statistics/edit', {
      cookie: admin,
      body: { date: '2026-02-30', userId: writer.userId, pv: 1, uv: 1, reason: 'x' },
    });
    expect(badDate.body.errors.date).toBe('日期不是有效日期');
    const future = await t.call('PUT', '/api/statistics/edit', {
      cookie: admin,
      body: { date: addDays(today, 1), userId: writer.userId, pv: 1, uv: 1, reason: 'x' },
    });
    expect(future.status).toBe(400);
    expect((await t.call('PUT', '/api/statistics/edit', { cookie: admin, body: { date: today, userId: 999999, pv: 1, uv: 1, reason: 'x' } })).status).toBe(404);
    expect((await stat(writer.userId)).pv).toBe(0);

    const res = await t.call('PUT', '/api/statistics/edit', {
      cookie: admin,
      body: { date: today, userId: writer.userId, pv: 1200, uv: 300, reason: '补录统计平台数据' },
    });
    expect(res.status).toBe(200);
    expect(await stat(writer.userId)).toMatchObject({ pv: 1200, uv: 300, articles: 2 });
    const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.resource, 'statistics')).orderBy(desc(operationLogs.id)).limit(1);
    expect(log.summary).toContain('补录统计平台数据');
    expect(log.before).toEqual({ pv: 0, uv: 0 });
    expect(log.after).toEqual({ pv: 1200, uv: 300, reason: '补录统计平台数据' });
  });

  it('import: the preview answers an error per bad row; apply stores nothing while any row is bad, then everything in one go', async () => {
    const yesterday = addDays(today, -1);
    const rows = [
      { date: yesterday, username: 'writer1', pv: 500, uv: 100 },
      { date: yesterday, username: 'nobody', pv: 1, uv: 1 },
      { date: '2026-13-01', username: 'other1', pv: 1, uv: 1 },
      { date: yesterday, username: 'other1', pv: -3, uv: 0 },
      { date: yesterday, username: 'writer1', pv: 9, uv: 1 },
    ];
    const preview = await t.call('POST', '/api/statistics/import', { cookie: admin, body: { rows } });
    expect(preview.status).toBe(200);
    expect(preview.body.data.errorCount).toBe(4);
    expect(preview.body.data.rows.map((r: { error?: string }) => r.error ?? null)).toEqual([
      null,
      '用户「nobody」不存在',
      '日期不是有效日期',
      '浏览量不能为负数',
      '与第 1 行重复（同一日期和用户）',
    ]);
    const refused = await t.call('POST', '/api/statistics/import', { cookie: admin, body: { rows, apply: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('有 4 行有误，未导入任何数据，请修改后重新导入');
    expect(await stat(writer.userId, yesterday)).toBeUndefined();

    const csv = `日期,用户名,浏览量,访客数\n${yesterday},writer1,500,100\n${yesterday},other1,80,20\n${today},writer1,1300,310\n`;
    const previewCsv = await t.call('POST', '/api/statistics/import', { cookie: admin, body: { csv } });
    expect(previewCsv.body.data.rows[2]).toMatchObject({ userId: writer.userId, before: { pv: 1200, uv: 300 } });
    const applied = await t.call('POST', '/api/statistics/import', { cookie: admin, body: { csv, apply: true } });
    expect(applied.status).toBe(200);
    expect(await stat(writer.userId, yesterday)).toMatchObject({ pv: 500, uv: 100, articles: 0 });
    expect(await stat(other.userId, yesterday)).toMatchObject({ pv: 80, uv: 20 });
    expect(await stat(writer.userId)).toMatchObject({ pv: 1300, uv: 310, articles: 2 });
    expect((await t.call('POST', '/api/statistics/import', { cookie: admin, body: {} })).status).toBe(400);
  });

  it('sum, list and detail add up the rows in range', async () => {
    const sum = await t.call('GET', '/api/statistics/sum', { cookie: admin });
    expect(sum.status).toBe(200);
    const [todayKpi, week] = sum.body.data.kpis;
    expect(todayKpi).toMatchObject({ key: 'today', current: { articles: 2, pv: 1300, uv: 310 }, previous: { pv: 580, uv: 120 } });
    expect(week.current.pv).toBeGreaterThanOrEqual(1300);

    const byDay = await t.call('GET', `/api/statistics/list?view=day&from=${addDays(today, -1)}&to=${today}`, { cookie: admin });
    expect(byDay.body.data.list).toEqual([
      expect.objectContaining({ date: today, articles: 2, pv: 1300, uv: 310 }),
      expect.objectContaining({ date: addDays(today, -1), pv: 580, editors: 2 }),
    ]);
    expect(byDay.body.data).toMatchObject({ total: 2, totals: { articles: 2, pv: 1880, uv: 430 } });

    const byEditor = await t.call('GET', `/api/statistics/list?view=editor&from=${addDays(today, -1)}&to=${today}&departmentId=${team}`, { cookie: admin });
    expect(byEditor.body.data.list).toEqual([
      expect.objectContaining({ userId: writer.userId, name: '员工writer1', departmentName: '快讯组', articles: 2, pv: 1800, days: 2 }),
    ]);
    expect(byEditor.body.data.total).toBe(1);

    // The shared date filter sends ISO times: their day counts.
    const iso = await t.call('GET', `/api/statistics/list?from=${today}T00:00:00%2B08:00&to=${today}T23:59:59%2B08:00`, { cookie: admin });
    expect(iso.body.data.list.map((r: { id: string }) => r.id)).toEqual([today]);
    const editor = await t.call('GET', `/api/statistics/detail?userId=${writer.userId}`, { cookie: admin });
    expect(editor.body.data).toMatchObject({ kind: 'editor', editor: { username: 'writer1' }, totals: { articles: 2, pv: 1800 } });
    expect(editor.body.data.list.map((r: { date: string }) => r.date)).toEqual([today, addDays(today, -1)]);
    const day = await t.call('GET', `/api/statistics/detail?date=${addDays(today, -1)}`, { cookie: admin });
    expect(day.body.data.list.map((r: { username: string; pv: number }) => [r.username, r.pv])).toEqual([
      ['writer1', 500],
      ['other1', 80],
    ]);

    const chart = await t.call('GET', `/api/statistics/chart?from=${addDays(today, -6)}&to=${today}`, { cookie: admin });
    expect(chart.body.data.days).toHaveLength(7);
    expect(chart.body.data.days[6]).toMatchObject({ date: today, articles: 2, pv: 1300 });
    expect(chart.body.data.departments.map((d: { departmentName: string }) => d.departmentName)).toEqual(['快讯组', '视频部']);
  });

  it('data scope: 本部门 sees its department tree, 仅本人 only itself; others are 404 to them', async () => {
    const range = `from=${addDays(today, -1)}&to=${today}`;
    const mine = await t.call('GET', `/api/statistics/list?view=editor&${range}`, { cookie: manager.cookie });
    expect(mine.body.data.list.map((r: { username: string }) => r.username)).toEqual(['writer1']);
    expect(mine.body.data.totals.pv).toBe(1800);
    expect((await t.call('GET', `/api/statistics/detail?userId=${other.userId}`, { cookie: manager.cookie })).status).toBe(404);
    expect(
      (await t.call('PUT', '/api/statistics/edit', { cookie: manager.cookie, body: { date: today, userId: other.userId, pv: 1, uv: 1, reason: '试试' } }))
        .status,
    ).toBe(404);
    const imp = await t.call('POST', '/api/statistics/import', { cookie: manager.cookie, body: { rows: [{ date: today, username: 'other1', pv: 1, uv: 1 }] } });
    expect(imp.body.data.rows[0].error).toBe('用户「other1」不在你的数据范围内');
    const sum = await t.call('GET', '/api/statistics/sum', { cookie: manager.cookie });
    expect(sum.body.data.kpis[0].current).toMatchObject({ articles: 2, pv: 1300 });

    const options = await t.call('GET', '/api/statistics/options', { cookie: manager.cookie });
    expect(options.body.data.departments.map((d: { name: string }) => d.name).sort()).toEqual(['快讯组', '编辑部']);
    expect(options.body.data.editors.map((u: { username: string }) => u.username)).not.toContain('other1');
    const own = await t.call('GET', `/api/statistics/list?view=day&${range}`, { cookie: self.cookie });
    expect(own.body.data.list).toEqual([]);
    expect(own.body.data.totals.pv).toBe(0);
    expect((await t.call('GET', `/api/statistics/detail?userId=${writer.userId}`, { cookie: self.cookie })).status).toBe(404);
  });

  it('permissions and 400s', async () => {
    expect((await t.call('GET', '/api/statistics/list', { cookie: writer.cookie })).status).toBe(403);
    expect((await t.call('GET', '/api/statistics/sum', { cookie: writer.cookie })).status).toBe(403);
    expect((await t.call('PUT', '/api/statistics/edit', { cookie: writer.cookie, body: {} })).status).toBe(403);
    expect((await t.call('GET', '/api/statistics/sum')).status).toBe(401);
    const reversed = await t.call('GET', `/api/statistics/list?from=${today}&to=${addDays(today, -3)}`, { cookie: admin });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors.to).toBe('结束日期不能早于开始日期');
    const long = await t.call('GET', `/api/statistics/list?from=2020-01-01&to=2026-01-01`, { cookie: admin });
    expect(long.body.errors.to).toMatch(/时间范围最多/);
    expect((await t.call('GET', '/api/statistics/list?view=week', { cookie: admin })).body.errors.view).toBeTruthy();
    expect((await t.call('GET', '/api/statistics/detail', { cookie: admin })).body.errors.userId).toBe('请指定编辑或日期');
  });

  it('import: Excel days, a unique 姓名, refused ambiguous 姓名 with the login names; the 按日期和编辑 export imports again as it is (P2-7)', async () => {
    const yesterday = addDays(today, -1);
    const [y, m, d] = yesterday.split('-');
    const role = await t.call('POST', '/api/roles', { cookie: admin, body: { name: '角色-同名', routes: WRITER, level: 1 } });
    for (const username of ['wangfang1', 'wangfang2'])
      expect(
        (
          await t.call('POST', '/api/users', {
            cookie: admin,
            body: { username, name: '王芳', password: 'Staff#2026', roleId: role.body.data.id, departmentId: team },
          })
        ).body.status,
      ).toBe(0);
    const csv = `日期,用户名,浏览量,访客数\n${y}/${Number(m)}/${Number(d)},员工writer1,"1,500",400\n${y}/${m}/${d},王芳,1,1\n${yesterday},wangfang2,7,3\n${yesterday},,1,1\n`;
    const preview = await t.call('POST', '/api/statistics/import', { cookie: admin, body: { csv } });
    expect(preview.status).toBe(200);
    expect(preview.body.data.rows[0]).toMatchObject({ date: yesterday, userId: writer.userId, username: 'writer1', name: '员工writer1', pv: 1500, uv: 400 });
    expect(preview.body.data.rows.map((r: { error?: string }) => r.error ?? null)).toEqual([
      null,
      '姓名「王芳」对应多个用户（wangfang1、wangfang2），请改填用户名',
      null,
      '请填写用户名或姓名',
    ]);
    // The server is the authority: the same rows sent as JSON get the same answers, and nothing is stored.
    const applied = await t.call('POST', '/api/statistics/import', { cookie: admin, body: { csv, apply: true } });
    expect(applied.status).toBe(400);
    expect((await stat(writer.userId, yesterday))?.pv).not.toBe(1500);

    // The sums of 按编辑 and 按日期 are no import: the refusal says what is missing and what to use.
    const range = `from=${yesterday}&to=${today}`;
    const toCsv = async (view: StatsView) => {
      const list = await t.call('GET', `/api/statistics/list?view=${view}&${range}&pageSize=100`, { cookie: admin });
      expect(list.status).toBe(200);
      return {
        list: list.body.data,
        csv:
          '\uFEFF' +
          statsExportCells(view, list.body.data.list)
            .map((l) => l.map(csvField).join(','))
            .join('\r\n'),
      };
    };
    const sums = await t.call('POST', '/api/statistics/import', { cookie: admin, body: { csv: (await toCsv('editor')).csv } });
    expect(sums.status).toBe(400);
    expect(sums.body.message).toMatch(/^CSV 缺少「日期」列：.*「按日期和编辑」视图导出的文件/);

    // 按日期和编辑: one row per day and editor, exactly the stored rows; exported, it previews with no error
    // and the same figures, and a figure changed in the file is what gets stored.
    const rows = await toCsv('row');
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(statistics)
      .where(sql`${statistics.date} BETWEEN ${yesterday} AND ${today}`);
    expect(rows.list.total).toBe(n);
    expect(rows.list.list[0]).toMatchObject({ date: today, username: 'writer1', departmentName: '快讯组' });
    const again = await t.call('POST', '/api/statistics/import', { cookie: admin, body: { csv: rows.csv } });
    expect(again.body.data.errorCount).toBe(0);
    const figures = (list: Array<{ date: string; userId: number; pv: number | string; uv: number | string }>) =>
      list.map((r) => [r.date, r.userId, Number(r.pv), Number(r.uv)]);
    expect(figures(again.body.data.rows)).toEqual(figures(rows.list.list));
    const edited = rows.csv.replace(/^(.*\r\n[^,]+,writer1,[^\r]*,)(\d+),(\d+)/, (_, head) => `${head}4321,1234`);
    expect(edited).not.toBe(rows.csv);
    const stored = await t.call('POST', '/api/statistics/import', { cookie: admin, body: { csv: edited, apply: true } });
    expect(stored.status).toBe(200);
    expect(await stat(writer.userId, today)).toMatchObject({ pv: 4321, uv: 1234, articles: 2 });
  });
});
