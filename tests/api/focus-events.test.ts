import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { outboxEvents, picStores } from '@/server/db/schema';
import { createScheduler } from '@/server/jobs/scheduler';
import { focusHomeFamily } from '@/server/delivery/families/focus';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';

const MINUTE = 60_000;

/**
 * Issue 24: a focus slot shows only while its article is out. When the scheduler publishes the
 * article (or takes it offline) at its time, the site is told that the home focus changed: one
 * `focus.changed` per slot that appears or disappears (switched on, inside its window), written in
 * the scheduler's own transaction, beside the article's event. And the platforms the focus
 * families answer by send their events as every other operations resource does.
 */
describe.each(DB_KINDS)('focus events that follow their article, and platform events, on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let image: string;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await t.call(method, path, { cookie: admin, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  const lastEventId = async () => ((await t.db.execute(sql`SELECT coalesce(max(id), 0)::int AS id FROM outbox_events`)).rows[0] as { id: number }).id;
  const eventsAfter = (id: number) =>
    t.db
      .select({
        type: outboxEvents.type,
        contentType: outboxEvents.contentType,
        contentId: outboxEvents.contentId,
        action: outboxEvents.action,
        item: outboxEvents.item,
        keys: outboxEvents.keys,
        txId: sql<string>`${outboxEvents.txId}::text`,
      })
      .from(outboxEvents)
      .where(gt(outboxEvents.id, id))
      .orderBy(asc(outboxEvents.id));

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    const [pic] = await t.db
      .insert(picStores)
      .values({
        title: '焦点图',
        storage: 'local',
        key: 'pic/2026/11/ffffffffffffffffffffffff.jpg',
        url: '/uploads/pic/2026/11/ffffffffffffffffffffffff.jpg',
        mime: 'image/jpeg',
        size: 1,
      })
      .returning();
    image = pic.url;
    await call('POST', '/api/platform', { name: 'APP', code: 'app' });
  });
  afterAll(async () => t?.close());

  it('the scheduler publishing an article tells the slots that now show it, in its transaction; taking it offline tells them again', async () => {
    const id = (await call('POST', '/api/articles', { title: '焦点稿件', content: '<p>正文</p>' })).id as number;
    const publishAt = new Date(Date.now() + 10 * MINUTE);
    const offlineAt = new Date(Date.now() + 20 * MINUTE);
    await call('PUT', `/api/articles/schedule/${id}`, { publishAt: publishAt.toISOString(), offlineAt: offlineAt.toISOString() });
    const start = new Date(Date.now() - 60 * MINUTE).toISOString();
    const shown = await call('POST', '/api/focus_home', { title: '头条', image, platform: 'app', startAt: start, articleId: id });
    // These do not change for readers when the article comes out: switched off, not started yet.
    await call('POST', '/api/focus_home', { title: '停用的', image, platform: 'app', startAt: start, articleId: id, enabled: false });
    await call('POST', '/api/focus_home', {
      title: '明天的',
      image,
      platform: 'app',
      startAt: new Date(Date.now() + 24 * 60 * MINUTE).toISOString(),
      articleId: id,
    });
    // Scheduled: a slot pointing at it is hidden from readers (待发布).
    expect((await focusHomeFamily.handler(t.db, { platform: 'app' }, new Date()))!.data.list).toEqual([]);

    let from = await lastEventId();
    const at = new Date(publishAt.getTime() + 500);
    await createScheduler({ db: t.db, now: () => at, log: () => {} }).tick();
    const published = await eventsAfter(from);
    expect(published.map((e) => [e.type, e.contentType, e.contentId, e.action])).toEqual([
      ['article.published', 'article', id, 'scheduled_publish'],
      ['focus.changed', 'focus_home', shown.id, 'article_shown'],
    ]);
    const focus = published[1];
    expect(focus.item).toEqual({ id: shown.id, title: '头条', image, url: '', articleId: id, videoId: null });
    expect(focus.keys).toEqual(['focus-home']);
    // One transaction: the article's change and the slot's event commit (or roll back) together.
    expect(focus.txId).toBe(published[0].txId);
    expect((await focusHomeFamily.handler(t.db, { platform: 'app' }, at))!.data.list.map((s: { id: number }) => s.id)).toEqual([shown.id]);

    from = await lastEventId();
    const later = new Date(offlineAt.getTime() + 500);
    await createScheduler({ db: t.db, now: () => later, log: () => {} }).tick();
    const offline = await eventsAfter(from);
    expect(offline.map((e) => [e.type, e.contentType, e.contentId, e.action, e.item])).toEqual([
      ['article.unpublished', 'article', id, 'scheduled_offline', null],
      ['focus.changed', 'focus_home', shown.id, 'article_hidden', null],
    ]);
    expect(offline[1].txId).toBe(offline[0].txId);
  });

  it('an edit of the published article tells no slot (the slot shows its own title and image)', async () => {
    const id = (await call('POST', '/api/articles', { title: '已发布稿件', content: '<p>正文</p>' })).id as number;
    const published = await call('PUT', `/api/articles/publish/${id}`, {});
    await call('POST', '/api/focus_home', { title: '二条', image, platform: 'app', startAt: new Date(Date.now() - MINUTE).toISOString(), articleId: id });
    const from = await lastEventId();
    await call('PUT', `/api/articles/${id}`, { version: published.version, content: '<p>改过的正文</p>' });
    expect((await eventsAfter(from)).map((e) => e.type)).toEqual(['article.updated']);
  });

  it('a platform write sends a focus.changed of the platform under both platform-grouped families’ keys', async () => {
    let from = await lastEventId();
    const created = await call('POST', '/api/platform', { name: 'PC 站', code: 'pc' });
    const [made] = await eventsAfter(from);
    expect(made).toMatchObject({
      type: 'focus.changed',
      contentType: 'platform',
      contentId: created.id,
      action: 'create',
      item: { id: created.id, name: 'PC 站', code: 'pc', enabled: true },
      keys: ['focus-home', 'focus-video'],
    });
    from = await lastEventId();
    await call('PUT', `/api/platform/${created.id}`, { code: 'web' });
    const [changed] = await eventsAfter(from);
    expect(changed).toMatchObject({ type: 'focus.changed', contentType: 'platform', action: 'update', item: { code: 'web' } });
    // A refused write (a code that focus slots use) sends nothing.
    from = await lastEventId();
    const app = (await t.db.execute(sql`SELECT id FROM platforms WHERE code = 'app'`)).rows[0] as { id: number };
    expect((await t.call('PUT', `/api/platform/${app.id}`, { cookie: admin, body: { code: 'app2' } })).status).toBe(409);
    expect(
      await t.db
        .select()
        .from(outboxEvents)
        .where(and(gt(outboxEvents.id, from), eq(outboxEvents.contentType, 'platform'))),
    ).toEqual([]);
  });
});
