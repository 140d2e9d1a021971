import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { articles, contentEvents, scheduledJobs } from '@/server/db/schema';
import { openDatabase } from '@/server/startup';
import type { DbHandle } from '@/server/db/client';
import { createScheduler } from '@/server/jobs/scheduler';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

const MINUTE = 60_000;

describe.each(DB_KINDS)('scheduled publish and offline on %s', (kind) => {
  let t: TestContext;
  let admin: string;

  const create = async (title = '定时稿件') =>
    (await t.call('POST', '/api/articles', { cookie: admin, body: { title, content: '<p>正文</p>' } })).body.data.id as number;
  const schedule = async (id: number, publishAt: Date) => {
    const res = await t.call('PUT', `/api/articles/schedule/${id}`, { cookie: admin, body: { publishAt: publishAt.toISOString() } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const row = async (id: number) => (await t.db.select().from(articles).where(eq(articles.id, id)))[0];
  const fired = async (id: number, action: string) =>
    (
      await t.db
        .select()
        .from(contentEvents)
        .where(and(eq(contentEvents.contentId, id), eq(contentEvents.action, action)))
    ).length;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  it('fires a due publication once, not before its time, as the system; the job is done', async () => {
    const id = await create();
    const at = new Date(Date.now() + 10 * MINUTE);
    await schedule(id, at);
    let clock = new Date(at.getTime() - 1000);
    const s = createScheduler({ db: t.db, now: () => clock });
    await s.tick();
    expect((await row(id)).status).toBe(5);
    clock = new Date(at.getTime() + 500);
    await s.tick();
    await s.tick();
    const r = await row(id);
    expect(r.status).toBe(3);
    expect(r.publishedAt?.getTime()).toBe(clock.getTime());
    const [ev] = await t.db
      .select()
      .from(contentEvents)
      .where(and(eq(contentEvents.contentId, id), eq(contentEvents.action, 'scheduled_publish')));
    expect(ev).toMatchObject({ fromStatus: 5, toStatus: 3, userId: null });
    expect(await fired(id, 'scheduled_publish')).toBe(1);
    const jobs = await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.contentId, id));
    expect(jobs.map((j) => j.state)).toEqual(['done']);
  });

  it('a cancelled schedule never fires', async () => {
    const id = await create();
    const at = new Date(Date.now() + 10 * MINUTE);
    await schedule(id, at);
    await t.call('PUT', `/api/articles/unschedule/${id}`, { cookie: admin });
    await createScheduler({ db: t.db, now: () => new Date(at.getTime() + MINUTE) }).tick();
    expect((await row(id)).status).toBe(0);
    expect(await fired(id, 'scheduled_publish')).toBe(0);
  });

  it('a rescheduled item fires at the new time only', async () => {
    const id = await create();
    const first = new Date(Date.now() + 10 * MINUTE);
    const second = new Date(Date.now() + 30 * MINUTE);
    await schedule(id, first);
    await schedule(id, second);
    const s1 = createScheduler({ db: t.db, now: () => new Date(first.getTime() + 1000) });
    await s1.tick();
    expect((await row(id)).status).toBe(5);
    await createScheduler({ db: t.db, now: () => new Date(second.getTime() + 1000) }).tick();
    expect((await row(id)).status).toBe(3);
    expect(await fired(id, 'scheduled_publish')).toBe(1);
  });

  it('scheduled offline takes a published article down at its time', async () => {
    const id = await create();
    await t.call('PUT', `/api/articles/publish/${id}`, { cookie: admin });
    const at = new Date(Date.now() + 10 * MINUTE);
    await t.call('PUT', `/api/articles/schedule_offline/${id}`, { cookie: admin, body: { offlineAt: at.toISOString() } });
    await createScheduler({ db: t.db, now: () => new Date(at.getTime() + 1000) }).tick();
    expect((await row(id)).status).toBe(4);
    expect(await fired(id, 'scheduled_offline')).toBe(1);
  });

  it('text that fails the content check by its time goes back to review with the words instead of publishing', async () => {
    await t.call('POST', '/api/sensitive_words', { cookie: admin, body: { words: ['定时违禁'] } });
    const id = await create();
    const at = new Date(Date.now() + 10 * MINUTE);
    await schedule(id, at);
    await t.db.update(articles).set({ content: '<p>后来加进去的定时违禁内容</p>' }).where(eq(articles.id, id));
    await createScheduler({ db: t.db, now: () => new Date(at.getTime() + 1000) }).tick();
    const r = await row(id);
    expect(r.status).toBe(1);
    expect(r.reviewComment).toContain('定时违禁');
    const [job] = await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.contentId, id));
    expect(job.state).toBe('failed');
  });

  it('a job that fell due while the server was down fires at start, and a live one within 5 s of its time', async () => {
    const missed = await create('停机期间到期');
    const soon = await create('两秒后发布');
    await schedule(missed, new Date(Date.now() + MINUTE));
    // The server was down when it fell due.
    await t.db
      .update(scheduledJobs)
      .set({ runAt: new Date(Date.now() - 10 * MINUTE) })
      .where(and(eq(scheduledJobs.contentId, missed), eq(scheduledJobs.state, 'pending')));
    const dueAt = new Date(Date.now() + 2500);
    await schedule(soon, dueAt);
    const s = createScheduler({ db: t.db, intervalMs: 1000 });
    const started = Date.now();
    s.start();
    try {
      const waitFor = async (id: number) => {
        for (;;) {
          if ((await row(id)).status === 3) return Date.now();
          if (Date.now() - started > 15_000) throw new Error(`article ${id} not published`);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      expect((await waitFor(missed)) - started).toBeLessThan(3000);
      await waitFor(soon);
      const publishedAt = (await row(soon)).publishedAt!.getTime();
      expect(publishedAt).toBeGreaterThanOrEqual(dueAt.getTime());
      expect(publishedAt - dueAt.getTime()).toBeLessThan(5000);
    } finally {
      await s.stop();
    }
  });

  it('the list shows each pending job of the page (publish and offline times), and cancelling from the list clears it', async () => {
    const DAY = 24 * 60 * MINUTE;
    const listed = async (id: number, cookie = admin) => {
      const res = await t.call('GET', '/api/articles?pageSize=100', { cookie });
      expect(res.status).toBe(200);
      return (
        res.body.data.list as Array<{ id: number; status: number; version: number; scheduledPublishAt: string | null; scheduledOfflineAt: string | null }>
      ).find((r) => r.id === id)!;
    };
    const publishAt = new Date(Date.now() + 2 * DAY);
    const offlineAt = new Date(Date.now() + 3 * DAY);
    // A: scheduled to go out and to come down.
    const a = await create('列表定时甲');
    expect(
      (await t.call('PUT', `/api/articles/schedule/${a}`, { cookie: admin, body: { publishAt: publishAt.toISOString(), offlineAt: offlineAt.toISOString() } }))
        .status,
    ).toBe(200);
    // B: published now, scheduled to come down.
    const b = await create('列表定时乙');
    await t.call('PUT', `/api/articles/publish/${b}`, { cookie: admin });
    expect((await t.call('PUT', `/api/articles/schedule_offline/${b}`, { cookie: admin, body: { offlineAt: offlineAt.toISOString() } })).status).toBe(200);
    // C: submitted with a wished-for offline time; nothing is scheduled until a reviewer approves.
    const c = await create('列表定时丙');
    expect((await t.call('PUT', `/api/articles/submit/${c}`, { cookie: admin, body: { offlineAt: offlineAt.toISOString() } })).status).toBe(200);
    expect((await row(c)).offlineAt).not.toBeNull();

    expect(await listed(a)).toMatchObject({ status: 5, scheduledPublishAt: publishAt.toISOString(), scheduledOfflineAt: offlineAt.toISOString() });
    expect(await listed(b)).toMatchObject({ status: 3, scheduledPublishAt: null, scheduledOfflineAt: offlineAt.toISOString() });
    expect(await listed(c)).toMatchObject({ status: 1, scheduledPublishAt: null, scheduledOfflineAt: null });

    // An editor of the kind cancels a scheduled publication; a scheduled offline is the reviewers'.
    const writer = await createStaff(t, admin, { username: 'sched_writer', routes: ['/article/addArticle', '/article/list'] });
    const refused = await t.call('PUT', `/api/articles/unschedule_offline/${b}`, { cookie: writer.cookie, body: { version: (await listed(b)).version } });
    expect(refused.status).toBe(403);
    expect((await listed(b, writer.cookie)).scheduledOfflineAt).toBe(offlineAt.toISOString());
    const cancelled = await t.call('PUT', `/api/articles/unschedule/${a}`, { cookie: writer.cookie, body: { version: (await listed(a)).version } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // Back to a draft: neither job is pending any more, and neither time stays on the article
    // (a later schedule does not bring the cancelled offline time back).
    expect(await listed(a)).toMatchObject({ status: 0, scheduledPublishAt: null, scheduledOfflineAt: null });
    expect(await row(a)).toMatchObject({ publishAt: null, offlineAt: null });
    const later = new Date(Date.now() + 5 * DAY);
    expect((await t.call('PUT', `/api/articles/schedule/${a}`, { cookie: admin, body: { publishAt: later.toISOString() } })).status).toBe(200);
    expect(await listed(a)).toMatchObject({ status: 5, scheduledPublishAt: later.toISOString(), scheduledOfflineAt: null });
    await t.call('PUT', `/api/articles/unschedule/${a}`, { cookie: admin, body: {} });
    expect((await t.call('PUT', `/api/articles/unschedule_offline/${b}`, { cookie: admin, body: { version: (await listed(b)).version } })).status).toBe(200);
    expect(await listed(b)).toMatchObject({ status: 3, scheduledOfflineAt: null });
    const pending = await t.db
      .select()
      .from(scheduledJobs)
      .where(and(inArray(scheduledJobs.contentId, [a, b, c]), eq(scheduledJobs.state, 'pending')));
    expect(pending).toEqual([]);
    // A cancel from a stale list (the version moved on) is refused and changes nothing.
    const d = await create('列表定时丁');
    await schedule(d, publishAt);
    const stale = (await listed(d)).version;
    await t.call('PUT', `/api/articles/${d}`, { cookie: admin, body: { version: stale, title: '列表定时丁（改）' } });
    expect((await t.call('PUT', `/api/articles/unschedule/${d}`, { cookie: admin, body: { version: stale } })).status).toBe(409);
    expect((await listed(d)).scheduledPublishAt).toBe(publishAt.toISOString());
    await t.call('PUT', `/api/articles/unschedule/${d}`, { cookie: admin, body: {} });
  });

  it.runIf(kind === 'postgres')(
    'cancels fired against a tick over a batch due in the same second: no 500, no cancelled item published, every other one published once',
    { timeout: 240_000 },
    async () => {
      const ROUNDS = 30;
      const N = 6;
      const base = Date.now() + 10 * MINUTE;
      const rounds: Array<{ at: Date; ids: number[] }> = [];
      for (let r = 0; r < ROUNDS; r++) {
        // Each round's batch falls due in one second.
        const at = new Date(base + r * MINUTE);
        const ids: number[] = [];
        for (let i = 0; i < N; i++) {
          const id = await create(`并发取消 ${r}-${i}`);
          await schedule(id, at);
          ids.push(id);
        }
        rounds.push({ at, ids });
      }
      const failures: string[] = [];
      const cancelledIds: number[] = [];
      const liveIds: number[] = [];
      for (const [r, { at, ids }] of rounds.entries()) {
        const s = createScheduler({ db: t.db, now: () => new Date(at.getTime() + 500), batchSize: N });
        // Cancel every other item, the first ones at once and the later ones while the tick works.
        const cancelling = ids.filter((_, i) => i % 2 === r % 2);
        const [tick, ...cancels] = await Promise.allSettled([
          s.tick(),
          ...cancelling.map(async (id, i) => {
            if (i) await new Promise((ok) => setTimeout(ok, i * 3));
            return t.call('PUT', `/api/articles/unschedule/${id}`, { cookie: admin, body: {} });
          }),
        ]);
        if (tick.status === 'rejected') failures.push(`round ${r}: tick failed: ${tick.reason}`);
        cancels.forEach((c, i) => {
          if (c.status === 'rejected') failures.push(`round ${r}: cancel threw ${c.reason}`);
          else if (c.value.status === 200) cancelledIds.push(cancelling[i]);
          // Too late: the job ran first, and the cancel is refused because it is already published.
          else if (c.value.status === 409) liveIds.push(cancelling[i]);
          else failures.push(`round ${r}: cancel ${cancelling[i]} answered ${c.value.status} ${JSON.stringify(c.value.body).slice(0, 200)}`);
        });
        liveIds.push(...ids.filter((id) => !cancelling.includes(id)));
        // A later tick finds nothing left to do for this round.
        await s.tick();
      }
      expect(failures).toEqual([]);
      expect(cancelledIds.length).toBeGreaterThan(0);
      const published = await t.db
        .select({ id: contentEvents.contentId })
        .from(contentEvents)
        .where(and(inArray(contentEvents.contentId, [...cancelledIds, ...liveIds]), eq(contentEvents.action, 'scheduled_publish')));
      const times = new Map<number, number>();
      for (const e of published) times.set(e.id, (times.get(e.id) ?? 0) + 1);
      expect(cancelledIds.filter((id) => times.has(id))).toEqual([]);
      expect(liveIds.filter((id) => times.get(id) !== 1)).toEqual([]);
      const rows = await t.db
        .select({ id: articles.id, status: articles.status })
        .from(articles)
        .where(inArray(articles.id, [...cancelledIds, ...liveIds]));
      const status = new Map(rows.map((x) => [x.id, x.status]));
      expect(cancelledIds.filter((id) => status.get(id) !== 0)).toEqual([]);
      expect(liveIds.filter((id) => status.get(id) !== 3)).toEqual([]);
      const pending = await t.db
        .select()
        .from(scheduledJobs)
        .where(and(inArray(scheduledJobs.contentId, [...cancelledIds, ...liveIds]), eq(scheduledJobs.state, 'pending'), eq(scheduledJobs.action, 'publish')));
      expect(pending).toEqual([]);
    },
  );

  it.runIf(kind === 'postgres')(
    'a tick and a person publishing for the same department at once: no deadlock, every article published once',
    { timeout: 180_000 },
    async () => {
      const dept = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '统计并发部' } })).body.data.id as number;
      const routes = ['/article/addArticle', '/article/list'];
      const editors = [
        await createStaff(t, admin, { username: 'rollup_a', routes, departmentId: dept }),
        await createStaff(t, admin, { username: 'rollup_b', routes, departmentId: dept }),
        await createStaff(t, admin, { username: 'rollup_c', routes, departmentId: dept }),
      ];
      const byEditor = async (e: number, title: string) =>
        (await t.call('POST', '/api/articles', { cookie: editors[e].cookie, body: { title, content: '<p>正文</p>' } })).body.data.id as number;
      const ROUNDS = 12;
      const base = Date.now() + 10 * MINUTE;
      const rounds: Array<{ at: Date; due: number[]; now: number[] }> = [];
      for (let r = 0; r < ROUNDS; r++) {
        const at = new Date(base + r * MINUTE);
        // The tick publishes A's, B's and C's articles in that order; the person publishes C's, B's, A's.
        const due = [await byEditor(0, `统计定时 ${r}a`), await byEditor(1, `统计定时 ${r}b`), await byEditor(2, `统计定时 ${r}c`)];
        for (const id of due) await schedule(id, at);
        const now = [await byEditor(2, `统计立即 ${r}c`), await byEditor(1, `统计立即 ${r}b`), await byEditor(0, `统计立即 ${r}a`)];
        rounds.push({ at, due, now });
      }
      const failures: string[] = [];
      for (const [r, { at, due, now }] of rounds.entries()) {
        const s = createScheduler({ db: t.db, now: () => new Date(at.getTime() + 500), batchSize: 10 });
        const results = await Promise.allSettled([s.tick(), ...now.map((id) => t.call('PUT', `/api/articles/publish/${id}`, { cookie: admin, body: {} }))]);
        results.forEach((x, i) => {
          if (x.status === 'rejected') failures.push(`round ${r}: ${i ? 'publish' : 'tick'} failed: ${x.reason}`);
          else if (i && (x.value as { status: number }).status !== 200)
            failures.push(`round ${r}: publish ${now[i - 1]} answered ${(x.value as { status: number }).status}`);
        });
        await s.tick();
        const rows = await t.db
          .select({ status: articles.status })
          .from(articles)
          .where(inArray(articles.id, [...due, ...now]));
        if (!rows.every((x) => x.status === 3)) failures.push(`round ${r}: not all published`);
      }
      expect(failures).toEqual([]);
      // The rollups agree with the day rows (nothing half-counted by a rolled-back batch).
      const check = await t.db.execute(
        sql`SELECT (SELECT coalesce(sum(articles), 0) FROM statistics WHERE department_id = ${dept})::int AS days, (SELECT coalesce(sum(articles), 0) FROM statistics_by_department WHERE department_id = ${dept})::int AS rollup`,
      );
      const [{ days, rollup }] = (check as unknown as { rows: Array<{ days: number; rollup: number }> }).rows;
      expect(days).toBe(ROUNDS * 6);
      expect(rollup).toBe(days);
    },
  );

  it.runIf(kind === 'postgres')('two app instances on one PostgreSQL race over the same due jobs: each fires exactly once', async () => {
    const path = await t.db.execute(sql`show search_path`);
    const schema = String((path as unknown as { rows: Array<{ search_path: string }> }).rows[0].search_path).replace(/"/g, '');
    const second: DbHandle = await openDatabase({ url: process.env.TEST_DATABASE_URL!, pgSchema: schema, poolMax: 4, quiet: true });
    try {
      const ids: number[] = [];
      const at = new Date(Date.now() + 10 * MINUTE);
      for (let i = 0; i < 30; i++) {
        const id = await create(`竞争 ${i}`);
        await schedule(id, at);
        ids.push(id);
      }
      const clock = () => new Date(at.getTime() + 1000);
      const a = createScheduler({ db: t.db, now: clock, batchSize: 3 });
      const b = createScheduler({ db: second.db, now: clock, batchSize: 3 });
      const counts = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      expect(counts.reduce((x, y) => x + y, 0)).toBe(30);
      // Both instances took part (SKIP LOCKED let them share the work).
      expect(counts[0] + counts[2]).toBeGreaterThan(0);
      expect(counts[1] + counts[3]).toBeGreaterThan(0);
      const events = await t.db
        .select({ id: contentEvents.contentId })
        .from(contentEvents)
        .where(and(inArray(contentEvents.contentId, ids), eq(contentEvents.action, 'scheduled_publish')));
      expect(events.map((e) => e.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      const rows = await t.db.select({ status: articles.status, version: articles.version }).from(articles).where(inArray(articles.id, ids));
      expect(rows.every((r) => r.status === 3 && r.version === 3)).toBe(true);
      expect(await Promise.all([a.tick(), b.tick()])).toEqual([0, 0]);
    } finally {
      await second.close();
    }
  });
});
