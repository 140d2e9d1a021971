import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { articles, editLocks, operationLogs, revisions } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

const EDITOR = ['/article/addArticle', '/article/list'];

describe.each(DB_KINDS)('edit locks on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let a: { cookie: string; userId: number };
  let b: { cookie: string; userId: number };
  const newArticle = async (title = '锁测试') =>
    (await t.call('POST', '/api/articles', { cookie: admin, body: { title, content: '<p>原文</p>' } })).body.data as { id: number };
  /** Moves a lock's last renewal into the past (the lock lapses 45 s after it). */
  const age = (id: number, seconds: number) =>
    t.db
      .update(editLocks)
      .set({ renewedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(and(eq(editLocks.resource, 'article'), eq(editLocks.resourceId, id)));
  const revs = (id: number) =>
    t.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.resource, 'article'), eq(revisions.resourceId, id)))
      .orderBy(revisions.id);

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    a = await createStaff(t, admin, { username: 'lock_a', routes: EDITOR });
    b = await createStaff(t, admin, { username: 'lock_b', routes: EDITOR });
  });
  afterAll(async () => t?.close());

  it('the second editor is told who holds the lock and since when; the list shows who edits what', async () => {
    const art = await newArticle();
    const first = await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: {} });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ held: true, holder: { name: '员工lock_a', self: true }, ttlSeconds: 45, renewSeconds: 15 });
    const second = await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: b.cookie, body: {} });
    expect(second.status).toBe(423);
    expect(second.body.message).toBe('员工lock_a正在编辑这篇文章，可以等待对方离开或接管');
    expect(second.body.data.holder).toMatchObject({ userId: a.userId, name: '员工lock_a', self: false });
    expect(Date.parse(second.body.data.holder.since)).toBeGreaterThan(Date.now() - 60_000);
    const other = await newArticle('没人编辑');
    const locks = await t.call('GET', `/api/articles/locks?ids=${art.id},${other.id}`, { cookie: b.cookie });
    expect(locks.body.data.list).toEqual([expect.objectContaining({ id: art.id, name: '员工lock_a', userId: a.userId })]);
    expect((await t.call('GET', '/api/articles/locks?ids=1;drop', { cookie: b.cookie })).status).toBe(400);
    // The same tab opening again keeps its token.
    const again = await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: { token: first.body.data.token } });
    expect(again.body.data.token).toBe(first.body.data.token);
  });

  it('a save from someone not holding the live lock is refused with who holds it; the holder saves', async () => {
    const art = await newArticle();
    const lock = (await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: {} })).body.data;
    const refused = await t.call('PUT', `/api/articles/${art.id}`, { cookie: b.cookie, body: { version: 1, content: '<p>乙的改动</p>' } });
    expect(refused.status).toBe(423);
    expect(refused.body.message).toContain('员工lock_a正在编辑这篇文章');
    expect(refused.body.data.holder.name).toBe('员工lock_a');
    const [row] = await t.db.select().from(articles).where(eq(articles.id, art.id));
    expect([row.content, row.version]).toEqual(['<p>原文</p>', 1]);
    const saved = await t.call('PUT', `/api/articles/${art.id}`, { cookie: a.cookie, body: { version: 1, content: '<p>甲的改动</p>', lockToken: lock.token } });
    expect(saved.status).toBe(200);
    // The same user without the token (another tab) is refused too.
    expect((await t.call('PUT', `/api/articles/${art.id}`, { cookie: a.cookie, body: { version: 2, title: '另一个窗口' } })).status).toBe(423);
    // The header form of the token works as well.
    expect(
      (await t.call('PUT', `/api/articles/${art.id}`, { cookie: a.cookie, headers: { 'x-edit-lock': lock.token }, body: { version: 2, title: '带头部' } }))
        .status,
    ).toBe(200);
  });

  it('takeover keeps the displaced copy as a revision first; their next heartbeat is told, and what they typed since is kept too', async () => {
    const art = await newArticle();
    const lockA = (await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: {} })).body.data;
    const beat = await t.call('PUT', `/api/articles/${art.id}/lock`, {
      cookie: a.cookie,
      body: { token: lockA.token, draft: { baseVersion: 1, fields: { title: '锁测试', content: '<p>甲还没保存的第一段</p>' } } },
    });
    expect(beat.status).toBe(200);
    const take = await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: b.cookie, body: { takeover: true } });
    expect(take.status).toBe(200);
    expect(take.body.data.holder.name).toBe('员工lock_b');
    const kept = (await revs(art.id)).find((r) => r.id === take.body.data.savedRevisionId)!;
    expect(kept).toMatchObject({ kind: 'takeover', userId: a.userId, version: 1, note: '被员工lock_b接管时未保存的内容' });
    expect(kept.snapshot.content).toBe('<p>甲还没保存的第一段</p>');
    const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.summary, '接管文章「锁测试」的编辑（原编辑者：员工lock_a）'));
    expect(log).toBeDefined();
    // A's slow browser sends its next heartbeat with what was typed after the last one.
    const told = await t.call('PUT', `/api/articles/${art.id}/lock`, {
      cookie: a.cookie,
      body: { token: lockA.token, draft: { baseVersion: 1, fields: { content: '<p>甲还没保存的第一段，和第二段</p>' } } },
    });
    expect(told.status).toBe(423);
    expect(told.body.message).toBe('员工lock_b已接管编辑，你未保存的内容已存为修订');
    expect(told.body.data).toMatchObject({ held: false, takenOver: true, holder: { name: '员工lock_b' } });
    const late = (await revs(art.id)).find((r) => r.id === told.body.data.savedRevisionId)!;
    expect(late).toMatchObject({ kind: 'takeover', userId: a.userId });
    expect(late.snapshot.content).toBe('<p>甲还没保存的第一段，和第二段</p>');
    // The same copy again is not kept twice.
    const twice = await t.call('PUT', `/api/articles/${art.id}/lock`, {
      cookie: a.cookie,
      body: { token: lockA.token, draft: { baseVersion: 1, fields: { content: '<p>甲还没保存的第一段，和第二段</p>' } } },
    });
    expect(twice.body.data.savedRevisionId).toBe(late.id);
    // A's save is refused; B's goes through.
    expect(
      (await t.call('PUT', `/api/articles/${art.id}`, { cookie: a.cookie, body: { version: 1, content: '<p>甲</p>', lockToken: lockA.token } })).status,
    ).toBe(423);
    expect(
      (await t.call('PUT', `/api/articles/${art.id}`, { cookie: b.cookie, body: { version: 1, content: '<p>乙</p>', lockToken: take.body.data.token } }))
        .status,
    ).toBe(200);
    // The list of revisions shows the kept copies with their author.
    const list = (await t.call('GET', `/api/articles/${art.id}/revisions`, { cookie: b.cookie })).body.data.list;
    expect(list.filter((r: { kind: string }) => r.kind === 'takeover').map((r: { userName: string }) => r.userName)).toEqual(['员工lock_a', '员工lock_a']);
  });

  it('a takeover that ended before the next heartbeat is still told; the tab does not get the lock back (issue 15)', async () => {
    const art = await newArticle('短暂接管');
    const first = (await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: {} })).body.data;
    const taker = (await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: b.cookie, body: { takeover: true } })).body.data;
    expect(
      (await t.call('PUT', `/api/articles/${art.id}`, { cookie: b.cookie, body: { version: 1, title: '更正后的标题', lockToken: taker.token } })).status,
    ).toBe(200);
    expect((await t.call('DELETE', `/api/articles/${art.id}/lock?token=${taker.token}`, { cookie: b.cookie })).body.data.released).toBe(true);
    // The first tab's heartbeat, after the taker left, carries what it typed meanwhile.
    const beat = await t.call('PUT', `/api/articles/${art.id}/lock`, {
      cookie: a.cookie,
      body: { token: first.token, draft: { baseVersion: 1, fields: { summary: '甲的摘要' } } },
    });
    expect(beat.status).toBe(423);
    expect(beat.body.data).toMatchObject({ held: false, takenOver: true, ended: true, version: 2, holder: { name: '员工lock_b', self: false } });
    expect(beat.body.message).toBe('员工lock_b已接管编辑（对方已离开），你未保存的内容已存为修订');
    expect(beat.body.data.savedRevisionId).toBeGreaterThan(0);
    expect(
      await t.db
        .select()
        .from(editLocks)
        .where(and(eq(editLocks.resource, 'article'), eq(editLocks.resourceId, art.id))),
    ).toHaveLength(0);
    // Starting again is a deliberate acquire: a new token, the current version.
    const again = await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: {} });
    expect(again.body.data).toMatchObject({ held: true, version: 2 });
    expect(again.body.data.token).not.toBe(first.token);
  });

  it('a displaced tab that saves after the takeover ended holds the lock again; the next one to open is told (issue 15)', async () => {
    const art = await newArticle('接管后保存');
    const first = (await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: {} })).body.data;
    const taker = (await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: b.cookie, body: { takeover: true } })).body.data;
    await t.call('DELETE', `/api/articles/${art.id}/lock?token=${taker.token}`, { cookie: b.cookie });
    expect(
      (await t.call('PUT', `/api/articles/${art.id}`, { cookie: a.cookie, body: { version: 1, summary: '甲的摘要', lockToken: first.token } })).status,
    ).toBe(200);
    const opened = await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: b.cookie, body: {} });
    expect(opened.status).toBe(423);
    expect(opened.body.data.holder).toMatchObject({ name: '员工lock_a' });
    // Its heartbeat is its own again.
    expect((await t.call('PUT', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: { token: first.token } })).body.data).toMatchObject({ held: true });
    // A stale save takes no lock: the 409 changes nothing.
    await t.call('DELETE', `/api/articles/${art.id}/lock?token=${first.token}`, { cookie: a.cookie });
    expect(
      (await t.call('PUT', `/api/articles/${art.id}`, { cookie: b.cookie, body: { version: 1, title: '过时', lockToken: 'stale-token-0001' } })).status,
    ).toBe(409);
    expect(
      await t.db
        .select()
        .from(editLocks)
        .where(and(eq(editLocks.resource, 'article'), eq(editLocks.resourceId, art.id))),
    ).toHaveLength(0);
  });

  it('a lock lapses 45 s after its last renewal; the lapsed copy is kept; release frees it at once', async () => {
    const art = await newArticle();
    const lockA = (await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: {} })).body.data;
    await t.call('PUT', `/api/articles/${art.id}/lock`, {
      cookie: a.cookie,
      body: { token: lockA.token, draft: { baseVersion: 1, fields: { content: '<p>浏览器崩溃前的内容</p>' } } },
    });
    await age(art.id, 40);
    expect((await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: b.cookie, body: {} })).status).toBe(423);
    await age(art.id, 46);
    expect((await t.call('GET', `/api/articles/locks?ids=${art.id}`, { cookie: b.cookie })).body.data.list).toEqual([]);
    const lockB = await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: b.cookie, body: {} });
    expect(lockB.status).toBe(200);
    const kept = (await revs(art.id)).find((r) => r.id === lockB.body.data.savedRevisionId)!;
    expect(kept).toMatchObject({ kind: 'takeover', userId: a.userId, note: '编辑锁过期时未保存的内容' });
    // A save without the lock while B holds it is refused; after B leaves, the version check alone decides.
    expect((await t.call('PUT', `/api/articles/${art.id}`, { cookie: admin, body: { version: 1, title: '管理员' } })).status).toBe(423);
    expect((await t.call('DELETE', `/api/articles/${art.id}/lock?token=${lockB.body.data.token}`, { cookie: b.cookie })).body.data).toEqual({
      released: true,
      savedRevisionId: null,
    });
    expect((await t.call('DELETE', `/api/articles/${art.id}/lock?token=${lockB.body.data.token}`, { cookie: b.cookie })).body.data).toEqual({
      released: false,
      savedRevisionId: null,
    });
    expect((await t.call('PUT', `/api/articles/${art.id}`, { cookie: admin, body: { version: 1, title: '管理员' } })).status).toBe(200);
    // A's tab comes back after the lapse and nobody holds the lock: it gets it back.
    const back = await t.call('PUT', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: { token: lockA.token } });
    expect(back.body.data).toMatchObject({ held: true, regained: true, version: 2 });
  });

  it('locks need edit rights on the article; bad input is a 400', async () => {
    const art = await newArticle();
    const reader = await createStaff(t, admin, { username: 'lock_reader', routes: ['/article/list'] });
    expect((await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: reader.cookie, body: {} })).status).toBe(403);
    expect((await t.call('GET', `/api/articles/locks?ids=${art.id}`, { cookie: reader.cookie })).status).toBe(200);
    const own = await createStaff(t, admin, { username: 'lock_own', routes: EDITOR, level: 3 });
    expect((await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: own.cookie, body: {} })).status).toBe(404);
    // Who is editing what: only for articles in the asker's data scope (仅本人 sees their own).
    const mine = (await t.call('POST', '/api/articles', { cookie: own.cookie, body: { title: '自己的稿子' } })).body.data as { id: number };
    expect((await t.call('POST', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: {} })).status).toBe(200);
    expect((await t.call('POST', `/api/articles/${mine.id}/lock`, { cookie: admin, body: {} })).status).toBe(200);
    const seen = await t.call('GET', `/api/articles/locks?ids=${art.id},${mine.id}`, { cookie: own.cookie });
    expect(seen.body.data.list.map((l: { id: number }) => l.id)).toEqual([mine.id]);
    expect((await t.call('GET', `/api/articles/locks?ids=${art.id},${mine.id}`, { cookie: b.cookie })).body.data.list).toHaveLength(2);
    expect((await t.call('PUT', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: { token: 'x' } })).status).toBe(400);
    expect(
      (await t.call('PUT', `/api/articles/${art.id}/lock`, { cookie: a.cookie, body: { token: 'abcdefghij', draft: { fields: {} } } })).body.errors[
        'draft.baseVersion'
      ],
    ).toBe('副本缺少版本号');
  });
});
