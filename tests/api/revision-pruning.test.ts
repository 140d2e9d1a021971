import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { revisions } from '@/server/db/schema';
import { dailyMaintenance } from '@/server/jobs/maintenance';
import { pruneRevisions, REVISION_KEEP_LATEST } from '@/server/content/revision-pruning';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';

const DAY = 86_400_000;

/**
 * Revision pruning (issue 8; policy in docs/decisions.md): every revision of the last 30 days, the
 * last of each older day (China time), always the newest 20, never a displaced editor's copy.
 * Runs on the real database (PGlite, and PostgreSQL with TEST_DATABASE_URL) through the daily
 * maintenance the server schedules.
 */
describe.each(DB_KINDS)('revision pruning on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const now = new Date();
  /** Noon in China on the day `days` ago, plus `minutes`. */
  const chinaNoon = (days: number, minutes = 0) => {
    const d = new Date(now.getTime() - days * DAY);
    const day = new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    return new Date(new Date(`${day}T12:00:00+08:00`).getTime() + minutes * 60_000);
  };
  const article = async (title: string) =>
    (await t.call('POST', '/api/articles', { cookie: admin, body: { title, content: '<p>正文</p>' } })).body.data.id as number;
  /** Puts revisions of an article at given times (its create revision is moved to the first). */
  const history = async (id: number, rows: Array<{ at: Date; kind?: string; note?: string }>) => {
    const [created] = await t.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.resource, 'article'), eq(revisions.resourceId, id)));
    await t.db.update(revisions).set({ createdAt: rows[0].at }).where(eq(revisions.id, created.id));
    let version = 1;
    for (const r of rows.slice(1)) {
      version++;
      await t.db.insert(revisions).values({
        resource: 'article',
        resourceId: id,
        kind: r.kind ?? 'save',
        version,
        snapshot: { title: `版本 ${version}` },
        userId: 1,
        note: r.note ?? '',
        createdAt: r.at,
      });
    }
  };
  const kept = async (id: number) =>
    (
      await t.db
        .select({ at: revisions.createdAt, kind: revisions.kind, version: revisions.version })
        .from(revisions)
        .where(and(eq(revisions.resource, 'article'), eq(revisions.resourceId, id)))
        .orderBy(asc(revisions.id))
    ).map((r) => ({ ...r, at: r.at.toISOString() }));

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  it('keeps the last 30 days, the last revision of each older day, the newest 20 and every takeover copy', async () => {
    const busy = await article('常改的稿子');
    const rows = [
      // 45 days ago: six saves and a displaced editor's unsaved copy between them.
      ...[0, 10, 20, 30].map((m) => ({ at: chinaNoon(45, m) })),
      { at: chinaNoon(45, 35), kind: 'takeover', note: '被接管时未保存的内容' },
      ...[40, 50].map((m) => ({ at: chinaNoon(45, m) })),
      // 35 days ago: four saves (late in the evening, China time: the same day).
      ...[0, 300, 600, 690].map((m) => ({ at: chinaNoon(35, m) })),
      // The last 10 days: 25 saves.
      ...Array.from({ length: 25 }, (_, i) => ({ at: chinaNoon(10 - Math.floor(i / 5), i % 5) })),
    ];
    await history(busy, rows);
    // Few revisions, all old: the newest 20 stay whatever their age.
    const quiet = await article('很少改的稿子');
    await history(
      quiet,
      Array.from({ length: REVISION_KEEP_LATEST }, (_, i) => ({ at: chinaNoon(36, i) })),
    );
    const before = await kept(busy);
    expect(before).toHaveLength(36);

    // Through the daily maintenance, as the server runs it.
    const result = await dailyMaintenance(t.db, kind, now);
    expect(result.prunedRevisions).toBe(8);
    const after = await kept(busy);
    const at45 = after.filter((r) => r.at.startsWith(chinaNoon(45).toISOString().slice(0, 10)));
    // Day 45: its last save and the takeover copy; day 35: its last save; all 25 recent ones.
    expect(at45.map((r) => [r.kind, r.at])).toEqual([
      ['takeover', chinaNoon(45, 35).toISOString()],
      ['save', chinaNoon(45, 50).toISOString()],
    ]);
    expect(after.filter((r) => r.kind === 'save' && r.at === chinaNoon(35, 690).toISOString())).toHaveLength(1);
    expect(after).toHaveLength(28);
    expect(after.slice(-25)).toEqual(before.slice(-25));
    expect(await kept(quiet)).toHaveLength(REVISION_KEEP_LATEST);

    // The revisions screen still lists what is left, newest first, and the latest restores.
    const list = await t.call('GET', `/api/articles/${busy}/revisions?pageSize=50`, { cookie: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(28);
    expect(list.body.data.list[0].id).toBeGreaterThan(list.body.data.list[1].id);
    // A second run finds nothing more.
    expect((await dailyMaintenance(t.db, kind, now)).prunedRevisions).toBe(0);
  });

  it('the daily pass looks at records whose revisions aged lately; a full pass at all of them', async () => {
    const old = await article('早就不改的稿子');
    await history(
      old,
      Array.from({ length: 30 }, (_, i) => ({ at: chinaNoon(60, i) })),
    );
    expect(await pruneRevisions(t.db, { now })).toBe(0);
    expect(await kept(old)).toHaveLength(30);
    // A full pass (after a long outage): the newest 20 stay, all of that day.
    expect(await pruneRevisions(t.db, { now, full: true })).toBe(10);
    const left = await kept(old);
    expect(left).toHaveLength(20);
    expect(left[0].version).toBe(11);
  });
});
