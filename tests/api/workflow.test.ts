import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { articles, contentEvents, operationLogs, scheduledJobs } from '@/server/db/schema';
import { TRANSITIONS } from '@/server/workflow/engine';
import type { WorkflowAction } from '@/lib/resources/workflow';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

const WRITER = ['/article/addArticle', '/article/list', '/article/preview'];
const REVIEWER = ['/article/check', '/article/list', '/article/addArticle'];
const HOUR = 3600_000;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

describe.each(DB_KINDS)('publishing workflow on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let writer: { cookie: string; userId: number };
  let reviewer: { cookie: string; userId: number };

  const create = async (cookie: string, title = '稿件', extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/articles', { cookie, body: { title, content: '<p>正文</p>', ...extra } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data as { id: number; version: number };
  };
  const row = async (id: number) => (await t.db.select().from(articles).where(eq(articles.id, id)))[0];
  const events = async (id: number) =>
    t.db
      .select()
      .from(contentEvents)
      .where(and(eq(contentEvents.contentType, 'article'), eq(contentEvents.contentId, id)))
      .orderBy(contentEvents.id);
  const logs = async (id: number) =>
    (
      await t.db
        .select({ n: count() })
        .from(operationLogs)
        .where(and(eq(operationLogs.resource, 'articles'), eq(operationLogs.resourceId, String(id))))
    )[0].n;
  /** Puts an article in a status directly (the matrix starts from every status). */
  const force = async (id: number, status: number, extra: Partial<typeof articles.$inferInsert> = {}) => {
    await t.db
      .update(articles)
      .set({ status, ...extra })
      .where(eq(articles.id, id));
  };

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    writer = await createStaff(t, admin, { username: 'writer1', routes: WRITER });
    reviewer = await createStaff(t, admin, { username: 'reviewer1', routes: REVIEWER });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an editor without 内容审核 submits through publish; the reviewer approves; offline and republish; each step bumps the version and is kept', async () => {
    const a = await create(writer.cookie, '解放J7 上市');
    const sub = await t.call('PUT', `/api/articles/publish/${a.id}`, { cookie: writer.cookie, body: {} });
    expect(sub.status).toBe(200);
    expect(sub.body.data).toMatchObject({ action: 'submit', status: 1, version: 2 });
    expect((await row(a.id)).submittedAt).toBeInstanceOf(Date);

    const again = await t.call('PUT', `/api/articles/publish/${a.id}`, { cookie: writer.cookie, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('文章当前为「待审核」，不能提交审核：已在审核中，请等待审核结果');

    const approved = await t.call('PUT', `/api/articles_review/${a.id}`, { cookie: reviewer.cookie, body: { action: 'approve' } });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ action: 'approve', status: 3, version: 3 });
    expect((await row(a.id)).publishedAt).toBeInstanceOf(Date);

    expect((await t.call('PUT', `/api/articles/offline/${a.id}`, { cookie: writer.cookie })).status).toBe(403);
    const off = await t.call('PUT', `/api/articles/offline/${a.id}`, { cookie: reviewer.cookie });
    expect(off.body.data).toMatchObject({ status: 4, version: 4 });
    // The reviewer's publish call on an offline article republishes it.
    const back = await t.call('PUT', `/api/articles/publish/${a.id}`, { cookie: reviewer.cookie });
    expect(back.body.data).toMatchObject({ action: 'republish', status: 3, version: 5 });

    const ev = await events(a.id);
    expect(ev.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
      ['submit', 0, 1],
      ['approve', 1, 3],
      ['offline', 3, 4],
      ['republish', 4, 3],
    ]);
    expect(ev.map((e) => e.userId)).toEqual([writer.userId, reviewer.userId, reviewer.userId, reviewer.userId]);
    expect(ev.every((e) => e.ownerId === writer.userId)).toBe(true);
    expect(await logs(a.id)).toBe(5); // create + four transitions
    const history = await t.call('GET', `/api/articles/events/${a.id}`, { cookie: writer.cookie });
    expect(history.body.data.list.map((e: { action: string }) => e.action)).toEqual(['republish', 'offline', 'approve', 'submit']);
  });

  it('a holder of 内容审核 publishes directly, or schedules with a future time', async () => {
    const a = await create(reviewer.cookie);
    const res = await t.call('PUT', `/api/articles/publish/${a.id}`, { cookie: reviewer.cookie, body: { version: 1 } });
    expect(res.body.data).toMatchObject({ action: 'publish', status: 3 });
    const b = await create(reviewer.cookie);
    const at = inAnHour();
    const sch = await t.call('PUT', `/api/articles/publish/${b.id}`, { cookie: reviewer.cookie, body: { publishAt: at } });
    expect(sch.body.data).toMatchObject({ action: 'schedule', status: 5 });
    const jobs = await t.db
      .select()
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.contentId, b.id), eq(scheduledJobs.state, 'pending')));
    expect(jobs.map((j) => [j.action, j.runAt.toISOString()])).toEqual([['publish', at]]);
    // Cancel: back to draft, the job cancelled (kept as the trail).
    const cancel = await t.call('PUT', `/api/articles/unschedule/${b.id}`, { cookie: reviewer.cookie });
    expect(cancel.body.data).toMatchObject({ status: 0, publishAt: null });
    const after = await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.contentId, b.id));
    expect(after.map((j) => j.state)).toEqual(['cancelled']);
    const past = await t.call('PUT', `/api/articles/schedule/${b.id}`, {
      cookie: reviewer.cookie,
      body: { publishAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.status).toBe(400);
    expect(past.body.errors.publishAt).toBe('定时发布时间必须晚于现在');
  });

  it('an editor who submits with a time gets a scheduled publication when the reviewer approves', async () => {
    const a = await create(writer.cookie);
    const at = inAnHour();
    expect((await t.call('PUT', `/api/articles/submit/${a.id}`, { cookie: writer.cookie, body: { publishAt: at } })).body.data.status).toBe(1);
    const res = await t.call('POST', '/api/articles_review', { cookie: reviewer.cookie, body: { id: a.id, action: 'approve' } });
    expect(res.body.data).toMatchObject({ status: 5 });
    expect((await row(a.id)).publishAt?.toISOString()).toBe(at);
  });

  /** Each action through its route, from each status: allowed ones succeed, others are 409 and change nothing. */
  const ROUTE: Partial<Record<WorkflowAction, (id: number) => [string, string, unknown]>> = {
    submit: (id) => ['PUT', `/api/articles/submit/${id}`, {}],
    withdraw: (id) => ['PUT', `/api/articles/withdraw/${id}`, {}],
    approve: (id) => ['PUT', `/api/articles_review/${id}`, { action: 'approve' }],
    reject: (id) => ['PUT', `/api/articles_review/${id}`, { action: 'reject', comment: '标题有误' }],
    schedule: (id) => ['PUT', `/api/articles/schedule/${id}`, { publishAt: inAnHour() }],
    unschedule: (id) => ['PUT', `/api/articles/unschedule/${id}`, {}],
    offline: (id) => ['PUT', `/api/articles/offline/${id}`, {}],
    republish: (id) => ['PUT', `/api/articles/republish/${id}`, {}],
    schedule_offline: (id) => ['PUT', `/api/articles/schedule_offline/${id}`, { offlineAt: new Date(Date.now() + 2 * HOUR).toISOString() }],
  };

  it('every transition from every status: allowed ones succeed with the status of DESIGN §8, the others are 409 and change nothing', async () => {
    const expected: Record<string, number | 'keep'> = {
      submit: 1,
      withdraw: 0,
      approve: 3,
      reject: 2,
      schedule: 5,
      unschedule: 0,
      offline: 4,
      republish: 3,
      schedule_offline: 'keep',
    };
    for (const [action, route] of Object.entries(ROUTE) as Array<[WorkflowAction, (id: number) => [string, string, unknown]]>) {
      for (const status of [0, 1, 2, 3, 4, 5]) {
        const a = await create(admin, `${action}-${status}`);
        await force(a.id, status, status === 5 ? { publishAt: new Date(Date.now() + HOUR) } : {});
        const before = await row(a.id);
        const [method, path, body] = route(a.id);
        const res = await t.call(method, path, { cookie: admin, body });
        const allowed = TRANSITIONS[action].from.includes(status as never);
        const label = `${action} from ${status}`;
        if (allowed) {
          expect(res.status, label).toBe(200);
          const want = expected[action] === 'keep' ? status : expected[action];
          expect((await row(a.id)).status, label).toBe(want);
          expect((await row(a.id)).version, label).toBe(before.version + 1);
          expect((await events(a.id)).length, label).toBe(1);
        } else {
          expect(res.status, label).toBe(409);
          expect(res.body.message, label).toMatch(/^文章当前为「.+」，不能/);
          expect(await row(a.id), label).toEqual(before);
          expect((await events(a.id)).length, label).toBe(0);
          expect(await logs(a.id), label).toBe(1);
        }
      }
    }
  });

  it('actions the user may not take are 403 and change nothing', async () => {
    const a = await create(writer.cookie);
    await t.call('PUT', `/api/articles/submit/${a.id}`, { cookie: writer.cookie });
    const before = await row(a.id);
    for (const [method, path, body] of [
      ['PUT', `/api/articles_review/${a.id}`, { action: 'approve' }],
      ['POST', '/api/articles_review', { id: a.id, action: 'reject', comment: '不行' }],
      ['PUT', `/api/articles/schedule/${a.id}`, { publishAt: inAnHour() }],
      ['PUT', `/api/articles/offline/${a.id}`, {}],
      ['PUT', `/api/articles/republish/${a.id}`, {}],
    ] as const) {
      const res = await t.call(method, path, { cookie: writer.cookie, body });
      expect(res.status, path).toBe(403);
    }
    expect(await row(a.id)).toEqual(before);
    // A gallery: the writer holds only 写文章, so they may not submit it.
    const g = await create(admin, '图集', { kind: 'gallery' });
    const gallery = await t.call('PUT', `/api/articles/submit/${g.id}`, { cookie: writer.cookie });
    expect(gallery.status).toBe(403);
    expect((await row(g.id)).status).toBe(0);
  });

  it('a stale version is refused (409) and changes nothing', async () => {
    const a = await create(writer.cookie);
    const res = await t.call('PUT', `/api/articles/submit/${a.id}`, { cookie: writer.cookie, body: { version: 7 } });
    expect(res.status).toBe(409);
    expect(res.body.errors.version).toBe('版本已过期');
    expect((await row(a.id)).status).toBe(0);
  });

  it('the content check blocks publishing and names the words; nothing changes', async () => {
    await t.call('POST', '/api/sensitive_words', { cookie: admin, body: { words: ['违禁词甲'] } });
    const a = await create(writer.cookie, '含有违禁词甲的稿子');
    await t.call('PUT', `/api/articles/submit/${a.id}`, { cookie: writer.cookie });
    const before = await row(a.id);
    const res = await t.call('PUT', `/api/articles_review/${a.id}`, { cookie: reviewer.cookie, body: { action: 'approve' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('内容检测未通过');
    expect(res.body.data.words).toEqual(['违禁词甲']);
    expect(await row(a.id)).toEqual(before);
    const direct = await t.call('PUT', `/api/articles/publish/${a.id}`, { cookie: admin });
    expect(direct.status).toBe(409);
    expect((await row(a.id)).status).toBe(1);
    // The reviewer may still reject it, with the reason.
    expect(
      (await t.call('PUT', `/api/articles_review/${a.id}`, { cookie: reviewer.cookie, body: { action: 'reject', comment: '请删去违禁词甲' } })).body.data
        .status,
    ).toBe(2);
  });

  it('reject needs a comment; the author reads it on the article and on the workbench', async () => {
    const a = await create(writer.cookie, '待驳回');
    await t.call('PUT', `/api/articles/submit/${a.id}`, { cookie: writer.cookie });
    const before = await row(a.id);
    const missing = await t.call('PUT', `/api/articles_review/${a.id}`, { cookie: reviewer.cookie, body: { action: 'reject', comment: '  ' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.comment).toBe('请填写驳回理由，作者会看到它');
    expect(await row(a.id)).toEqual(before);
    await t.call('PUT', `/api/articles_review/${a.id}`, { cookie: reviewer.cookie, body: { action: 'reject', comment: '导语太长，请压缩到 100 字' } });
    const seen = await t.call('GET', `/api/articles/${a.id}`, { cookie: writer.cookie });
    // The editor shows the reviewer by name and the time of the decision, with the record (one call).
    expect(seen.body.data).toMatchObject({ status: 2, reviewComment: '导语太长，请压缩到 100 字', reviewerId: reviewer.userId, reviewerName: '员工reviewer1' });
    expect(Date.now() - Date.parse(seen.body.data.reviewedAt)).toBeLessThan(60_000);
    // A save keeps it rejected, reason and all, until it is resubmitted.
    const fixed = await t.call('PUT', `/api/articles/${a.id}`, { cookie: writer.cookie, body: { version: seen.body.data.version, summary: '压缩后的导语' } });
    expect(fixed.body.data).toMatchObject({ status: 2, reviewComment: '导语太长，请压缩到 100 字', reviewerName: '员工reviewer1' });
    const bench = await t.call('GET', '/api/workbench', { cookie: writer.cookie });
    expect(bench.body.data.rejected.find((r: { id: number }) => r.id === a.id)).toMatchObject({ reviewComment: '导语太长，请压缩到 100 字', title: '待驳回' });
    expect(bench.body.data.review).toBeNull();
    // Resubmitting after a fix is allowed.
    expect((await t.call('PUT', `/api/articles/submit/${a.id}`, { cookie: writer.cookie })).body.data.status).toBe(1);
  });

  it('the review queue: oldest first, filters, pending only by default; reviewers only', async () => {
    const ids: number[] = [];
    for (const title of ['队列一', '队列二', '队列三']) {
      const a = await create(writer.cookie, title);
      await t.call('PUT', `/api/articles/submit/${a.id}`, { cookie: writer.cookie });
      ids.push(a.id);
    }
    const res = await t.call('GET', '/api/articles_review?keyword=队列&pageSize=50', { cookie: reviewer.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((r: { id: number }) => r.id)).toEqual(ids);
    expect(res.body.data.list[0]).toMatchObject({ contentType: 'article', kind: 'article', title: '队列一', editorName: '员工writer1', status: 1 });
    const all = await t.call('GET', '/api/articles_review?pageSize=100', { cookie: reviewer.cookie });
    const times = all.body.data.list.map((r: { submittedAt: string }) => new Date(r.submittedAt).getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(all.body.data.list.every((r: { status: number }) => r.status === 1)).toBe(true);
    const byEditor = await t.call('GET', `/api/articles_review?editorId=${writer.userId}&pageSize=100`, { cookie: reviewer.cookie });
    expect(byEditor.body.data.list.length).toBeGreaterThanOrEqual(3);
    expect(byEditor.body.data.list.every((r: { editorId: number }) => r.editorId === writer.userId)).toBe(true);
    expect((await t.call('GET', '/api/articles_review?editorId=999999', { cookie: reviewer.cookie })).body.data.list).toEqual([]);
    expect((await t.call('GET', '/api/articles_review?status=3', { cookie: reviewer.cookie })).status).toBe(400);
    expect((await t.call('GET', '/api/articles_review', { cookie: writer.cookie })).status).toBe(403);
    const bench = await t.call('GET', '/api/workbench', { cookie: reviewer.cookie });
    expect(bench.body.data.reviewTotal).toBeGreaterThanOrEqual(3);
    const benchTimes = bench.body.data.review.map((r: { submittedAt: string | null }) => (r.submittedAt ? new Date(r.submittedAt).getTime() : 0));
    expect(benchTimes).toEqual([...benchTimes].sort((x: number, y: number) => x - y));
  });

  it('data scope holds: a reviewer limited to their own records neither sees nor decides others', async () => {
    const own = await createStaff(t, admin, { username: 'selfrev', routes: REVIEWER, level: 3 });
    const a = await create(writer.cookie, '别人的稿子');
    await t.call('PUT', `/api/articles/submit/${a.id}`, { cookie: writer.cookie });
    const res = await t.call('PUT', `/api/articles_review/${a.id}`, { cookie: own.cookie, body: { action: 'approve' } });
    expect(res.status).toBe(404);
    expect((await row(a.id)).status).toBe(1);
    const queue = await t.call('GET', '/api/articles_review?pageSize=100', { cookie: own.cookie });
    expect(queue.body.data.list.some((r: { id: number }) => r.id === a.id)).toBe(false);
    expect((await t.call('GET', `/api/articles/events/${a.id}`, { cookie: own.cookie })).status).toBe(404);
  });

  it('scheduled offline: set on a published article, listed on the workbench, cancelled', async () => {
    const a = await create(admin);
    await t.call('PUT', `/api/articles/publish/${a.id}`, { cookie: admin });
    const at = new Date(Date.now() + 10 * 60_000).toISOString();
    const set = await t.call('PUT', `/api/articles/schedule_offline/${a.id}`, { cookie: admin, body: { offlineAt: at } });
    expect(set.body.data).toMatchObject({ status: 3 });
    expect((await row(a.id)).offlineAt?.toISOString()).toBe(at);
    const bench = await t.call('GET', '/api/workbench', { cookie: admin });
    expect(bench.body.data.scheduled.some((r: { id: number }) => r.id === a.id)).toBe(true);
    await t.call('PUT', `/api/articles/unschedule_offline/${a.id}`, { cookie: admin });
    expect((await row(a.id)).offlineAt).toBeNull();
    const jobs = await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.contentId, a.id));
    expect(jobs.map((j) => j.state)).toEqual(['cancelled']);
    expect((await t.call('PUT', `/api/articles/unschedule_offline/${a.id}`, { cookie: admin })).status).toBe(409);
  });

  it('batch submit: each article on its own; refused ones say why', async () => {
    const a = await create(writer.cookie, '批量一');
    const b = await create(writer.cookie, '批量二');
    await t.call('PUT', `/api/articles/submit/${b.id}`, { cookie: writer.cookie });
    const res = await t.call('PUT', '/api/articles/batch/submit', { cookie: writer.cookie, body: { ids: [a.id, b.id, 99999999] } });
    expect(res.status).toBe(200);
    expect(res.body.data.done).toEqual([a.id]);
    expect(res.body.data.failed).toEqual([
      { id: b.id, message: '文章当前为「待审核」，不能提交审核：已在审核中，请等待审核结果' },
      { id: 99999999, message: '文章不存在' },
    ]);
    expect((await t.call('PUT', '/api/articles/batch/submit', { cookie: writer.cookie, body: { ids: [] } })).status).toBe(400);
  });
});
